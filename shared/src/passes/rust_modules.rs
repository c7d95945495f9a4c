//! Inlines out-of-line modules, so a crate's result can come down to one file (the
//! "single-file version"): `mod m;` is replaced by the contents of `m.rs` (or
//! `m/mod.rs`), which is then gone — first flat (the declaration gone too, which
//! sticks when nothing names the module by path), else as `mod m { .. }`. An
//! inline `mod m { .. }` is then unwrapped: its items take its place, every path
//! through it loses its `m::`, and an item beside it that one of its items would
//! clash with goes.

use std::path::{Path, PathBuf};

use ra_ap_syntax::ast::{self, AstNode};
use ra_ap_syntax::{SyntaxKind, SyntaxNode};

use super::Pass;
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::passes::{Ctx, Interrupt};
use crate::syntax::{is_rust, parse};
use crate::testcase::TestCase;

/// The module-inlining pass (`rust-modules`).
#[derive(Clone)]
pub struct RustInlineModules;

/// Where the files of `mod x;` declared in `path` live: `lib.rs`, `main.rs` and
/// `mod.rs` declare modules beside themselves, `foo.rs` under `foo/`.
pub(super) fn module_dir(path: &Path) -> PathBuf {
    let parent = path.parent().unwrap_or(Path::new(""));
    match path.file_name().and_then(|n| n.to_str()) {
        Some("lib.rs" | "main.rs" | "mod.rs") => parent.to_path_buf(),
        _ => parent.join(path.file_stem().unwrap_or_default()),
    }
}

/// One candidate per out-of-line module whose file is in the case: the declaration
/// replaced by the file's contents, the file emptied.
fn plan(case: &TestCase) -> Vec<EditSet<u8>> {
    let mut out = Vec::new();
    for (seq, (path, bytes)) in case.files().enumerate() {
        if !is_rust(path) {
            continue;
        }
        let Some(root) = parse(bytes) else { continue };
        for m in root
            .descendants()
            .filter(|n| n.kind() == SyntaxKind::MODULE)
        {
            // `mod m;` inside inline modules `mod a { mod b { .. } }` lives in
            // `a/b/` beside the file's own module directory.
            let mut dir = module_dir(path);
            let mut outer: Vec<String> = m
                .ancestors()
                .skip(1)
                .filter(|a| a.kind() == SyntaxKind::MODULE)
                .filter_map(|a| module_name(&a))
                .collect();
            outer.reverse();
            for name in outer {
                dir.push(name);
            }
            for wrapped in [false, true] {
                if let Some(edits) = inline(case, seq, &dir, &m, wrapped) {
                    out.push(edits);
                }
            }
        }
    }
    for (seq, (path, bytes)) in case.files().enumerate() {
        if !is_rust(path) {
            continue;
        }
        let Some(root) = parse(bytes) else { continue };
        for m in root
            .descendants()
            .filter(|n| n.kind() == SyntaxKind::MODULE)
        {
            if let Some(edits) = unwrap(case, seq, &m) {
                out.push(edits);
            }
        }
    }
    if let Some(set) = without_local_qualifiers(case) {
        out.push(set);
    }
    out
}

/// One candidate: every `crate::` and `self::` that starts a path outside `use`
/// items deleted (`crate::a::f()` → `a::f()`), in every Rust file at once.
fn without_local_qualifiers(case: &TestCase) -> Option<EditSet<u8>> {
    let mut set = EditSet::new();
    for (seq, (path, bytes)) in case.files().enumerate() {
        if !is_rust(path) {
            continue;
        }
        let Some(root) = parse(bytes) else { continue };
        for seg in root.descendants().filter(|n| {
            n.kind() == SyntaxKind::PATH_SEGMENT
                && matches!(n.text().to_string().as_str(), "crate" | "self")
        }) {
            let first_outside_use = seg.parent().is_some_and(|q| {
                !q.children().any(|c| c.kind() == SyntaxKind::PATH)
                    && !q
                        .ancestors()
                        .any(|a| matches!(a.kind(), SyntaxKind::USE | SyntaxKind::VISIBILITY))
            });
            if let Some((a, b)) = qualifier_cut(&seg).filter(|_| first_outside_use) {
                set.push(Edit::cut(seq, a, b));
            }
        }
    }
    (!set.is_empty()).then_some(set)
}

/// For a path segment that ends a qualifier (`m` in `m::x`, `crate::m::x`): the
/// byte range of the segment with the `::` after it.
fn qualifier_cut(seg: &SyntaxNode) -> Option<(usize, usize)> {
    let qualifier = seg.parent().filter(|p| p.kind() == SyntaxKind::PATH)?;
    let colons = qualifier
        .next_sibling_or_token()
        .filter(|t| t.kind() == SyntaxKind::COLON2)?;
    Some((
        usize::from(seg.text_range().start()),
        usize::from(colons.text_range().end()),
    ))
}

fn module_name(m: &SyntaxNode) -> Option<String> {
    Some(
        m.children()
            .find(|c| c.kind() == SyntaxKind::NAME)?
            .text()
            .to_string(),
    )
}

/// An inline `mod m { items }` replaced by its items, every `m::` of a path in the
/// Rust files of `case` deleted, and the items beside it that its items' names
/// would clash with deleted.
fn unwrap(case: &TestCase, seq: usize, m: &SyntaxNode) -> Option<EditSet<u8>> {
    let items = m.children().find(|c| c.kind() == SyntaxKind::ITEM_LIST)?;
    let name = module_name(m)?;
    let text = case.seq(seq);
    let inner = items.text_range();
    let (start, end) = (usize::from(inner.start()) + 1, usize::from(inner.end()) - 1);
    if start > end {
        return None;
    }
    let r = m.text_range();
    let (m_start, m_end) = (usize::from(r.start()), usize::from(r.end()));
    // `m::` of every path through the module: (file, start, end).
    let mut cuts: Vec<(usize, usize, usize)> = Vec::new();
    for (s, (path, bytes)) in case.files().enumerate() {
        if !is_rust(path) {
            continue;
        }
        let Some(root) = parse(bytes) else { continue };
        for seg in root
            .descendants()
            .filter(|n| n.kind() == SyntaxKind::PATH_SEGMENT && n.text() == name.as_str())
        {
            // The segment ends a qualifier: `m` in `m::x` or `crate::m::x`.
            if let Some((a, b)) = qualifier_cut(&seg) {
                cuts.push((s, a, b));
            }
        }
    }
    // Its imports from where it is (`use super::x;`, at the crate root `use
    // crate::{x, y};`) would import items already there once unwrapped: they go.
    let at_root = m
        .parent()
        .is_some_and(|p| p.kind() == SyntaxKind::SOURCE_FILE);
    let inner_uses: Vec<(usize, usize)> = items
        .children()
        .filter(|n| n.kind() == SyntaxKind::USE && imports_from_parent(n, at_root))
        .map(|n| {
            (
                usize::from(n.text_range().start()),
                usize::from(n.text_range().end()),
            )
        })
        .collect();
    // And `super::` in its own paths names where its items now are.
    for seg in items.descendants().filter(|n| {
        n.kind() == SyntaxKind::PATH_SEGMENT
            && n.text() == "super"
            && n.ancestors()
                .find(|a| a.kind() == SyntaxKind::MODULE)
                .as_ref()
                == Some(m)
    }) {
        if let Some((a, b)) = qualifier_cut(&seg) {
            cuts.push((seq, a, b));
        }
    }
    cuts.retain(|&(s, a, b)| s != seq || !inner_uses.iter().any(|&(x, y)| a >= x && b <= y));
    let mut inner_cuts: Vec<(usize, usize)> = cuts
        .iter()
        .filter(|&&(s, a, b)| s == seq && a >= start && b <= end)
        .map(|&(_, a, b)| (a, b))
        .chain(inner_uses)
        .collect();
    inner_cuts.sort();
    // The module's items, with the cuts that fall inside them.
    let mut body = Vec::new();
    let mut at = start;
    for (a, b) in inner_cuts {
        body.extend_from_slice(&text[at..a]);
        at = b;
    }
    body.extend_from_slice(&text[at..end]);
    // Items beside the module with the name of one of its items would clash with
    // it once unwrapped (an outer `fn main` calling `m::main`): they go with it.
    let inner_names: Vec<String> = items.children().filter_map(|i| module_name(&i)).collect();
    // So would imports beside it of its own items (`use crate::m::x;`, `use
    // m::*;`): they become imports of items already there, and go with it.
    let mut gone: Vec<(usize, usize)> = Vec::new();
    if let Some(parent) = m.parent() {
        let at_root = parent.kind() == SyntaxKind::SOURCE_FILE;
        for sibling in parent.children().filter(|n| n != m) {
            let r = sibling.text_range();
            let range = (usize::from(r.start()), usize::from(r.end()));
            if module_name(&sibling).is_some_and(|n| inner_names.contains(&n))
                || (sibling.kind() == SyntaxKind::USE && imports_from(&sibling, &name, at_root))
            {
                gone.push(range);
            }
        }
    }
    cuts.retain(|&(s, a, b)| s != seq || !gone.iter().any(|&(x, y)| a >= x && b <= y));
    cuts.extend(gone.into_iter().map(|(a, b)| (seq, a, b)));
    cuts.sort();
    cuts.dedup();
    let mut set = EditSet::new();
    set.push(Edit::replace(seq, m_start, m_end, body));
    for (s, a, b) in cuts {
        if s == seq && a < m_end && b > m_start {
            continue;
        }
        if !set.push(Edit::cut(s, a, b)) {
            return None;
        }
    }
    Some(set)
}

/// Is the `use` item `item` (inside a module) an import from the module around it,
/// under the items' own names (`use super::x;`, `use super::{x, y};`, `use
/// super::*;`, and when that module is the crate root `use crate::..`)?
fn imports_from_parent(item: &SyntaxNode, at_root: bool) -> bool {
    imports_from(item, "super", false) || (at_root && imports_from(item, "crate", false))
}

/// Is the `use` item `item` an import of items of the module `name` beside it,
/// under their own names (`use m::x;`, `use self::m::{x, y};`, `use m::*;`, and at
/// the crate root `use crate::m::x;`)?
fn imports_from(item: &SyntaxNode, name: &str, at_root: bool) -> bool {
    let Some(tree) = item.children().find(|c| c.kind() == SyntaxKind::USE_TREE) else {
        return false;
    };
    let text: String = tree
        .text()
        .to_string()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let rest = text
        .strip_prefix("self::")
        .or_else(|| at_root.then(|| text.strip_prefix("crate::")).flatten())
        .unwrap_or(&text);
    let Some(rest) = rest.strip_prefix(name).and_then(|r| r.strip_prefix("::")) else {
        return false;
    };
    let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '_');
    rest == "*"
        || word(rest)
        || rest
            .strip_prefix('{')
            .and_then(|r| r.strip_suffix('}'))
            .is_some_and(|list| list.split(',').all(|w| w.is_empty() || word(w)))
}

fn inline(
    case: &TestCase,
    seq: usize,
    dir: &Path,
    m: &SyntaxNode,
    wrapped: bool,
) -> Option<EditSet<u8>> {
    if m.children().any(|c| c.kind() == SyntaxKind::ITEM_LIST) {
        return None;
    }
    let name = module_name(m)?;
    // `#[path = "x.rs"] mod m;` (outside inline modules: relative to the file's
    // own directory).
    let path_attr = m.children().find_map(ast::Attr::cast).and_then(|a| {
        let ast::Meta::KeyValueMeta(kv) = a.meta()? else {
            return None;
        };
        (kv.path()?.syntax().text() == "path")
            .then(|| kv.expr())
            .flatten()
            .map(|e| e.syntax().text().to_string().trim_matches('"').to_string())
            .map(|v| (a, v))
    });
    let candidates = match &path_attr {
        Some((_, value)) => {
            if m.ancestors()
                .skip(1)
                .any(|a| a.kind() == SyntaxKind::MODULE)
            {
                return None;
            }
            let own_dir = case.path(seq).parent().unwrap_or(Path::new(""));
            vec![own_dir.join(value)]
        }
        None => vec![
            dir.join(format!("{name}.rs")),
            dir.join(&name).join("mod.rs"),
        ],
    };
    let file = candidates.into_iter().find_map(|p| case.index_of(&p))?;
    let contents = case.seq(file);
    if file == seq || contents.is_empty() {
        return None;
    }
    let r = m.text_range();
    let with = if wrapped {
        // `pub mod m;` → `pub mod m {\n..\n}`: the declaration without its `;`
        // (and without its `#[path]`, which would say where nested files are).
        let text = case.seq(seq);
        let mut decl = text[usize::from(r.start())..usize::from(r.end())].to_vec();
        if let Some((attr, _)) = &path_attr {
            let a = attr.syntax().text_range();
            let (a0, a1) = (
                usize::from(a.start()) - usize::from(r.start()),
                usize::from(a.end()) - usize::from(r.start()),
            );
            decl.drain(a0..a1);
        }
        let decl = decl.strip_suffix(b";")?;
        [decl, b" {\n", contents, b"}"].concat()
    } else {
        contents.to_vec()
    };
    let mut set = EditSet::new();
    set.push(Edit::replace(
        seq,
        usize::from(r.start()),
        usize::from(r.end()),
        with,
    ));
    set.push(Edit::cut(file, 0, contents.len()));
    Some(set)
}

impl Pass<TestCase> for RustInlineModules {
    fn fork(&self) -> Option<Box<dyn Pass<TestCase>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "rust-modules"
    }
    fn run(&mut self, ctx: &mut dyn Ctx<TestCase>) -> Result<(), Interrupt> {
        // Each success changes the files: plan again until no candidate goes.
        let mut tried = std::collections::HashSet::new();
        loop {
            let next = plan(ctx.current())
                .into_iter()
                .map(|set| ctx.current().apply(&set))
                .find(|cand| tried.insert(crate::case::content_key(b"", cand)));
            let Some(cand) = next else { return Ok(()) };
            ctx.checkpoint()?;
            ctx.test(cand)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case() -> TestCase {
        TestCase::from_files([
            (
                "src/lib.rs".into(),
                b"pub mod a;\nmod b;\nfn f() {}\n".to_vec(),
            ),
            ("src/a.rs".into(), b"pub fn x() {}\nmod c;\n".to_vec()),
            ("src/a/c.rs".into(), b"struct C;\n".to_vec()),
            ("src/b/mod.rs".into(), b"struct B;\n".to_vec()),
        ])
    }

    fn text(c: &TestCase, p: &str) -> String {
        String::from_utf8(c.get(Path::new(p)).unwrap().to_vec()).unwrap()
    }

    #[test]
    fn a_module_named_by_path_goes_inline_then_unwrapped() {
        let case = TestCase::from_files([
            (
                "src/main.rs".into(),
                b"mod inner;\nfn main() { inner::deep::run() }\n".to_vec(),
            ),
            ("src/inner/mod.rs".into(), b"pub mod deep;\n".to_vec()),
            (
                "src/inner/deep.rs".into(),
                b"pub fn run() { crate::inner::deep::helper() }\npub fn helper() {}\n".to_vec(),
            ),
        ]);
        let plans = plan(&case);
        let wrapped = plans
            .iter()
            .map(|p| case.apply(p))
            .find(|c| text(c, "src/main.rs").starts_with("mod inner {"))
            .expect("a wrapped candidate");
        assert_eq!(
            text(&wrapped, "src/main.rs"),
            "mod inner {\npub mod deep;\n}\nfn main() { inner::deep::run() }\n"
        );
        assert_eq!(text(&wrapped, "src/inner/mod.rs"), "");
        let unwrapped = plan(&wrapped)
            .iter()
            .map(|p| wrapped.apply(p))
            .find(|c| !text(c, "src/main.rs").contains("mod inner"))
            .expect("an unwrapping candidate");
        assert_eq!(
            text(&unwrapped, "src/main.rs"),
            "\npub mod deep;\n\nfn main() { deep::run() }\n"
        );
        assert_eq!(
            text(&unwrapped, "src/inner/deep.rs"),
            "pub fn run() { crate::deep::helper() }\npub fn helper() {}\n"
        );
    }

    #[test]
    fn modules_resolve_like_rustc() {
        assert_eq!(module_dir(Path::new("src/lib.rs")), Path::new("src"));
        assert_eq!(module_dir(Path::new("src/b/mod.rs")), Path::new("src/b"));
        assert_eq!(module_dir(Path::new("src/a.rs")), Path::new("src/a"));
        // The flat candidates (each module is also offered wrapped, after).
        let cands: Vec<TestCase> = (plan(&case()).iter().map(|p| case().apply(p)))
            .filter(|c| !(c.files().any(|(_, b)| b.windows(3).any(|w| w == b" {\n"))))
            .collect();
        assert_eq!(cands.len(), 3, "a, b (mod.rs) and a's child c");
        // Files come in path order: src/a.rs (`mod c;`), then src/lib.rs (a, b).
        assert_eq!(text(&cands[0], "src/a.rs"), "pub fn x() {}\nstruct C;\n\n");
        assert_eq!(text(&cands[0], "src/a/c.rs"), "");
        assert_eq!(
            text(&cands[1], "src/lib.rs"),
            "pub fn x() {}\nmod c;\n\nmod b;\nfn f() {}\n"
        );
        assert_eq!(text(&cands[1], "src/a.rs"), "");
        assert_eq!(
            text(&cands[2], "src/lib.rs"),
            "pub mod a;\nstruct B;\n\nfn f() {}\n"
        );
        assert_eq!(text(&cands[2], "src/b/mod.rs"), "");
    }

    #[test]
    fn imports_between_a_module_and_its_parent_go_when_it_is_unwrapped() {
        let case = TestCase::from_files([(
            "src/lib.rs".into(),
            b"use crate::m::a;
mod m {
    use crate::{b, c};
    pub trait a: super::b {}
}
trait b {}
fn f() -> crate::c {}
"
            .to_vec(),
        )]);
        let cands: Vec<String> = plan(&case)
            .iter()
            .map(|p| text(&case.apply(p), "src/lib.rs"))
            .collect();
        assert!(
            cands.contains(
                &"\n\n    \n    pub trait a: b {}\n\ntrait b {}\nfn f() -> crate::c {}\n"
                    .to_string()
            ),
            "{cands:#?}"
        );
        // The qualifiers of paths outside `use` items, all at once.
        assert!(
            cands.contains(&"use crate::m::a;\nmod m {\n    use crate::{b, c};\n    pub trait a: super::b {}\n}\ntrait b {}\nfn f() -> c {}\n".to_string()),
            "{cands:#?}"
        );
    }

    #[test]
    fn nested_and_path_modules_are_inlined() {
        let case = TestCase::from_files([
            (
                "src/lib.rs".into(),
                b"mod parser {\nmod table;\n}\n#[path = \"wrapper.rs\"]\nmod imp;\n".to_vec(),
            ),
            ("src/parser/table.rs".into(), b"struct T;\n".to_vec()),
            ("src/wrapper.rs".into(), b"struct W;\n".to_vec()),
        ]);
        let texts: Vec<String> = plan(&case)
            .iter()
            .map(|p| text(&case.apply(p), "src/lib.rs"))
            .collect();
        assert!(
            texts.contains(
                &"mod parser {\nstruct T;\n\n}\n#[path = \"wrapper.rs\"]\nmod imp;\n".to_string()
            ),
            "{texts:#?}"
        );
        assert!(
            texts.contains(&"mod parser {\nmod table;\n}\nstruct W;\n\n".to_string()),
            "{texts:#?}"
        );
        assert!(
            texts.contains(&"mod parser {\nmod table;\n}\n\nmod imp {\nstruct W;\n}\n".to_string()),
            "{texts:#?}"
        );
    }
}

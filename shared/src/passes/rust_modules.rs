//! Inlines out-of-line modules: `mod m;` is replaced by the contents of `m.rs` (or
//! `m/mod.rs`), which is then gone, so a crate's result can come down to one file
//! (the "single-file version"). The replacement drops the `mod m;` line itself, so
//! it only sticks when nothing names the module by path.

use std::path::{Path, PathBuf};

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
        let dir = module_dir(path);
        for m in root.children().filter(|n| n.kind() == SyntaxKind::MODULE) {
            if let Some(edits) = inline(case, seq, &dir, &m) {
                out.push(edits);
            }
        }
    }
    out
}

fn inline(case: &TestCase, seq: usize, dir: &Path, m: &SyntaxNode) -> Option<EditSet<u8>> {
    if m.children().any(|c| c.kind() == SyntaxKind::ITEM_LIST) {
        return None;
    }
    let name = m
        .children()
        .find(|c| c.kind() == SyntaxKind::NAME)?
        .text()
        .to_string();
    let file = [
        dir.join(format!("{name}.rs")),
        dir.join(&name).join("mod.rs"),
    ]
    .into_iter()
    .find_map(|p| case.index_of(&p))?;
    let contents = case.seq(file);
    if file == seq || contents.is_empty() {
        return None;
    }
    let r = m.text_range();
    let mut set = EditSet::new();
    set.push(Edit::replace(
        seq,
        usize::from(r.start()),
        usize::from(r.end()),
        contents.to_vec(),
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
    fn modules_resolve_like_rustc() {
        assert_eq!(module_dir(Path::new("src/lib.rs")), Path::new("src"));
        assert_eq!(module_dir(Path::new("src/b/mod.rs")), Path::new("src/b"));
        assert_eq!(module_dir(Path::new("src/a.rs")), Path::new("src/a"));
        let cands: Vec<TestCase> = plan(&case()).iter().map(|p| case().apply(p)).collect();
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
}

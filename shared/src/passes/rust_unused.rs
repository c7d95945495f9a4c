//! Compiler-guided deletion: ask the compiler which code is unused (`dead_code`,
//! `unused_*` warnings in its JSON diagnostics) and delete all of it at once, or in
//! halves, quarters and eighths when all at once loses the bug; then ask again, since
//! each deletion can leave more code unused. `rust-private` (a [`super::RustDelete`]
//! of visibilities) runs before it: in a library nothing `pub` is ever reported
//! as dead.
//!
//! The compile is not a predicate run: it is counted apart (`diagnostic_runs`). When
//! the compiler crashes before its lints run (most ICEs in type checking), the
//! warnings are empty and the pass stops asking after two such sweeps.

use ra_ap_syntax::ast::{self, AstNode, HasName};
use ra_ap_syntax::{NodeOrToken, SyntaxKind, SyntaxNode, TextRange, TextSize};

use super::units::{delete_units, Span};
use super::Pass;
use crate::case::Case;
use crate::hints::Unused;
use crate::passes::{Ctx, Interrupt};
use crate::syntax::{deletion_range, is_item, parse};
use crate::testcase::TestCase;

/// The compiler-guided deletion pass.
#[derive(Default)]
pub struct RustUnused {
    /// Sweeps in a row in which the compiler reported nothing unused.
    silent: usize,
    /// The predicate has no compiler to ask.
    unavailable: bool,
    /// Texts of the groups of units that could not go (not tried again as such).
    failed: std::collections::HashSet<Vec<u8>>,
    /// The crate-visible variant of a large case was tried.
    tried_crate_visible: bool,
    /// Only that variant, early in the pipeline (`rust-unused-early`).
    early: bool,
}

impl RustUnused {
    /// The early instance: only the crate-visible candidate of a large case,
    /// before the passes that delete one node at a time.
    pub fn early() -> RustUnused {
        RustUnused {
            early: true,
            ..RustUnused::default()
        }
    }
}

use super::rust_early::large;

/// `case` with every plain `pub` made `pub(crate)`; `None` when it has none.
fn crate_visible(case: &TestCase) -> Option<TestCase> {
    let mut out = case.clone();
    let mut changed = false;
    for seq in 0..case.seq_count() {
        if !crate::syntax::is_rust(case.path(seq)) {
            continue;
        }
        let text = case.seq(seq);
        let Some(root) = parse(text) else { continue };
        let mut new = Vec::with_capacity(text.len());
        let mut at = 0;
        for v in root
            .descendants()
            .filter(|n| n.kind() == SyntaxKind::VISIBILITY && n.text() == "pub")
        {
            let r = v.text_range();
            let (a, b) = (usize::from(r.start()), usize::from(r.end()));
            new.extend_from_slice(&text[at..a]);
            new.extend_from_slice(b"pub(crate)");
            at = b;
        }
        if at > 0 {
            new.extend_from_slice(&text[at..]);
            out = out.with_seq(seq, new);
            changed = true;
        }
    }
    changed.then_some(out)
}

/// At most this many rounds of asking per sweep.
const MAX_ROUNDS: usize = 8;
/// The finest split tried: eighths.
const MAX_PARTS: usize = 8;

impl Pass<TestCase> for RustUnused {
    fn name(&self) -> &'static str {
        if self.early {
            "rust-unused-early"
        } else {
            "rust-unused"
        }
    }

    fn run(&mut self, ctx: &mut dyn Ctx<TestCase>) -> Result<(), Interrupt> {
        if self.unavailable || self.silent >= 2 {
            return Ok(());
        }
        // A large crate first as if nothing were public (`pub` → `pub(crate)`):
        // the compiler then reports every item the crash does not reach, and one
        // candidate deletes them (a crash that needs an error-free crate, such as a
        // delayed bug, leaves no other way to delete in bulk).
        if !self.tried_crate_visible && large(ctx.current()) {
            self.tried_crate_visible = true;
            if let Some(base) = crate_visible(ctx.current()) {
                if let Some(warnings) = ctx.unused_of(&base)? {
                    let items: Vec<Unused> = warnings
                        .into_iter()
                        .filter(|w| {
                            !matches!(
                                w.lint.as_str(),
                                "unused_variables" | "unused_assignments" | "unused_mut"
                            )
                        })
                        .collect();
                    let units = units(&base, &items);
                    if !units.is_empty() && !leaves_no_items(&base, &units) {
                        let cand = base.apply(&delete_units::<u8>(&units, &[(0, units.len())]));
                        ctx.test(cand)?;
                    }
                }
            }
        }
        if self.early {
            return Ok(());
        }
        for _ in 0..MAX_ROUNDS {
            ctx.checkpoint()?;
            let Some(warnings) = ctx.unused()? else {
                self.unavailable = true;
                return Ok(());
            };
            // Unused items and imports first; unused variables and assignments
            // (often inside the very code that shows the bug) apart, after them.
            let (stmts, items): (Vec<Unused>, Vec<Unused>) = warnings.into_iter().partition(|w| {
                matches!(
                    w.lint.as_str(),
                    "unused_variables" | "unused_assignments" | "unused_mut"
                )
            });
            let tiers = [units(ctx.current(), &items), units(ctx.current(), &stmts)];
            if tiers.iter().all(|u| u.is_empty()) || leaves_no_items(ctx.current(), &tiers[0]) {
                // Nothing unused, or everything (a library with nothing public: no
                // roots, so no information beyond what `rust-items` tries anyway).
                self.silent += 1;
                return Ok(());
            }
            self.silent = 0;
            // Items by halves down to eighths; statements all at once only (when
            // that fails, they are most likely the bug's own, and `rust-statements`
            // has them anyway). A group of units that could not go is not tried
            // again as such in later sweeps.
            let mut found = false;
            for (tier, (units, max_parts)) in tiers.iter().zip([MAX_PARTS, 1]).enumerate() {
                if units.is_empty() {
                    continue;
                }
                let mut key = vec![tier as u8];
                for s in units {
                    key.extend_from_slice(&ctx.current().seq(s.seq)[s.start..s.end]);
                    key.push(0);
                }
                if self.failed.contains(&key) {
                    continue;
                }
                if Self::delete_some(ctx, units, max_parts)? {
                    found = true;
                    break;
                }
                self.failed.insert(key);
            }
            if !found {
                return Ok(());
            }
        }
        Ok(())
    }
}

impl RustUnused {
    /// Deletes all of `units`, or else the first half, quarter or eighth that can go.
    fn delete_some(
        ctx: &mut dyn Ctx<TestCase>,
        units: &[Span],
        max_parts: usize,
    ) -> Result<bool, Interrupt> {
        let n = units.len();
        let mut parts = 1;
        loop {
            let cands: Vec<TestCase> = (0..parts)
                .map(|p| (p * n / parts, (p + 1) * n / parts))
                .filter(|(a, b)| b > a)
                .map(|r| ctx.current().apply(&delete_units::<u8>(units, &[r])))
                .collect();
            if ctx.first(cands)?.is_some() {
                return Ok(true);
            }
            if parts >= n.min(max_parts) {
                return Ok(false);
            }
            parts *= 2;
        }
    }
}

/// Would deleting every unit leave no item at all?
fn leaves_no_items(case: &TestCase, units: &[Span]) -> bool {
    let all = case.apply(&delete_units::<u8>(units, &[(0, units.len())]));
    (0..all.seq_count()).all(|seq| has_no_items(all.seq(seq)))
}

/// Does this Rust source hold no item at all?
fn has_no_items(text: &[u8]) -> bool {
    parse(text).is_none_or(|root| !root.children().any(|n| is_item(n.kind())))
}

/// The deletable ranges the warnings point at: sorted, disjoint (an enclosing
/// range wins over the ranges inside it). A file that they would leave without any
/// item takes the `mod name;` declarations of it along (an emptied file is gone).
pub fn units(case: &TestCase, warnings: &[Unused]) -> Vec<Span> {
    let mut per_file: Vec<Vec<(usize, usize)>> = vec![Vec::new(); case.seq_count()];
    for (seq, ranges) in per_file.iter_mut().enumerate() {
        let mine: Vec<&Unused> = warnings.iter().filter(|w| w.seq == seq).collect();
        if mine.is_empty() {
            continue;
        }
        let text = case.seq(seq);
        let Some(root) = parse(text) else { continue };
        let mut dead_types: Vec<String> = Vec::new();
        for w in &mine {
            let Some((start, end, node)) = unit_for(&root, text, w) else {
                continue;
            };
            ranges.push((start, end));
            if let Some(name) = node.as_ref().and_then(type_name) {
                dead_types.push(name);
            }
        }
        // A dead type goes with its impls (which rustc does not report as dead
        // themselves, and which would not compile without it).
        if !dead_types.is_empty() {
            for n in root.descendants().filter(|n| n.kind() == SyntaxKind::IMPL) {
                let Some(imp) = ast::Impl::cast(n.clone()) else {
                    continue;
                };
                let names = [imp.self_ty(), imp.trait_()];
                if names
                    .iter()
                    .flatten()
                    .any(|t| dead_types.contains(&head_name(t.syntax())))
                {
                    ranges.push(deletion_range(&n, false));
                }
            }
        }
        disjoint(ranges);
    }
    with_emptied_modules(case, per_file)
}

/// The spans of `per_file` (sorted, disjoint ranges per file), plus, for files that
/// deleting them would leave without any item, their `mod name;` declarations and
/// `use name::…` items (an emptied file is gone, and `mod name;` without it does
/// not compile).
pub(super) fn with_emptied_modules(
    case: &TestCase,
    mut per_file: Vec<Vec<(usize, usize)>>,
) -> Vec<Span> {
    let emptied: Vec<&std::path::Path> = (0..case.seq_count())
        .filter(|&seq| !per_file[seq].is_empty())
        .filter(|&seq| {
            let spans: Vec<Span> = per_file[seq]
                .iter()
                .map(|&(start, end)| Span { seq, start, end })
                .collect();
            let left = case.apply(&delete_units::<u8>(&spans, &[(0, spans.len())]));
            has_no_items(left.seq(seq))
        })
        .filter(|&seq| module_name(case.path(seq)).is_some())
        .map(|seq| case.path(seq))
        .collect();
    // `name` declared or used in `file` names an emptied file (by where cargo
    // would look for it: `benches/parse.rs` is not `mod parse;` of `src/lib.rs`).
    let names_emptied = |file: &std::path::Path, name: &str, from_root: bool| {
        let dir = if from_root {
            file.ancestors()
                .find(|d| d.file_name().is_some_and(|n| n == "src"))
                .map(std::path::Path::to_path_buf)
                .unwrap_or_else(|| super::rust_modules::module_dir(file))
        } else {
            super::rust_modules::module_dir(file)
        };
        let own = dir.join(format!("{name}.rs"));
        let nested = dir.join(name).join("mod.rs");
        emptied.iter().any(|e| *e == own || *e == nested)
    };
    if !emptied.is_empty() {
        for (seq, ranges) in per_file.iter_mut().enumerate() {
            let Some(root) = parse(case.seq(seq)) else {
                continue;
            };
            for n in root
                .descendants()
                .filter(|n| n.kind() == SyntaxKind::MODULE)
            {
                let Some(m) = ast::Module::cast(n.clone()) else {
                    continue;
                };
                let declared = m.item_list().is_none()
                    && m.name()
                        .is_some_and(|name| names_emptied(case.path(seq), name.text(), false));
                if declared {
                    ranges.push(deletion_range(&n, false));
                }
            }
            // `use m::*;` and the like of an emptied module `m` go too.
            for n in root.descendants().filter(|n| n.kind() == SyntaxKind::USE) {
                let Some(tree) = ast::Use::cast(n.clone()).and_then(|u| u.use_tree()) else {
                    continue;
                };
                let path = tree.syntax().text().to_string();
                let from_root = path.starts_with("crate::");
                let path = path
                    .trim_start_matches("crate::")
                    .trim_start_matches("self::");
                let first = path.split("::").next().unwrap_or_default().trim();
                if names_emptied(case.path(seq), first, from_root) {
                    ranges.push(deletion_range(&n, false));
                }
            }
            disjoint(ranges);
        }
    }
    per_file
        .into_iter()
        .enumerate()
        .flat_map(|(seq, ranges)| {
            ranges
                .into_iter()
                .map(move |(start, end)| Span { seq, start, end })
        })
        .collect()
}

/// Sorts `ranges` and keeps them disjoint (an enclosing range wins).
fn disjoint(ranges: &mut Vec<(usize, usize)>) {
    ranges.sort_by_key(|&(a, b)| (a, std::cmp::Reverse(b)));
    let mut last_end = 0;
    ranges.retain(|&(a, b)| {
        let ok = a >= last_end && b > a;
        if ok {
            last_end = b;
        }
        ok
    });
}

/// The module a file defines: `foo` for `…/foo.rs` and `…/foo/mod.rs`; none for the
/// crate roots.
pub(super) fn module_name(path: &std::path::Path) -> Option<String> {
    let stem = path.file_stem()?.to_str()?;
    let name = if stem == "mod" {
        path.parent()?.file_name()?.to_str()?
    } else {
        stem
    };
    (!matches!(name, "lib" | "main" | "build")).then(|| name.to_string())
}

/// The name an item defines, when it is a type or a trait.
fn type_name(n: &SyntaxNode) -> Option<String> {
    use SyntaxKind::*;
    if !matches!(n.kind(), STRUCT | ENUM | UNION | TRAIT | TYPE_ALIAS) {
        return None;
    }
    let name = n.children().find(|c| c.kind() == NAME)?;
    Some(name.text().to_string())
}

/// `Foo` for the type or trait `Foo<T>` / `a::Foo` / `&Foo`.
fn head_name(ty: &SyntaxNode) -> String {
    let text = ty.text().to_string();
    let text = text.split('<').next().unwrap_or_default();
    let text = text.rsplit("::").next().unwrap_or_default();
    text.trim_start_matches(['&', ' '])
        .trim_start_matches("mut ")
        .trim()
        .to_string()
}

/// The range to delete for one warning, if it names something deletable, with the
/// item it deletes.
fn unit_for(
    root: &SyntaxNode,
    text: &[u8],
    w: &Unused,
) -> Option<(usize, usize, Option<SyntaxNode>)> {
    use SyntaxKind::*;
    if w.start >= w.end || w.end > text.len() {
        return None;
    }
    let range = TextRange::new(
        TextSize::try_from(w.start).ok()?,
        TextSize::try_from(w.end).ok()?,
    );
    if range.end() > root.text_range().end() {
        return None;
    }
    let node = match root.covering_element(range) {
        NodeOrToken::Node(n) => n,
        NodeOrToken::Token(t) => {
            if w.lint == "unused_mut" && t.kind() == MUT_KW {
                let mut end = w.end;
                if let Some(ws) = t.next_token().filter(|n| n.kind() == WHITESPACE) {
                    end = usize::from(ws.text_range().end());
                }
                return Some((w.start, end, None));
            }
            t.parent()?
        }
    };
    for n in node.ancestors() {
        let k = n.kind();
        match w.lint.as_str() {
            "unused_mut" => return None,
            "unused_variables" | "unused_assignments" => {
                if matches!(k, LET_STMT | EXPR_STMT) {
                    let (a, b) = deletion_range(&n, false);
                    return Some((a, b, None));
                }
                if matches!(k, PARAM | CLOSURE_EXPR | MATCH_ARM) || is_item(k) {
                    return None;
                }
            }
            "unused_imports" => {
                if k == USE_TREE && n.parent().is_some_and(|p| p.kind() == USE_TREE_LIST) {
                    let (a, b) = deletion_range(&n, true);
                    return Some((a, b, None));
                }
                if k == USE {
                    let (a, b) = deletion_range(&n, false);
                    return Some((a, b, None));
                }
            }
            _ => {
                if matches!(k, RECORD_FIELD | TUPLE_FIELD | VARIANT) {
                    let (a, b) = deletion_range(&n, true);
                    return Some((a, b, None));
                }
                if is_item(k) || k == ATTR {
                    let (a, b) = deletion_range(&n, false);
                    return Some((a, b, Some(n)));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str, lint: &str, what: &str) -> Vec<String> {
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        let start = text.find(what).unwrap();
        let w = Unused {
            seq: 0,
            start,
            end: start + what.len(),
            lint: lint.into(),
        };
        units(&case, &[w])
            .iter()
            .map(|s| text[s.start..s.end].to_string())
            .collect()
    }

    #[test]
    fn warnings_map_to_whole_items_fields_imports_and_statements() {
        let text = "use std::{fmt, io};\nstruct S { a: u8, b: u16 }\nfn dead() {}\nfn f() { let mut x = 1; let y = 2; x = 3; }\n";
        assert_eq!(cut(text, "dead_code", "dead"), ["fn dead() {}\n"]);
        assert_eq!(cut(text, "dead_code", "a"), ["a: u8, "]);
        assert_eq!(cut(text, "unused_imports", "io"), ["io"]);
        assert_eq!(cut(text, "unused_imports", "fmt"), ["fmt, "]);
        assert_eq!(cut(text, "unused_variables", "y"), ["let y = 2; "]);
        assert_eq!(cut(text, "unused_mut", "mut"), ["mut "]);
        // A span that is not Rust code of the file (out of range) is ignored.
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        let far = Unused {
            seq: 0,
            start: 500,
            end: 510,
            lint: "dead_code".into(),
        };
        assert!(units(&case, &[far]).is_empty());
    }

    #[test]
    fn a_dead_type_takes_its_impls() {
        let text = "struct S<T>(T);\nimpl<T> S<T> { fn f() {} }\nimpl Clone for S<u8> { fn clone(&self) -> Self { todo!() } }\nstruct K;\nimpl K {}\n";
        let d = cut(text, "dead_code", "S");
        assert_eq!(
            d,
            [
                "struct S<T>(T);\n",
                "impl<T> S<T> { fn f() {} }\n",
                "impl Clone for S<u8> { fn clone(&self) -> Self { todo!() } }\n"
            ]
        );
    }

    #[test]
    fn an_emptied_file_takes_its_mod_declaration() {
        let case = TestCase::from_files(vec![
            ("src/main.rs".into(), b"mod util;\nfn main() {}\n".to_vec()),
            ("src/util.rs".into(), b"fn dead() {}\n".to_vec()),
        ]);
        let w = Unused {
            seq: 1,
            start: 3,
            end: 7,
            lint: "dead_code".into(),
        };
        let got: Vec<(usize, String)> = units(&case, &[w])
            .iter()
            .map(|s| {
                let text = String::from_utf8_lossy(&case.seq(s.seq)[s.start..s.end]);
                (s.seq, text.into_owned())
            })
            .collect();
        assert_eq!(
            got,
            [
                (0, "mod util;\n".to_string()),
                (1, "fn dead() {}\n".to_string())
            ]
        );
    }

    #[test]
    fn enclosing_ranges_win() {
        let text = "struct S { a: u8 }\n";
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        let w = |what: &str| {
            let start = text.find(what).unwrap();
            Unused {
                seq: 0,
                start,
                end: start + what.len(),
                lint: "dead_code".into(),
            }
        };
        let u = units(&case, &[w("a"), w("S")]);
        assert_eq!(u.len(), 1);
        assert_eq!(&text[u[0].start..u[0].end], text);
    }
}

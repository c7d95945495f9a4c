//! Part of `rust-focus`: a large crate's module files tried one at a time.

use std::path::Path;

use ra_ap_syntax::ast::{self, AstNode, HasName};
use ra_ap_syntax::{SyntaxKind, SyntaxNode};

use super::rust_modules::module_dir;
use super::units::{delete_units, Span};
use crate::case::Case;
use crate::syntax::{deletion_range, is_item, parse};
use crate::testcase::TestCase;

fn delete_all(spans: &[Span]) -> crate::edit::EditSet<u8> {
    delete_units(spans, &[(0, spans.len())])
}

/// Files tried alone, at most (the largest first).
const MAX_FILES_ALONE: usize = 24;

/// While the case is still large (the focus did not narrow it: an ICE without a
/// query stack, a name shared by most items), one candidate per Rust file `F` of
/// a crate with several: every other file gone, and in the files that lead to
/// `F` (the crate root, the parent modules) every item gone but the `mod`
/// declaration on the way, `extern crate` items and the crate's inner attributes. The largest files
/// first, at most [`MAX_FILES_ALONE`]; none when a file's way cannot be found
/// (`#[path]`).
pub(super) fn one_file_candidates(case: &TestCase, large: usize) -> Vec<TestCase> {
    let rust: Vec<(usize, &Path, &[u8])> = case
        .files()
        .enumerate()
        .filter(|(_, (p, b))| crate::syntax::is_rust(p) && !b.is_empty())
        .map(|(i, (p, b))| (i, p, b))
        .collect();
    let total: usize = rust.iter().map(|(_, _, b)| b.len()).sum();
    if rust.len() < 2 || total <= large {
        return Vec::new();
    }
    let is_root = |p: &Path| {
        matches!(
            p.file_name().and_then(|n| n.to_str()),
            Some("lib.rs" | "main.rs")
        ) && p.parent().is_some_and(|d| d.ends_with("src"))
    };
    // The file declaring `f` (`mod NAME;`) and that declaration.
    let parent_of = |f: &Path| -> Option<(usize, SyntaxNode)> {
        let name = match f.file_name()?.to_str()? {
            "mod.rs" => f.parent()?.file_name()?.to_str()?.to_string(),
            n => n.strip_suffix(".rs")?.to_string(),
        };
        let dir = if f.ends_with("mod.rs") {
            f.parent()?.parent()?.to_path_buf()
        } else {
            f.parent()?.to_path_buf()
        };
        rust.iter().find_map(|&(i, p, b)| {
            if module_dir(p) != dir {
                return None;
            }
            let root = parse(b)?;
            root.children()
                .filter(|n| n.kind() == SyntaxKind::MODULE)
                .find(|m| {
                    m.children().all(|c| c.kind() != SyntaxKind::ITEM_LIST)
                        && ast::Module::cast(m.clone())
                            .and_then(|m| m.name())
                            .is_some_and(|n| n.text() == name.as_str())
                })
                .map(|m| (i, m))
        })
    };
    let mut order: Vec<&(usize, &Path, &[u8])> =
        rust.iter().filter(|(_, p, _)| !is_root(p)).collect();
    order.sort_by_key(|(i, _, b)| (std::cmp::Reverse(b.len()), *i));
    let mut out = Vec::new();
    for &&(seq, path, _) in order.iter().take(MAX_FILES_ALONE) {
        // The way up: (file, declaration kept) to the crate root.
        let mut way: Vec<(usize, Option<SyntaxNode>)> = vec![(seq, None)];
        let mut at = path.to_path_buf();
        let mut found = false;
        for _ in 0..16 {
            let Some((i, decl)) = parent_of(&at) else {
                break;
            };
            way.push((i, Some(decl)));
            at = case.path(i).to_path_buf();
            if is_root(&at) {
                found = true;
                break;
            }
        }
        if !found {
            continue;
        }
        let mut spans = Vec::new();
        for &(i, p, b) in &rust {
            match way.iter().find(|(w, _)| *w == i) {
                Some((_, None)) => {}
                Some((_, Some(decl))) => {
                    let Some(root) = parse(b) else { continue };
                    for item in root.children().filter(|n| {
                        is_item(n.kind()) && n != decl && n.kind() != SyntaxKind::EXTERN_CRATE
                    }) {
                        let (start, end) = deletion_range(&item, false);
                        spans.push(Span { seq: i, start, end });
                    }
                }
                None if is_root(p) => {}
                None => spans.push(Span {
                    seq: i,
                    start: 0,
                    end: b.len(),
                }),
            }
        }
        if !spans.is_empty() {
            out.push(case.apply(&delete_all(&spans)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_file_alone_with_the_way_to_it() {
        let big = |n: &str| {
            (0..400)
                .map(|i| format!("pub fn {n}{i}() -> u32 {{ {i} }}\n"))
                .collect::<String>()
        };
        let case = TestCase::from_files([
            (
                "src/lib.rs".into(),
                format!(
                    "#![feature(x)]\nmod a;\nmod b;\nuse std::fmt;\n{}",
                    big("l")
                )
                .into_bytes(),
            ),
            ("src/a.rs".into(), big("a").into_bytes()),
            ("src/b.rs".into(), b"pub mod c;\npub fn b() {}\n".to_vec()),
            ("src/b/c.rs".into(), b"pub fn bug() {}\n".to_vec()),
        ]);
        let cands = one_file_candidates(&case, 16 * 1024);
        let text = |c: &TestCase, p: &str| {
            String::from_utf8(c.get(Path::new(p)).unwrap().to_vec()).unwrap()
        };
        // The largest first: a.rs, then b.rs, then c.rs.
        assert_eq!(cands.len(), 3);
        assert_eq!(text(&cands[0], "src/lib.rs"), "#![feature(x)]\nmod a;\n");
        assert_eq!(text(&cands[0], "src/b/c.rs"), "");
        let c = &cands[2];
        assert_eq!(text(c, "src/lib.rs"), "#![feature(x)]\nmod b;\n");
        assert_eq!(text(c, "src/b.rs"), "pub mod c;\n");
        assert_eq!(text(c, "src/a.rs"), "");
        assert_eq!(text(c, "src/b/c.rs"), "pub fn bug() {}\n");
    }
}

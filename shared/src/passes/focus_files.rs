//! Part of `rust-focus`: a large crate's module files tried one at a time, and the
//! files of the targets `cargo check` leaves alone.

use std::path::Path;

use ra_ap_syntax::ast::{self, AstNode, HasName};
use ra_ap_syntax::{SyntaxKind, SyntaxNode};

use super::rust_modules::module_dir;
use super::units::{delete_units, Span};
use crate::case::Case;
use crate::hints::Focus;
use crate::syntax::{deletion_range, is_item, parse};
use crate::testcase::TestCase;

/// Directories of the targets `cargo check` and `cargo build` leave alone unless
/// asked (tests, benchmarks, examples).
const OTHER_TARGET_DIRS: [&str; 3] = ["tests", "benches", "examples"];

/// Lint and documentation attributes: they seldom matter to a bug.
const NOISE_ATTRIBUTES: [&str; 6] = ["allow", "warn", "deny", "forbid", "expect", "doc"];

/// Both lists of [`other_targets_apart`] in one.
#[cfg(test)]
fn other_targets(case: &TestCase, focus: &Focus) -> Vec<Span> {
    let (mut files, attributes) = other_targets_apart(case, focus);
    files.extend(attributes);
    files.sort_by_key(|s| (s.seq, s.start));
    files
}

/// The whole of every Rust file under `tests/`, `benches/` and `examples/` when
/// the bug is elsewhere (no place of the focus is there, and some Rust file is
/// not); and apart, every crate-level lint or doc attribute (`#![allow(...)]`,
/// `#![doc(...)]`) of the files left. A real crate's test and benchmark files
/// keep their `mod` declarations and attributes through the focus (and their
/// `fn main` keeps what it calls); deleting them piece by piece costs a run or
/// more each.
pub(super) fn other_targets_apart(case: &TestCase, focus: &Focus) -> (Vec<Span>, Vec<Span>) {
    let in_other = |p: &Path| {
        p.components()
            .next()
            .is_some_and(|c| OTHER_TARGET_DIRS.iter().any(|d| c.as_os_str() == *d))
    };
    let printed_in_other = |f: &str| {
        let f = Path::new(f);
        (case.files()).any(|(p, _)| in_other(p) && super::rust_focus::same_file(f, p))
    };
    let elsewhere = (case.files()).any(|(p, _)| crate::syntax::is_rust(p) && !in_other(p))
        && !(focus.places.iter().chain(&focus.weak_places)).any(|(f, _)| printed_in_other(f));
    let (mut files, mut spans) = (Vec::new(), Vec::new());
    for (seq, (path, bytes)) in case.files().enumerate() {
        if !crate::syntax::is_rust(path) || bytes.is_empty() {
            continue;
        }
        if elsewhere && in_other(path) {
            files.push(Span {
                seq,
                start: 0,
                end: bytes.len(),
            });
            continue;
        }
        let Some(root) = parse(bytes) else { continue };
        for a in root.children().filter_map(ast::Attr::cast) {
            let inner = a.excl_token().is_some();
            let name = a.path().map(|p| p.syntax().text().to_string());
            if inner && name.is_some_and(|n| NOISE_ATTRIBUTES.contains(&n.as_str())) {
                let (start, end) = deletion_range(a.syntax(), false);
                spans.push(Span { seq, start, end });
            }
        }
    }
    (files, spans)
}

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

    /// Test, benchmark and example files go whole unless the bug is in one of
    /// them; crate-level lint and doc attributes go, other attributes stay.
    #[test]
    fn other_targets_and_lint_attributes_go_unless_the_bug_is_there() {
        let case = TestCase::from_files([
            (
                "src/lib.rs".into(),
                b"#![doc(html_root_url = \"x\")]\n#![allow(\n    clippy::a,\n)]\n#![feature(f)]\n#![cfg_attr(not(std), no_std)]\nmod parse;\n".to_vec(),
            ),
            ("src/parse.rs".into(), b"#![deny(x)]\npub fn squared() {}\n".to_vec()),
            ("tests/util/mod.rs".into(), b"pub fn helper() {}\n".to_vec()),
            ("tests/t.rs".into(), b"#![allow(y)]\nmod util;\n".to_vec()),
            ("benches/b.rs".into(), b"fn bench() {}\n".to_vec()),
            ("Cargo.toml".into(), b"[package]\n".to_vec()),
        ]);
        let render = |focus: &Focus| {
            let out = case.apply(&delete_all(&other_targets(&case, focus)));
            (0..out.seq_count())
                .map(|i| {
                    let text = String::from_utf8(out.seq(i).to_vec()).unwrap();
                    format!("{}: {text}", out.path(i).display())
                })
                .collect::<Vec<_>>()
        };
        let in_src = Focus {
            places: vec![("/w/src/parse.rs".into(), 2)],
            ..Focus::default()
        };
        assert_eq!(
            render(&in_src),
            [
                "Cargo.toml: [package]\n",
                "benches/b.rs: ",
                "src/lib.rs: #![feature(f)]\n#![cfg_attr(not(std), no_std)]\nmod parse;\n",
                "src/parse.rs: pub fn squared() {}\n",
                "tests/t.rs: ",
                "tests/util/mod.rs: ",
            ]
        );
        // The bug is in a test: the test files stay (their lint attributes go).
        let in_test = Focus {
            places: vec![("tests/t.rs".into(), 2)],
            ..Focus::default()
        };
        let out = render(&in_test);
        assert_eq!(out[1], "benches/b.rs: fn bench() {}\n");
        assert_eq!(out[4], "tests/t.rs: mod util;\n");
        assert_eq!(out[5], "tests/util/mod.rs: pub fn helper() {}\n");
    }

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

//! Focused deletion (`rust-focus`): the compiler said where it was when the original
//! failed ([`crate::hints::Focus`]: items named in an ICE's query stack, places
//! of its errors; the test function for a failing test). One candidate keeps those
//! items and, transitively, every item they mention by name (a type's impls come
//! with it; `mod` declarations and `fn main` stay; `use` items and macro calls
//! follow what stays instead of deciding it; a module file left with private
//! imports only goes whole), and deletes every other item at once. In a large file the bug's few items are then found in one
//! compiler run, where deleting by halves (`rust-items`) spends dozens. When the
//! candidate loses the bug, the pass has cost one run and `rust-items` does the job.
//! Before it, a candidate deletes the files of the targets `cargo check` leaves
//! alone (`tests/`, `benches/`, `examples/`) when the bug is not there (their
//! `fn main` would keep what it calls); after it (and narrower focuses), one deletes
//! crate-level lint and doc attributes, and one every `use` item at once.
//!
//! Places (file and line) hold for the original only; the pass runs once, first.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use ra_ap_syntax::ast::{self, AstNode};
use ra_ap_syntax::{SyntaxKind, SyntaxNode};

use super::units::{delete_units, Span};
use super::Pass;
use crate::case::Case;
use crate::hints::Focus;
use crate::passes::{Ctx, Interrupt};
use crate::syntax::{deletion_range, is_item, parse};
use crate::testcase::TestCase;

/// The focused-deletion pass.
#[derive(Clone, Default)]
pub struct RustFocus {
    /// Candidates proposed so far (each is tried once per reduction).
    step: usize,
}

impl Pass<TestCase> for RustFocus {
    fn fork(&self) -> Option<Box<dyn Pass<TestCase>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "rust-focus"
    }

    fn run(&mut self, ctx: &mut dyn Ctx<TestCase>) -> Result<(), Interrupt> {
        let mut focus = ctx.focus();
        if !ctx.is_original() {
            focus.places.clear();
            focus.weak_places.clear();
        }
        while self.step < STEPS {
            ctx.checkpoint()?;
            let step = self.step;
            self.step += 1;
            if step == ONE_FILE_STEP {
                // Each file alone (with the `mod` declarations that lead to it),
                // while the case is still large; the first that keeps the bug stays.
                let cands = super::focus_files::one_file_candidates(ctx.current(), NARROW_ABOVE);
                for (i, cand) in cands.iter().enumerate() {
                    ctx.checkpoint()?;
                    let rest: Vec<TestCase> = cands[i + 1..].to_vec();
                    if ctx.test_speculating(cand.clone(), move |_, _| rest)? {
                        break;
                    }
                }
                continue;
            }
            let spans = step_spans(step, ctx.current(), &focus);
            if !spans.is_empty() {
                let cand = ctx.current().apply(&delete_all(&spans));
                // With idle workers, the next steps' candidates go along, built on
                // the likely outcome.
                ctx.test_speculating(cand, |current, cand| {
                    (step + 1..STEPS)
                        .flat_map(|next| [cand, current].map(|c| (next, c)))
                        .filter_map(|(next, c)| {
                            let spans = step_spans(next, c, &focus);
                            (!spans.is_empty()).then(|| c.apply(&delete_all(&spans)))
                        })
                        .collect()
                })?;
            }
        }
        Ok(())
    }
}

/// The pass's candidates, in order: the other targets' files (first: a test's or
/// example's `fn main` stays through the focus and would keep every item of the
/// library it calls); the focus; while the case is still large (the focus failed,
/// or matched too much: a name shared by dozens of items), narrower focuses — the
/// places of the errors alone, then the item named last in the query stack alone
/// (the outermost query; what it mentions comes with it), then each module file
/// alone ([`super::focus_files::one_file_candidates`]); crate-level lint and doc
/// attributes (after the focus: deleting them shifts the lines of its places);
/// the `use` items.
const STEPS: usize = 7;

/// The step that tries each module file alone.
const ONE_FILE_STEP: usize = 4;

/// Rust bytes above which the narrower focuses are tried.
const NARROW_ABOVE: usize = 16 * 1024;

fn step_spans(step: usize, case: &TestCase, focus: &Focus) -> Vec<Span> {
    match step {
        0 => super::focus_files::other_targets_apart(case, focus).0,
        1 => unfocused(case, focus),
        2 | 3 => {
            let rust: usize = (case.files())
                .filter(|(p, _)| crate::syntax::is_rust(p))
                .map(|(_, b)| b.len())
                .sum();
            if rust <= NARROW_ABOVE {
                return Vec::new();
            }
            let narrower = if step == 2 {
                Focus {
                    names: Vec::new(),
                    places: focus.places.clone(),
                    weak_places: Vec::new(),
                }
            } else {
                Focus {
                    names: focus.names.last().cloned().into_iter().collect(),
                    places: Vec::new(),
                    weak_places: Vec::new(),
                }
            };
            // Nothing narrower than the focus itself: no second try of the same.
            if narrower.names == focus.names && narrower.places == focus.places {
                return Vec::new();
            }
            unfocused(case, &narrower)
        }
        ONE_FILE_STEP => Vec::new(),
        5 => super::focus_files::other_targets_apart(case, focus).1,
        _ => use_items(case),
    }
}

fn delete_all(spans: &[Span]) -> crate::edit::EditSet<u8> {
    delete_units::<u8>(spans, &[(0, spans.len())])
}

/// Every `use` item, at every level: most of them go together in one run, where
/// deleting them among the other items costs a run or more each.
pub fn use_items(case: &TestCase) -> Vec<Span> {
    let mut spans = Vec::new();
    for (seq, (path, bytes)) in case.files().enumerate() {
        if !crate::syntax::is_rust(path) {
            continue;
        }
        let Some(root) = parse(bytes) else { continue };
        for n in root.descendants().filter(|n| n.kind() == SyntaxKind::USE) {
            let (start, end) = deletion_range(&n, false);
            spans.push(Span { seq, start, end });
        }
    }
    spans
}

/// A module-level item: the unit the pass keeps or deletes.
struct Unit {
    seq: usize,
    node: SyntaxNode,
    /// Names it defines (itself, and for a trait or an impl its members).
    defines: Vec<String>,
    /// Identifiers it mentions.
    mentions: HashSet<String>,
    /// For an impl: the identifiers of its header (trait and type).
    header: Option<HashSet<String>>,
    /// Kept whatever the focus (`mod m;`, `#[macro_use] extern crate`, `fn main`).
    always: bool,
    /// What it mentions makes those items stay: not for `mod m;` or `extern
    /// crate` (module and crate names), `use` items and macro calls, which follow
    /// what stays instead (in a crate every file opens with `use` items of local
    /// types, and `criterion_group!(benches, bench)` names a whole benchmark).
    propagates: bool,
    /// A `use` item: it goes when all the local items it imports go.
    is_use: bool,
    /// An inline module (its items are units of their own).
    module: bool,
    /// The inline module it is in.
    parent: Option<usize>,
}

/// The spans of every module-level item outside the focus; empty when the focus
/// matches no item (nothing to go by) or covers everything.
pub fn unfocused(case: &TestCase, focus: &Focus) -> Vec<Span> {
    let mut units = Vec::new();
    for (seq, (path, bytes)) in case.files().enumerate() {
        if !crate::syntax::is_rust(path) {
            continue;
        }
        if let Some(root) = parse(bytes) {
            collect(seq, &root, None, &mut units);
        }
    }
    // Seeds: items named by the focus, or covering one of its places (the places
    // of warnings only when nothing else matches).
    let placed = |u: &Unit, places: &[(String, usize)]| {
        !u.module
            && places.iter().any(|(file, line)| {
                same_file(Path::new(file), case.path(u.seq))
                    && covers(case.seq(u.seq), &u.node, *line)
            })
    };
    let mut kept: Vec<bool> = units
        .iter()
        .map(|u| u.defines.iter().any(|d| focus.names.contains(d)) || placed(u, &focus.places))
        .collect();
    if !kept.contains(&true) {
        kept = units
            .iter()
            .map(|u| placed(u, &focus.weak_places))
            .collect();
        if !kept.contains(&true) {
            return Vec::new();
        }
    }
    // A seed propagates whatever its kind: a macro call the crash points into
    // (`global_asm! { sym LEVEL }`) keeps what it names.
    let seed = kept.clone();
    for (k, u) in kept.iter_mut().zip(&units) {
        *k |= u.always;
    }
    // Names -> the items defining them (members of impls are reached through
    // their impl's header instead: `x.len()` says nothing about which `len`).
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, u) in units.iter().enumerate() {
        let names: &[String] = if u.header.is_some() { &[] } else { &u.defines };
        for d in names {
            by_name.entry(d.as_str()).or_default().push(i);
        }
    }
    loop {
        let mut queue: Vec<usize> = (0..units.len())
            .filter(|&i| kept[i] && (units[i].propagates || seed[i]))
            .collect();
        while let Some(i) = queue.pop() {
            for m in &units[i].mentions {
                for &j in by_name.get(m.as_str()).into_iter().flatten() {
                    if !kept[j] && units[j].propagates {
                        kept[j] = true;
                        queue.push(j);
                    }
                }
            }
        }
        // Impls of kept traits and types.
        let defined: HashSet<&str> = (0..units.len())
            .filter(|&i| kept[i] && units[i].propagates && units[i].header.is_none())
            .flat_map(|i| units[i].defines.iter().map(String::as_str))
            .collect();
        let mut grew = false;
        for (i, u) in units.iter().enumerate() {
            if !kept[i]
                && u.header
                    .as_ref()
                    .is_some_and(|h| h.iter().any(|n| defined.contains(n.as_str())))
            {
                kept[i] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    // A `use` item stays unless what it names in this crate all goes (a `use` of
    // other crates' items, or of a module, stays). A macro call stays when it
    // names a kept item, or a name the kept items use that no item defines (one
    // the macro may define).
    let local: HashSet<&str> = (units.iter())
        .filter(|u| u.propagates && !u.module && u.header.is_none())
        .flat_map(|u| u.defines.iter().map(String::as_str))
        .collect();
    let kept_names: HashSet<&str> = (0..units.len())
        .filter(|&i| kept[i] && units[i].propagates && units[i].header.is_none())
        .flat_map(|i| units[i].defines.iter().map(String::as_str))
        .collect();
    for (i, u) in units.iter().enumerate() {
        if u.is_use {
            let names: Vec<&str> = (u.mentions.iter())
                .map(String::as_str)
                .filter(|m| local.contains(m))
                .collect();
            kept[i] = names.is_empty() || names.iter().any(|m| kept_names.contains(m));
        }
    }
    // What the kept items and `use` items name that no item defines: another
    // crate (`use std::error::Error` keeps `extern crate std;`), or what a macro
    // defines.
    let used_elsewhere: HashSet<&str> = (0..units.len())
        .filter(|&i| kept[i] && (units[i].propagates || units[i].is_use))
        .flat_map(|i| units[i].mentions.iter().map(String::as_str))
        .filter(|m| !local.contains(m))
        .collect();
    for (i, u) in units.iter().enumerate() {
        if !u.is_use && !u.propagates && !u.always && !u.module && !seed[i] {
            kept[i] = (u.mentions.iter())
                .any(|m| kept_names.contains(m.as_str()) || used_elsewhere.contains(m.as_str()));
        }
    }
    // An inline module stays when it was kept itself or holds a kept item (other
    // than the `use` items every module keeps). Children come after their module.
    let mut live: Vec<bool> = (0..units.len())
        .map(|i| {
            kept[i] && (seed[i] || !(units[i].module || units[i].always || !units[i].propagates))
        })
        .collect();
    for i in (0..units.len()).rev() {
        if units[i].module {
            live[i] |= kept[i];
        }
        if let (true, Some(p)) = (live[i], units[i].parent) {
            live[p] = true;
        }
    }
    let gone = |i: usize| {
        if units[i].module {
            !live[i]
        } else {
            !kept[i]
        }
    };
    let mut per_file: Vec<Vec<(usize, usize)>> = vec![Vec::new(); case.seq_count()];
    for (i, u) in units.iter().enumerate() {
        // Inside a module that goes, nothing is cut on its own.
        if gone(i) && u.parent.is_none_or(|p| !gone(p)) {
            per_file[u.seq].push(deletion_range(&u.node, false));
        }
    }
    // A module file left with nothing but private `use` items goes whole (its
    // `mod` declaration and `use m::*` with it): the imports serve nothing there.
    for (seq, ranges) in per_file.iter_mut().enumerate() {
        let path = case.path(seq);
        if ranges.is_empty()
            || !crate::syntax::is_rust(path)
            || super::rust_unused::module_name(path).is_none()
        {
            continue;
        }
        let spans: Vec<Span> = (ranges.iter())
            .map(|&(start, end)| Span { seq, start, end })
            .collect();
        let left = case.apply(&delete_all(&spans));
        let only_imports = parse(left.seq(seq)).is_some_and(|root| {
            (root.children())
                .filter(|n| is_item(n.kind()) || n.kind() == SyntaxKind::MACRO_CALL)
                .all(|n| n.kind() == SyntaxKind::USE && !is_pub(&n))
        });
        if only_imports {
            *ranges = vec![(0, case.seq(seq).len())];
        }
    }
    if per_file.iter().all(Vec::is_empty) {
        return Vec::new();
    }
    super::rust_unused::with_emptied_modules(case, per_file)
}

/// `pub` (of any kind).
fn is_pub(n: &SyntaxNode) -> bool {
    n.children().any(|c| c.kind() == SyntaxKind::VISIBILITY)
}

/// Module-level items under `parent` (a file, or an inline module's item list,
/// whose items are units themselves).
fn collect(seq: usize, parent_node: &SyntaxNode, parent: Option<usize>, out: &mut Vec<Unit>) {
    use SyntaxKind::*;
    let name = |x: &SyntaxNode| {
        x.children()
            .find(|c| c.kind() == NAME)
            .map(|c| c.text().to_string())
    };
    for n in parent_node.children() {
        let k = n.kind();
        if k == MODULE {
            if let Some(list) = n.children().find(|c| c.kind() == ITEM_LIST) {
                out.push(Unit {
                    seq,
                    defines: name(&n).into_iter().collect(),
                    node: n,
                    mentions: HashSet::new(),
                    header: None,
                    always: false,
                    propagates: true,
                    is_use: false,
                    module: true,
                    parent,
                });
                collect(seq, &list, Some(out.len() - 1), out);
                continue;
            }
        }
        if !is_item(k) && k != MACRO_CALL {
            continue;
        }
        let mut defines: Vec<String> = name(&n).into_iter().collect();
        if matches!(k, TRAIT | IMPL) {
            defines.extend(
                n.descendants()
                    .filter(|d| is_item(d.kind()))
                    .skip(1)
                    .filter_map(|d| name(&d)),
            );
        }
        let mentions = n
            .descendants_with_tokens()
            .filter_map(|t| t.into_token())
            .filter(|t| t.kind() == IDENT)
            .map(|t| t.text().to_string())
            .collect();
        let header = ast::Impl::cast(n.clone()).map(|imp| {
            [
                imp.self_ty().map(|t| t.syntax().clone()),
                imp.trait_().map(|t| t.syntax().clone()),
            ]
            .into_iter()
            .flatten()
            .flat_map(|s| {
                s.descendants_with_tokens()
                    .filter_map(|t| t.into_token())
                    .filter(|t| t.kind() == IDENT)
                    .map(|t| t.text().to_string())
                    .collect::<Vec<_>>()
            })
            .collect()
        });
        // An `extern crate` follows what stays (like a macro call), unless it
        // imports macros or is there for linking (`as _`).
        let always = k == MODULE
            || (k == EXTERN_CRATE && {
                let text = n.text().to_string();
                text.contains("macro_use") || text.contains("as _")
            })
            || (k == FN && parent.is_none() && defines.first().is_some_and(|d| d == "main"));
        out.push(Unit {
            seq,
            node: n,
            defines,
            mentions,
            header,
            always,
            propagates: !matches!(k, EXTERN_CRATE | MODULE | USE | MACRO_CALL),
            is_use: k == USE,
            module: false,
            parent,
        });
    }
}

/// `printed` (absolute, or relative to the crate root) names `path` (relative).
pub(super) fn same_file(printed: &Path, path: &Path) -> bool {
    printed.ends_with(path)
}

/// Does `node` span (1-based) line `line` of `text`?
fn covers(text: &[u8], node: &SyntaxNode, line: usize) -> bool {
    let r = node.text_range();
    let first = 1 + text[..usize::from(r.start())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    let last = first
        + text[usize::from(r.start())..usize::from(r.end())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
    (first..=last).contains(&line)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "\
#![feature(x)]
use std::fmt;

pub struct Unrelated { a: u8 }
impl fmt::Display for Unrelated {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, \"{}\", helper()) }
}
fn helper() -> u8 { 1 }

pub trait Flag<const ON: bool> {}
impl Flag<true> for u8 {}
pub fn squared<const N: usize>(_g: [u8; N * N]) where u8: Flag<N> {}
mod inner {
    use std::fmt;
    pub fn unrelated_too() {}
    pub fn call() { super::squared }
}
mod shell {
    use std::fmt;
    pub fn nothing() {}
}
";

    fn after(case: &TestCase, spans: &[Span]) -> String {
        let out = case.apply(&delete_units::<u8>(spans, &[(0, spans.len())]));
        String::from_utf8(out.seq(0).to_vec()).unwrap()
    }

    #[test]
    fn keeps_the_named_items_and_what_they_mention() {
        let case = TestCase::single("a.rs", SRC.as_bytes().to_vec());
        let focus = Focus {
            names: vec!["call".into()],
            ..Focus::default()
        };
        let out = after(&case, &unfocused(&case, &focus));
        assert_eq!(
            out,
            "#![feature(x)]\nuse std::fmt;\n\npub trait Flag<const ON: bool> {}\nimpl Flag<true> for u8 {}\npub fn squared<const N: usize>(_g: [u8; N * N]) where u8: Flag<N> {}\nmod inner {\n    use std::fmt;\n    pub fn call() { super::squared }\n}\n"
        );
    }

    /// A `use` of local items brings nothing in (in a crate every file opens with
    /// them: they would keep everything), and goes when what it imports goes.
    #[test]
    fn use_items_follow_what_they_import() {
        let lib = "mod error;\nmod parse;\n";
        let error = "pub enum ErrorKind { Empty }\nimpl ErrorKind { pub fn parse() {} }\n";
        let parse = "use crate::error::ErrorKind;\nuse std::fmt;\nuse crate::parse_more::{Kept, Gone};\npub struct Kept;\npub struct Gone;\npub fn squared() -> Kept { Kept }\nfn other(_: ErrorKind) {}\n";
        let case = TestCase::from_files([
            ("src/lib.rs".into(), lib.as_bytes().to_vec()),
            ("src/error.rs".into(), error.as_bytes().to_vec()),
            ("src/parse.rs".into(), parse.as_bytes().to_vec()),
        ]);
        let focus = Focus {
            names: vec!["squared".into()],
            ..Focus::default()
        };
        let out = case.apply(&delete_all(&unfocused(&case, &focus)));
        let file = |name: &str| {
            let i = (0..out.seq_count()).find(|&i| out.path(i) == Path::new(name));
            String::from_utf8(out.seq(i.unwrap()).to_vec()).unwrap()
        };
        // The emptied file goes with its `mod` line.
        assert_eq!(file("src/lib.rs"), "mod parse;\n");
        assert_eq!(file("src/error.rs"), "");
        assert_eq!(
            file("src/parse.rs"),
            "use std::fmt;\nuse crate::parse_more::{Kept, Gone};\npub struct Kept;\npub fn squared() -> Kept { Kept }\n"
        );
    }

    /// `extern crate` follows what stays, unless it brings macros or is there for
    /// linking.
    #[test]
    fn extern_crates_follow_what_stays() {
        let text = "extern crate alloc;\nextern crate core as kernel;\n#[macro_use]\nextern crate log;\nextern crate link_me as _;\npub fn squared() -> kernel::Size { 0 }\nfn other() {}\n";
        let case = TestCase::single("src/lib.rs", text.as_bytes().to_vec());
        let focus = Focus {
            names: vec!["squared".into()],
            ..Focus::default()
        };
        let out = case.apply(&delete_all(&unfocused(&case, &focus)));
        assert_eq!(
            String::from_utf8(out.seq(0).to_vec()).unwrap(),
            "extern crate core as kernel;\n#[macro_use]\nextern crate log;\nextern crate link_me as _;\npub fn squared() -> kernel::Size { 0 }\n"
        );
    }

    /// A benchmark's macro calls do not keep what they name; its file, left with
    /// its imports only, goes whole; and `benches/parse.rs` going is not
    /// `src/parse.rs` going (`mod parse;` of `src/lib.rs` stays).
    #[test]
    fn files_left_with_imports_only_go_and_modules_are_matched_by_place() {
        let case = TestCase::from_files([
            ("src/lib.rs".into(), b"mod parse;\n".to_vec()),
            ("src/parse.rs".into(), b"pub fn squared() {}\nfn other() {}\n".to_vec()),
            (
                "benches/parse.rs".into(),
                b"use semver::Version;\nfn bench() { Version::parse(); }\ncriterion_group!(benches, bench);\n".to_vec(),
            ),
        ]);
        let focus = Focus {
            names: vec!["squared".into()],
            ..Focus::default()
        };
        let out = case.apply(&delete_all(&unfocused(&case, &focus)));
        let file = |name: &str| {
            let i = (0..out.seq_count()).find(|&i| out.path(i) == Path::new(name));
            String::from_utf8(out.seq(i.unwrap()).to_vec()).unwrap()
        };
        assert_eq!(file("src/lib.rs"), "mod parse;\n");
        assert_eq!(file("src/parse.rs"), "pub fn squared() {}\n");
        assert_eq!(file("benches/parse.rs"), "");
    }

    #[test]
    fn places_pick_the_item_on_that_line_and_nothing_matching_means_no_candidate() {
        let case = TestCase::single("src/a.rs", SRC.as_bytes().to_vec());
        let focus = Focus {
            weak_places: vec![("/tmp/w/src/a.rs".into(), 6)],
            ..Focus::default()
        };
        let out = after(&case, &unfocused(&case, &focus));
        assert!(out.contains("impl fmt::Display for Unrelated"), "{out}");
        assert!(
            out.contains("pub struct Unrelated") && out.contains("fn helper"),
            "{out}"
        );
        assert!(!out.contains("squared") && !out.contains("Flag"), "{out}");
        let other_file = Focus {
            places: vec![("src/b.rs".into(), 6)],
            ..Focus::default()
        };
        assert!(unfocused(&case, &other_file).is_empty());
        let unknown = Focus {
            names: vec!["nowhere".into()],
            ..Focus::default()
        };
        assert!(unfocused(&case, &unknown).is_empty());
    }

    #[test]
    fn the_pass_tries_one_candidate_once() {
        use crate::cache::VerdictCache;
        use crate::output::NullSink;
        use crate::predicate::{Predicate, PredicateError, RunEnv, Verdict};
        use crate::report::NullObserver;
        use crate::schedule::{reduce, Config, Reduction};
        use crate::CancelFlag;
        use std::sync::atomic::{AtomicUsize, Ordering};
        struct NeedsSquared(AtomicUsize);
        impl Predicate<TestCase> for NeedsSquared {
            fn fingerprint(&self) -> Vec<u8> {
                b"squared".to_vec()
            }
            fn test(&self, c: &TestCase, _: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
                self.0.fetch_add(1, Ordering::SeqCst);
                let t = String::from_utf8_lossy(c.seq(0)).into_owned();
                Ok(if t.contains("N * N") && t.contains("fn call") {
                    Verdict::Interesting
                } else {
                    Verdict::NotInteresting
                })
            }
            fn focus(&self) -> Focus {
                Focus {
                    names: vec!["squared".into(), "call".into()],
                    ..Focus::default()
                }
            }
        }
        let p = NeedsSquared(AtomicUsize::new(0));
        let r = Reduction {
            predicate: &p,
            passes: vec![Box::new(RustFocus::default())],
            config: Config {
                jobs: 1,
                ..Config::default()
            },
            cache: VerdictCache::new(None),
            cancel: CancelFlag::new(),
            admit: None,
            forms: Vec::new(),
        };
        let case = TestCase::single("a.rs", SRC.as_bytes().to_vec());
        let out = reduce(case, r, &mut NullObserver, &mut NullSink).unwrap();
        let text = String::from_utf8_lossy(out.best.seq(0)).into_owned();
        assert!(
            !text.contains("Unrelated") && !text.contains("helper"),
            "{text}"
        );
        assert!(text.contains("impl Flag<true> for u8"), "{text}");
        // The focus candidate, then all `use` items (which this predicate does not
        // need); the pass does not try again.
        assert!(!text.contains("use std::fmt"), "{text}");
        let focus = out.summary.passes.iter().find(|s| s.name == "rust-focus");
        assert_eq!(focus.map(|s| (s.runs, s.successes)), Some((2, 2)));
    }

    /// A crash in a macro call's input (a delayed bug: no query stack, only its
    /// error's span) keeps the call and what it names; `extern crate` stays.
    #[test]
    fn a_place_in_a_macro_call_keeps_the_call_and_what_it_names() {
        let text = "#![no_std]\nextern crate std;\nuse std::error::Error;\nfn unrelated() {}\npub static LEVEL: isize = 7;\nstd::arch::global_asm! {\n    \"{}\",\n    sym LEVEL::<{}>,\n}\n";
        let case = TestCase::single("src/lib.rs", text.as_bytes().to_vec());
        let focus = Focus {
            places: vec![("src/lib.rs".into(), 8)],
            ..Focus::default()
        };
        let out = after(&case, &unfocused(&case, &focus));
        assert_eq!(
            out,
            "#![no_std]\nextern crate std;\nuse std::error::Error;\npub static LEVEL: isize = 7;\nstd::arch::global_asm! {\n    \"{}\",\n    sym LEVEL::<{}>,\n}\n"
        );
    }

    #[test]
    fn a_large_case_is_narrowed_to_the_last_named_item() {
        // `iter` names dozens of items; the crash is in `bug`, which the query
        // stack names last.
        let mut text = String::new();
        for i in 0..300 {
            text.push_str(&format!("mod m{i} {{\n    pub fn iter() -> u32 {{\n        [{i}, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19].iter().sum()\n    }}\n    pub struct Padding{i}(pub u64, pub u64);\n}}\n"));
        }
        text.push_str("pub trait Helper {}\npub fn bug<T: Helper>() {}\n");
        let case = TestCase::single("src/lib.rs", text.into_bytes());
        let focus = Focus {
            names: vec!["iter".into(), "bug".into()],
            ..Focus::default()
        };
        let broad = after(&case, &step_spans(1, &case, &focus));
        assert!(broad.len() > NARROW_ABOVE, "the focus keeps every `iter`");
        let broad_case = TestCase::single("src/lib.rs", broad.into_bytes());
        // Places alone: there are none, so no candidate.
        assert!(step_spans(2, &broad_case, &focus).is_empty());
        let narrow = after(&broad_case, &step_spans(3, &broad_case, &focus));
        assert_eq!(narrow, "pub trait Helper {}\npub fn bug<T: Helper>() {}\n");
        // A small case is not narrowed.
        let small = TestCase::single(
            "src/lib.rs",
            b"mod a { pub fn iter() {} }\npub fn bug() {}\n".to_vec(),
        );
        assert!(step_spans(3, &small, &focus).is_empty());
    }
}

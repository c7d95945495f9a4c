//! Renames (`rust-renames`, `rust-rename-uses`): shorter names for the names of a
//! case. Names that the case defines go consistently, with all their uses, in the
//! main pipeline; names it only uses (`u16`, `Clone`, `main`, `'static`, a macro's
//! `$len`) go one name of one file at a time, and one use at a time: a compiler that
//! crashes on a type it resolves often crashes the same way on one it cannot find.

use ra_ap_syntax::SyntaxKind;

use super::neighbours::{Proposals, SweepPass};
use super::rust::rust_trees;
use super::Pass;
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::passes::{Ctx, Interrupt};
use crate::syntax::{is_rust, parse};
use crate::testcase::TestCase;

/// `a` to `z`, then `aa` to `zz`: the shortest names first.
fn short_names() -> impl Iterator<Item = String> {
    (1..=2usize).flat_map(|len| {
        let letters: Vec<char> = ('a'..='z').collect();
        (0..letters.len().pow(len as u32)).map(move |mut i| {
            let mut s = String::new();
            for _ in 0..len {
                s.insert(0, letters[i % 26]);
                i /= 26;
            }
            s
        })
    })
}

/// Shortens identifiers consistently across the case: every name that some item,
/// parameter or binding defines is renamed, with all its uses (in every `.rs`
/// file, macro token trees included), to the shortest name not in use. One test
/// per name, longest first.
#[derive(Clone)]
pub struct RustRenames;

impl RustRenames {
    /// The renames to try: (old name, new name), longest old name first.
    fn plan(case: &TestCase) -> Vec<(String, String)> {
        use std::collections::BTreeSet;
        let mut defined = BTreeSet::new();
        let mut used = BTreeSet::new();
        for (_, _, root) in rust_trees(case) {
            for t in root
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
            {
                if t.kind() == SyntaxKind::IDENT {
                    used.insert(t.text().to_string());
                    if t.parent().is_some_and(|p| p.kind() == SyntaxKind::NAME) {
                        defined.insert(t.text().to_string());
                    }
                }
            }
        }
        let mut fresh = short_names();
        let mut names: Vec<String> = defined
            .into_iter()
            .filter(|n| n.len() > 1 && n != "main" && !n.starts_with("r#"))
            .collect();
        names.sort_by_key(|n| std::cmp::Reverse(n.len()));
        let mut plan = Vec::new();
        for old in names {
            let new = loop {
                match fresh.next() {
                    Some(f) if used.contains(&f) || is_keywordish(&f) => continue,
                    Some(f) => break Some(f),
                    None => break None,
                }
            };
            let Some(new) = new else { break };
            if new.len() < old.len() {
                plan.push((old, new));
            }
        }
        plan
    }

    fn rename(case: &TestCase, old: &str, new: &str) -> EditSet<u8> {
        let mut set = EditSet::new();
        for (seq, _, root) in rust_trees(case) {
            for t in root
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
            {
                if t.kind() == SyntaxKind::IDENT && t.text() == old {
                    let r = t.text_range();
                    set.push(Edit::replace(
                        seq,
                        usize::from(r.start()),
                        usize::from(r.end()),
                        new.as_bytes().to_vec(),
                    ));
                }
            }
        }
        set
    }
}

/// Short words that are keywords (or reserved) in some edition.
fn is_keywordish(s: &str) -> bool {
    matches!(s, "as" | "do" | "fn" | "if" | "in" | "gen")
}

impl Pass<TestCase> for RustRenames {
    fn fork(&self) -> Option<Box<dyn Pass<TestCase>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "rust-renames"
    }
    fn run(&mut self, ctx: &mut dyn Ctx<TestCase>) -> Result<(), Interrupt> {
        let plan = Self::plan(ctx.current());
        // All at once first: renames nearly always keep the bug (a method of a
        // foreign trait's impl is one that cannot be renamed); then one by one.
        if plan.len() > 1 {
            ctx.checkpoint()?;
            let mut all = ctx.current().clone();
            for (old, new) in &plan {
                let set = Self::rename(&all, old, new);
                all = all.apply(&set);
            }
            if ctx.test(all)? {
                return Ok(());
            }
        }
        let mut last_ok = true;
        for (i, (old, new)) in plan.iter().enumerate() {
            ctx.checkpoint()?;
            let set = Self::rename(ctx.current(), old, new);
            if set.is_empty() {
                continue;
            }
            let cand = ctx.current().apply(&set);
            let depth = ctx.speculation_depth();
            last_ok = ctx.test_speculating(cand, |cur, cand| {
                // The next renames, on whichever case they will apply to.
                let base = if last_ok { cand } else { cur };
                plan[i + 1..]
                    .iter()
                    .map(|(o, n)| Self::rename(base, o, n))
                    .filter(|s| !s.is_empty())
                    .take(depth)
                    .map(|s| base.apply(&s))
                    .collect()
            })?;
        }
        Ok(())
    }
}

/// Renames a name that a file uses but the case does not define (or could not
/// rename): every occurrence in the file at once, then each alone, to the shortest
/// name the file does not use (`'a` for lifetimes); and every occurrence at once
/// to `a` (the first name `rust-renames` gives, and one of
/// `tools/check_minimal.py`'s replacements) when every use is a type and the
/// case defines a type `a`, or every use a value and it defines a value `a`:
/// `T: Clone` → `T: a` with a `trait a`. Names of one letter stay. The
/// candidates are tried one at a time (`neighbours::Sweep`), in every round after
/// `rust-optional` (most do not keep the bug; there are few).
pub fn rename_uses() -> SweepPass<TestCase> {
    SweepPass::new(
        "rust-rename-uses",
        |c, seq| is_rust(c.path(seq)),
        propose_renames,
    )
}

/// Rust's two main namespaces: a name is a type (or trait) or a value.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Space {
    Type,
    Value,
}

/// The namespace of a use: the path around `t` is a type or an expression.
fn use_space(t: &ra_ap_syntax::SyntaxToken) -> Option<Space> {
    let segment = (t.parent()?.parent()).filter(|p| p.kind() == SyntaxKind::PATH_SEGMENT)?;
    let path = segment.parent()?;
    match path.parent()?.kind() {
        SyntaxKind::PATH_TYPE => Some(Space::Type),
        SyntaxKind::PATH_EXPR => Some(Space::Value),
        _ => None,
    }
}

/// The namespace of a definition: `t` names a type, trait or type parameter, or a
/// function, constant or static.
fn defined_space(t: &ra_ap_syntax::SyntaxToken) -> Option<Space> {
    use SyntaxKind::*;
    let name = t.parent().filter(|p| p.kind() == NAME)?;
    match name.parent()?.kind() {
        STRUCT | ENUM | UNION | TRAIT | TYPE_ALIAS | TYPE_PARAM => Some(Space::Type),
        FN | CONST | STATIC | CONST_PARAM => Some(Space::Value),
        _ => None,
    }
}

/// The candidates of file `seq`: one per renamable name, at its last occurrence.
fn propose_renames(case: &TestCase, seq: usize) -> Proposals {
    use std::collections::{BTreeMap, BTreeSet};
    if !is_rust(case.path(seq)) {
        return Vec::new();
    }
    let Some(root) = parse(case.seq(seq)) else {
        return Vec::new();
    };
    // name -> its ranges; and every name in use.
    let mut sites: BTreeMap<String, Vec<(usize, usize)>> = BTreeMap::new();
    // name -> the namespaces of its uses; and those `a` is defined in.
    let mut spaces: BTreeMap<String, BTreeSet<Option<Space>>> = BTreeMap::new();
    let mut a_spaces = BTreeSet::new();
    let mut used = BTreeSet::new();
    for t in (root.descendants_with_tokens()).filter_map(|e| e.into_token()) {
        let text = t.text();
        let min = match t.kind() {
            SyntaxKind::IDENT => 2,
            SyntaxKind::LIFETIME_IDENT => 3,
            _ => continue,
        };
        used.insert(text.to_string());
        if text == "a" {
            a_spaces.insert(defined_space(&t));
        }
        spaces
            .entry(text.to_string())
            .or_default()
            .insert(use_space(&t));
        if text.len() >= min && !text.starts_with("r#") && text != "'_" {
            let r = t.text_range();
            let at = (usize::from(r.start()), usize::from(r.end()));
            sites.entry(text.to_string()).or_default().push(at);
        }
    }
    let fresh = |lifetime: bool| {
        short_names()
            .map(|n| if lifetime { format!("'{n}") } else { n })
            .find(|n| !used.contains(n) && !is_keywordish(n))
    };
    let (ident, lifetime) = (fresh(false), fresh(true));
    let mine = Some("a".to_string());
    let mut out: Proposals = Vec::new();
    for (old, at) in sites {
        let lifetime_name = old.starts_with('\'');
        let news = if lifetime_name { &lifetime } else { &ident };
        // Every use at once to `a` too (not each use: few keep the bug).
        // `a` where every use is in a namespace where the case defines `a`.
        let space =
            (spaces.get(&old).filter(|u| u.len() == 1)).and_then(|u| *u.iter().next().unwrap());
        let mine = mine
            .as_ref()
            .filter(|_| space.is_some_and(|s| a_spaces.contains(&Some(s))));
        for (new, each) in [(news.as_ref(), true), (mine, false)] {
            let Some(new) = new.filter(|n| n.len() < old.len()) else {
                continue;
            };
            let mut set = EditSet::new();
            for &(a, b) in &at {
                set.push(Edit::replace(seq, a, b, new.as_bytes().to_vec()));
            }
            let last = at.iter().map(|r| r.0).max().unwrap_or(0);
            out.push((last, set));
            // A name used more than once: each use alone too (the other uses may
            // be the ones the bug needs).
            if each && at.len() > 1 {
                for &(a, b) in &at {
                    let one = Edit::replace(seq, a, b, new.as_bytes().to_vec());
                    out.push((a, EditSet::of(one)));
                }
            }
        }
    }
    // Position descending; at one position, all uses before one (stable).
    out.sort_by_key(|(p, _)| std::cmp::Reverse(*p));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_are_consistent_and_fresh() {
        let text =
            "type Boxed = Box<u8>;\nfn make(value: Boxed) -> Boxed { value }\nfn main() {}\n";
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        let plan = RustRenames::plan(&case);
        assert_eq!(plan[0], ("Boxed".to_string(), "a".to_string()));
        assert!(plan.iter().all(|(o, _)| o != "main"));
        let out = case.apply(&RustRenames::rename(&case, "Boxed", "a"));
        assert_eq!(
            out.seq(0),
            b"type a = Box<u8>;\nfn make(value: a) -> a { value }\nfn main() {}\n"
        );
    }

    #[test]
    fn used_names_go_one_at_a_time_to_fresh_ones() {
        let text = "fn main() -> u16 { let x: &'static u16 = &a; b::<u16>() }\n";
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        let got: Vec<String> = propose_renames(&case, 0)
            .into_iter()
            .map(|(_, e)| String::from_utf8(case.apply(&e).seq(0).to_vec()).unwrap())
            .collect();
        assert_eq!(
            got,
            [
                // `u16` (last at 44) everywhere, then each use, with `'static`
                // between; then `main`. `x`, `a` and `b` are short already. `c` is
                // the first name not in use.
                "fn main() -> c { let x: &'static c = &a; b::<c>() }\n",
                "fn main() -> u16 { let x: &'static u16 = &a; b::<c>() }\n",
                "fn main() -> u16 { let x: &'static c = &a; b::<u16>() }\n",
                "fn main() -> u16 { let x: &'a u16 = &a; b::<u16>() }\n",
                "fn main() -> c { let x: &'static u16 = &a; b::<u16>() }\n",
                "fn c() -> u16 { let x: &'static u16 = &a; b::<u16>() }\n",
            ]
        );
        let other = TestCase::single("a.txt", text.as_bytes().to_vec());
        assert!(propose_renames(&other, 0).is_empty());
    }

    #[test]
    fn used_names_go_to_the_cases_own_name_a_in_the_same_namespace() {
        let text = "trait a {}\nfn b<T: Clone>(x: Vec<T>) { d(); }\n";
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        let got: Vec<String> = propose_renames(&case, 0)
            .into_iter()
            .map(|(_, e)| String::from_utf8(case.apply(&e).seq(0).to_vec()).unwrap())
            .filter(|t| t.contains(": a>") || t.contains("a<T>") || t.contains("a()"))
            .collect();
        // `Clone` and `Vec` are types, and `a` is a trait; `d` is short already.
        assert_eq!(
            got,
            [
                "trait a {}\nfn b<T: Clone>(x: a<T>) { d(); }\n",
                "trait a {}\nfn b<T: a>(x: Vec<T>) { d(); }\n",
            ]
        );
    }
}

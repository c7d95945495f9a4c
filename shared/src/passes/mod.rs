//! Passes propose candidates; they never run predicates, touch the file system, or
//! change the best case except through `Ctx`. One file per family.

pub mod blocks;
pub mod chaos;
pub mod chunks;
pub mod cuts;
pub mod delete;
mod focus_files;
pub mod integers;
pub mod pairs;
pub mod rust;
pub mod rust_early;
pub mod rust_focus;
pub mod rust_minimal;
pub mod rust_modules;
pub mod rust_params;
pub mod rust_strings;
pub mod rust_unused;
pub mod units;

use crate::case::{Case, Element};
mod ctx;
use crate::testcase::TestCase;
pub use ctx::{Ctx, Interrupt};

pub use blocks::{BlockLevels, Blocks, Statements};
pub use chaos::Chaos;
pub use chunks::{ChunkPayloads, LengthChunks};
pub use cuts::{Brackets, CutPass, Ngrams, Repeats};
pub use delete::{AdaptiveDdmin, Delete, Lithium};
pub use integers::{ListInts, ReplaceWithSimpler, SharedValues, ShrinkEach, TextInts};
pub use pairs::{Pairs, ReplaceTokens};
pub use rust::{Comments, NodeClass, RustDelete, RustRenames, RustReplace};
pub use rust_early::RustBodiesEarly;
pub use rust_focus::RustFocus;
pub use rust_minimal::{RustNeighbours, EXHAUSTIVE_ON_RUST};
pub use rust_modules::RustInlineModules;
pub use rust_params::RustParams;
pub use rust_strings::StringContents;
pub use rust_unused::RustUnused;
pub use units::{Items, Lines, NonRust, Records, Segmenter, Span, Tokens};

/// A reduction pass.
///
/// `run` performs (or resumes) one sweep over the current case. It returns `Ok(())`
/// when the sweep is complete; an `Interrupt` (restart, cancel) may stop it midway,
/// and the next `run` resumes where it stopped.
pub trait Pass<C: Case>: Send {
    /// Name shown in progress and statistics.
    fn name(&self) -> &'static str;
    /// Runs or resumes a sweep.
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt>;
    /// `true` when the next `run` starts a new sweep (rather than resuming one).
    fn is_fresh(&self) -> bool {
        true
    }
    /// `true` when the last sweep left work for another sweep on the very case it
    /// ended on (the scheduler otherwise skips a pass there).
    fn wants_rerun(&self) -> bool {
        false
    }
    /// A copy of the pass in its current state, for a dry run: the scheduler runs
    /// the copy with every test answered "not interesting" (without running
    /// anything) to learn which candidates the pass will test next, and runs them
    /// speculatively on idle workers while the pass before it is still at work.
    /// `None` (the default) leaves the pass out of this.
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        None
    }
}

/// Cuts of a suffix or a prefix (Shrink Ray's "cut every `0, i` and every
/// `i, len`"): finds the shortest interesting prefix by probing lengths 1, 2, 4, ...
/// and bisecting, then the shortest interesting suffix the same way. Costs
/// `O(log n)` tests per side. A side that gave nothing in the last sweep, at the same
/// length (only values changed since), first checks whether even one element can go
/// (one test instead of `log n` when it cannot).
#[derive(Clone, Default)]
pub struct Ends {
    /// (sequence, suffix side) -> the length at which its last sweep cut nothing.
    fruitless: std::collections::HashMap<(usize, bool), usize>,
}

impl Ends {
    /// Shortest `keep` in `1..n` for which `test(keep)` holds (the whole sequence is
    /// known to be interesting), by doubling from 1 and bisecting; `None` when none
    /// is. With `quick`, `n - 1` first: when even one element cannot go, nothing
    /// shorter is tried (interesting prefixes are taken to be upward closed, as the
    /// bisection assumes too).
    fn shortest<E>(
        n: usize,
        quick: bool,
        mut test: impl FnMut(usize) -> Result<bool, E>,
    ) -> Result<Option<usize>, E> {
        if n < 2 || (quick && !test(n - 1)?) {
            return Ok(None);
        }
        let top = if quick { n - 1 } else { n };
        let mut keep = 1;
        let mut failed = 0;
        while keep < top && !test(keep)? {
            failed = keep;
            keep *= 2;
        }
        // `keep` (or `top`) is interesting and `failed` is not: bisect.
        let (mut lo, mut hi) = (failed, keep.min(top));
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if test(mid)? {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Ok((hi < n).then_some(hi))
    }
}

impl<C: Case> Pass<C> for Ends {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "ends"
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        use crate::edit::{Edit, EditSet};
        for seq in (0..ctx.current().seq_count()).rev() {
            ctx.checkpoint()?;
            if ctx.current().is_syntax(seq) {
                // Rust files: the item passes cut at item boundaries already, and a
                // blind prefix of Rust code rarely parses.
                continue;
            }
            // Keep a prefix: cut `keep..n`. Bisection probes are built from `base`,
            // so a committed probe never changes what later probes mean.
            for suffix in [false, true] {
                ctx.checkpoint()?;
                let base = ctx.current().clone();
                let n = base.seq(seq).len();
                let quick = self.fruitless.get(&(seq, suffix)) == Some(&n);
                let cut = Self::shortest(n, quick, |keep| {
                    let edit = if suffix {
                        Edit::cut(seq, 0, n - keep)
                    } else {
                        Edit::cut(seq, keep, n)
                    };
                    ctx.test(base.apply(&EditSet::of(edit)))
                })?;
                if cut.is_some() {
                    self.fruitless.remove(&(seq, suffix));
                } else {
                    self.fruitless.insert((seq, suffix), n);
                }
            }
        }
        Ok(())
    }
}

/// The default passes for files (any bytes: Rust, YAML, markdown, binary). The
/// Rust passes come first and do nothing on files that are not `.rs`.
///
/// `runs_code`: the check runs the program (a test, a script), so function bodies
/// become `todo!()` (fails at once) rather than `loop {}` (hangs until the timeout).
pub fn default_for_files(runs_code: bool) -> Vec<Box<dyn Pass<TestCase>>> {
    vec![
        Box::new(RustFocus::default()),
        Box::new(RustInlineModules),
        Box::new(Delete::new(Comments, "rust-comments", usize::MAX).all_first()),
        Box::new(RustUnused::early()),
        Box::new(RustBodiesEarly::new(runs_code)),
        Box::new(RustDelete::new(NodeClass::Attributes, "rust-attributes")),
        Box::new(RustDelete::new(NodeClass::Items, "rust-items")),
        Box::new(RustDelete::new(NodeClass::Visibility, "rust-private").all_first()),
        Box::new(RustUnused::default()),
        Box::new(RustReplace::empty_bodies()),
        Box::new(if runs_code {
            RustReplace::todo_bodies()
        } else {
            RustReplace::loop_bodies()
        }),
        Box::new(RustDelete::new(NodeClass::Statements, "rust-statements")),
        Box::new(RustParams),
        Box::new(RustDelete::new(NodeClass::ListElements, "rust-lists")),
        Box::new(RustReplace::hoist()),
        Box::new(RustReplace::unit_types()),
        Box::new(RustRenames),
        Box::new(Delete::new(StringContents, "rust-strings", usize::MAX)),
        Box::new(Delete::new(LengthChunks, "chunks", usize::MAX)),
        Box::new(Ends::default()),
        Box::new(ChunkPayloads::default()),
        Box::new(BlockLevels::default()),
        Box::new(Chaos::new(Lines, "chaos-lines")),
        Box::new(Chaos::new(Records, "chaos-records")),
        Box::new(Delete::new(Records, "records", usize::MAX)),
        Box::new(Delete::new(Lines, "lines", usize::MAX)),
        Box::new(Delete::new(Statements, "statements", usize::MAX)),
        Box::new(CutPass::new(Brackets)),
        Box::new(Delete::new(Tokens, "tokens", usize::MAX)),
        Box::new(CutPass::new(Repeats)),
        Box::new(CutPass::new(Ngrams)),
        Box::new(SharedValues::new(TextInts)),
        Box::new(ShrinkEach::new(TextInts)),
        Box::new(Delete::new(NonRust(Items), "bytes", 20_000)),
        Box::new(Pairs::default()),
        Box::new(ReplaceTokens::default()),
    ]
}

/// The generic passes of [`default_for_files`] that are fallbacks on Rust code
/// (`Config::fallback`): the Rust passes make nearly every cut there, and these
/// check their result once it stands rather than every case on the way.
/// The passes of `--exhaustive` ([`EXHAUSTIVE_ON_RUST`]) are fallbacks too: they
/// check the fixed point of all the others.
pub const FALLBACK_ON_RUST: &[&str] = &[
    "chaos-lines",
    "lines",
    "brackets",
    "repeats",
    "ngrams",
    "rust-pairs",
    "rust-token-runs",
    "rust-replace-tokens",
    "rust-bytes",
];

/// The Rust passes whose tests mostly succeed (`Config::bet_on_success`): their
/// first candidate takes every comment, every `pub`, every rename at once.
pub const BET_ON_SUCCESS_ON_RUST: &[&str] = &["rust-comments", "rust-private", "rust-renames"];

/// Every file pass, once: the default pipeline's, then those only `--passes` asks for.
/// Names are unique (tested); `--passes` and its error message read them from here.
fn catalogue() -> Vec<Box<dyn Pass<TestCase>>> {
    let mut all = default_for_files(false);
    all.push(Box::new(RustReplace::todo_bodies()));
    all.push(Box::new(Lithium::new(Lines, "lithium-lines")));
    all.push(Box::new(AdaptiveDdmin::new(Lines, "ddmin-lines")));
    all.push(Box::new(ReplaceWithSimpler::new(TextInts)));
    all.extend(exhaustive_passes());
    all
}

/// The passes `--exhaustive` appends: the rest of the 1-minimal neighbourhood of
/// `tools/check_minimal.py` on Rust files (see [`rust_minimal`]).
pub fn exhaustive_passes() -> Vec<Box<dyn Pass<TestCase>>> {
    use rust_minimal::Kind;
    [Kind::Pairs, Kind::TokenRuns, Kind::Replace, Kind::Bytes]
        .into_iter()
        .map(|k| Box::new(RustNeighbours::new(k)) as Box<dyn Pass<TestCase>>)
        .collect()
}

/// The names of [`default_for_files`]`(runs_code)` followed by those of
/// [`exhaustive_passes`]: the pass list of `--exhaustive`.
pub fn exhaustive_pass_names(runs_code: bool) -> Vec<&'static str> {
    default_for_files(runs_code)
        .iter()
        .chain(exhaustive_passes().iter())
        .map(|p| p.name())
        .collect()
}

/// The file pass called `name` (for `--passes`).
pub fn file_pass_by_name(name: &str) -> Option<Box<dyn Pass<TestCase>>> {
    catalogue().into_iter().find(|p| p.name() == name)
}

/// The names `file_pass_by_name` knows, in pipeline order.
pub fn file_pass_names() -> Vec<&'static str> {
    catalogue().iter().map(|p| p.name()).collect()
}

/// The default passes for lists of opaque elements (deletion only).
pub fn default_for_lists<T: Element>() -> Vec<Box<dyn Pass<Vec<T>>>> {
    vec![Box::new(Delete::new(Items, "delete", usize::MAX))]
}

/// The default passes for lists of integers (the notebook's domain).
pub fn default_for_int_lists() -> Vec<Box<dyn Pass<Vec<u64>>>> {
    vec![
        Box::new(Ends::default()),
        Box::new(ReplaceWithSimpler::new(ListInts)),
        Box::new(SharedValues::new(ListInts)),
        Box::new(Delete::new(Items, "delete", usize::MAX)),
        Box::new(ShrinkEach::new(ListInts)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_names_are_unique_and_the_role_lists_name_real_passes() {
        let names = file_pass_names();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "{names:?}");
        for n in FALLBACK_ON_RUST.iter().chain(BET_ON_SUCCESS_ON_RUST) {
            assert!(names.contains(n), "{n}");
        }
        assert_eq!(file_pass_by_name("lines").unwrap().name(), "lines");
        assert!(file_pass_by_name("nope").is_none());
        let exhaustive = exhaustive_pass_names(false);
        assert!(exhaustive.ends_with(EXHAUSTIVE_ON_RUST), "{exhaustive:?}");
        assert!(exhaustive.iter().all(|n| names.contains(n)));
    }
}

//! Passes propose candidates; they never run predicates, touch the file system, or
//! change the best case except through `Ctx`. One file per family.

pub mod blocks;
pub mod boxes;
pub mod chaos;
mod checksums;
pub mod choices;
pub mod chunks;
pub mod counted;
pub mod cuts;
pub mod delete;
pub mod der;
mod der_lifts;
mod focus_files;
mod gated;
pub mod integers;
pub mod lower;
mod lower_values;
pub mod neighbours;
pub mod pairs;
pub mod pointers;
mod ranges;
pub mod relocate;
pub mod rust;
pub mod rust_early;
pub mod rust_focus;
pub mod rust_modules;
pub mod rust_names;
pub mod rust_optional;
pub mod rust_params;
pub mod rust_strings;
pub mod rust_unused;
mod seals;
mod shifts;
mod stamps;
pub mod tables;
pub mod target_cuts;
pub mod units;
pub mod varints;

use crate::case::{Case, Element};
mod ctx;
use crate::testcase::TestCase;
pub use ctx::{Ctx, Interrupt};

pub use blocks::{BlockLevels, Blocks, ListElements, Statements};
pub use boxes::{Boxes, Framed};
pub use chaos::Chaos;
pub use choices::{Change, Choices, Step};
pub use chunks::{ChunkPayloads, LengthChunks, OtherChunks};
pub use counted::{PlanPass, COUNTED_RUNS, FOOTER_CUTS, OFFSET_CUTS};
pub use cuts::{Brackets, CutPass, Ngrams, Repeats};
pub use delete::{AdaptiveDdmin, Delete, Lithium, RETRY_MISSES, RETRY_PROBE};
pub use gated::GATED_GAPS;
pub use integers::{ListInts, ReplaceWithSimpler, SharedValues, ShrinkEach, TextInts};
pub use lower::LowerBytes;
pub use neighbours::Neighbours;
pub use pairs::{Pairs, ReplaceTokens, SameTokens};
pub use pointers::Pointers;
pub use ranges::COUNTED_RANGES;
pub use relocate::Relocating;
pub use rust::{Comments, NodeClass, RustDelete, RustReplace};
pub use rust_early::RustBodiesEarly;
pub use rust_focus::RustFocus;
pub use rust_modules::RustInlineModules;
pub use rust_names::RustRenames;
pub use rust_params::RustParams;
pub use rust_strings::StringContents;
pub use rust_unused::RustUnused;
pub use seals::{Sealed, Sealing};
pub use shifts::GAP_SHIFTS;
pub use tables::COUNTED_RECORDS;
pub use units::{Items, Lines, NonRust, Records, Segmenter, Span, Tokens};
pub use varints::Varints;

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
    /// How the scheduler treats the pass ([`Role`]); set where the pipeline is listed
    /// ([`fallback`], [`last_resort`], [`bet`]).
    fn role(&self) -> Role {
        Role::default()
    }
    /// For a sweep of the stated 1-minimal neighbourhood ([`neighbours`]): the kind of
    /// neighbour it tries, and whether its last complete sweep tried every one of them
    /// on every file of the case and none kept the bug.
    fn neighbourhood(&self) -> Option<(neighbours::Kind, bool)> {
        None
    }
}

/// Whether `passes` checked that the case they last swept is 1-minimal: for every
/// kind of neighbour, one of them tried all of it on every file and found nothing.
/// Meaningful at the end of a reduction that was not cancelled (each pass's last
/// sweep was then on the result).
pub fn checked_one_minimal<C: Case>(passes: &[Box<dyn Pass<C>>]) -> bool {
    neighbours::Kind::ALL
        .iter()
        .all(|&k| (passes.iter()).any(|p| p.neighbourhood() == Some((k, true))))
}

/// How the scheduler treats a pass: on Rust code when the job asks it to
/// (`Config::fallbacks`, `Config::bets`), on every case ([`Role::last_resort`]). Each
/// pass carries its own; the pipeline's list ([`default_for_files`]) is the one place
/// that gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Role {
    /// Runs only in a round where the passes before it found nothing: it checks
    /// the result of the others rather than every case on the way (the generic
    /// line, bracket and n-gram passes, where the syntax-aware passes make nearly
    /// every cut; the passes of `--exhaustive`, which check their fixed point).
    pub fallback: bool,
    /// As `fallback`, on every case (not only Rust code): the sweeps that check a
    /// neighbourhood ([`neighbours`]), whose every candidate is tested when nothing
    /// goes.
    pub last_resort: bool,
    /// Its tests mostly succeed (its first candidate takes every comment, every
    /// `pub`, every rename at once): idle workers bet on that (speed only).
    pub bet_on_success: bool,
    /// Not in the default pipeline of a Rust reduction: a generic pass that took
    /// (nearly) nothing there (measured in `docs/benchmarks.md`, session 25), where the
    /// syntax passes make its cuts; `--passes` still runs it on Rust code.
    pub not_on_rust: bool,
}

/// A pass with the role the pipeline gives it.
struct WithRole<C: Case> {
    inner: Box<dyn Pass<C>>,
    role: Role,
}

impl<C: Case + 'static> Pass<C> for WithRole<C> {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        self.inner.run(ctx)
    }
    fn is_fresh(&self) -> bool {
        self.inner.is_fresh()
    }
    fn wants_rerun(&self) -> bool {
        self.inner.wants_rerun()
    }
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        let role = self.role;
        (self.inner.fork()).map(|inner| Box::new(WithRole { inner, role }) as Box<dyn Pass<C>>)
    }
    fn role(&self) -> Role {
        self.role
    }
    fn neighbourhood(&self) -> Option<(neighbours::Kind, bool)> {
        self.inner.neighbourhood()
    }
}

/// `pass` as a fallback on Rust code ([`Role::fallback`]).
pub fn fallback<C: Case + 'static>(pass: impl Pass<C> + 'static) -> Box<dyn Pass<C>> {
    let role = Role {
        fallback: true,
        ..pass.role()
    };
    Box::new(WithRole {
        inner: Box::new(pass),
        role,
    })
}

/// `pass` as a fallback on every case ([`Role::last_resort`]).
pub fn last_resort<C: Case + 'static>(pass: impl Pass<C> + 'static) -> Box<dyn Pass<C>> {
    let role = Role {
        last_resort: true,
        ..pass.role()
    };
    Box::new(WithRole {
        inner: Box::new(pass),
        role,
    })
}

/// `pass` left out of the default pipeline on Rust code ([`Role::not_on_rust`]).
pub fn not_on_rust<C: Case + 'static>(pass: Box<dyn Pass<C>>) -> Box<dyn Pass<C>> {
    let role = Role {
        not_on_rust: true,
        ..pass.role()
    };
    Box::new(WithRole { inner: pass, role })
}

/// `pass` with its tests bet to succeed on Rust code ([`Role::bet_on_success`]).
pub fn bet<C: Case + 'static>(pass: impl Pass<C> + 'static) -> Box<dyn Pass<C>> {
    let role = Role {
        bet_on_success: true,
        ..pass.role()
    };
    Box::new(WithRole {
        inner: Box::new(pass),
        role,
    })
}

/// Cuts of a suffix or a prefix (Shrink Ray's "cut every `0, i` and every
/// `i, len`"): finds the shortest interesting prefix by probing lengths 1, 2, 4, ...
/// and bisecting, then the shortest interesting suffix the same way. Costs
/// `O(log n)` tests per side. On a sequence with structure ([`Case::boundaries`]:
/// a text file's lines) the probes and the bisection go over whole lines first,
/// then over the items of the one line between the last failure and the first
/// success: a cut inside a line rarely leaves text the check accepts where the
/// cut at the line's end is refused, so the whole-line search does not stop at a
/// prefix that happens to work in the middle of a line. A side that gave nothing
/// in the last sweep, at the same length (only values changed since), first
/// checks whether even one element can go (one test instead of `log n` when it
/// cannot).
#[derive(Clone, Default)]
pub struct Ends {
    /// (sequence, suffix side) -> the length at which its last sweep cut nothing.
    fruitless: std::collections::HashMap<(usize, bool), usize>,
}

impl Ends {
    /// Shortest `keep` in `1..n` for which `test(keep)` holds (the whole sequence is
    /// known to be interesting), by doubling and bisecting, first over `grid`
    /// (ascending lengths in `1..n` that respect the structure), then over single
    /// items between the grid's last failure and its first success; `None` when
    /// none is. With `quick`, `n - 1` first: when even one element cannot go,
    /// nothing shorter is tried (interesting prefixes are taken to be upward
    /// closed, as the bisection assumes too).
    fn shortest<E>(
        n: usize,
        quick: bool,
        grid: &[usize],
        mut test: impl FnMut(usize) -> Result<bool, E>,
    ) -> Result<Option<usize>, E> {
        if n < 2 || (quick && !test(n - 1)?) {
            return Ok(None);
        }
        let top = if quick { n - 1 } else { n };
        let points: Vec<usize> = grid.iter().copied().filter(|&k| k < top).collect();
        // `keep` (or `top`) is interesting and `failed` is not.
        let (mut failed, mut keep) = (0, 1);
        if points.is_empty() {
            while keep < top && !test(keep)? {
                failed = keep;
                keep *= 2;
            }
        } else {
            // Over the grid's indices: 0, 1, 3, 7, ..., then bisect.
            let (mut lo, mut hi) = (None, points.len());
            let mut at = 0;
            while at < points.len() {
                if test(points[at])? {
                    hi = at;
                    break;
                }
                lo = Some(at);
                at = 2 * at + 1;
            }
            let mut lo_i = lo.map_or(0, |i| i + 1);
            while lo_i < hi {
                let mid = lo_i + (hi - lo_i) / 2;
                if test(points[mid])? {
                    hi = mid;
                } else {
                    lo_i = mid + 1;
                }
            }
            failed = lo_i.checked_sub(1).map_or(0, |i| points[i]);
            keep = points.get(hi).copied().unwrap_or(top);
        }
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

impl<C: Sealed> Pass<C> for Ends {
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
                let starts = base.boundaries(seq);
                // Lengths kept: a prefix ending where a line starts, a suffix
                // starting there.
                let grid: Vec<usize> = if suffix {
                    starts.iter().rev().map(|&s| n - s).collect()
                } else {
                    starts
                };
                let quick = self.fruitless.get(&(seq, suffix)) == Some(&n);
                let cut = Self::shortest(n, quick, &grid, |keep| {
                    let edit = if suffix {
                        Edit::cut(seq, 0, n - keep)
                    } else {
                        Edit::cut(seq, keep, n)
                    };
                    let set = base.sealed(seq, EditSet::of(edit));
                    ctx.test(base.apply(&set))
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
    let passes: Vec<Box<dyn Pass<TestCase>>> = vec![
        Box::new(RustFocus::default()),
        Box::new(RustInlineModules),
        bet(Delete::new(Comments, "rust-comments", usize::MAX).all_first()),
        Box::new(RustUnused::early()),
        Box::new(RustBodiesEarly::new(runs_code)),
        Box::new(RustDelete::new(NodeClass::Attributes, "rust-attributes")),
        Box::new(RustDelete::new(NodeClass::Items, "rust-items")),
        bet(RustDelete::new(NodeClass::Visibility, "rust-private").all_first()),
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
        bet(RustRenames),
        Box::new(rust_optional::pass()),
        Box::new(rust_names::rename_uses()),
        Box::new(Delete::new(StringContents, "rust-strings", usize::MAX)),
        Box::new(Delete::new(lower::HEADERS, "chunk-fields", usize::MAX)),
        Box::new(Delete::new(LengthChunks, "chunks", usize::MAX)),
        Box::new(Delete::new(Boxes, "boxes", usize::MAX)),
        Box::new(Pointers),
        Box::new(Delete::new(
            Relocating::default(),
            "relocate-parts",
            usize::MAX,
        )),
        Box::new(Delete::new(
            Relocating::records(),
            "relocate-records",
            usize::MAX,
        )),
        Box::new(Delete::new(
            Relocating::bytes(),
            "relocate-bytes",
            relocate::MAX_BYTES,
        )),
        Box::new(Delete::new(Varints::frames(), "varint-frames", usize::MAX)),
        Box::new(Delete::new(
            Varints::elements(),
            "varint-elements",
            usize::MAX,
        )),
        Box::new(Delete::new(
            Varints::bytes(),
            "varint-bytes",
            varints::MAX_BYTES,
        )),
        Box::new(Delete::new(
            der::Der::constructed(),
            "der-constructed",
            usize::MAX,
        )),
        Box::new(Delete::new(
            der::Der::primitive(),
            "der-primitive",
            usize::MAX,
        )),
        Box::new(Delete::new(der::Der::bytes(), "der-bytes", der::MAX_BYTES)),
        Box::new(Ends::default()),
        Box::new(OFFSET_CUTS),
        last_resort(target_cuts::TargetCuts),
        Box::new(FOOTER_CUTS),
        Box::new(ChunkPayloads::default()),
        Box::new(Delete::new(OtherChunks, "chunks-other", usize::MAX)),
        Box::new(BlockLevels::default()),
        not_on_rust(fallback(Chaos::new(Lines, "chaos-lines"))),
        Box::new(Chaos::new(Sealing(Records), "chaos-records")),
        Box::new(Delete::new(Sealing(Records), "records", usize::MAX)),
        not_on_rust(fallback(Delete::new(Lines, "lines", usize::MAX))),
        Box::new(Delete::new(Statements, "statements", usize::MAX)),
        Box::new(Delete::new(ListElements, "list-elements", usize::MAX)),
        fallback(CutPass::new(Brackets)),
        Box::new(Delete::new(Framed::new(Tokens), "tokens", usize::MAX)),
        fallback(CutPass::new(Repeats)),
        not_on_rust(fallback(CutPass::new(Ngrams))),
        Box::new(SharedValues::new(TextInts)),
        Box::new(ShrinkEach::new(TextInts)),
        Box::new(Delete::new(Framed::new(NonRust(Items)), "bytes", 20_000)),
        Box::new(Pairs::default()),
        Box::new(ReplaceTokens::default()),
        last_resort(SameTokens::default()),
    ];
    (passes.into_iter())
        .chain(neighbourhood(neighbours::Files::Data))
        .chain([
            last_resort(Delete::new(lower::ZERO, "zero-bytes", lower::MAX_UNITS)),
            last_resort(Delete::new(lower::ONE, "one-bytes", lower::MAX_UNITS)),
            last_resort(COUNTED_RUNS),
            last_resort(COUNTED_RECORDS),
            last_resort(GATED_GAPS),
            last_resort(GAP_SHIFTS),
            last_resort(COUNTED_RANGES),
            last_resort(der_lifts::DerLifts),
            // The one Rust neighbourhood the syntax passes cannot propose (two cuts
            // that are not a node: `f(x)` → `fx`), for a sweep of a few dozen
            // candidates: on the tune half +5.8 % runs; on heldout2 two more results
            // 1-minimal, +11.6 % runs (docs/benchmarks.md, session 24).
            last_resort(Neighbours::new(
                neighbours::Kind::Pairs,
                neighbours::Files::Rust,
            )),
        ])
        .collect()
}

/// The six sweeps of [`neighbours`] on `files`, each a last resort.
pub(crate) fn neighbourhood(files: neighbours::Files) -> Vec<Box<dyn Pass<TestCase>>> {
    (neighbours::Kind::ALL.into_iter())
        .map(|k| last_resort(Neighbours::new(k, files)))
        .collect()
}

/// Every file pass, once: the default pipeline's, then those only `--passes` asks for.
/// Names are unique (tested); `--passes` and its error message read them from here.
fn catalogue() -> Vec<Box<dyn Pass<TestCase>>> {
    let mut all = default_for_files(false);
    all.push(Box::new(RustReplace::todo_bodies()));
    all.push(Box::new(Lithium::new(Lines, "lithium-lines")));
    all.push(Box::new(AdaptiveDdmin::new(Lines, "ddmin-lines")));
    all.push(Box::new(ReplaceWithSimpler::new(TextInts)));
    // Not by default: on 17 binary corpus cases it took one byte off one result
    // (gzip, 36 -> 35) for 10 % more checks in all (up to 2.1 x on one case).
    all.push(Box::new(lower_values::LowerValues::default()));
    // Not by default: as a last resort after `one-bytes` on 19 binary corpus cases and
    // the CAB case it changed no result's size, for 12 % more checks in all (up to
    // 2.5 x on one case; 274 moves on the tar case).
    all.push(Box::new(lower_values::FieldShifts::default()));
    all.extend(exhaustive_passes());
    all
}

/// The passes `--exhaustive` appends: the rest of the 1-minimal neighbourhood of
/// `tools/check_minimal.py` on Rust files (see [`neighbours`]; `rust-pairs` is in
/// the default pipeline).
pub fn exhaustive_passes() -> Vec<Box<dyn Pass<TestCase>>> {
    (neighbourhood(neighbours::Files::Rust).into_iter())
        .filter(|p| p.neighbourhood().map(|(k, _)| k) != Some(neighbours::Kind::Pairs))
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

    /// Test helper: reduces the one file `name` holding `data` with `passes`, one job, no
    /// final check, under a fake predicate; the result and the number of predicate calls.
    pub(crate) fn reduce_one_file(
        name: &str,
        data: Vec<u8>,
        passes: Vec<Box<dyn Pass<TestCase>>>,
        pred: impl Fn(&[u8]) -> bool + Sync,
    ) -> (Vec<u8>, usize) {
        reduce_one_file_with(crate::Config::default(), name, data, passes, pred)
    }

    /// [`reduce_one_file`] with `config` (its jobs and final check set as there).
    pub(crate) fn reduce_one_file_with(
        config: crate::Config,
        name: &str,
        data: Vec<u8>,
        passes: Vec<Box<dyn Pass<TestCase>>>,
        pred: impl Fn(&[u8]) -> bool + Sync,
    ) -> (Vec<u8>, usize) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let calls = AtomicUsize::new(0);
        let p = crate::FnPredicate::new("t", |c: &TestCase| {
            calls.fetch_add(1, Ordering::Relaxed);
            pred(c.files().next().unwrap().1)
        });
        let r = crate::Reduction {
            predicate: &p,
            passes,
            config: crate::Config {
                jobs: 1,
                final_check: false,
                ..config
            },
            cache: crate::VerdictCache::new(None),
            cancel: crate::CancelFlag::new(),
            admit: None,
            forms: Vec::new(),
        };
        let out = crate::reduce(
            TestCase::single(name, data),
            r,
            &mut crate::NullObserver,
            &mut crate::NullSink,
        )
        .unwrap();
        let bytes = out.best.files().next().unwrap().1.to_vec();
        (bytes, calls.load(Ordering::Relaxed))
    }

    /// A dump of statements, one a line, read whole before it is parsed: the check
    /// holds for a prefix that has the third statement, unless the prefix ends
    /// inside a quoted string (a tokenizer error). Byte probes 1, 2, 4, ... land in
    /// the long string of the fourth line and bisect to a cut after it; probes over
    /// lines find the end of the third line, then its shortest prefix.
    #[test]
    fn ends_searches_lines_before_bytes() {
        let text = "create table t (a int);\ninsert 'a';\nreplace x set y;\n\
                    select 'a long string that runs on and on for a while, past ninety-six';\n\
                    delete 3;\n";
        let n = text.len();
        let needed = text.find(" set").unwrap();
        let holds =
            |keep: usize| keep >= needed && text[..keep].matches('\'').count().is_multiple_of(2);
        let starts: Vec<usize> = (text.match_indices('\n'))
            .map(|(i, _)| i + 1)
            .filter(|&i| i < n)
            .collect();
        let mut tests = 0;
        let found = Ends::shortest(n, false, &starts, |k| {
            tests += 1;
            Ok::<_, ()>(holds(k))
        });
        assert_eq!(found, Ok(Some(needed)));
        assert!(tests <= 8, "{tests} tests");
        let found = Ends::shortest(n, false, &[], |k| Ok::<_, ()>(holds(k)));
        // A cut just after the long string's closing quote.
        assert_eq!(found, Ok(Some(text.find("';\ndelete").unwrap() + 1)));
    }

    #[test]
    fn pass_names_are_unique_and_roles_come_with_the_passes() {
        let names = file_pass_names();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "{names:?}");
        assert_eq!(file_pass_by_name("lines").unwrap().name(), "lines");
        assert!(file_pass_by_name("nope").is_none());
        assert!((exhaustive_passes().iter()).all(|p| names.contains(&p.name())));
        // The roles, as the pipeline gives them (and `--passes` finds them).
        let with = |pick: fn(Role) -> bool| -> Vec<&str> {
            (catalogue().iter())
                .filter(|p| pick(p.role()))
                .map(|p| p.name())
                .collect()
        };
        assert_eq!(
            with(|r| r.fallback),
            ["chaos-lines", "lines", "brackets", "repeats", "ngrams",]
        );
        assert_eq!(
            with(|r| r.last_resort),
            [
                "target-cuts",
                "same-tokens",
                "data-lines",
                "data-lengths",
                "data-pairs",
                "data-token-runs",
                "data-replace-tokens",
                "data-bytes",
                "zero-bytes",
                "one-bytes",
                "counted-runs",
                "counted-records",
                "gated-gaps",
                "gap-shifts",
                "counted-ranges",
                "der-lifts",
                "rust-pairs",
                "rust-lines",
                "rust-lengths",
                "rust-token-runs",
                "rust-replace-tokens",
                "rust-bytes"
            ]
        );
        assert_eq!(
            with(|r| r.bet_on_success),
            ["rust-comments", "rust-private", "rust-renames"]
        );
        assert_eq!(with(|r| r.not_on_rust), ["chaos-lines", "lines", "ngrams"]);
        assert!(file_pass_by_name("ngrams").unwrap().role().fallback);
        // A fork keeps its role.
        let forked = file_pass_by_name("rust-renames").unwrap().fork().unwrap();
        assert!(forked.role().bet_on_success);
    }
}

//! `counted-runs`: deletion in a binary data file together with the one field that
//! keeps account of what is deleted — two edits at once, where each alone breaks
//! the file. Two kinds, both smaller than the current case (so the engine's order
//! takes them as it takes any deletion):
//!
//! - **A table and its count.** A run of `r` adjacent copies of a block of `p`
//!   bytes (records that the byte passes made alike: a CAB's file entries, a
//!   class file's methods) is read through a count before it. Deleting a copy
//!   leaves the count too high (the reader runs past the table) and lowering the
//!   count leaves the last record unread (the bug's record, as often as not); so
//!   `m` copies go with the count lowered by `m`. The count is an unsigned integer
//!   of 1, 2 or 4 bytes (either byte order) before the run whose value is at
//!   least `r`; of those, the [`MAX_FIELDS`] closest to `r`, then closest to the
//!   run. `m` is all copies, then half as many, down to one. Deleting any `m * p`
//!   bytes of a periodic run gives the same bytes, so the records' boundaries need
//!   not be known.
//! - **A gap and its offset.** Bytes nobody reads are zeros after `zero-bytes`;
//!   a run of at least [`MIN_GAP`] zeros that an offset field (2 or 4 bytes, either
//!   order) points into or just past cannot go while the offset stays. The zeros
//!   before the target go with the offset lowered by as many (all of them, then
//!   half, down to one). An offset counts from the file's start, or (tried after
//!   every offset of that kind) from the field's end: a length that ends inside
//!   the block around it, as a DWARF line program's `header_length` ends at the
//!   program after its tables and padding. Last, a length in a byte's low 4 to 8
//!   bits, from the byte's end, into or just past any run of zeros, the one that
//!   ends the file too (an SWF tag's header packs its code and length in a `u16`:
//!   the tag's unread payload at the end of the file stayed, as `ends` cannot cut
//!   it while the length counts it).
//!
//! A plan of `counted-runs` that fails is tried once more with the lengths of the
//! blocks around its cut lowered, as [`super::boxes::Framed`] lowers them for the
//! byte and token cuts (the DWARF unit's length around that header), when the file
//! is a container ([`super::boxes::enclosing_lengths`]). Not at once: a length read
//! by accident makes a plan fail that was right without it. Not in `gap-shifts`,
//! which chooses the sizes around its cut itself, nor the other passes built on
//! [`PlanPass`].
//!
//! The gap plans are tried level by level: every gap's and field's cut of all the
//! zeros before the target, then every one's half, and so on, so that a file with
//! many fields that point into its gaps by accident (2-byte windows `01 00` read
//! as 256) gives each field its largest cuts within the pass's [`MAX_TESTS`]; the
//! offsets from the file's start first, then those from the field's end (every
//! small number is one of those, and its target is often in a gap nearby).
//!
//! `offset-cuts` does the second kind early, on large files, for any bytes: what lies
//! before an offset field's target (a PE's symbol table after 98 KB of sections)
//! goes with the offset lowered by as many. Fields: 4 bytes at a multiple of 4 (as
//! headers align them), either order, among the first [`HEAD`] bytes (headers come
//! first), pointing at least [`MIN_CUT`] bytes past
//! their end; each tries the bytes from its end to its target, then half and a quarter
//! of them (the last ones). A field taken for an offset that is none costs three
//! checks. Files of at least [`MIN_FILE`] bytes (2 KB: at 16 KB, the 7z case's
//! packed streams stopped at 9 KB, which no other pass cuts with the offset; on
//! smaller files the byte passes cut as well), at most [`MAX_OFFSET_TESTS`] tests a
//! run.
//!
//! `footer-cuts` does the same for an offset in a footer (a TGA's extension area
//! offset, 26 bytes from the end, which bounds the pixel data before it): fields of
//! 4 bytes at any position among the last [`TAIL`] bytes (and in the second half of
//! the file: a small file's last bytes are its header too), either order, whose value
//! points before the field, into the file's second half (where a footer's target
//! lies; a small value there is a count or a length, and cost each binary case about
//! 100 checks of plans that all failed). The bytes before the target go in
//! ddmin's splits (all, each half, each quarter, ... down to single bytes), the
//! field lowered by as many; any binary data file, at most [`MAX_FOOTER_IDLE`]
//! tests since the last one taken (a run ends on a case it has tried that many
//! plans of: the scheduler runs no pass again on the case it left). A cut before a footer's target moves the target, so without the
//! field lowered no deletion there keeps the file readable.
//!
//! Neither kind is in the stated neighbourhood of `tools/check_minimal.py`; they
//! only make results smaller. Files of at most [`MAX_BYTES`] bytes, of a case
//! without source code; at most [`MAX_TESTS`] tests since the last one taken (it is
//! a last resort: it runs when nothing else finds anything; it went on only for
//! [`MAX_TESTS`] in all until the DWARF case, where each header cut takes about 20
//! tests of the fields that point into the padding by accident, and the run ended
//! after four cuts with 250 zeros left, on a case the scheduler does not give the
//! pass again).

use std::collections::HashMap;

use super::chunks::{encode_uint, read_uint};
use super::neighbours::without_source;
use super::stamps::{restamp, stamps, Stamp};
use super::{Ctx, Interrupt, Pass};
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::testcase::is_binary;

/// Files longer than this are left alone (the other passes shorten them first).
pub const MAX_BYTES: usize = 65_536;
/// A run needs this many copies to be taken for a table.
const MIN_COPIES: usize = 4;
/// The longest record looked for.
const MAX_PERIOD: usize = 256;
/// Count fields tried per run.
const MAX_FIELDS: usize = 4;
/// The shortest run of zeros taken for a gap.
const MIN_GAP: usize = 4;
/// The widths in bits of a length in a byte's low bits (see [`packed_lengths`]).
const PACKED_BITS: [u32; 5] = [4, 5, 6, 7, 8];
/// Tests per run of the pass since the last one taken.
const MAX_TESTS: usize = 96;
/// `offset-cuts`: files at least this long.
pub const MIN_FILE: usize = 2_048;
/// `offset-cuts`: fields among the first this many bytes.
const HEAD: usize = 1024;
/// `offset-cuts`: the least a cut takes.
const MIN_CUT: usize = 256;
/// `offset-cuts`: tests per run of the pass.
const MAX_OFFSET_TESTS: usize = 48;
/// `footer-cuts`: fields among the last this many bytes.
const TAIL: usize = 32;
/// `footer-cuts`: tests since the last one taken (enough for two fields' first
/// three levels, where a footer's offset finds a quarter before its target to cut).
const MAX_FOOTER_IDLE: usize = 16;

/// `copies` adjacent copies of a block of `period` bytes from `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Run {
    pub(super) start: usize,
    pub(super) period: usize,
    pub(super) copies: usize,
}

/// An unsigned integer field: `width` bytes at `at`, big endian or not, holding
/// `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Field {
    pub(super) at: usize,
    pub(super) width: usize,
    pub(super) big: bool,
    pub(super) value: u64,
}

impl Field {
    pub(super) fn end(&self) -> usize {
        self.at + self.width
    }
}

/// `block` is no repetition of a shorter block (one byte repeated included).
fn primitive(block: &[u8]) -> bool {
    let p = block.len();
    !(1..p).any(|d| p.is_multiple_of(d) && (d..p).all(|i| block[i] == block[i - d]))
}

/// The maximal runs of at least [`MIN_COPIES`] copies of a primitive block, largest
/// first.
fn runs(text: &[u8]) -> Vec<Run> {
    let mut out = Vec::new();
    let n = text.len();
    for period in 2..=MAX_PERIOD.min(n / MIN_COPIES) {
        let mut i = 0;
        while i + period < n {
            if text[i] != text[i + period] {
                i += 1;
                continue;
            }
            let mut j = i;
            while j + period < n && text[j] == text[j + period] {
                j += 1;
            }
            // text[i..j + period] has period `period`.
            let copies = (j + period - i) / period;
            if copies >= MIN_COPIES && primitive(&text[i..i + period]) {
                out.push(Run {
                    start: i,
                    period,
                    copies,
                });
            }
            i = j;
        }
    }
    out.sort_by_key(|r| (std::cmp::Reverse(r.copies * r.period), r.start, r.period));
    out
}

/// Every unsigned field of `widths` ending at or before `end`, in both byte
/// orders (one for a byte), whose value passes `keep`.
pub(super) fn fields(
    text: &[u8],
    widths: &[usize],
    end: usize,
    keep: impl Fn(u64) -> bool,
) -> Vec<Field> {
    let mut out = Vec::new();
    for &width in widths {
        for at in 0..(end + 1).saturating_sub(width) {
            for big in [false, true] {
                if width == 1 && big {
                    continue;
                }
                match read_uint(text, at, width, big) {
                    Some(value) if keep(value) => out.push(Field {
                        at,
                        width,
                        big,
                        value,
                    }),
                    _ => {}
                }
            }
        }
    }
    out
}

/// The count fields tried for `run` (see the module docs).
pub(super) fn counts(text: &[u8], run: &Run) -> Vec<Field> {
    let r = run.copies as u64;
    let mut found = fields(text, &[4, 2, 1], run.start, |v| {
        (r..=text.len() as u64).contains(&v)
    });
    found.sort_by_key(|f| (f.value - r, run.start - f.end(), f.width));
    found.truncate(MAX_FIELDS);
    found
}

/// The maximal runs of at least `min` zeros, as (start, end).
pub(super) fn zero_runs(text: &[u8], min: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i] != 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && text[i] == 0 {
            i += 1;
        }
        if i - start >= min {
            out.push((start, i));
        }
    }
    out
}

/// What lists a file's plans, in the order they are tried.
pub(super) type Plans = for<'a> fn(&'a [u8]) -> Box<dyn Iterator<Item = Plan> + 'a>;

/// One candidate: `cut` deleted, `field` set to `value` and each of `also` set to
/// its value (the fields apart from each other and from the cut).
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    pub(super) cut: (usize, usize),
    pub(super) field: Field,
    pub(super) value: u64,
    pub(super) also: [Option<(Field, u64)>; 3],
}

/// A plan's `also` when it sets one field.
pub(super) const ALONE: [Option<(Field, u64)>; 3] = [None; 3];

impl Plan {
    /// File `seq` of `case` with the plan applied, if each value fits its field,
    /// with `lengths` (of the blocks around the cut: see [`run_plans`]) set too, save
    /// one the plan sets itself (none left: no candidate); `stamps` (of that file)
    /// written again over what the plan leaves, and its seals ([`super::seals`])
    /// when the plan changes only what one covers.
    fn apply<C: Case<Item = u8>>(
        &self,
        case: &C,
        seq: usize,
        stamps: &[Stamp],
        lengths: &[(usize, Vec<u8>)],
    ) -> Option<C> {
        let mut sets = Vec::new();
        for (field, value) in
            std::iter::once((self.field, self.value)).chain(self.also.into_iter().flatten())
        {
            sets.push((field, encode_uint(value, field.width, field.big)?));
        }
        let apart = |f: &Field, at: usize, n: usize| f.end() <= at || at + n <= f.at;
        let own = sets.len();
        for (at, bytes) in lengths {
            if sets.iter().all(|(f, _)| apart(f, *at, bytes.len())) {
                // Only where and how wide: the bytes are given.
                let field = Field {
                    at: *at,
                    width: bytes.len(),
                    big: false,
                    value: 0,
                };
                sets.push((field, bytes.clone()));
            }
        }
        if !lengths.is_empty() && sets.len() == own {
            // The plan sets each of them itself: the same candidate as without them.
            return None;
        }
        let fixes = restamp(case.seq(seq), stamps, self.cut, &sets);
        let mut set = EditSet::new();
        let ok = set.push(Edit::cut(seq, self.cut.0, self.cut.1))
            && (sets.into_iter())
                .all(|(f, bytes)| set.push(Edit::replace(seq, f.at, f.end(), bytes)))
            && (fixes.into_iter())
                .all(|(at, crc)| set.push(Edit::replace(seq, at, at + 4, crc.to_vec())));
        ok.then(|| case.apply(&super::seals::with_seals(seq, case.seq(seq), set)))
    }
}

/// `n`, `n / 2`, ..., 1.
pub(super) fn halvings(n: usize) -> impl Iterator<Item = usize> {
    std::iter::successors(Some(n).filter(|&n| n >= 1), |&m| {
        Some(m / 2).filter(|&m| m >= 1)
    })
}

/// The plans for `text`, in the order they are tried: each table's copies with
/// each of its counts, then each gap with each offset into it. Made as they are
/// tried (a run's count fields are looked for when its turn comes), since the pass
/// stops after [`MAX_TESTS`] in a row fail.
fn plans(text: &[u8]) -> Box<dyn Iterator<Item = Plan> + '_> {
    let tables = runs(text).into_iter().flat_map(move |run| {
        counts(text, &run).into_iter().flat_map(move |field| {
            halvings(run.copies).map(move |m| Plan {
                cut: (run.start, run.start + m * run.period),
                field,
                value: field.value - m as u64,
                also: ALONE,
            })
        })
    });
    let gaps = std::iter::once(text).flat_map(gap_plans);
    Box::new(tables.chain(gaps))
}

/// The plans of the gaps of `text` (see [`plans`]).
fn gap_plans(text: &[u8]) -> Vec<Plan> {
    // The maximal runs of at least MIN_GAP zeros; the gaps are those with something
    // after them.
    let runs = zero_runs(text, MIN_GAP);
    let gaps: Vec<_> = (runs.iter().copied())
        .filter(|&(_, end)| end < text.len())
        .collect();
    // Offsets from the file's start, then lengths from the field's end (a DWARF
    // line program header's `header_length`, before its tables and padding).
    let mut absolute: HashMap<usize, Vec<Field>> = HashMap::new();
    let mut relative: HashMap<usize, Vec<Field>> = HashMap::new();
    let len = text.len() as u64;
    if !gaps.is_empty() {
        for field in fields(text, &[4, 2], text.len(), |v| (1..=len).contains(&v)) {
            absolute
                .entry(field.value as usize)
                .or_default()
                .push(field);
            relative
                .entry(field.end() + field.value as usize)
                .or_default()
                .push(field);
        }
    }
    // Then lengths in a byte's low bits (see [`packed_lengths`]), into any run of
    // zeros, the one that ends the file too: the block they count may be the last.
    let packed = packed_lengths(text, &runs);
    let mut out = Vec::new();
    for (by_target, gaps) in [(&absolute, &gaps), (&relative, &gaps), (&packed, &runs)] {
        let mut lists: Vec<Vec<Plan>> = Vec::new();
        for &(start, end) in gaps {
            lists_of(by_target, start, end, &mut lists);
        }
        // Level by level (see the module docs).
        let levels = lists.iter().map(Vec::len).max().unwrap_or(0);
        out.extend((0..levels).flat_map(|level| lists.iter().filter_map(move |l| l.get(level))));
    }
    out
}

/// Bytes whose low `b` bits (`b` from [`PACKED_BITS`], all 8 the last) are a length
/// counted from the byte's end, by target (their end plus that length), for the
/// targets in or just past one of `runs`: the type and the length of a record in one
/// byte or a little-endian `u16` (an SWF tag's header: the length in the low 6
/// bits, the tag's code above; a MessagePack `fixstr`, a CBOR string's initial byte:
/// the low 5 bits). Lowering such a length by `k` is lowering the byte by `k` when
/// its low bits hold at least `k` (every plan's `k` is at most the length: it cuts
/// only after the field), so a field is the byte, whatever its high bits hold. Each
/// byte once per target.
fn packed_lengths(text: &[u8], runs: &[(usize, usize)]) -> HashMap<usize, Vec<Field>> {
    let mut out: HashMap<usize, Vec<Field>> = HashMap::new();
    let Some(last) = runs.iter().map(|&(_, end)| end).max() else {
        return out;
    };
    for (at, &byte) in text.iter().enumerate().take(last) {
        let mut seen = Vec::new();
        for bits in PACKED_BITS {
            let length = usize::from(byte) & ((1 << bits) - 1);
            let target = at + 1 + length;
            let inside = runs.iter().any(|&(s, e)| s < target && target <= e);
            if length == 0 || seen.contains(&target) || !inside {
                continue;
            }
            seen.push(target);
            out.entry(target).or_default().push(Field {
                at,
                width: 1,
                big: false,
                value: u64::from(byte),
            });
        }
    }
    out
}

/// For each field of `by_target` whose target lies in the gap `start..end`, its
/// plans (all the zeros before the target, then half as many, ...), into `lists`.
fn lists_of(
    by_target: &HashMap<usize, Vec<Field>>,
    start: usize,
    end: usize,
    lists: &mut Vec<Vec<Plan>>,
) {
    for target in start + 1..=end {
        for field in by_target.get(&target).into_iter().flatten() {
            // The zeros before the target, not the field's own.
            let from = if field.at >= end {
                start
            } else if field.end() <= end {
                start.max(field.end())
            } else {
                continue;
            };
            let plans = halvings(target.saturating_sub(from)).map(|k| Plan {
                cut: (target - k, target),
                field: *field,
                value: field.value - k as u64,
                also: ALONE,
            });
            lists.push(plans.collect::<Vec<_>>());
        }
    }
}

/// The plans of `offset-cuts` for `text` (see the module docs).
fn offset_plans(text: &[u8]) -> Box<dyn Iterator<Item = Plan> + '_> {
    let len = text.len() as u64;
    let head = &text[..text.len().min(HEAD + 3)];
    let mut out = Vec::new();
    for field in fields(head, &[4], head.len(), |v| v <= len) {
        if field.at % 4 != 0 {
            continue;
        }
        let span = (field.value as usize).saturating_sub(field.end());
        if span < MIN_CUT {
            continue;
        }
        for k in [span, span / 2, span / 4] {
            out.push(Plan {
                cut: (field.value as usize - k, field.value as usize),
                field,
                value: field.value - k as u64,
                also: ALONE,
            });
        }
    }
    Box::new(out.into_iter())
}

/// The plans that delete `m` of `run`'s records (ddmin's splits from the largest)
/// with `field` lowered by as many.
pub(super) fn splits(run: Run, field: Field) -> impl Iterator<Item = Plan> {
    halvings(run.copies).flat_map(move |m| {
        (0..=run.copies - m).step_by(m).map(move |k| Plan {
            cut: (run.start + k * run.period, run.start + (k + m) * run.period),
            field,
            value: field.value - m as u64,
            also: ALONE,
        })
    })
}

/// The plans of `footer-cuts` for `text` (see the module docs): for each 4-byte
/// field among the last [`TAIL`] bytes (any position: a footer's place is counted
/// from the end) whose value is an offset before the field and in the file's second
/// half (a footer points back at what lies near it: an extension area, a directory,
/// a table; a small number in a footer is a count or a length), the bytes before that
/// offset in ddmin's splits, the field lowered by as many. The fields take turns,
/// level by level (every field's whole, then every field's halves, ...), the one
/// nearest the end first: which field is the footer's is not known, and a table of
/// offsets before a footer has many.
fn footer_plans(text: &[u8]) -> Box<dyn Iterator<Item = Plan> + '_> {
    // The last TAIL bytes, and only of the second half: in a small file they would
    // be its header too.
    let from = text.len().saturating_sub(TAIL).max(text.len() / 2);
    let tail = &text[from..];
    let mut found: Vec<Field> = (fields(tail, &[4], tail.len(), |v| v >= 2).into_iter())
        .map(|f| Field {
            at: f.at + from,
            ..f
        })
        .filter(|f| (f.value as usize) < f.at && f.value as usize >= text.len() / 2)
        .collect();
    found.sort_by_key(|f| std::cmp::Reverse(f.at));
    let deepest = found.iter().map(|f| f.value).max().unwrap_or(0);
    let levels = halvings(deepest as usize).count();
    Box::new((0..levels).flat_map(move |level| {
        found.clone().into_iter().flat_map(move |field| {
            let n = field.value as usize;
            let m = n >> level;
            (m >= 1)
                .then(|| {
                    (0..=n - m).step_by(m).map(move |k| Plan {
                        cut: (k, k + m),
                        field,
                        value: field.value - m as u64,
                        also: ALONE,
                    })
                })
                .into_iter()
                .flatten()
        })
    }))
}

/// How many tests a run of a plan-testing pass may make.
#[derive(Clone, Copy, Debug)]
pub(super) enum Budget {
    /// At most this many in all.
    Total(usize),
    /// At most this many since the last one taken (or the start): a run ends on a
    /// case it has tested that many plans of, never right after a success (the
    /// scheduler does not run a pass again on the case it left).
    Idle(usize),
}

/// Tests the plans `make` gives for each binary data file of `ctx`'s case within
/// `sizes`, within `budget`, from the start again after each one taken.
pub(super) fn run_plans<C: Case<Item = u8>>(
    ctx: &mut dyn Ctx<C>,
    sizes: std::ops::RangeInclusive<usize>,
    budget: Budget,
    make: Plans,
    framed: bool,
) -> Result<(), Interrupt> {
    let (limit, idle) = match budget {
        Budget::Total(n) => (n, false),
        Budget::Idle(n) => (n, true),
    };
    let mut tests = 0;
    'again: loop {
        ctx.checkpoint()?;
        let case = ctx.current().clone();
        if !without_source(&case) {
            return Ok(());
        }
        for seq in 0..case.seq_count() {
            let text = case.seq(seq);
            if !sizes.contains(&text.len()) || !is_binary(text) {
                continue;
            }
            let marks = stamps(text);
            for plan in make(text) {
                // Plain, then (a framed pass) with the lengths around the cut,
                // found only when the plain try has failed.
                let mut lengths = Vec::new();
                for k in 0..2 {
                    if k == 1 {
                        if !framed {
                            break;
                        }
                        lengths = super::boxes::enclosing_lengths(text, plan.cut);
                        if lengths.is_empty() {
                            break;
                        }
                    }
                    let Some(cand) = plan.apply(&case, seq, &marks, &lengths) else {
                        continue;
                    };
                    if tests >= limit {
                        return Ok(());
                    }
                    ctx.checkpoint()?;
                    tests += 1;
                    if ctx.test(cand)? {
                        if idle {
                            tests = 0;
                        }
                        continue 'again;
                    }
                }
            }
        }
        return Ok(());
    }
}

/// A pass that tests the plans `make` gives for each binary data file within
/// `sizes`, within `budget` (see [`run_plans`]): `counted-runs`, `offset-cuts`,
/// `footer-cuts`, `counted-records`, `gated-gaps`, `gap-shifts`, `counted-ranges`.
#[derive(Clone, Debug)]
pub struct PlanPass {
    name: &'static str,
    sizes: std::ops::RangeInclusive<usize>,
    budget: Budget,
    make: Plans,
    framed: bool,
}

impl PlanPass {
    /// The pass named `name` (see [`PlanPass`]).
    pub(super) const fn new(
        name: &'static str,
        sizes: std::ops::RangeInclusive<usize>,
        budget: Budget,
        make: Plans,
    ) -> Self {
        PlanPass {
            name,
            sizes,
            budget,
            make,
            framed: false,
        }
    }

    /// The same pass, its plans also lowering the lengths of the blocks around
    /// their cuts (see the module docs).
    pub(super) const fn framed(mut self) -> Self {
        self.framed = true;
        self
    }
}

impl<C: Case<Item = u8>> Pass<C> for PlanPass {
    fn name(&self) -> &'static str {
        self.name
    }

    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        run_plans(ctx, self.sizes.clone(), self.budget, self.make, self.framed)
    }
}

/// `counted-runs` (see the module docs).
pub const COUNTED_RUNS: PlanPass = PlanPass::new(
    "counted-runs",
    0..=MAX_BYTES,
    Budget::Idle(MAX_TESTS),
    plans,
)
.framed();

/// `offset-cuts` (see the module docs).
pub const OFFSET_CUTS: PlanPass = PlanPass::new(
    "offset-cuts",
    MIN_FILE..=usize::MAX,
    Budget::Total(MAX_OFFSET_TESTS),
    offset_plans,
);

/// `footer-cuts` (see the module docs).
pub const FOOTER_CUTS: PlanPass = PlanPass::new(
    "footer-cuts",
    0..=usize::MAX,
    Budget::Idle(MAX_FOOTER_IDLE),
    footer_plans,
);

#[cfg(test)]
mod tests;

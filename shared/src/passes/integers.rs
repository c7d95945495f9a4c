//! Integer shrinking (the notebook's simplifier): each integer with the
//! `shrink_integer` probe and bisection, `replace_with_simpler` (cap every value at
//! a smaller one already present), and shared values shrunk together.
//! Integers are "slots": list elements, or decimal numbers in text.

use std::collections::{BTreeMap, HashSet};

use super::Pass;
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::passes::{Ctx, Interrupt};
use crate::search::minimize_integer_with;
use crate::tokens::{class, Class};

/// One integer in a case: items `start..end` of sequence `seq` hold `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// Sequence index.
    pub seq: usize,
    /// Start of the integer's items.
    pub start: usize,
    /// End of the integer's items.
    pub end: usize,
    /// Its value.
    pub value: u128,
}

/// Where the integers of a case are, and how to write one.
pub trait Slots<C: Case>: Clone + Send + Sync + 'static {
    /// Name used in pass names.
    fn name(&self) -> &'static str;
    /// The integers, in order.
    fn slots(&self, case: &C) -> Vec<Slot>;
    /// The items that represent `value`.
    fn encode(&self, value: u128) -> Vec<C::Item>;
    /// The largest value whose encoding is shorter than `value`'s, when the size of
    /// an encoding depends on the value (`None`: it does not, or none is).
    fn shorter_than(&self, _value: u128) -> Option<u128> {
        None
    }
}

/// Every element of a list of `u64` is an integer.
#[derive(Clone)]
pub struct ListInts;

impl Slots<Vec<u64>> for ListInts {
    fn name(&self) -> &'static str {
        "list"
    }
    fn slots(&self, case: &Vec<u64>) -> Vec<Slot> {
        case.iter()
            .enumerate()
            .map(|(i, &v)| Slot {
                seq: 0,
                start: i,
                end: i + 1,
                value: v as u128,
            })
            .collect()
    }
    fn encode(&self, value: u128) -> Vec<u64> {
        vec![value as u64]
    }
}

/// Decimal numbers in text (runs of digits not inside an identifier).
#[derive(Clone)]
pub struct TextInts;

impl<C: Case<Item = u8>> Slots<C> for TextInts {
    fn name(&self) -> &'static str {
        "text"
    }
    fn slots(&self, case: &C) -> Vec<Slot> {
        let mut out = Vec::new();
        for seq in 0..case.seq_count() {
            let t = case.seq(seq);
            let mut i = 0;
            while i < t.len() {
                if t[i].is_ascii_digit() && (i == 0 || class(t[i - 1]) != Class::Word) {
                    let mut j = i;
                    while j < t.len() && t[j].is_ascii_digit() {
                        j += 1;
                    }
                    if j - i <= 38 {
                        let v = std::str::from_utf8(&t[i..j])
                            .ok()
                            .and_then(|s| s.parse::<u128>().ok());
                        if let Some(value) = v {
                            out.push(Slot {
                                seq,
                                start: i,
                                end: j,
                                value,
                            });
                        }
                    }
                    i = j;
                } else {
                    i += 1;
                }
            }
        }
        out
    }
    fn encode(&self, value: u128) -> Vec<u8> {
        value.to_string().into_bytes()
    }
    fn shorter_than(&self, value: u128) -> Option<u128> {
        let digits = value.checked_ilog10()? as usize + 1;
        (digits > 1).then(|| 10u128.pow(digits as u32 - 1) - 1)
    }
}

fn with_values<C: Case, S: Slots<C>>(slots: &S, case: &C, assign: &[(Slot, u128)]) -> C {
    let mut set = EditSet::new();
    for (s, v) in assign {
        set.push(Edit::replace(s.seq, s.start, s.end, slots.encode(*v)));
    }
    case.apply(&set)
}

/// Whether to bisect the bracket `(slot, lo)` (values above `lo`, up to `2 * lo +
/// 1`): once per bracket, and a wide one (above 2^16) only when a probe lands in it
/// a second time (`deferred` is then set meanwhile). Bisecting a wide bracket costs
/// a test per bit and gains less than one bit: a value the rest of the case makes
/// random rarely comes back to the same bracket, while a real threshold does, and
/// is then found exactly.
fn may_bisect(
    seen: &mut HashSet<(usize, u128)>,
    bracket: (usize, u128),
    deferred: &mut bool,
) -> bool {
    const WIDE: u128 = 1 << 16;
    if bracket.1 < WIDE {
        return seen.insert(bracket);
    }
    if seen.contains(&bracket) {
        return false;
    }
    // Marked (as `(slot, !lo)`) the first time, bisected the second.
    if seen.insert((bracket.0, !bracket.1)) {
        *deferred = true;
        return false;
    }
    seen.insert(bracket)
}

/// Shrinks each integer on its own, from the last one to the first.
#[derive(Clone)]
pub struct ShrinkEach<S> {
    slots: S,
    cursor: Option<usize>,
    /// `(slot, bracket start)` pairs already bisected in this run.
    bisected: HashSet<(usize, u128)>,
    /// Values a full probe could not lower in an earlier sweep: later sweeps only
    /// try `0` on them (one test instead of one per bit).
    settled: HashSet<u128>,
    /// A wide bracket was left for a later sweep in this one.
    deferred: bool,
}

impl<S> ShrinkEach<S> {
    /// Per-integer shrinking over `slots`.
    pub fn new(slots: S) -> Self {
        ShrinkEach {
            slots,
            cursor: None,
            bisected: HashSet::new(),
            settled: HashSet::new(),
            deferred: false,
        }
    }
}

impl<C: Case, S: Slots<C>> Pass<C> for ShrinkEach<S> {
    fn name(&self) -> &'static str {
        "integers"
    }
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }

    fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }

    fn wants_rerun(&self) -> bool {
        self.deferred
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        if self.cursor.is_none() {
            self.deferred = false;
        }
        let mut idx = self.cursor.take().unwrap_or(usize::MAX);
        loop {
            if let Err(e) = ctx.checkpoint() {
                self.cursor = Some(idx);
                return Err(e);
            }
            let slots = self.slots.slots(ctx.current());
            idx = idx.min(slots.len());
            if idx == 0 {
                return Ok(());
            }
            idx -= 1;
            let v = slots[idx].value;
            // In a text file (not source code) a value only makes the case smaller
            // with fewer digits: unless `0` or the largest shorter value holds, the
            // search (a test per bit) cannot shorten it; when one does, the search
            // is over the number of digits (a test per halving of the digits), and
            // over the values of those digits only when that range is narrow.
            let shorter = (!ctx.current().is_syntax(slots[idx].seq))
                .then(|| Slots::<C>::shorter_than(&self.slots, v))
                .flatten();
            let (slots_view, bisected, deferred) =
                (&self.slots, &mut self.bisected, &mut self.deferred);
            let mut try_value = |w: u128| {
                let s = slots_view.slots(ctx.current());
                let Some(&slot) = s.get(idx) else {
                    return Ok(false);
                };
                let cand = with_values(slots_view, ctx.current(), &[(slot, w)]);
                ctx.test(cand)
            };
            let r = if v == 0 {
                Ok(0)
            } else if let Some(bound) = shorter.filter(|_| !self.settled.contains(&v)) {
                (|| {
                    if try_value(0)? {
                        return Ok(0);
                    }
                    // `hi` holds; every value of fewer digits than `hi` fails (taken to
                    // be a threshold, as the bisections here all do).
                    let mut hi = v;
                    if try_value(bound)? {
                        // The fewest digits `k` whose largest value `10^k - 1` holds,
                        // by bisection over the number of digits.
                        let (mut lo, mut top) = (0u32, bound.to_string().len() as u32);
                        while top - lo > 1 {
                            let mid = lo + (top - lo) / 2;
                            if try_value(10u128.pow(mid) - 1)? {
                                top = mid;
                            } else {
                                lo = mid;
                            }
                        }
                        hi = 10u128.pow(top) - 1;
                    }
                    // Then the smallest value of those digits, when that costs at most
                    // 16 tests (same size, a simpler value); a wider range would
                    // cost a test per bit for no byte.
                    let mut lo = Slots::<C>::shorter_than(slots_view, hi).unwrap_or(0);
                    if hi - lo > 1 << 16 {
                        return Ok(hi);
                    }
                    while hi - lo > 1 {
                        let mid = lo + (hi - lo) / 2;
                        if try_value(mid)? {
                            hi = mid;
                        } else {
                            lo = mid;
                        }
                    }
                    Ok(hi)
                })()
            } else if self.settled.contains(&v) {
                try_value(0).map(|ok| if ok { 0 } else { v })
            } else {
                minimize_integer_with(v, &mut try_value, |lo| {
                    may_bisect(bisected, (idx, lo), deferred)
                })
            };
            match r {
                Ok(w) if w == v => {
                    self.settled.insert(v);
                }
                Ok(_) => {}
                Err(e) => {
                    self.cursor = Some(idx + 1);
                    return Err(e);
                }
            }
        }
    }
}

/// Caps every integer at each smaller value present, smallest first (the
/// notebook's `replace_with_simpler`): creates the duplicates `SharedValues` needs.
#[derive(Clone)]
pub struct ReplaceWithSimpler<S> {
    slots: S,
}

impl<S> ReplaceWithSimpler<S> {
    /// `replace_with_simpler` over `slots`.
    pub fn new(slots: S) -> Self {
        ReplaceWithSimpler { slots }
    }
}

impl<C: Case, S: Slots<C>> Pass<C> for ReplaceWithSimpler<S> {
    fn name(&self) -> &'static str {
        "simpler-integers"
    }
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        loop {
            ctx.checkpoint()?;
            let cur = ctx.current().clone();
            let slots = self.slots.slots(&cur);
            let mut values: Vec<u128> = slots.iter().map(|s| s.value).collect();
            values.sort_unstable();
            values.dedup();
            values.pop();
            let cands = values.iter().map(|&cap| {
                let assign: Vec<(Slot, u128)> = slots
                    .iter()
                    .filter(|s| s.value > cap)
                    .map(|&s| (s, cap))
                    .collect();
                with_values(&self.slots, &cur, &assign)
            });
            if ctx.first(cands)?.is_none() {
                return Ok(());
            }
        }
    }
}

/// Shrinks all integers that share a value at once.
#[derive(Clone)]
pub struct SharedValues<S> {
    slots: S,
    /// `(first slot of the group, bracket start)` pairs already bisected.
    bisected: HashSet<(usize, u128)>,
    /// `(value, group size)` that a full probe could not lower in an earlier sweep:
    /// later sweeps only try `0` on them.
    settled: HashSet<(u128, usize)>,
    /// A wide bracket was left for a later sweep in the last one.
    deferred: bool,
}

impl<S> SharedValues<S> {
    /// Shared-value shrinking over `slots`.
    pub fn new(slots: S) -> Self {
        SharedValues {
            slots,
            bisected: HashSet::new(),
            settled: HashSet::new(),
            deferred: false,
        }
    }
}

impl<C: Case, S: Slots<C>> Pass<C> for SharedValues<S> {
    fn name(&self) -> &'static str {
        "shared-integers"
    }
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }

    fn wants_rerun(&self) -> bool {
        self.deferred
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        self.deferred = false;
        let mut done: Vec<u128> = Vec::new();
        loop {
            ctx.checkpoint()?;
            let slots = self.slots.slots(ctx.current());
            let mut groups: BTreeMap<u128, usize> = BTreeMap::new();
            for s in &slots {
                *groups.entry(s.value).or_default() += 1;
            }
            // Largest shared value not yet tried in this sweep.
            let Some(value) = groups
                .iter()
                .rev()
                .find(|(v, n)| **n > 1 && **v > 0 && !done.contains(v))
                .map(|(v, _)| *v)
            else {
                return Ok(());
            };
            // Slot indices are stable under replacement, so the group is fixed by index.
            let members: Vec<usize> = slots
                .iter()
                .enumerate()
                .filter(|(_, s)| s.value == value)
                .map(|(i, _)| i)
                .collect();
            let (slots_view, bisected, deferred) =
                (&self.slots, &mut self.bisected, &mut self.deferred);
            let mut try_value = |w: u128| {
                let cur = ctx.current().clone();
                let now = slots_view.slots(&cur);
                let assign: Vec<(Slot, u128)> = members
                    .iter()
                    .filter_map(|&i| now.get(i))
                    .map(|&s| (s, w))
                    .collect();
                ctx.test(with_values(slots_view, &cur, &assign))
            };
            let key = (value, members.len());
            let found = if self.settled.contains(&key) {
                if try_value(0)? {
                    0
                } else {
                    value
                }
            } else {
                let found = minimize_integer_with(value, &mut try_value, |lo| {
                    may_bisect(bisected, (members[0], lo), deferred)
                })?;
                if found == value {
                    self.settled.insert(key);
                }
                found
            };
            done.push(value);
            done.push(found);
        }
    }
}

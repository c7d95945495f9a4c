//! Deletion passes over units: our density-adaptive deletion (the default), Lithium's
//! chunk halving, and adaptive delta debugging with `find_change_point`.

use super::units::{delete_units, Segmenter, Span};
use super::Pass;
use crate::case::Case;
use crate::passes::{Ctx, Interrupt};
use crate::search::find_change_point;

/// Deletes runs of units from the end towards the start, choosing the block size
/// from the density of necessary units seen so far (in the spirit of Hwang's
/// generalized binary splitting): try a block; when it cannot go, bisect it for the
/// last necessary unit, which is then known to be needed without another test.
///
/// Cost per necessary unit is about `1 + log2(gap)` tests, where `gap` is the typical
/// run of deletable units; at high densities it degrades to one test per unit.
/// After a cut of one unit, the unit that followed it (which the sweep, going
/// backwards, found needed) is tried once more: one test per such cut, while such
/// tries pay (see [`RETRY_MISSES`]).
#[derive(Clone)]
pub struct Delete<S> {
    seg: S,
    name: &'static str,
    max_units: usize,
    /// Units `[0, cursor)` remain to be processed in the current sweep.
    cursor: Option<usize>,
    deleted: usize,
    necessary: usize,
    /// The first block of a sweep is every unit (see [`Delete::all_first`]).
    all_first: bool,
    /// Second tries in a row (in this run) that did not take their unit, and the
    /// chances of one passed up since the last one.
    retry_misses: usize,
    retry_skipped: usize,
}

/// Second tries stop after this many in a row that take nothing: a pass whose cuts
/// do not free their followers (the relocation passes on an archive: 167 one-unit
/// cuts, no follower freed) stops paying a test per cut for them. While stopped, one
/// chance in [`RETRY_PROBE`] is still taken, and a hit starts them again: on an
/// image, the byte cuts that free their followers come in runs, late.
pub const RETRY_MISSES: usize = 4;
/// See [`RETRY_MISSES`].
pub const RETRY_PROBE: usize = 8;

impl<S> Delete<S> {
    /// A deletion pass over the units of `seg`, named `name`; skipped on cases with
    /// more than `max_units` units.
    pub fn new(seg: S, name: &'static str, max_units: usize) -> Self {
        Delete {
            seg,
            name,
            max_units,
            cursor: None,
            deleted: 0,
            necessary: 0,
            all_first: false,
            retry_misses: 0,
            retry_skipped: 0,
        }
    }

    /// This pass's sweeps start by deleting every unit at once, for units that
    /// nearly always go (comments, `pub`): one test instead of one per halving.
    /// When that fails, the bisection finds the longest run of them that can go.
    pub fn all_first(mut self) -> Self {
        self.all_first = true;
        self
    }

    fn block(&self, remaining: usize) -> usize {
        if self.all_first && self.deleted == 0 && self.necessary == 0 {
            return remaining.max(1);
        }
        block_for(self.deleted, self.necessary, remaining)
    }
}

/// The unit ranges the deletion loop tests, in order, after the block `(i - k, i)`
/// fails and every later test fails too: the bisection of the block (upper half,
/// quarter, ...), then the next blocks. Up to `max` ranges.
fn fail_chain(
    mut i: usize,
    mut k: usize,
    deleted: usize,
    mut necessary: usize,
    max: usize,
) -> impl Iterator<Item = (usize, usize)> {
    let mut out = Vec::new();
    while out.len() < max && i > 0 {
        let mut hi = k;
        while hi > 1 && out.len() < max {
            let mid = hi / 2;
            out.push((i - mid, i));
            hi = mid;
        }
        necessary += 1;
        i -= 1;
        if i == 0 || out.len() >= max {
            break;
        }
        k = block_for(deleted, necessary, i);
        out.push((i - k, i));
    }
    out.into_iter()
}

/// The block size after `deleted` deleted and `necessary` necessary units.
fn block_for(deleted: usize, necessary: usize, remaining: usize) -> usize {
    {
        let b = match deleted.checked_div(necessary) {
            // No necessary unit seen yet this sweep: be bold.
            None => (remaining / 2).max(1).max(deleted.next_power_of_two()),
            Some(gap) if gap < 2 => 1,
            Some(gap) => 1 << gap.ilog2(),
        };
        b.clamp(1, remaining.max(1))
    }
}

impl<C: Case, S: Segmenter<C>> Pass<C> for Delete<S> {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        self.name
    }

    fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        let mut spans = self.seg.segment(ctx.current());
        if spans.len() > self.max_units {
            return Ok(());
        }
        let mut i = match self.cursor.take() {
            Some(c) => c.min(spans.len()),
            None => {
                self.deleted = 0;
                self.necessary = 0;
                spans.len()
            }
        };
        let mut last_ok = false;
        let result = (|| {
            while i > 0 {
                ctx.checkpoint()?;
                let k = self.block(i);
                let cand = self.seg.cut(ctx.current(), &spans, &[(i - k, i)]);
                let spec_spans = spans.clone();
                let depth = ctx.speculation_depth();
                let (seg, deleted, necessary) = (&self.seg, self.deleted, self.necessary);
                let ok = ctx.test_speculating(cand, |cur, cand| {
                    // Bet on this test succeeding after a success where more units
                    // went than stayed so far in this sweep; else on it failing.
                    let bet_success = last_ok && deleted > necessary;
                    if bet_success {
                        // The next block going too (and the tests that follow if it
                        // does not).
                        let spans = seg.segment(cand);
                        let j = (i - k).min(spans.len());
                        if j == 0 {
                            return vec![];
                        }
                        let k2 = block_for(deleted + k, necessary, j);
                        let chain = fail_chain(j, k2, deleted + k, necessary, depth);
                        std::iter::once((j - k2, j))
                            .chain(chain)
                            .map(|r| seg.cut(cand, &spans, &[r]))
                            .collect()
                    } else {
                        // The tests that follow if this one fails: the bisection
                        // (upper half first), then the next blocks.
                        fail_chain(i, k, deleted, necessary, depth)
                            .map(|r| seg.cut(cur, &spec_spans, &[r]))
                            .collect()
                    }
                })?;
                last_ok = ok;
                if ok {
                    i -= k;
                    self.deleted += k;
                    spans = self.seg.segment(ctx.current());
                    i = i.min(spans.len());
                    // The unit after the cut, needed before it, gets one more try:
                    // a separator often goes with what it separated (`(a, b)` →
                    // `(, b)` → `(b)`), and this sweep has passed it. Once: a try
                    // per unit after it would take a run of them one at a time.
                    let chance = k == 1 && i < spans.len();
                    let paying =
                        self.retry_misses < RETRY_MISSES || self.retry_skipped + 1 >= RETRY_PROBE;
                    if chance && !paying {
                        self.retry_skipped += 1;
                    }
                    if chance && paying {
                        ctx.checkpoint()?;
                        let cand = self.seg.cut(ctx.current(), &spans, &[(i, i + 1)]);
                        self.retry_skipped = 0;
                        self.retry_misses += 1;
                        if ctx.test(cand)? {
                            self.retry_misses = 0;
                            self.deleted += 1;
                            spans = self.seg.segment(ctx.current());
                            i = i.min(spans.len());
                        }
                    }
                    continue;
                }
                if k == 1 {
                    i -= 1;
                    self.necessary += 1;
                    continue;
                }
                // Bisect: `lo` units at the end of the block are deleted (committed),
                // deleting `hi` is known to fail.
                let (mut lo, mut hi) = (0usize, k);
                while hi - lo > 1 {
                    ctx.checkpoint_cancel()?;
                    if i - lo > spans.len() {
                        // The units shifted after an accepted deletion (Rust nodes
                        // can): this bisection no longer knows where it is.
                        break;
                    }
                    let mid = lo + (hi - lo) / 2;
                    let cand = self.seg.cut(ctx.current(), &spans, &[(i - mid, i - lo)]);
                    let (s2, end, seg) = (spans.clone(), i - lo, &self.seg);
                    let ok = ctx.test_speculating(cand, |cur, _| {
                        // If `mid` fails, the next probes go halfway between `lo` and
                        // `mid`, again and again.
                        let mut out = Vec::new();
                        let mut h = mid;
                        while h - lo > 1 && out.len() < depth {
                            let next = lo + (h - lo) / 2;
                            out.push(seg.cut(cur, &s2, &[(i - next, end)]));
                            h = next;
                        }
                        out
                    })?;
                    if ok {
                        spans = self.seg.segment(ctx.current());
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                self.deleted += lo;
                self.necessary += 1;
                i = (i - lo).saturating_sub(1).min(spans.len());
            }
            Ok(())
        })();
        if result.is_err() {
            self.cursor = Some(i);
        }
        result
    }
}

/// Lithium's algorithm: remove chunks of size n/2, n/4, ... 1 (powers of two), then
/// repeat rounds at size 1 until one removes nothing (seeds: lithium-chunk-reduction).
pub struct Lithium<S> {
    seg: S,
    name: &'static str,
    /// `(chunk size, position, removed anything at size 1 this round)`.
    state: Option<(usize, usize, bool)>,
}

impl<S> Lithium<S> {
    /// Lithium over the units of `seg`.
    pub fn new(seg: S, name: &'static str) -> Self {
        Lithium {
            seg,
            name,
            state: None,
        }
    }
}

/// Largest power of two strictly smaller than `n` (at least 1).
pub(crate) fn lithium_start(n: usize) -> usize {
    if n <= 2 {
        1
    } else {
        1 << (n - 1).ilog2()
    }
}

impl<C: Case, S: Segmenter<C>> Pass<C> for Lithium<S> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn is_fresh(&self) -> bool {
        self.state.is_none()
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        let mut spans = self.seg.segment(ctx.current());
        let (mut chunk, mut pos, mut removed) =
            self.state
                .take()
                .unwrap_or((lithium_start(spans.len()), 0, false));
        loop {
            if let Err(e) = ctx.checkpoint() {
                self.state = Some((chunk, pos, removed));
                return Err(e);
            }
            if pos >= spans.len() {
                if chunk > 1 {
                    chunk /= 2;
                    pos = 0;
                    continue;
                }
                if removed {
                    pos = 0;
                    removed = false;
                    continue;
                }
                return Ok(());
            }
            let end = (pos + chunk).min(spans.len());
            let cand = ctx
                .current()
                .apply(&delete_units::<C::Item>(&spans, &[(pos, end)]));
            if ctx.test(cand)? {
                spans = self.seg.segment(ctx.current());
                removed |= chunk == 1;
            } else {
                pos += chunk;
            }
        }
    }
}

/// Adaptive delta debugging: at each index (front to back), delete the longest
/// deletable block found by `find_change_point` (seeds: adaptive-delta-debugging).
pub struct AdaptiveDdmin<S> {
    seg: S,
    name: &'static str,
    cursor: Option<usize>,
}

impl<S> AdaptiveDdmin<S> {
    /// Adaptive ddmin over the units of `seg`.
    pub fn new(seg: S, name: &'static str) -> Self {
        AdaptiveDdmin {
            seg,
            name,
            cursor: None,
        }
    }
}

impl<C: Case, S: Segmenter<C>> Pass<C> for AdaptiveDdmin<S> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        let mut i = self.cursor.take().unwrap_or(0);
        loop {
            if let Err(e) = ctx.checkpoint() {
                self.cursor = Some(i);
                return Err(e);
            }
            let spans: Vec<Span> = self.seg.segment(ctx.current());
            if i >= spans.len() {
                return Ok(());
            }
            // Each successful probe commits; candidates are built from the case at
            // the start of this index, so deleting `k` units means the same units.
            let base = ctx.current().clone();
            let n = spans.len();
            let r = find_change_point(0, n - i, |k| {
                let cand = base.apply(&delete_units::<C::Item>(&spans, &[(i, i + k)]));
                ctx.test(cand)
            });
            match r {
                Ok(_) => i += 1,
                Err(e) => {
                    self.cursor = Some(i);
                    return Err(e);
                }
            }
        }
    }
}

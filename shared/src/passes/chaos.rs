//! Chaos mode (Shrink Ray): a batch of seeded random cuts tested in parallel, then
//! the successful ones merged (largest first) and each expanded while compatible.
//! Repeats while a round removes at least 1% of the case, then retires.

use rand::Rng;

use super::units::{delete_units, Segmenter};
use super::Pass;
use crate::case::Case;
use crate::passes::{Ctx, Interrupt};
use crate::search::find_change_point;

/// Random cuts are drawn this many at a time. Fixed (not tied to `-j`) so that the
/// result is the same for every number of jobs.
const BATCH: usize = 16;

/// Chaos-mode cuts over the units of a segmenter.
#[derive(Clone)]
pub struct Chaos<S> {
    seg: S,
    name: &'static str,
    retired: bool,
}

impl<S> Chaos<S> {
    /// Chaos cuts over `seg`'s units.
    pub fn new(seg: S, name: &'static str) -> Self {
        Chaos {
            seg,
            name,
            retired: false,
        }
    }
}

impl<C: Case, S: Segmenter<C>> Pass<C> for Chaos<S> {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        self.name
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        while !self.retired {
            ctx.checkpoint()?;
            let base = ctx.current().clone();
            let spans = self.seg.segment(&base);
            let n = spans.len();
            if n < 8 {
                self.retired = true;
                break;
            }
            // Draw cuts with log-uniform lengths up to n/4.
            let max_len = (n / 4).max(1);
            let mut cuts: Vec<(usize, usize)> = (0..BATCH)
                .map(|_| {
                    let len =
                        (2f64.powf(ctx.rng().random::<f64>() * (max_len as f64).log2())) as usize;
                    let len = len.clamp(1, max_len);
                    let start = ctx.rng().random_range(0..=n - len);
                    (start, start + len)
                })
                .collect();
            let cands: Vec<C> = cuts
                .iter()
                .map(|&c| base.apply(&delete_units::<C::Item>(&spans, &[c])))
                .collect();
            let ok = ctx.evaluate(&cands)?;
            let mut winners: Vec<(usize, usize)> = cuts
                .drain(..)
                .zip(ok)
                .filter(|(_, ok)| *ok)
                .map(|(c, _)| c)
                .collect();
            winners.sort_by_key(|&(a, b)| (std::cmp::Reverse(b - a), a));
            let size_before = base.size();
            let mut good: Vec<(usize, usize)> = Vec::new();
            for (a, b) in winners {
                ctx.checkpoint_cancel()?;
                let mut with = good.clone();
                with.push((a, b));
                let cand = base.apply(&delete_units::<C::Item>(&spans, &with));
                if !ctx.test(cand)? {
                    continue;
                }
                // Expand to the right, then to the left, while still interesting.
                let mut cut = (a, b);
                let grow = |ctx: &mut dyn Ctx<C>,
                            good: &[(usize, usize)],
                            cut: (usize, usize),
                            right: bool| {
                    let room = if right { n - cut.1 } else { cut.0 };
                    let mut best = cut;
                    find_change_point(0, room, |k| {
                        let c = if right {
                            (cut.0, cut.1 + k)
                        } else {
                            (cut.0 - k, cut.1)
                        };
                        let mut with: Vec<_> = good.to_vec();
                        with.push(c);
                        let ok = ctx.test(base.apply(&delete_units::<C::Item>(&spans, &with)))?;
                        if ok {
                            best = c;
                        }
                        Ok::<bool, Interrupt>(ok)
                    })?;
                    Ok::<(usize, usize), Interrupt>(best)
                };
                cut = grow(ctx, &good, cut, true)?;
                cut = grow(ctx, &good, cut, false)?;
                good.push(cut);
            }
            let removed = size_before - ctx.current().size();
            if removed * 100 < size_before {
                self.retired = true;
            }
        }
        Ok(())
    }
}

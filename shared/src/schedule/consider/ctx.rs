//! `PassCtx`: the scheduler's implementation of the passes' [`Ctx`] — the current
//! best, and ways to test candidates, all through the choke point
//! (`State::consider`, `State::request`).

use std::collections::VecDeque;

use rand_chacha::ChaCha8Rng;

use super::{EngineError, State};
use crate::case::Case;
use crate::hints::{Focus, Unused};
use crate::passes::{Ctx, Interrupt};

/// A pass's view of the reduction state.
pub(crate) struct PassCtx<'s, 'a, C: Case> {
    state: &'s mut State<'a, C>,
}

impl<'s, 'a, C: Case> PassCtx<'s, 'a, C> {
    pub(crate) fn new(state: &'s mut State<'a, C>) -> Self {
        PassCtx { state }
    }
}

impl<C: Case> Ctx<C> for PassCtx<'_, '_, C> {
    /// The current best case.
    fn current(&self) -> &C {
        &self.state.best
    }

    fn jobs(&self) -> usize {
        self.state.workers.len()
    }

    /// The compiler's warnings about unused code in the current case (one compile,
    /// counted apart from predicate runs); `None` when the predicate has no compiler.
    fn unused(&mut self) -> Result<Option<Vec<Unused>>, Interrupt> {
        let best = self.state.best.clone();
        self.unused_of(&best)
    }

    fn unused_of(&mut self, case: &C) -> Result<Option<Vec<Unused>>, Interrupt> {
        if self.state.spec.dry.is_some() {
            // A compile is not a guess: a dry run stops here.
            return Err(Interrupt::Restart);
        }
        let st = &mut *self.state;
        if st.cancel.is_cancelled() {
            return Err(Interrupt::Cancelled);
        }
        // The compile runs on this thread, leaving a core to it: the other idle
        // workers meanwhile take the foreseen tests of the passes after this one.
        let mut spare = (st.workers.len() - 1).saturating_sub(st.workers.in_flight());
        st.fill_or_foresee(&mut VecDeque::new(), &mut spare);
        let predicate = st.predicate;
        let r = st
            .workers
            .with_diag(&st.cancel, |env| predicate.unused(case, env));
        if let Ok(Some(_)) = r {
            st.count.diagnostic_runs += 1;
        }
        r.map_err(|e| Interrupt::from(EngineError::Predicate(e)))
    }

    fn focus(&self) -> Focus {
        self.state.predicate.focus()
    }

    /// `true` until the first improvement: the current case is the original.
    fn is_original(&self) -> bool {
        self.state.stats.iter().all(|s| s.successes == 0)
    }

    /// The seeded random generator of the run.
    fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.state.rng
    }

    /// Call at the head of every loop: stops the pass when the user cancelled or
    /// the round's quota of improvements is used up.
    fn checkpoint(&self) -> Result<(), Interrupt> {
        if self.state.cancel.is_cancelled() {
            return Err(Interrupt::Cancelled);
        }
        if self.state.round_successes >= self.state.quota || self.state.restart_wanted {
            return Err(Interrupt::Restart);
        }
        if self.state.yield_when_idle && self.state.pass_idle(self.state.current) {
            return Err(Interrupt::Restart);
        }
        if self.state.slice_spent() {
            return Err(Interrupt::Restart);
        }
        Ok(())
    }

    /// Tests one candidate; commits it when interesting.
    fn test(&mut self, cand: C) -> Result<bool, Interrupt> {
        if self.state.spec.dry.is_some() {
            return Ok(self.state.dry_decide(std::slice::from_ref(&cand), true)?[0]);
        }
        Ok(self
            .state
            .consider(std::slice::from_ref(&cand), true)?
            .1
            .is_some())
    }

    fn test_lateral(&mut self, cand: C) -> Result<bool, Interrupt> {
        self.state.lateral.open = true;
        let r = self.test(cand);
        self.state.lateral.open = false;
        r
    }

    /// Like `test`, but first evaluates `speculate(current, cand)` (the likely next
    /// candidates, in the order the pass would test them: after `cand` fails, built on
    /// `current`, or after it succeeds, built on `cand`) in parallel when there are
    /// idle workers, so that later tests hit the cache. Proposals that would not cost
    /// a run (rejected by the parse check, already cached) are skipped, so a pass
    /// should propose a chain several times longer than the number of workers. What
    /// is speculated never changes a decision, only the runs.
    fn test_speculating_with(
        &mut self,
        cand: C,
        speculate: &mut dyn FnMut(&C, &C) -> Vec<C>,
    ) -> Result<bool, Interrupt> {
        // When `cand` itself costs no run (cached, say by the last speculation), the
        // answer is immediate: speculate at the next test instead.
        if self.jobs() > 1 && self.state.spec.dry.is_none() && self.state.needs_run(&cand).is_some()
        {
            let more = speculate(self.current(), &cand);
            let committed = self.state.request(&cand, more)?;
            if committed {
                self.state.commit(cand)?;
            }
            return Ok(committed);
        }
        self.test(cand)
    }

    /// Finds the first interesting candidate of `cands` (in order) and commits it.
    /// Up to `jobs` candidates that need a run are under way at once; the result does
    /// not depend on `jobs` (a parallel `find_first`). Returns its index.
    fn first_of(&mut self, iter: &mut dyn Iterator<Item = C>) -> Result<Option<usize>, Interrupt> {
        if self.state.spec.dry.is_some() {
            for (i, c) in iter.enumerate() {
                if self.state.dry_decide(std::slice::from_ref(&c), true)?[0] {
                    return Ok(Some(i));
                }
            }
            return Ok(None);
        }
        let mut base = 0;
        let jobs = self.jobs();
        loop {
            self.checkpoint_cancel()?;
            let mut chunk: Vec<C> = Vec::new();
            let mut runs = 0;
            // At one job, one candidate at a time (no look-ahead at all). With more,
            // a look-ahead of a few runs per worker: runs are pipelined (a worker
            // takes the next candidate as soon as it is free), and at most one run
            // per worker is under way past the first success.
            let lookahead = if jobs == 1 { 1 } else { 4 * jobs };
            while runs < lookahead && chunk.len() < 64 {
                let Some(c) = iter.next() else { break };
                if jobs == 1 || self.state.needs_run(&c).is_some() {
                    runs += 1;
                }
                chunk.push(c);
            }
            if chunk.is_empty() {
                return Ok(None);
            }
            let n = chunk.len();
            if let Some(i) = self.state.consider(&chunk, true)?.1 {
                return Ok(Some(base + i));
            }
            base += n;
        }
    }

    /// Evaluates candidates (in parallel) without committing any of them.
    fn evaluate(&mut self, cands: &[C]) -> Result<Vec<bool>, Interrupt> {
        if self.state.spec.dry.is_some() {
            return self.state.dry_decide(cands, false);
        }
        let mut out = Vec::with_capacity(cands.len());
        for chunk in cands.chunks(self.jobs().max(1) * 4) {
            self.checkpoint_cancel()?;
            out.extend(self.state.consider(chunk, false)?.0);
        }
        Ok(out)
    }

    /// Like `checkpoint`, but only stops for cancellation (for inner loops that
    /// should finish what they started).
    fn checkpoint_cancel(&self) -> Result<(), Interrupt> {
        if self.state.cancel.is_cancelled() {
            return Err(Interrupt::Cancelled);
        }
        Ok(())
    }
}

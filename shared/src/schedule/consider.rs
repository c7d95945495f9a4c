//! The one choke point that evaluates candidates (`State::consider`): reject if not
//! smaller, look up the cache, run the predicate (in parallel over the workers),
//! store the verdict, commit. `Ctx` is the view of it that passes get.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::workers::Workers;
use super::{Config, EngineError};
use crate::cache::{Key, VerdictCache};
use crate::case::{content_key, is_smaller, Case};
use crate::edit::EditSet;
use crate::output::Sink;
use crate::predicate::{CancelFlag, Predicate, PredicateError, Verdict};
use crate::report::{Event, Observer, PassStats, Progress, Summary};

/// Why a pass stops before the end of its sweep.
#[derive(Debug)]
pub enum Interrupt {
    /// The round's quota of improvements is used up: go back to the first pass.
    Restart,
    /// The user cancelled.
    Cancelled,
    /// Something broke.
    Failed(EngineError),
}

impl From<EngineError> for Interrupt {
    fn from(e: EngineError) -> Self {
        match e {
            EngineError::Predicate(PredicateError::Cancelled) => Interrupt::Cancelled,
            e => Interrupt::Failed(e),
        }
    }
}

pub(crate) struct State<'a, C: Case> {
    best: C,
    predicate: &'a dyn Predicate<C>,
    fingerprint: Vec<u8>,
    cache: VerdictCache,
    workers: Workers,
    cancel: CancelFlag,
    rng: ChaCha8Rng,
    stats: Vec<PassStats>,
    current: usize,
    runs: u64,
    diagnostic_runs: u64,
    cache_hits: u64,
    rejected: u64,
    pub(crate) round: usize,
    pub(crate) round_successes: usize,
    pub(crate) quota: usize,
    initial_size: usize,
    start: Instant,
    last_progress: Instant,
    progress_interval: Duration,
    observer: &'a mut dyn Observer,
    sink: &'a mut dyn Sink<C>,
    pub(crate) admit: Option<super::Admit<'a, C>>,
}

impl<'a, C: Case> State<'a, C> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        best: C,
        predicate: &'a dyn Predicate<C>,
        cache: VerdictCache,
        cancel: CancelFlag,
        config: &Config,
        names: Vec<&'static str>,
        observer: &'a mut dyn Observer,
        sink: &'a mut dyn Sink<C>,
    ) -> Result<Self, EngineError> {
        let workers = Workers::new(config.jobs.max(1), config.scratch_parent.as_deref())
            .map_err(EngineError::Scratch)?;
        let now = Instant::now();
        Ok(State {
            initial_size: best.size(),
            best,
            fingerprint: predicate.fingerprint(),
            predicate,
            cache,
            workers,
            cancel,
            rng: ChaCha8Rng::seed_from_u64(config.seed),
            stats: names
                .into_iter()
                .map(|name| PassStats {
                    name,
                    ..PassStats::default()
                })
                .collect(),
            current: 0,
            runs: 0,
            diagnostic_runs: 0,
            cache_hits: 0,
            rejected: 0,
            round: 0,
            round_successes: 0,
            quota: usize::MAX,
            start: now,
            last_progress: now,
            progress_interval: config.progress_interval,
            observer,
            sink,
            admit: None,
        })
    }

    pub(crate) fn emit(&mut self, e: &Event<'_>) {
        self.observer.on_event(e);
    }

    pub(crate) fn begin_pass(&mut self, i: usize) {
        self.current = i;
        let pass = self.stats[i].name;
        let round = self.round;
        self.emit(&Event::PassStarted { pass, round });
        self.progress(true);
    }

    pub(crate) fn pass_successes(&self, i: usize) -> u64 {
        self.stats[i].successes
    }

    pub(crate) fn into_best(self) -> C {
        self.best
    }

    pub(crate) fn summary(
        &self,
        initial_size: usize,
        rounds: usize,
        elapsed: Duration,
        cancelled: bool,
    ) -> Summary {
        Summary {
            initial_size,
            final_size: self.best.size(),
            runs: self.runs,
            diagnostic_runs: self.diagnostic_runs,
            cache_hits: self.cache_hits,
            rejected: self.rejected,
            rounds,
            elapsed,
            cancelled,
            passes: self.stats.clone(),
        }
    }

    fn progress(&mut self, force: bool) {
        for w in self.cache.take_warnings() {
            self.observer.on_event(&Event::Warning(&w));
        }
        if !force && self.last_progress.elapsed() < self.progress_interval {
            return;
        }
        self.last_progress = Instant::now();
        let p = Progress {
            initial_size: self.initial_size,
            size: self.best.size(),
            runs: self.runs,
            cache_hits: self.cache_hits,
            pass: self.stats.get(self.current).map_or("check", |s| s.name),
            round: self.round,
            elapsed: self.start.elapsed(),
        };
        self.observer.on_event(&Event::Progress(&p));
    }

    /// The content key of the current best.
    pub(crate) fn best_key(&self) -> Key {
        content_key(&self.fingerprint, &self.best)
    }

    /// The verdict on the current best (cached when possible).
    pub(crate) fn verdict_of_best(&mut self) -> Result<Verdict, EngineError> {
        let key = content_key(&self.fingerprint, &self.best);
        if let Some(v) = self.cache.get(&key) {
            self.cache_hits += 1;
            return Ok(v);
        }
        let best = self.best.clone();
        let v = self
            .workers
            .eval(self.predicate, &[&best], &self.cancel)
            .pop()
            .expect("one result");
        self.runs += 1;
        let v = v.map_err(EngineError::Predicate)?;
        self.cache.put(key, v);
        Ok(v)
    }

    /// Runs the predicate on the best without the cache (the final check).
    pub(crate) fn run_uncached_best(&mut self) -> Result<Verdict, EngineError> {
        let best = self.best.clone();
        let v = self
            .workers
            .eval(self.predicate, &[&best], &self.cancel)
            .pop()
            .expect("one result");
        self.runs += 1;
        self.progress(true);
        v.map_err(EngineError::Predicate)
    }

    /// Would `c` cost a predicate run (smaller, admitted, not in the cache)? Only for
    /// choosing what to speculate on; counts nothing.
    fn needs_run(&mut self, c: &C) -> Option<Key> {
        if !is_smaller(c, &self.best) || self.admit.as_ref().is_some_and(|f| !f(c)) {
            return None;
        }
        let key = content_key(&self.fingerprint, c);
        self.cache.get(&key).is_none().then_some(key)
    }

    /// THE choke point. Decides `cands` (all relative to the current best): rejects
    /// those not smaller, answers from the cache, runs the rest in parallel, stores
    /// the verdicts. With `commit`, the first interesting candidate (in order)
    /// becomes the new best and is written to the sink.
    /// Returns the verdicts (`false` for rejected) and the index committed.
    fn consider(
        &mut self,
        cands: &[C],
        commit: bool,
    ) -> Result<(Vec<bool>, Option<usize>), EngineError> {
        if self.cancel.is_cancelled() {
            return Err(EngineError::Predicate(PredicateError::Cancelled));
        }
        let mut verdicts: Vec<Option<bool>> = vec![None; cands.len()];
        let mut keys: Vec<Option<Key>> = vec![None; cands.len()];
        let mut todo: Vec<usize> = Vec::new();
        for (i, c) in cands.iter().enumerate() {
            self.stats[self.current].tests += 1;
            if !is_smaller(c, &self.best) || self.admit.as_ref().is_some_and(|f| !f(c)) {
                self.rejected += 1;
                verdicts[i] = Some(false);
                continue;
            }
            let key = content_key(&self.fingerprint, c);
            if let Some(v) = self.cache.get(&key) {
                self.cache_hits += 1;
                verdicts[i] = Some(v.is_interesting());
            } else if let Some(j) = todo.iter().position(|&j| keys[j] == Some(key)) {
                // Duplicate within the batch: share the first one's verdict below.
                keys[i] = Some(key);
                let _ = j;
            } else {
                keys[i] = Some(key);
                todo.push(i);
            }
        }
        if !todo.is_empty() {
            let batch: Vec<&C> = todo.iter().map(|&i| &cands[i]).collect();
            let results = self.workers.eval(self.predicate, &batch, &self.cancel);
            self.runs += results.len() as u64;
            self.stats[self.current].runs += results.len() as u64;
            for (&i, r) in todo.iter().zip(results) {
                let v = r.map_err(EngineError::Predicate)?;
                self.cache.put(keys[i].expect("key"), v);
                verdicts[i] = Some(v.is_interesting());
            }
            for i in 0..cands.len() {
                if verdicts[i].is_none() {
                    let v = self
                        .cache
                        .get(&keys[i].expect("key"))
                        .expect("stored above");
                    self.cache_hits += 1;
                    verdicts[i] = Some(v.is_interesting());
                }
            }
        }
        let verdicts: Vec<bool> = verdicts.into_iter().map(|v| v.unwrap_or(false)).collect();
        let mut committed = None;
        if commit {
            if let Some(i) = verdicts.iter().position(|&v| v) {
                self.commit(cands[i].clone())?;
                committed = Some(i);
            }
        }
        self.progress(false);
        Ok((verdicts, committed))
    }

    fn commit(&mut self, c: C) -> Result<(), EngineError> {
        let removed = self.best.size().saturating_sub(c.size());
        self.sink.commit(&c).map_err(EngineError::Sink)?;
        self.best = c;
        let s = &mut self.stats[self.current];
        s.successes += 1;
        s.removed += removed as u64;
        self.round_successes += 1;
        let (size, pass) = (self.best.size(), s.name);
        self.emit(&Event::Improved { size, pass });
        Ok(())
    }
}

/// What a pass sees of the reduction: the current best, and ways to test candidates.
pub struct Ctx<'s, 'a, C: Case> {
    state: &'s mut State<'a, C>,
}

impl<'s, 'a, C: Case> Ctx<'s, 'a, C> {
    pub(crate) fn new(state: &'s mut State<'a, C>) -> Self {
        Ctx { state }
    }

    /// The current best case.
    pub fn current(&self) -> &C {
        &self.state.best
    }

    /// Number of parallel workers (only for choosing how much to speculate; never
    /// let it change which candidates are accepted).
    pub fn jobs(&self) -> usize {
        self.state.workers.len()
    }

    /// The compiler's warnings about unused code in the current case (one compile,
    /// counted apart from predicate runs); `None` when the predicate has no compiler.
    pub fn unused(&mut self) -> Result<Option<Vec<crate::predicate::Unused>>, Interrupt> {
        let st = &mut *self.state;
        if st.cancel.is_cancelled() {
            return Err(Interrupt::Cancelled);
        }
        let (predicate, best) = (st.predicate, &st.best);
        let r = st
            .workers
            .with_first(&st.cancel, |env| predicate.unused(best, env));
        if let Ok(Some(_)) = r {
            st.diagnostic_runs += 1;
        }
        r.map_err(|e| Interrupt::from(EngineError::Predicate(e)))
    }

    /// Where the original's failure points (see [`crate::predicate::Focus`]).
    pub fn focus(&self) -> crate::predicate::Focus {
        self.state.predicate.focus()
    }

    /// `true` until the first improvement: the current case is the original.
    pub fn is_original(&self) -> bool {
        self.state.stats.iter().all(|s| s.successes == 0)
    }

    /// The seeded random generator of the run.
    pub fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.state.rng
    }

    /// Call at the head of every loop: stops the pass when the user cancelled or
    /// the round's quota of improvements is used up.
    pub fn checkpoint(&self) -> Result<(), Interrupt> {
        if self.state.cancel.is_cancelled() {
            return Err(Interrupt::Cancelled);
        }
        if self.state.round_successes >= self.state.quota {
            return Err(Interrupt::Restart);
        }
        Ok(())
    }

    /// Tests one candidate; commits it when interesting.
    pub fn test(&mut self, cand: C) -> Result<bool, Interrupt> {
        Ok(self
            .state
            .consider(std::slice::from_ref(&cand), true)?
            .1
            .is_some())
    }

    /// Tests the current case with `edits` applied; commits when interesting.
    pub fn test_edits(&mut self, edits: &EditSet<C::Item>) -> Result<bool, Interrupt> {
        let cand = self.current().apply(edits);
        self.test(cand)
    }

    /// Like `test`, but first evaluates `speculate(current, cand)` (the likely next
    /// candidates, in the order the pass would test them: after `cand` fails, built on
    /// `current`, or after it succeeds, built on `cand`) in parallel when there are
    /// idle workers, so that later tests hit the cache. Proposals that would not cost
    /// a run (rejected by the parse check, already cached) are skipped, so a pass
    /// should propose a chain several times longer than the number of workers. What
    /// is speculated never changes a decision, only the runs.
    pub fn test_speculating(
        &mut self,
        cand: C,
        speculate: impl FnOnce(&C, &C) -> Vec<C>,
    ) -> Result<bool, Interrupt> {
        let jobs = self.jobs();
        // When `cand` itself costs no run (cached, say by the last speculation), the
        // answer is immediate: speculate at the next test instead.
        if jobs > 1 && self.state.needs_run(&cand).is_some() {
            let more = speculate(self.current(), &cand);
            let mut keys = vec![content_key(&self.state.fingerprint, &cand)];
            let mut batch = vec![cand];
            for c in more {
                if batch.len() == jobs {
                    break;
                }
                if let Some(key) = self.state.needs_run(&c) {
                    if !keys.contains(&key) {
                        keys.push(key);
                        batch.push(c);
                    }
                }
            }
            let (verdicts, _) = self.state.consider(&batch, false)?;
            let committed = verdicts[0];
            if committed {
                let c = batch.swap_remove(0);
                self.state.commit(c)?;
            }
            return Ok(committed);
        }
        self.test(cand)
    }

    /// Finds the first interesting candidate of `cands` (in order) and commits it.
    /// Up to `jobs` candidates that need a run are evaluated at once (with any free
    /// ones between them); the result does not depend on `jobs` (a parallel
    /// `find_first`). Returns its index.
    pub fn first(
        &mut self,
        cands: impl IntoIterator<Item = C>,
    ) -> Result<Option<usize>, Interrupt> {
        let mut iter = cands.into_iter();
        let mut base = 0;
        let jobs = self.jobs();
        loop {
            self.checkpoint_cancel()?;
            let mut chunk: Vec<C> = Vec::new();
            let mut runs = 0;
            // At one job, one candidate at a time (no look-ahead at all).
            while runs < jobs && chunk.len() < 64 {
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
    pub fn evaluate(&mut self, cands: &[C]) -> Result<Vec<bool>, Interrupt> {
        let mut out = Vec::with_capacity(cands.len());
        for chunk in cands.chunks(self.jobs().max(1) * 4) {
            self.checkpoint_cancel()?;
            out.extend(self.state.consider(chunk, false)?.0);
        }
        Ok(out)
    }

    /// Like `checkpoint`, but only stops for cancellation (for inner loops that
    /// should finish what they started).
    pub fn checkpoint_cancel(&self) -> Result<(), Interrupt> {
        if self.state.cancel.is_cancelled() {
            return Err(Interrupt::Cancelled);
        }
        Ok(())
    }
}

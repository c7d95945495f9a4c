//! Foresight: what idle workers run while the scheduler awaits a verdict. Dry runs of
//! copies of the passes (every test that would need a run answered "not
//! interesting"), on the current case as if the awaited test fails, or on the awaited
//! candidate as if it succeeds (`Config::bets`, `Role::bet_on_success`). Nothing is decided here:
//! the verdicts only land in the cache.

use super::{Dry, PassCtx, State};
use crate::cache::Key;
use crate::case::{content_key, Case};
use crate::passes::Interrupt;
use crate::passes::Pass;

impl<'a, C: Case> State<'a, C> {
    /// Runs a copy of a pass with every test that would need a run answered "not
    /// interesting" without running it; returns those candidates (up to `limit`)
    /// and whether the pass could be followed to the end of its sweep (`false`
    /// when it would have committed an improvement found in the cache).
    pub(crate) fn dry_run(
        &mut self,
        pass: &mut dyn Pass<C>,
        limit: usize,
    ) -> (Vec<(Key, C)>, bool) {
        let rng = self.rng.clone();
        self.spec.dry = Some(Dry {
            found: Vec::new(),
            limit,
            would_commit: false,
        });
        let finished = pass.run(&mut PassCtx::new(self)).is_ok();
        let dry = self.spec.dry.take().expect("set above");
        self.rng = rng;
        let followed = !dry.would_commit && (finished || dry.found.len() >= limit);
        (dry.found, followed)
    }

    /// Keeps copies of the pass about to run (`current`, as it is before its run)
    /// and of the passes after it (`next`), for foresight.
    pub(crate) fn set_ahead(
        &mut self,
        current: Option<Box<dyn Pass<C>>>,
        next: Vec<Box<dyn Pass<C>>>,
    ) {
        self.spec.ahead_current = current;
        self.spec.ahead_next = next;
        self.spec.ahead_base = self.key_of_best;
        self.spec.refilled_at = None;
        self.spec.foresee_pending = false;
    }

    /// Background work from dry runs of copies of `passes`, in order, as they would
    /// run on the current best if nothing succeeds: up to `limit` candidates. Stops
    /// at a pass that cannot be foreseen.
    pub(super) fn foresee_with<'p>(
        &mut self,
        passes: impl IntoIterator<Item = &'p Box<dyn Pass<C>>>,
        limit: usize,
    ) -> Vec<(Key, C)>
    where
        C: 'p,
    {
        let mut found: Vec<(Key, C)> = Vec::new();
        for p in passes {
            let Some(mut fork) = p.fork() else { break };
            let (more, followed) = self.dry_run(&mut *fork, limit - found.len());
            for m in more {
                if !found.iter().any(|(k, _)| *k == m.0) {
                    found.push(m);
                }
            }
            if !followed || found.len() >= limit {
                break;
            }
        }
        found
    }

    /// Background work for the passes after the one about to run (see `set_ahead`):
    /// one candidate per worker.
    pub(crate) fn foresee(&mut self) {
        self.spec.foresee_pending = false;
        let next = std::mem::take(&mut self.spec.ahead_next);
        let found = self.foresee_with(&next, self.workers.len());
        self.spec.ahead_next = next;
        self.set_background(found);
    }

    /// [`State::foresee`] when a worker would otherwise stay idle (see
    /// `foresee_pending`); until then there is no background work.
    pub(crate) fn foresee_later(&mut self) {
        self.set_background(Vec::new());
        self.spec.foresee_pending = true;
    }

    /// When the running pass has nothing to propose and no background work is left:
    /// new background work from dry runs of a copy of the running pass replayed from
    /// its start (its decisions so far come from the cache, so it goes on past where
    /// the pass is: to its next level, say), as long as it has not improved the case,
    /// then of the passes after it (`awaited`: the candidates about to run for the
    /// pass itself). Idle workers would do nothing otherwise; the verdicts only
    /// help if the case does not change before those tests come.
    pub(super) fn refill_background(&mut self, awaited: &[Key], single: Option<&C>) {
        if self.workers.len() < 2 || self.spec.dry.is_some() || self.workers.idle().is_none() {
            return;
        }
        if let (true, Some(cand)) = (self.spec.bet_on_success[self.current], single) {
            self.foresee_success(cand);
            return;
        }
        // The bet is that the awaited test fails: only made for a pass whose tests
        // mostly fail (at most one in four succeeding, counting one success in four
        // tests before it has any), as a wrong one costs a run.
        let s = &self.stats[self.current];
        if 4 * (s.successes + 1) > s.tests + 4 {
            return;
        }
        let now = (self.key_of_best, self.count.verdicts);
        if self.spec.refilled_at == Some(now) {
            return;
        }
        if self.background_valid() {
            let keys: Vec<Key> = self.spec.background.iter().map(|(k, _)| *k).collect();
            if keys.iter().any(|k| self.runnable(k)) {
                return;
            }
        }
        self.spec.refilled_at = Some(now);
        // The replay goes on to the passes after this one: what `foresee` would do.
        self.spec.foresee_pending = false;
        // The candidate awaited now is among what the replay finds: one more.
        let limit = self.workers.len() + 1;
        let current = self.spec.ahead_current.take();
        let next = std::mem::take(&mut self.spec.ahead_next);
        let replay = current
            .as_ref()
            .filter(|_| self.spec.ahead_base == self.key_of_best);
        let found = self.foresee_with(replay.into_iter().chain(&next), limit);
        self.spec.ahead_current = current;
        self.spec.ahead_next = next;
        let found: Vec<(Key, C)> = found
            .into_iter()
            .filter(|(k, _)| self.runnable(k) && !awaited.contains(k))
            .collect();
        // Background runs under way stay wanted (still valid: the best is the same).
        let mut keep: Vec<Key> = Vec::new();
        if self.background_valid() {
            keep = (self.spec.background_keys.iter())
                .filter(|k| self.workers.has(k))
                .copied()
                .collect();
        }
        self.set_background(found);
        self.spec.background_keys.extend(keep);
    }

    /// Background work for a test bet to succeed: dry runs of the passes after the
    /// running one (see `set_ahead`) on `cand` as if it were the best. Their
    /// verdicts serve if it is committed; nothing is decided by them.
    pub(super) fn foresee_success(&mut self, cand: &C) {
        let key = content_key(&self.fingerprint, cand);
        if self.spec.betting_on == Some(key) && self.spec.background_base == Some(key) {
            return;
        }
        let old_best = std::mem::replace(&mut self.best, cand.clone());
        let old_key = std::mem::replace(&mut self.key_of_best, key);
        let next = std::mem::take(&mut self.spec.ahead_next);
        let found = self.foresee_with(&next, self.workers.len());
        self.spec.ahead_next = next;
        self.best = old_best;
        self.key_of_best = old_key;
        let found: Vec<(Key, C)> = (found.into_iter())
            .filter(|(k, _)| self.runnable(k) && *k != key)
            .collect();
        self.spec.background_keys = found.iter().map(|(k, _)| *k).collect();
        self.spec.background = found;
        self.spec.background_base = Some(key);
        self.spec.betting_on = Some(key);
        self.spec.refilled_at = None;
    }

    /// Sets the candidates idle workers may run while the best stays as it is now.
    pub(crate) fn set_background(&mut self, found: Vec<(Key, C)>) {
        self.spec.background_keys = found.iter().map(|(k, _)| *k).collect();
        self.spec.background = found;
        self.spec.background_base = Some(self.key_of_best);
    }

    pub(super) fn background_valid(&self) -> bool {
        self.spec.background_base == Some(self.key_of_best)
            || self
                .spec
                .betting_on
                .is_some_and(|b| self.spec.background_base == Some(b) && !self.cache.in_memory(&b))
    }

    /// Dry-run verdicts (see [`State::dry_run`]): from the cache when known, else
    /// "not interesting", noting the candidate. Stops the pass (`Restart`) at the
    /// limit, or where it would commit.
    pub(super) fn dry_decide(&mut self, cands: &[C], commit: bool) -> Result<Vec<bool>, Interrupt> {
        let mut out = Vec::with_capacity(cands.len());
        for c in cands {
            if !self.acceptable(c) {
                out.push(false);
                continue;
            }
            let key = content_key(&self.fingerprint, c);
            let dry = self.spec.dry.as_mut().expect("in a dry run");
            if let Some(v) = self.cache.get(&key) {
                if v.is_interesting() && commit {
                    dry.would_commit = true;
                    return Err(Interrupt::Restart);
                }
                out.push(v.is_interesting());
                continue;
            }
            if !dry.found.iter().any(|(k, _)| *k == key) {
                dry.found.push((key, c.clone()));
            }
            if dry.found.len() >= dry.limit {
                return Err(Interrupt::Restart);
            }
            out.push(false);
        }
        Ok(out)
    }

    /// The background candidates' keys while they are worth running.
    pub(super) fn live_background(&self) -> Vec<Key> {
        let mut keys = if self.background_valid() {
            self.spec.background_keys.clone()
        } else {
            Vec::new()
        };
        // The run of the best's form stays wanted while the best is the same.
        keys.extend(self.current_form().map(|(k, _)| k));
        keys.extend(self.form_task_of_best());
        keys
    }
}

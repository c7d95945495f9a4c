//! The one choke point that evaluates candidates (`State::consider`): reject if not
//! smaller, look up the cache, run the predicate (in parallel over the workers),
//! store the verdict, commit. `Ctx` is the view of it that passes get.
//!
//! Runs are pipelined: the scheduler waits only for the verdict it needs next, while
//! idle workers run the candidates that come after it (or that a pass proposed as
//! likely next tests). Runs nobody asks for any more are aborted. Decisions are made
//! only on verdicts of the candidates asked about, in order, so the result is the
//! same for every number of workers.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::workers::{Finished, Task, Workers};
use super::{Config, EngineError};
use crate::cache::{Key, VerdictCache};
use crate::case::{content_key, is_smaller, Case};
use crate::output::Sink;
use crate::passes::{Interrupt, Pass};
use crate::predicate::{CancelFlag, Predicate, PredicateError, Verdict};
use crate::report::{Event, Observer, PassStats, Progress, Summary};

mod ctx;
mod deliver;
mod foresight;
mod idle;

pub(crate) use ctx::PassCtx;

/// The passes' [`Interrupt`] for a failure of the scheduler (cancellation is its own).
impl From<EngineError> for Interrupt {
    fn from(e: EngineError) -> Interrupt {
        match e {
            EngineError::Predicate(PredicateError::Cancelled) => Interrupt::Cancelled,
            e => Interrupt::Failed(Box::new(e)),
        }
    }
}

pub(crate) struct State<'a, C: Case> {
    best: C,
    predicate: &'a dyn Predicate<C>,
    fingerprint: Vec<u8>,
    cache: VerdictCache,
    workers: Workers<C>,
    cancel: CancelFlag,
    rng: ChaCha8Rng,
    stats: Vec<PassStats>,
    current: usize,
    pub(crate) round: usize,
    pub(crate) round_successes: usize,
    pub(crate) quota: usize,
    /// `Config::adaptive_restart`.
    adaptive_restart: bool,
    /// An improvement by a pass that the passes before it pay comparably to:
    /// restart the round from the first pass.
    pub(crate) restart_wanted: bool,
    /// The running pass was not idle when its turn came, and others that pay come
    /// after it: it stops (`Interrupt::Restart`) at its next checkpoint once it is
    /// idle (`Config::demote_idle`), to go on after them.
    pub(crate) yield_when_idle: bool,
    /// See [`State::set_slice`].
    slice_end: Option<u64>,
    initial_size: usize,
    start: Instant,
    last_progress: Instant,
    progress_interval: Duration,
    observer: &'a mut dyn Observer,
    sink: &'a mut dyn Sink<C>,
    pub(crate) admit: Option<super::Admit<'a, C>>,
    /// Runs started now check the best (before or after the passes): they are not
    /// counted to the current pass.
    checking: bool,
    /// The content key of `best`.
    key_of_best: Key,
    /// Work for idle workers (foresight, bets), see `consider/foresight.rs`.
    spec: Speculation<C>,
    /// The delivered form of the best (`Reduction::finish`), computed by workers.
    forms: Forms<C>,
    /// What was run and answered, for the summary.
    count: Counts,
    /// Moves sideways (see [`Lateral`]).
    pub(crate) lateral: Lateral,
}

/// Moves sideways: a candidate of the best's size and tokens that is not smaller in
/// the order of [`crate::case::cmp_size`] (a little-endian field whose value drops
/// from `00 01` to `01 00` is larger by its bytes), accepted only while a pass asks
/// for it (`Ctx::test_lateral`). The reduction still ends: such moves are at most
/// [`LATERAL_MOVES`] per run, and no move returns to a case that was the best before.
#[derive(Default)]
pub(crate) struct Lateral {
    /// A pass's `test_lateral` is under way.
    pub(crate) open: bool,
    /// Moves sideways made so far.
    pub(crate) made: usize,
    /// The content keys of every earlier best.
    pub(crate) seen: std::collections::HashSet<Key>,
}

/// The most moves sideways in one run.
pub(crate) const LATERAL_MOVES: usize = 256;

/// Work for idle workers: dry runs of passes, their candidates, and bets on the
/// success of an awaited test (see `consider/foresight.rs`). Never decides anything.
struct Speculation<C: Case> {
    /// Set during a dry run of a pass (see [`crate::passes::Pass::fork`]).
    dry: Option<Dry<C>>,
    /// Candidates that the passes about to run will test if nothing changes (found
    /// by dry runs), for idle workers; valid while the best is `background_base`.
    background: Vec<(Key, C)>,
    /// The keys of all of them (also those started already).
    background_keys: Vec<Key>,
    background_base: Option<Key>,
    /// Copies of the running pass as it was when it started on `ahead_base`, and of
    /// the passes after it, for refilling the background when the running pass has
    /// nothing to propose (see [`State::refill_background`]).
    ahead_current: Option<Box<dyn Pass<C>>>,
    ahead_next: Vec<Box<dyn Pass<C>>>,
    ahead_base: Key,
    /// `(best, verdicts stored)` at the last refill: nothing new to foresee until
    /// one of them changes.
    refilled_at: Option<(Key, u64)>,
    /// `foresee` was asked for at the start of the running pass and is done on
    /// the first occasion a worker would otherwise stay idle (the pass's own
    /// candidates often fill the workers; the dry runs cost time on large cases).
    foresee_pending: bool,
    /// Per pass: its tests are bet to succeed (`Config::bets`, `Role::bet_on_success`).
    bet_on_success: Vec<bool>,
    /// The awaited candidate the background was foreseen on, as if it had been
    /// committed (a bet that it succeeds): the background serves while its
    /// verdict is unknown, and after it is committed.
    betting_on: Option<Key>,
}

/// The form the result will be delivered in (rustfmt) of recent bests, computed
/// and checked by otherwise idle workers.
struct Forms<C: Case> {
    /// `finish` of the best with that key (`None`: no other form), with its key
    /// (computed by a worker: [`Task::Form`]).
    form: Option<(Key, Option<(Key, C)>)>,
    /// Bests whose form a worker was asked to compute and test, with the key that
    /// task runs under and the pass running when it started (its run counts there).
    form_tasks: Vec<(Key, Key, usize)>,
    /// Forms whose runs were started, and the verdicts of those that ended.
    form_runs: Vec<(Key, Option<bool>)>,
}

/// Counts for the summary.
#[derive(Default)]
struct Counts {
    runs: u64,
    diagnostic_runs: u64,
    cache_hits: u64,
    rejected: u64,
    /// Runs that ended in a timeout.
    timeouts: u64,
    /// Verdicts stored in the cache by runs of this reduction.
    verdicts: u64,
}

/// What a dry run found: candidates that would need a run, in order.
struct Dry<C> {
    found: Vec<(Key, C)>,
    limit: usize,
    /// The pass would have committed something (known from the cache): what it
    /// does next cannot be foreseen.
    would_commit: bool,
}

impl<'a, C: Case> State<'a, C> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        best: C,
        predicate: &'a dyn Predicate<C>,
        workers: Workers<C>,
        cache: VerdictCache,
        cancel: CancelFlag,
        config: &Config,
        names: Vec<&'static str>,
        bet_on_success: Vec<bool>,
        observer: &'a mut dyn Observer,
        sink: &'a mut dyn Sink<C>,
    ) -> Result<Self, EngineError> {
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
            round: 0,
            round_successes: 0,
            quota: usize::MAX,
            restart_wanted: false,
            yield_when_idle: false,
            slice_end: None,
            adaptive_restart: config.adaptive_restart,
            start: now,
            last_progress: now,
            progress_interval: config.progress_interval,
            observer,
            sink,
            admit: None,
            spec: Speculation {
                dry: None,
                background: Vec::new(),
                background_keys: Vec::new(),
                background_base: None,
                ahead_current: None,
                ahead_next: Vec::new(),
                ahead_base: [0; 32],
                refilled_at: None,
                foresee_pending: false,
                bet_on_success,
                betting_on: None,
            },
            forms: Forms {
                form: None,
                form_tasks: Vec::new(),
                form_runs: Vec::new(),
            },
            count: Counts::default(),
            checking: false,
            key_of_best: [0; 32],
            lateral: Lateral::default(),
        })
        .map(|mut s: Self| {
            s.key_of_best = content_key(&s.fingerprint, &s.best);
            s
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

    pub(crate) fn best(&self) -> &C {
        &self.best
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
            runs: self.count.runs,
            diagnostic_runs: self.count.diagnostic_runs,
            cache_hits: self.count.cache_hits,
            timeouts: self.count.timeouts,
            rejected: self.count.rejected,
            rounds,
            elapsed,
            cancelled,
            passes: self.stats.clone(),
            one_minimal: false,
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
            runs: self.count.runs,
            cache_hits: self.count.cache_hits,
            pass: self.stats.get(self.current).map_or("check", |s| s.name),
            round: self.round,
            elapsed: self.start.elapsed(),
        };
        self.observer.on_event(&Event::Progress(&p));
    }

    /// The content key of the current best.
    pub(crate) fn best_key(&self) -> Key {
        self.key_of_best
    }

    /// The run of the best's form (see [`super::Reduction::finish`]) for an idle
    /// worker, once per best, when this may be the last round: a later one, with no
    /// improvement so far. Its verdict serves the final check if the best does not
    /// change any more.
    fn form_work(&mut self) -> Option<(Key, Task<C>)> {
        if self.round < 2 || self.round_successes > 0 || !self.workers.makes_forms() {
            return None;
        }
        match &self.forms.form {
            // Known (a task computed it, but its run was stopped): run it.
            Some((base, form)) if *base == self.key_of_best => {
                let (k, c) = form.clone()?;
                if !self.runnable(&k) || self.forms.form_runs.iter().any(|(f, _)| *f == k) {
                    return None;
                }
                self.forms.form_runs.push((k, None));
                Some((k, Task::Test(c)))
            }
            _ => {
                let base = self.key_of_best;
                if self.forms.form_tasks.iter().any(|(b, _, _)| *b == base) {
                    return None;
                }
                let task = form_task_key(&base, 0);
                self.forms.form_tasks.push((base, task, self.current));
                Some((task, Task::Form(self.best.clone(), base, 0)))
            }
        }
    }

    /// The key the task computing and testing the form of the best runs under.
    fn form_task_of_best(&self) -> Option<Key> {
        (self.forms.form_tasks.iter())
            .find(|(b, _, _)| *b == self.key_of_best)
            .map(|(_, t, _)| *t)
    }

    /// The form of the current best, with its key, once a worker computed it.
    fn current_form(&self) -> Option<(Key, &C)> {
        match &self.forms.form {
            Some((base, Some((key, form)))) if *base == self.key_of_best => Some((*key, form)),
            _ => None,
        }
    }

    /// At the end: waits for the run of the best's form when it is under way (the
    /// final check would run it again), after stopping every other run.
    pub(crate) fn await_form(&mut self) {
        let keys: Vec<Key> = (self.current_form().map(|(k, _)| k).into_iter())
            .chain(self.form_task_of_best())
            .filter(|k| self.workers.has(k))
            .collect();
        if keys.is_empty() {
            return;
        }
        self.workers.abort_unless(|k| keys.contains(k));
        while keys.iter().any(|k| self.workers.has(k)) && self.wait_one().is_some() {}
    }

    /// The form of the final best and its verdict, when its run ended (see
    /// [`super::Outcome::checked_form`]).
    pub(crate) fn checked_form(&self) -> Option<(C, bool)> {
        let (key, form) = self.current_form()?;
        let (_, verdict) = self.forms.form_runs.iter().find(|(k, _)| *k == key)?;
        verdict.map(|v| (form.clone(), v))
    }

    /// Neither under way nor decided.
    fn runnable(&mut self, key: &Key) -> bool {
        !self.workers.has(key) && self.cache.get(key).is_none()
    }

    /// The verdict on the current best (cached when possible).
    pub(crate) fn verdict_of_best(&mut self) -> Result<Verdict, EngineError> {
        let key = content_key(&self.fingerprint, &self.best);
        if let Some(v) = self.cache.get(&key) {
            self.count.cache_hits += 1;
            return Ok(v);
        }
        let best = self.best.clone();
        self.checking = true;
        let v = self.run_needed(key, &best, &mut VecDeque::new());
        self.checking = false;
        v
    }

    /// Runs the predicate on the best without the cache (the final check).
    pub(crate) fn run_uncached_best(&mut self) -> Result<Verdict, EngineError> {
        self.quiesce();
        let key = content_key(&self.fingerprint, &self.best);
        let best = self.best.clone();
        self.checking = true;
        self.start(0, key, best);
        self.checking = false;
        let v = self.wait_for(key);
        self.progress(true);
        v
    }

    /// Would `c` cost a predicate run (smaller, admitted, not in the cache)? Only for
    /// choosing what to speculate on; counts nothing.
    fn needs_run(&mut self, c: &C) -> Option<Key> {
        if !self.acceptable(c) {
            return None;
        }
        let key = content_key(&self.fingerprint, c);
        self.cache.get(&key).is_none().then_some(key)
    }

    /// Starts a run on idle worker `w` (counted now: an aborted run was a run).
    fn start(&mut self, w: usize, key: Key, c: C) {
        self.start_task(w, key, Task::Test(c));
    }

    /// Starts `task` on idle worker `w`. A test counts as a run now; a form task
    /// when it ends with a form to test (see `wait_one`).
    fn start_task(&mut self, w: usize, key: Key, task: Task<C>) {
        let test = matches!(task, Task::Test(_));
        self.workers.start(w, key, task, &self.cancel);
        if test {
            self.count.runs += 1;
            if !self.checking {
                self.stats[self.current].runs += 1;
            }
        }
    }

    /// Starts queued candidates on idle workers, in order, skipping any already
    /// running or decided; then, while the best is unchanged, the background
    /// candidates. At most `budget` starts.
    fn fill(&mut self, queue: &mut VecDeque<(Key, C)>, budget: &mut usize) {
        while let Some(w) = self.workers.idle() {
            if *budget == 0 {
                return;
            }
            let next = match queue.pop_front() {
                Some(q) => q,
                None if self.background_valid() && !self.spec.background.is_empty() => {
                    self.spec.background.remove(0)
                }
                None => return,
            };
            let (key, c) = next;
            if !self.workers.has(&key) && self.cache.get(&key).is_none() {
                self.start(w, key, c);
                *budget -= 1;
            }
        }
    }

    /// [`State::fill`], and when a worker is left idle with budget to spare, the
    /// foresight put off at the start of the pass, then `fill` again.
    fn fill_or_foresee(&mut self, queue: &mut VecDeque<(Key, C)>, budget: &mut usize) {
        self.fill(queue, budget);
        if self.spec.foresee_pending && *budget > 0 && self.workers.idle().is_some() {
            self.foresee();
            self.fill(queue, budget);
        }
    }

    /// Stores the verdict of a run of this reduction, and counts it.
    fn store(&mut self, key: Key, v: Verdict) {
        self.cache.put(key, v);
        self.count.verdicts += 1;
        self.count.timeouts += u64::from(v == Verdict::Timeout);
    }

    /// Waits for one run to end; stores its verdict (an aborted run that ended
    /// before noticing has one too; a killed one fails and stores nothing).
    fn wait_one(&mut self) -> Option<Finished<C>> {
        let f = self.workers.wait_one()?;
        if let Some(form) = &f.form {
            let (base, _, pass) = *(self.forms.form_tasks.iter())
                .find(|(_, t, _)| *t == f.key)
                .expect("a form task was started");
            self.forms.form = Some((base, form.clone()));
            let Some((key, _)) = form else {
                return Some(f);
            };
            self.count.runs += 1;
            // The final check's forms count to no pass.
            if let Some(s) = self.stats.get_mut(pass) {
                s.runs += 1;
            }
            // Stopped (an error): the form is known now and its run may start again.
            if let Ok(v) = &f.result {
                self.store(*key, *v);
                self.forms.form_runs.push((*key, Some(v.is_interesting())));
            }
            return Some(f);
        }
        match &f.result {
            Ok(v) => {
                self.store(f.key, *v);
                if let Some(r) = self.forms.form_runs.iter_mut().find(|(k, _)| *k == f.key) {
                    r.1 = Some(v.is_interesting());
                }
            }
            // A form's run that was stopped may start again.
            Err(_) => self.forms.form_runs.retain(|(k, _)| *k != f.key),
        }
        Some(f)
    }

    /// Waits for one run to end: `Some` with the verdict when it was the run of
    /// `key` (and not aborted), `None` when it was another one (whose worker is then
    /// free).
    fn wait_step(&mut self, key: Key) -> Result<Option<Verdict>, EngineError> {
        match self.wait_one() {
            Some(f) if f.key == key && !f.aborted => {
                f.result.map(Some).map_err(EngineError::Predicate)
            }
            Some(_) => Ok(None),
            None => Err(EngineError::Predicate(PredicateError::Other(
                "internal: waited with no run under way".into(),
            ))),
        }
    }

    /// Waits for the run of `key` (under way) to end.
    fn wait_for(&mut self, key: Key) -> Result<Verdict, EngineError> {
        loop {
            if let Some(v) = self.wait_step(key)? {
                return Ok(v);
            }
        }
    }

    /// The verdict of `cand` (key `key`, not in the cache), waiting for it: joins its
    /// run when one is under way, else starts one as soon as a worker is free. Idle
    /// workers meanwhile take candidates from `queue` (speculation), at most one
    /// per other worker while this one is awaited: however fast the speculative
    /// runs are, a needed run costs at most `jobs` runs.
    fn run_needed(
        &mut self,
        key: Key,
        cand: &C,
        queue: &mut VecDeque<(Key, C)>,
    ) -> Result<Verdict, EngineError> {
        queue.retain(|(k, _)| *k != key);
        let mut budget = self.workers.len() - 1;
        loop {
            if self.cancel.is_cancelled() {
                return Err(EngineError::Predicate(PredicateError::Cancelled));
            }
            if let Some(v) = self.cache.get(&key) {
                return Ok(v);
            }
            // An aborted run of it may still end with a verdict: wait for it first.
            if !self.workers.has(&key) {
                if let Some(w) = self.workers.idle() {
                    self.start(w, key, cand.clone());
                }
            }
            self.fill_or_foresee(queue, &mut budget);
            // A worker still idle while this run is awaited: the form the result
            // is delivered in (the worker computes it, then tests it).
            if let Some(w) = self.workers.idle() {
                if let Some((k, task)) = self.form_work() {
                    self.start_task(w, k, task);
                }
            }
            if let Some(v) = self.wait_step(key)? {
                return Ok(v);
            }
        }
    }

    /// Aborts every run under way and waits for them to end.
    fn quiesce(&mut self) {
        self.workers.abort_unless(|_| false);
        while self.wait_one().is_some() {}
    }

    /// Decides `cand` (relative to the current best), running it if needed, while
    /// the idle workers run `proposals` (likely next tests; they are only cached).
    /// Runs under way for anything else are aborted. Never commits.
    fn request(&mut self, cand: &C, proposals: Vec<C>) -> Result<bool, EngineError> {
        if self.cancel.is_cancelled() {
            return Err(EngineError::Predicate(PredicateError::Cancelled));
        }
        self.stats[self.current].tests += 1;
        if !self.acceptable(cand) {
            self.count.rejected += 1;
            return Ok(false);
        }
        let key = content_key(&self.fingerprint, cand);
        if let Some(v) = self.cache.get(&key) {
            self.count.cache_hits += 1;
            return Ok(v.is_interesting());
        }
        let mut queue: VecDeque<(Key, C)> = VecDeque::new();
        for c in proposals {
            if queue.len() >= 4 * self.workers.len() {
                break;
            }
            if let Some(k) = self.needs_run(&c) {
                if k != key && !queue.iter().any(|(q, _)| *q == k) {
                    queue.push_back((k, c));
                }
            }
        }
        if queue.is_empty() {
            self.refill_background(&[key], Some(cand));
        }
        let bg = self.live_background();
        self.workers
            .abort_unless(|k| *k == key || queue.iter().any(|(q, _)| q == k) || bg.contains(k));
        let v = self.run_needed(key, cand, &mut queue)?;
        self.progress(false);
        Ok(v.is_interesting())
    }

    /// THE choke point. Decides `cands` (all relative to the current best) in order:
    /// rejects those not smaller, answers from the cache, runs the rest (up to one per
    /// worker at a time, pipelined), stores the verdicts. With `commit`, the first
    /// interesting candidate becomes the new best and is written to the sink, and the
    /// ones after it are left undecided (`false`).
    /// Returns the verdicts (`false` for rejected) and the index committed.
    fn consider(
        &mut self,
        cands: &[C],
        commit: bool,
    ) -> Result<(Vec<bool>, Option<usize>), EngineError> {
        if self.cancel.is_cancelled() {
            return Err(EngineError::Predicate(PredicateError::Cancelled));
        }
        let mut known: Vec<Option<bool>> = vec![None; cands.len()];
        let mut keys: Vec<Option<Key>> = vec![None; cands.len()];
        let mut rejected = vec![false; cands.len()];
        let mut queue: VecDeque<(Key, C)> = VecDeque::new();
        for (i, c) in cands.iter().enumerate() {
            self.stats[self.current].tests += 1;
            if !self.acceptable(c) {
                self.count.rejected += 1;
                known[i] = Some(false);
                rejected[i] = true;
                continue;
            }
            let key = content_key(&self.fingerprint, c);
            if let Some(v) = self.cache.get(&key) {
                self.count.cache_hits += 1;
                known[i] = Some(v.is_interesting());
                continue;
            }
            if !queue.iter().any(|(q, _)| *q == key) {
                queue.push_back((key, c.clone()));
            }
            keys[i] = Some(key);
        }
        if !queue.is_empty() && queue.len() < self.workers.len() {
            let awaited: Vec<Key> = queue.iter().map(|(k, _)| *k).collect();
            let single = (queue.len() == 1).then(|| queue[0].1.clone());
            self.refill_background(&awaited, single.as_ref());
        }
        let bg = self.live_background();
        // Runs are only stopped to make room: candidates that the parse check or the
        // cache answer leave the speculation under way alone (it is often for the
        // tests that follow them).
        if !queue.is_empty() {
            self.workers
                .abort_unless(|k| queue.iter().any(|(q, _)| q == k) || bg.contains(k));
        }
        let mut verdicts = vec![false; cands.len()];
        let mut committed = None;
        for i in 0..cands.len() {
            let v = match (known[i], keys[i]) {
                (Some(v), _) => v,
                (None, Some(key)) => self
                    .run_needed(key, &cands[i], &mut queue)?
                    .is_interesting(),
                (None, None) => false,
            };
            verdicts[i] = v;
            if commit && v {
                self.commit(cands[i].clone())?;
                committed = Some(i);
                break;
            }
        }
        self.progress(false);
        Ok((verdicts, committed))
    }

    /// Whether `c` may replace the best: admitted, not an earlier best, and smaller
    /// or a move sideways while one is allowed (see [`Lateral`]). (Before the first
    /// move sideways every earlier best is larger than the best.)
    pub(crate) fn acceptable(&self, c: &C) -> bool {
        if self.admit.as_ref().is_some_and(|f| !f(c)) {
            return false;
        }
        let l = &self.lateral;
        let smaller = is_smaller(c, &self.best);
        let sideways = l.open
            && l.made < LATERAL_MOVES
            && c.cost() == self.best.cost()
            && c.tokens() == self.best.tokens();
        if !smaller && !sideways {
            return false;
        }
        if l.made == 0 && smaller {
            return true;
        }
        let key = content_key(&self.fingerprint, c);
        key != self.key_of_best && !l.seen.contains(&key)
    }

    fn commit(&mut self, c: C) -> Result<(), EngineError> {
        let removed = self.best.size().saturating_sub(c.size());
        if !is_smaller(&c, &self.best) {
            self.lateral.made += 1;
        }
        self.lateral.seen.insert(self.key_of_best);
        self.sink.commit(&c).map_err(EngineError::Sink)?;
        self.best = c;
        self.key_of_best = content_key(&self.fingerprint, &self.best);
        let s = &mut self.stats[self.current];
        s.successes += 1;
        s.removed += removed as u64;
        self.round_successes += 1;
        if self.adaptive_restart && earlier_passes_pay(&self.stats, self.current) {
            self.restart_wanted = true;
        }
        let s = &self.stats[self.current];
        let (size, pass) = (self.best.size(), s.name);
        self.emit(&Event::Improved { size, pass });
        Ok(())
    }
}

/// An improvement by pass `current` restarts the round (with
/// `Config::adaptive_restart`) when the passes before it have paid at least this
/// fraction of what it pays per test: their cuts are bigger (the passes are in that
/// order), so they are worth re-running on the new case unless they pay far less.
const RESTART_YIELD_RATIO: f64 = 0.25;

/// Whether the passes before `current` pay at least `RESTART_YIELD_RATIO` of what
/// `current` pays per test (successes over tests, Laplace-smoothed so that a pass
/// with few tests counts as paying one in two). Tests, not runs: they are the same
/// for every number of workers, so the decision is too.
fn earlier_passes_pay(stats: &[PassStats], current: usize) -> bool {
    if current == 0 {
        return false;
    }
    let rate = |successes: u64, tests: u64| (successes as f64 + 1.0) / (tests as f64 + 2.0);
    let (successes, tests) = stats[..current]
        .iter()
        .fold((0, 0), |(s, t), p| (s + p.successes, t + p.tests));
    let here = &stats[current];
    rate(successes, tests) >= RESTART_YIELD_RATIO * rate(here.successes, here.tests)
}

/// The key a task computing and testing form `i` of the case with key `base` runs
/// under: not the key of any case.
fn form_task_key(base: &Key, i: usize) -> Key {
    use sha2::Digest;
    let mut h = sha2::Sha256::new();
    h.update(b"form-task\0");
    h.update(base);
    h.update((i as u64).to_le_bytes());
    h.finalize().into()
}

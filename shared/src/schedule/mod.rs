//! The reduction loop: rounds over the pass list to a fixed point. Two ways of
//! starting a round over early serve reductions of lists (the notebook's domain,
//! the `simulate` example and the engine's tests): the "variable restart" quota
//! (`Config::initial_quota`) and the adaptive restart (`Config::adaptive_restart`).
//! The file jobs turn both off (a round runs every pass once: on code, a restart
//! re-runs the syntax passes' large cuts that have just failed); the settings
//! reductions (`job/settings.rs`) too.
//! Candidates are evaluated only through the passes' `Ctx`, implemented by
//! `consider::PassCtx` (see `consider.rs`).

mod consider;
mod workers;

pub use workers::Pacer;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::passes::Interrupt;
use consider::PassCtx;

use crate::cache::VerdictCache;
use crate::case::Case;
use crate::output::Sink;
use crate::passes::Pass;
use crate::predicate::{CancelFlag, Predicate, PredicateError, Verdict};
use crate::report::{Event, Observer, Summary};

/// Settings of a reduction.
#[derive(Clone, Debug)]
pub struct Config {
    /// Parallel workers. The result is the same for every value.
    pub jobs: usize,
    /// Seed of every random choice.
    pub seed: u64,
    /// Where workers' scratch directories go (default: the system temp dir).
    pub scratch_parent: Option<PathBuf>,
    /// Improvements allowed in the first round before restarting from the first
    /// pass; decreases by 2 each round down to 1 ("variable restart").
    pub initial_quota: usize,
    /// Also restart from the first pass right after an improvement by a pass that
    /// pays much more per test than the passes before it have paid so far (see
    /// `RESTART_YIELD_RATIO`): when they pay comparably (a predicate with no
    /// structure, where any change unlocks earlier cuts), their bigger cuts come
    /// first; when they have stopped paying, the productive pass is left to go on.
    pub adaptive_restart: bool,
    /// Check that the original is interesting before reducing.
    pub verify_original: bool,
    /// Re-run the predicate on the result (bypassing the cache) at the end.
    pub final_check: bool,
    /// Minimum time between progress events.
    pub progress_interval: Duration,
    /// Honour the passes' [`crate::passes::Role::fallback`] (Rust code): such a pass runs
    /// only in a round where the passes before it found nothing, and then checks
    /// the result of the others rather than every case on the way. When one of
    /// them finds something, the next round starts from the first pass. Passes whose
    /// role is [`crate::passes::Role::last_resort`] are treated so on every case.
    pub fallbacks: bool,
    /// A pass that has tested at least 100 candidates in this run and had fewer
    /// than one in 100 taken runs after the others, and like a fallback only in a
    /// round in which they find nothing (the passes that pay first, the others only
    /// where those stop paying). Once its takings are back above that rate it is
    /// back in its place.
    pub demote_idle: bool,
    /// Honour the passes' [`crate::passes::Role::bet_on_success`] (Rust code): at `-j` > 1,
    /// while one of their tests runs alone, idle workers run what the next passes
    /// would test if it succeeds, rather than what they would test if it fails.
    /// Speed only; the result is the same.
    pub bets: bool,
    /// A virtual clock's hooks into the worker pool (simulations only, see
    /// [`Pacer`]); `None` (the default) in real reductions.
    pub pacer: Option<std::sync::Arc<dyn Pacer>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            jobs: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            seed: 0,
            scratch_parent: None,
            initial_quota: 10,
            adaptive_restart: true,
            verify_original: true,
            final_check: true,
            progress_interval: Duration::from_millis(100),
            fallbacks: false,
            demote_idle: false,
            bets: false,
            pacer: None,
        }
    }
}

/// Failures that stop a reduction.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The original does not show the bug.
    #[error("the original is not interesting (verdict: {0:?})")]
    OriginalNotInteresting(Verdict),
    /// The final re-check of the result failed: the predicate is flaky.
    #[error("the result was interesting during the run but not when checked again: the predicate is flaky")]
    FlakyResult,
    /// The predicate could not run.
    #[error(transparent)]
    Predicate(PredicateError),
    /// The best-so-far could not be written.
    #[error("cannot write the result: {0}")]
    Sink(std::io::Error),
    /// Scratch directories could not be created.
    #[error("cannot create scratch directories: {0}")]
    Scratch(std::io::Error),
    /// A pass failed by itself.
    #[error("a pass failed: {0}")]
    Pass(Box<dyn std::error::Error + Send + Sync>),
}

/// The result of a reduction.
#[derive(Debug)]
pub struct Outcome<C> {
    /// The smallest interesting case found.
    pub best: C,
    /// What it took.
    pub summary: Summary,
}

/// Everything a reduction needs besides the case, the observer and the sink.
pub struct Reduction<'a, C: Case> {
    /// The interestingness test.
    pub predicate: &'a dyn Predicate<C>,
    /// Passes, in their initial order.
    pub passes: Vec<Box<dyn Pass<C>>>,
    /// Settings.
    pub config: Config,
    /// The verdict cache (memory, optionally disk).
    pub cache: VerdictCache,
    /// Cancellation flag (set it from another thread to stop).
    pub cancel: CancelFlag,
    /// A cheap static check: candidates it refuses (e.g. Rust that no longer
    /// parses) are rejected without running the predicate.
    pub admit: Option<Admit<'a, C>>,
    /// The forms the result may be delivered in, in order of preference (the CLI:
    /// rustfmt's, then blank lines tidied). With [`Config::final_check`] the
    /// final check is of the first form that differs from the best and still
    /// shows the bug, which becomes the result (committed to the sink); when none
    /// does, of the best itself. At `-j` > 1 a worker with nothing else to do
    /// computes the first form of the current best (in its own scratch directory,
    /// `RunEnv`) and runs the predicate on it, so that the final check may find it
    /// done.
    pub forms: Vec<Form<'a, C>>,
}

/// One of [`Reduction::forms`].
pub struct Form<'a, C> {
    /// What the observer is told when it is checked.
    pub note: &'static str,
    /// The form of a case (`None`: none; it may run tools in `RunEnv`'s scratch
    /// directory).
    pub make: Finish<'a, C>,
}

/// See [`Reduction::admit`].
pub type Admit<'a, C> = Box<dyn Fn(&C) -> bool + Send + Sync + 'a>;

/// See [`Form::make`].
pub type Finish<'a, C> =
    Box<dyn Fn(&C, &crate::predicate::RunEnv<'_>) -> Option<C> + Send + Sync + 'a>;

/// A pass is not run again on the very case it finished its last sweep on (as
/// C-Reduce, a sweep is the unit of work).
fn skipped<C: Case>(
    pass: &dyn Pass<C>,
    clean_at: &Clean,
    state: &mut consider::State<'_, C>,
) -> bool {
    if !pass.is_fresh() || pass.wants_rerun() {
        return false;
    }
    clean_at.exact == Some(state.best_key())
}

/// Where a pass last finished a sweep: the case's key.
#[derive(Clone, Copy, Default)]
struct Clean {
    exact: Option<crate::cache::Key>,
}

/// With idle workers in view: keeps copies of the pass about to run and of the
/// next ones for foresight (dry runs of them, as they would run if no test
/// succeeds, whose candidates the workers take as background work). Foresight of
/// the next passes is wanted from the start for a pass whose last sweep found
/// nothing (and before its first): the bet is that it finds nothing again. It is
/// done when a worker would otherwise stay idle (the pass's own first tests often
/// fill the workers, and dry runs of several passes over a large case take
/// time). Otherwise it starts only when the pass itself has nothing to propose. Nothing is decided by it: a
/// pass's tests then find their verdicts in the cache, or join a run under way.
fn foresee<C: Case>(
    state: &mut consider::State<'_, C>,
    passes: &[Box<dyn Pass<C>>],
    next: &[usize],
    clean_at: &[Clean],
    fallback: &[bool],
    at_once: bool,
) {
    let round_paid = state.round_successes > 0;
    let mut ahead: Vec<Box<dyn Pass<C>>> = Vec::new();
    for &j in &next[1..] {
        if ahead.len() == 3 {
            break;
        }
        if skipped(&*passes[j], &clean_at[j], state) || fallback[j] && round_paid {
            continue;
        }
        ahead.extend(passes[j].fork());
    }
    state.set_ahead(passes[next[0]].fork(), ahead);
    if at_once {
        state.foresee_later();
    } else {
        state.set_background(Vec::new());
    }
}

/// Reduces `initial`; every improvement is committed to `sink` before going on.
pub fn reduce<C: Case>(
    initial: C,
    reduction: Reduction<'_, C>,
    observer: &mut dyn Observer,
    sink: &mut dyn Sink<C>,
) -> Result<Outcome<C>, EngineError> {
    let Reduction {
        predicate,
        mut passes,
        config,
        cache,
        cancel,
        admit,
        forms,
    } = reduction;
    let start = Instant::now();
    let initial_size = initial.size();
    let names: Vec<_> = passes.iter().map(|p| p.name()).collect();
    let fallback: Vec<bool> = (passes.iter())
        .map(|p| (config.fallbacks && p.role().fallback) || p.role().last_resort)
        .collect();
    let bets: Vec<bool> = (passes.iter())
        .map(|p| config.bets && p.role().bet_on_success)
        .collect();
    // The workers are threads of this scope: they end (after their runs are
    // aborted) when the state that owns them is dropped, before `reduce` returns.
    std::thread::scope(|scope| {
        let makers = (!forms.is_empty()).then(|| workers::FormMaker {
            forms: forms.iter().map(|f| &*f.make).collect(),
            fingerprint: predicate.fingerprint(),
        });
        let workers = workers::Workers::new(
            config.jobs.max(1),
            config.scratch_parent.as_deref(),
            predicate,
            makers,
            config.pacer.clone(),
            scope,
        )
        .map_err(EngineError::Scratch)?;
        let mut state = consider::State::new(
            initial,
            predicate,
            workers,
            cache,
            cancel.clone(),
            &config,
            names,
            bets,
            observer,
            sink,
        )?;
        state.admit = admit;
        state.emit(&Event::Started {
            initial_size,
            jobs: config.jobs.max(1),
        });

        if config.verify_original {
            let v = state.verdict_of_best()?;
            if !v.is_interesting() {
                return Err(EngineError::OriginalNotInteresting(v));
            }
        }

        // The case each pass last finished a sweep on: a pass is not run again on the
        // very case it left (as C-Reduce, a sweep is the unit of work).
        let mut clean_at: Vec<Clean> = vec![Clean::default(); passes.len()];
        // Whether each pass's last run (a sweep, or the part of one before a
        // restart) improved the case.
        let mut paid_last = vec![false; passes.len()];
        let mut quota = config.initial_quota.max(1);
        let mut round = 0;
        let mut cancelled = false;
        'rounds: loop {
            round += 1;
            state.round = round;
            state.round_successes = 0;
            state.restart_wanted = false;
            state.quota = quota;
            let mut all_clean = true;
            // The passes in their order, except that with `Config::demote_idle` the
            // idle ones go after the others (before the fallbacks and last resorts).
            let idle: Vec<bool> = (0..passes.len())
                .map(|j| state.pass_idle(j) && !fallback[j])
                .collect();
            let order: Vec<usize> = if config.demote_idle {
                ((0..passes.len()).filter(|&j| !idle[j] && !fallback[j]))
                    .chain((0..passes.len()).filter(|&j| idle[j]))
                    .chain((0..passes.len()).filter(|&j| fallback[j]))
                    .collect()
            } else {
                (0..passes.len()).collect()
            };
            for (pos, &i) in order.iter().enumerate() {
                if state.round_successes >= quota {
                    all_clean = false;
                    break;
                }
                if skipped(&*passes[i], &clean_at[i], &mut state) {
                    continue;
                }
                // This round found something: the next one starts over, and a
                // fallback waits for a round that finds nothing before it.
                let waits = |state: &consider::State<'_, C>, j: usize| {
                    fallback[j] || (config.demote_idle && state.pass_idle(j))
                };
                if waits(&state, i) && state.round_successes > 0 {
                    continue;
                }
                state.begin_pass(i);
                // A pass that turns idle in the middle of its sweep goes on later,
                // after the passes that pay (when there are any after it).
                state.yield_when_idle = config.demote_idle
                    && !fallback[i]
                    && !idle[i]
                    && order[pos + 1..].iter().any(|&j| !fallback[j] && !idle[j]);
                // Else an idle pass (or one that turns idle) runs in slices of
                // `IDLE_TESTS` tests: after each, the passes after it in this round
                // (the last resorts and the other idle passes) get their turn before
                // it goes on where it stopped. A pass that is clean on the case is
                // skipped, so a slice costs nothing more when they find nothing.
                state.set_slice(
                    config.demote_idle
                        && !state.yield_when_idle
                        && order[pos + 1..].iter().any(|&j| fallback[j] || idle[j]),
                );
                if config.jobs > 1 {
                    let waiting: Vec<bool> = (0..passes.len()).map(|j| waits(&state, j)).collect();
                    foresee(
                        &mut state,
                        &passes,
                        &order[pos..],
                        &clean_at,
                        &waiting,
                        !paid_last[i],
                    );
                } else {
                    state.set_background(Vec::new());
                }
                let before = state.pass_successes(i);
                let mut ctx = PassCtx::new(&mut state);
                let result = passes[i].run(&mut ctx);
                paid_last[i] = state.pass_successes(i) > before;
                let sliced = state.slice_spent();
                state.set_slice(false);
                match result {
                    Ok(()) => {
                        clean_at[i] = Clean {
                            exact: Some(state.best_key()),
                        };
                        // A pass that wants another sweep (its sweep found something,
                        // maybe in an earlier slice of it) gets one.
                        if paid_last[i] || passes[i].wants_rerun() {
                            all_clean = false;
                        }
                    }
                    Err(Interrupt::Restart) if sliced => all_clean = false,
                    Err(Interrupt::Restart) => {
                        all_clean = false;
                        break;
                    }
                    Err(Interrupt::Cancelled) => {
                        cancelled = true;
                        break 'rounds;
                    }
                    Err(Interrupt::Failed(e)) => {
                        return Err(match e.downcast::<EngineError>() {
                            Ok(e) => *e,
                            Err(e) => EngineError::Pass(e),
                        })
                    }
                }
            }
            if all_clean && state.round_successes == 0 {
                break;
            }
            quota = quota.saturating_sub(2).max(1);
        }

        // What the sweeps of the 1-minimal neighbourhood last saw.
        let swept = state.best().clone();
        if config.final_check && !cancelled {
            let notes: Vec<&'static str> = forms.iter().map(|f| f.note).collect();
            match state.deliver(&notes) {
                Ok(()) => {}
                Err(EngineError::Predicate(PredicateError::Cancelled)) => cancelled = true,
                Err(e) => return Err(e),
            }
        }
        let mut summary = state.summary(initial_size, round, start.elapsed(), cancelled);
        summary.one_minimal = !cancelled
            && crate::passes::checked_one_minimal(&passes)
            && state.best().same_but_blanks(&swept);
        state.emit(&Event::Finished(&summary));
        Ok(Outcome {
            best: state.into_best(),
            summary,
        })
    })
}

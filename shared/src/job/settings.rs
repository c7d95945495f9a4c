//! The job's settings reduced by the engine: once the code is reduced, the fewest
//! flags, cargo arguments and profile settings ([`super::flags`]) and the fewest
//! manifest entries and files ([`super::finish`]) that still show the bug. Each is
//! a list of item ids the engine reduces with the [`Choices`] pass through its one
//! choke point: the same verdict cache (a second run of the same job asks nothing
//! again), the same workers (`-j`), the same cancellation, and the output written
//! by the sink on every improvement. What an id means is in the caller's
//! `render`: the case and the settings to check.

use sha2::{Digest, Sha256};

use super::{Job, JobError};
use crate::case::Case;
use crate::passes::{Choices, Step};
use crate::predicate::{
    CancelFlag, IcePredicate, Predicate, PredicateError, RunEnv, Settings, Verdict,
};
use crate::report::{Event, Observer, Summary};
use crate::schedule::{reduce, Config, Reduction};
use crate::testcase::TestCase;

/// What a list of items stands for: the case to check and, for an ICE, the
/// settings to check it with (`None`: the predicate's own).
pub(super) struct Rendered {
    pub case: TestCase,
    pub settings: Option<Settings>,
}

/// The predicate a reduction of settings checks with.
pub(super) enum Base<'a> {
    /// Any check, with its own settings.
    Plain(&'a dyn Predicate<TestCase>),
    /// An ICE, with the settings of each candidate.
    Ice(&'a IcePredicate),
}

/// A reduction of settings (see the module docs).
pub(super) struct Settle<'a> {
    /// The pass's name (in progress and statistics).
    pub name: &'static str,
    /// The check.
    pub base: Base<'a>,
    /// The items, all there at the start (the case as it is shows the bug).
    pub items: Vec<u64>,
    /// The plan of the [`Choices`] pass.
    pub plan: Vec<Step>,
    /// What a list of items stands for.
    pub render: &'a (dyn Fn(&[u64]) -> Rendered + Sync),
    /// Everything `render` depends on besides the ids (for the cache key).
    pub context: Vec<u8>,
}

struct SettlePredicate<'a> {
    base: &'a Base<'a>,
    render: &'a (dyn Fn(&[u64]) -> Rendered + Sync),
    fingerprint: Vec<u8>,
}

impl Predicate<Vec<u64>> for SettlePredicate<'_> {
    fn fingerprint(&self) -> Vec<u8> {
        self.fingerprint.clone()
    }

    fn test(&self, ids: &Vec<u64>, env: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
        let r = (self.render)(ids);
        match (self.base, &r.settings) {
            (Base::Ice(p), Some(s)) => p.test_with(&r.case, env, s),
            (Base::Ice(p), None) => p.test(&r.case, env),
            (Base::Plain(p), _) => p.test(&r.case, env),
        }
    }
}

/// Passes the job's notes and warnings on; the inner reduction's own start,
/// progress and end (in items, not bytes) stay inside.
struct Notes<'a>(&'a mut dyn Observer);

impl Observer for Notes<'_> {
    fn on_event(&mut self, event: &Event<'_>) {
        if matches!(event, Event::Note(_) | Event::Warning(_)) {
            self.0.on_event(event);
        }
    }
}

/// Commits each improvement with the caller's function.
struct CommitSink<'a>(&'a mut dyn FnMut(&[u64]) -> std::io::Result<()>);

impl crate::output::Sink<Vec<u64>> for CommitSink<'_> {
    fn commit(&mut self, best: &Vec<u64>) -> std::io::Result<()> {
        (self.0)(best)
    }
}

impl Job {
    /// Runs `settle` and returns the items left; `commit` writes each improvement.
    /// Its checks and cache hits count in `summary` (its statistics appear under
    /// its name); a cancel sets `summary.cancelled`.
    pub(super) fn settle(
        &self,
        settle: Settle<'_>,
        commit: &mut dyn FnMut(&[u64]) -> std::io::Result<()>,
        summary: &mut Summary,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<Vec<u64>, JobError> {
        if settle.plan.is_empty() {
            return Ok(settle.items);
        }
        let base_fingerprint = match &settle.base {
            Base::Plain(p) => p.fingerprint(),
            Base::Ice(p) => p.fingerprint(),
        };
        let mut h = Sha256::new();
        h.update(b"settle-v1\0");
        h.update(settle.name.as_bytes());
        h.update((base_fingerprint.len() as u64).to_le_bytes());
        h.update(&base_fingerprint);
        h.update(&settle.context);
        let predicate = SettlePredicate {
            base: &settle.base,
            render: settle.render,
            fingerprint: h.finalize().to_vec(),
        };
        let spec = &self.spec;
        let reduction = Reduction {
            predicate: &predicate,
            passes: vec![Box::new(Choices::new(settle.name, settle.plan))],
            config: Config {
                jobs: spec.jobs.max(1),
                seed: spec.seed,
                initial_quota: usize::MAX,
                adaptive_restart: false,
                // The items as they are are the checked result of the reduction.
                verify_original: false,
                // Each improvement was a check of what is written.
                final_check: false,
                ..Config::default()
            },
            cache: self.open_cache(&mut crate::report::NullObserver),
            cancel: cancel.clone(),
            admit: None,
            forms: Vec::new(),
        };
        let mut sink = CommitSink(commit);
        let outcome = reduce(settle.items, reduction, &mut Notes(observer), &mut sink)
            .map_err(|e| self.engine_error(e))?;
        summary.runs += outcome.summary.runs;
        summary.cache_hits += outcome.summary.cache_hits;
        summary.passes.extend(outcome.summary.passes);
        if outcome.summary.cancelled {
            summary.cancelled = true;
        }
        Ok(outcome.best)
    }
}

/// A digest of a case, for a [`Settle::context`].
pub(super) fn digest(case: &TestCase) -> Vec<u8> {
    let mut h = Sha256::new();
    case.digest_into(&mut h);
    h.finalize().to_vec()
}

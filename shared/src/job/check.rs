//! The one way the job runs a check itself. The reduction's candidates go through
//! the engine's choke point (`schedule::consider`); what the job checks around it
//! goes through [`JobCheck`]: the original's runs, the crate without its lints and
//! build script, the formatted and final result, the self-contained starts, the
//! extracted member, the one-file command and the report's output. (The fewest
//! flags and the tidied manifest are reductions of the engine: `settings.rs`.)
//!
//! Each check gets a scratch directory of its own under the job's (a leftover of
//! one never confuses another), is counted where the caller says (the summary's
//! runs, or the original's), and tells a cancellation apart from a check that could
//! not run. None is answered from the cache: these are the checks whose answer the
//! user is given (the final one most of all), and there are few of them.

use std::path::{Path, PathBuf};

use super::{internal, JobError};
use crate::predicate::{CancelFlag, Predicate, PredicateError, RunEnv};
use crate::testcase::TestCase;
use crate::Verdict;

/// Checks run by the job in one scratch directory (see the module docs).
pub(super) struct JobCheck<'a> {
    dir: PathBuf,
    cancel: &'a CancelFlag,
}

/// Why a check gave no verdict.
#[derive(Debug)]
pub(super) enum Stopped {
    /// The user cancelled: the caller returns what it has.
    Cancelled,
    /// The check could not run (a missing compiler, a scratch directory that cannot
    /// be written).
    Failed(PredicateError),
}

impl<'a> JobCheck<'a> {
    /// Checks in `scratch/name` (created).
    pub(super) fn new(
        scratch: &Path,
        name: &str,
        cancel: &'a CancelFlag,
    ) -> Result<JobCheck<'a>, JobError> {
        JobCheck::at(&scratch.join(name), cancel)
    }

    /// Checks in `dir` (created).
    pub(super) fn at(dir: &Path, cancel: &'a CancelFlag) -> Result<JobCheck<'a>, JobError> {
        std::fs::create_dir_all(dir).map_err(internal)?;
        Ok(JobCheck {
            dir: dir.to_path_buf(),
            cancel,
        })
    }

    /// Where a predicate runs (for the callers that need its output: the
    /// original's probes, the report).
    pub(super) fn env(&self) -> RunEnv<'_> {
        RunEnv {
            worker: 0,
            scratch: &self.dir,
            cancel: self.cancel,
        }
    }

    /// One run of `predicate` on `case`, counted in `runs`.
    pub(super) fn verdict<P: Predicate<TestCase> + ?Sized>(
        &self,
        predicate: &P,
        case: &TestCase,
        runs: &mut u64,
    ) -> Result<Verdict, Stopped> {
        *runs += 1;
        predicate.test(case, &self.env()).map_err(|e| match e {
            PredicateError::Cancelled => Stopped::Cancelled,
            e => Stopped::Failed(e),
        })
    }

    /// Whether `case` shows the bug: [`JobCheck::verdict`], interesting or not.
    pub(super) fn shows<P: Predicate<TestCase> + ?Sized>(
        &self,
        predicate: &P,
        case: &TestCase,
        runs: &mut u64,
    ) -> Result<bool, Stopped> {
        self.verdict(predicate, case, runs)
            .map(|v| v.is_interesting())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Case;
    use crate::predicate::FnPredicate;

    #[test]
    fn every_check_is_counted_and_a_cancel_is_told_apart() {
        let tmp = tempfile::tempdir().unwrap();
        let cancel = CancelFlag::new();
        let check = JobCheck::new(tmp.path(), "here", &cancel).unwrap();
        assert!(tmp.path().join("here").is_dir());
        let pred = FnPredicate::new("t", |c: &TestCase| c.size() > 1);
        let mut runs = 0;
        let case = TestCase::single("a.rs", b"ab".to_vec());
        assert!(check.shows(&pred, &case, &mut runs).unwrap());
        let small = TestCase::single("a.rs", b"a".to_vec());
        assert!(!check.shows(&pred, &small, &mut runs).unwrap());
        assert_eq!(runs, 2);
        cancel.cancel();
        let cancelled = FnPredicate::new("c", |_: &TestCase| false);
        let r = check.shows(&CancelledPredicate(cancelled), &case, &mut runs);
        assert!(matches!(r, Err(Stopped::Cancelled)));
        assert_eq!(runs, 3);
    }

    /// A predicate whose run is cancelled.
    struct CancelledPredicate<P>(P);
    impl<P: Predicate<TestCase>> Predicate<TestCase> for CancelledPredicate<P> {
        fn fingerprint(&self) -> Vec<u8> {
            self.0.fingerprint()
        }
        fn test(&self, _: &TestCase, _: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
            Err(PredicateError::Cancelled)
        }
    }
}

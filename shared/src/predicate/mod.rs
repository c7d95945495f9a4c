//! Predicates: the interestingness test. "Not interesting" is a `Verdict`, not an
//! error; `PredicateError` is for broken infrastructure (cannot spawn, cancelled).

mod crate_copy;
mod focus;
pub mod ice;
pub mod limit;
mod materialize;
pub mod miscompile;
mod script;
pub mod signature;
mod target_seed;
pub mod test_failure;
mod tool;
pub(crate) mod toolchain;

use cargo_metadata::diagnostic::{Diagnostic, DiagnosticLevel};
use std::path::{Path, PathBuf};

pub use crate::exec::CancelFlag;
pub use crate::hints::{Focus, Unused};
pub use crate::verdict::Verdict;
pub(crate) use crate_copy::dependency_tables;
pub use crate_copy::CrateSource;
pub use focus::{focus_from_stderr, focus_of_output};
pub use ice::{Compile, IceConfig, IcePredicate, Probe, Settings, Tool};
pub use limit::{MemoryLimit, TimeLimit};
pub use miscompile::{MiscompileConfig, MiscompilePredicate, WrongCodeGuard};
pub use script::{ScriptConfig, ScriptPredicate};
pub use signature::{ice_signature, test_failure_signature, MatchMode, Signature};
pub use test_failure::{TestConfig, TestPredicate, TestProbe};

/// Infrastructure failures while testing a candidate.
#[derive(Debug, thiserror::Error)]
pub enum PredicateError {
    /// The run was cancelled by the user.
    #[error("cancelled")]
    Cancelled,
    /// A process could not be started or waited for.
    #[error(transparent)]
    Exec(#[from] crate::exec::ExecError),
    /// Writing the candidate into the scratch directory failed.
    #[error("cannot write the candidate to {path}: {source}")]
    Io {
        /// The path being written.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// Anything else the predicate wants to report.
    #[error("{0}")]
    Other(String),
}

/// Where and how one predicate run happens.
pub struct RunEnv<'a> {
    /// Index of the worker running the test (stable per scratch directory).
    pub worker: usize,
    /// The worker's private scratch directory; it persists between runs of the same
    /// worker (so a crate's target directory can be reused).
    pub scratch: &'a Path,
    /// Cancellation flag to honour.
    pub cancel: &'a CancelFlag,
}

impl RunEnv<'_> {
    /// The directory a check's temporary files go to (`TMPDIR`, see
    /// [`crate::exec::CommandSpec::temp_dir`]): inside the worker's scratch directory.
    pub fn temp_dir(&self) -> PathBuf {
        self.scratch.join("tmp")
    }
}

/// An interestingness test for cases of type `C`.
pub trait Predicate<C>: Sync {
    /// Everything that changes the verdict besides the case itself (command, flags,
    /// relevant environment, compiler version, signature). Part of the cache key.
    fn fingerprint(&self) -> Vec<u8>;
    /// Tests one candidate.
    fn test(&self, case: &C, env: &RunEnv<'_>) -> Result<Verdict, PredicateError>;
    /// Compiles `case` for the compiler's warnings about unused code (`dead_code`,
    /// `unused_*`), for the compiler-guided pass. `None` when the predicate has no
    /// compiler to ask; an empty list when the compiler gave no such warning (for
    /// instance because it crashed before its lints ran).
    fn unused(&self, _case: &C, _env: &RunEnv<'_>) -> Result<Option<Vec<Unused>>, PredicateError> {
        Ok(None)
    }
    /// Where the original's failure points (items named in an ICE's query stack,
    /// spans of its errors), for `rust-focus`. Empty when unknown.
    fn focus(&self) -> Focus {
        Focus::default()
    }
    /// The time limit of a check, when the predicate runs a process under one
    /// (learned from the original's checks: [`limit`]).
    fn time_limit(&self) -> Option<&TimeLimit> {
        None
    }
    /// The memory limit of a check, when the predicate runs a program under one
    /// (a test binary: [`limit::MemoryLimit`]).
    fn memory_limit(&self) -> Option<&MemoryLimit> {
        None
    }
}

/// rustc's JSON diagnostics in `output`: one JSON object per line, either bare as
/// printed by `rustc --error-format=json` or in cargo's `compiler-message` records
/// (`--message-format=json`); other lines are skipped.
pub(crate) fn diagnostics(output: &[u8]) -> Vec<Diagnostic> {
    String::from_utf8_lossy(output)
        .lines()
        .filter(|l| l.starts_with('{'))
        .filter_map(
            |line| match serde_json::from_str::<cargo_metadata::Message>(line) {
                Ok(cargo_metadata::Message::CompilerMessage(m)) => Some(m.message),
                Ok(_) => None,
                Err(_) => serde_json::from_str::<Diagnostic>(line).ok(),
            },
        )
        .collect()
}

/// The `Unused` warnings among rustc's JSON diagnostics (one JSON object per line,
/// either bare as printed by `rustc --error-format=json` or wrapped in cargo's
/// `compiler-message` records), for the files of `case` as written under `dir`
/// (file names absolute or relative to `dir`).
pub fn unused_from_json(output: &[u8], dir: &Path, case: &crate::TestCase) -> Vec<Unused> {
    use crate::case::Case;
    let seq_of = |name: &str| {
        let path = Path::new(name);
        let rel = path.strip_prefix(dir).unwrap_or(path);
        (0..case.seq_count()).find(|&i| case.path(i) == rel)
    };
    let mut out = Vec::new();
    for msg in diagnostics(output) {
        if msg.level != DiagnosticLevel::Warning {
            continue;
        }
        let Some(lint) = msg.code.as_ref().map(|c| c.code.as_str()) else {
            continue;
        };
        if lint != "dead_code" && !lint.starts_with("unused_") {
            continue;
        }
        for span in msg.spans.iter().filter(|s| s.is_primary) {
            if let Some(seq) = seq_of(&span.file_name) {
                out.push(Unused {
                    seq,
                    start: span.byte_start as usize,
                    end: span.byte_end as usize,
                    lint: lint.to_string(),
                });
            }
        }
    }
    out
}

/// An in-process predicate from a closure (engine tests and simulations).
pub struct FnPredicate<F> {
    f: F,
    fingerprint: Vec<u8>,
}

impl<F> FnPredicate<F> {
    /// Wraps `f`; `fingerprint` names the predicate in the cache.
    pub fn new(fingerprint: &str, f: F) -> FnPredicate<F> {
        FnPredicate {
            f,
            fingerprint: fingerprint.as_bytes().to_vec(),
        }
    }
}

impl<C, F: Fn(&C) -> bool + Sync> Predicate<C> for FnPredicate<F> {
    fn fingerprint(&self) -> Vec<u8> {
        self.fingerprint.clone()
    }
    fn test(&self, case: &C, env: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
        if env.cancel.is_cancelled() {
            return Err(PredicateError::Cancelled);
        }
        Ok(if (self.f)(case) {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }
}

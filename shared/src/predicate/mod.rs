//! Predicates: the interestingness test. "Not interesting" is a `Verdict`, not an
//! error; `PredicateError` is for broken infrastructure (cannot spawn, cancelled).

mod crate_copy;
mod focus;
pub mod ice;
mod materialize;
pub mod miscompile;
mod script;
pub mod signature;
mod target_seed;
pub mod test_failure;
mod tool;
pub(crate) mod toolchain;

use std::path::{Path, PathBuf};

pub use crate::exec::CancelFlag;
pub use crate::hints::{Focus, Unused};
pub use crate::verdict::Verdict;
pub(crate) use crate_copy::dependency_tables;
pub use crate_copy::CrateSource;
pub use focus::{focus_from_stderr, focus_of_output};
pub use ice::{Compile, IceConfig, IcePredicate, Probe, Tool};
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
    let output = String::from_utf8_lossy(output);
    let mut out = Vec::new();
    for line in output.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let msg = if v.get("reason").is_some() {
            match v.get("message") {
                Some(m) => m,
                None => continue,
            }
        } else {
            &v
        };
        if msg.get("level").and_then(|l| l.as_str()) != Some("warning") {
            continue;
        }
        let Some(lint) = msg.pointer("/code/code").and_then(|c| c.as_str()) else {
            continue;
        };
        if lint != "dead_code" && !lint.starts_with("unused_") {
            continue;
        }
        for span in msg
            .get("spans")
            .and_then(|s| s.as_array())
            .into_iter()
            .flatten()
        {
            if span.get("is_primary").and_then(|p| p.as_bool()) != Some(true) {
                continue;
            }
            let (Some(file), Some(start), Some(end)) = (
                span.get("file_name").and_then(|f| f.as_str()),
                span.get("byte_start").and_then(|b| b.as_u64()),
                span.get("byte_end").and_then(|b| b.as_u64()),
            ) else {
                continue;
            };
            if let Some(seq) = seq_of(file) {
                out.push(Unused {
                    seq,
                    start: start as usize,
                    end: end as usize,
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

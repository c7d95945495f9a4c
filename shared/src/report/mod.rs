//! Events emitted by the engine (it never prints) and the final summary.
//! Front ends implement `Observer`: the CLI draws a progress bar, the LSP server
//! sends `$/progress`.

mod excerpt;
mod markdown;

use std::time::Duration;

pub(crate) use excerpt::{excerpt, failure_line, without_scratch_paths};
pub use markdown::{markdown, ReportInput};

use serde::Serialize;

/// Statistics of one pass over the whole run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PassStats {
    /// The pass name.
    pub name: &'static str,
    /// Candidates asked for (including cache hits).
    pub tests: u64,
    /// Predicate runs performed for this pass.
    pub runs: u64,
    /// Accepted improvements.
    pub successes: u64,
    /// Items removed by accepted improvements.
    pub removed: u64,
}

/// A snapshot of the run.
#[derive(Clone, Debug, Serialize)]
pub struct Progress {
    /// Size of the original, in items (bytes for files).
    pub initial_size: usize,
    /// Size of the best case so far.
    pub size: usize,
    /// Predicate runs so far (processes started, for external predicates).
    pub runs: u64,
    /// Candidates answered from the cache.
    pub cache_hits: u64,
    /// The pass running now.
    pub pass: &'static str,
    /// Round number (1-based).
    pub round: usize,
    /// Time since the start.
    pub elapsed: Duration,
}

/// The summary at the end of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// Size of the original.
    pub initial_size: usize,
    /// Size of the result.
    pub final_size: usize,
    /// Predicate runs performed.
    pub runs: u64,
    /// Compiles run to ask for warnings about unused code (not predicate runs).
    pub diagnostic_runs: u64,
    /// Candidates answered from the cache.
    pub cache_hits: u64,
    /// Runs stopped at the time limit of a check (they do not show the bug, unless
    /// the bug is a hang).
    pub timeouts: u64,
    /// Candidates rejected before testing (not smaller than the best).
    pub rejected: u64,
    /// Rounds over the pass list.
    pub rounds: usize,
    /// Wall time.
    pub elapsed: Duration,
    /// `true` when the run stopped early because it was cancelled.
    pub cancelled: bool,
    /// Per-pass statistics.
    pub passes: Vec<PassStats>,
    /// The result was checked 1-minimal in the stated neighbourhood (that of
    /// `tools/check_minimal.py`): every neighbour was tried on it and none kept the
    /// bug. `false` when that was not checked: Rust files without `--exhaustive`, a
    /// sweep over its cap, a cancelled run, passes chosen without the sweeps.
    pub one_minimal: bool,
}

/// What happened; sent to the observer as it happens.
#[derive(Debug)]
pub enum Event<'a> {
    /// The reduction started.
    Started {
        /// Size of the original.
        initial_size: usize,
        /// Number of parallel workers.
        jobs: usize,
    },
    /// A pass started (or resumed).
    PassStarted {
        /// The pass name.
        pass: &'static str,
        /// The round number.
        round: usize,
    },
    /// A smaller interesting case was accepted (and written to the sink).
    Improved {
        /// The new size.
        size: usize,
        /// The pass that found it.
        pass: &'static str,
    },
    /// Periodic progress.
    Progress(&'a Progress),
    /// Something the user should know that does not stop the run.
    Warning(&'a str),
    /// A step of the job around the reduction (checking the original, formatting).
    Note(&'a str),
    /// The reduction ended.
    Finished(&'a Summary),
}

/// Receives events. Called on the thread that runs the reduction.
pub trait Observer {
    /// Handles one event.
    fn on_event(&mut self, event: &Event<'_>);
}

/// An observer that ignores everything.
pub struct NullObserver;

impl Observer for NullObserver {
    fn on_event(&mut self, _event: &Event<'_>) {}
}

impl<F: FnMut(&Event<'_>)> Observer for F {
    fn on_event(&mut self, event: &Event<'_>) {
        self(event)
    }
}

//! A whole reduction job as the front ends run it: resolve the input, build the
//! predicate, check the original twice (flakiness, signature), reduce, tidy up, and
//! render the bug report. The CLI and the LSP server both describe a job as a
//! [`JobSpec`] and map [`JobError`] kinds to exit codes or editor messages.

mod check;
mod clear;
mod extract;
mod finish;
mod flags;
mod format;
mod inline;
mod manifest;
mod original;
mod reduction;
mod resolve;
mod settings;
mod standalone;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::case::Case;
use crate::output::{write_case, FileSink};
use crate::passes::{file_pass_by_name, file_pass_names};
use crate::predicate::{
    CancelFlag, IcePredicate, MatchMode, MiscompilePredicate, Predicate, ScriptPredicate,
    Signature, TestPredicate, Tool, Verdict,
};
use crate::report::{Event, Observer, Summary};
use crate::schedule::{reduce, EngineError};
use crate::testcase::TestCase;

pub use resolve::{find_crate_root, min_name};

/// What to reduce, and which bug it shows.
#[derive(Clone, Debug)]
pub enum Target {
    /// A single `.rs` file that crashes rustc.
    IceFile {
        /// The file.
        path: PathBuf,
        /// `--edition` (default: the enclosing crate's, else 2021).
        edition: Option<String>,
        /// `--crate-type` (default: `bin` when the file has `fn main`, else `lib`).
        crate_type: Option<String>,
    },
    /// A whole crate that crashes `cargo check` (or `cargo build`).
    IceCrate {
        /// The crate root (holding `Cargo.toml`).
        root: PathBuf,
        /// Use `cargo build` from the start.
        build: bool,
    },
    /// The input file of a failing test.
    TestInput {
        /// The crate root.
        root: PathBuf,
        /// The test name.
        test: String,
        /// The input file, inside the crate.
        input: PathBuf,
    },
    /// The sources of a crate (every `.rs` file) while a test keeps failing the
    /// same way.
    TestSources {
        /// The crate root.
        root: PathBuf,
        /// The test name.
        test: String,
    },
    /// A program that two builds (by default `-C opt-level=0` and `-C opt-level=3`)
    /// run differently: wrong code.
    MiscompileFile {
        /// The `.rs` file (a binary).
        path: PathBuf,
        /// `--edition` (default: the enclosing crate's, else 2021).
        edition: Option<String>,
        /// The two builds' rustc flags (default: `-C opt-level=0`, `-C opt-level=3`).
        compare: Option<[String; 2]>,
    },
    /// A crate whose binary runs differently in the dev and release profiles.
    MiscompileCrate {
        /// The crate root.
        root: PathBuf,
    },
    /// Any file with a script: exit 0 means interesting.
    Script {
        /// The script.
        program: PathBuf,
        /// The file to reduce.
        path: PathBuf,
    },
}

/// Where the result goes.
#[derive(Clone, Debug, Default)]
pub enum OutputChoice {
    /// `NAME_min.rs` or `NAME.min.EXT` next to the original (`NAME.min/` for a crate).
    #[default]
    Beside,
    /// This path.
    Path(PathBuf),
    /// Over the original, keeping a `.orig` backup.
    InPlace,
}

/// The result cache to use.
#[derive(Clone, Debug)]
pub enum CacheChoice {
    /// No disk cache (memory only).
    Off,
    /// The disk cache in this directory (default: the user's cache directory).
    Disk(Option<PathBuf>),
}

/// A job, as plain data.
#[derive(Clone, Debug)]
pub struct JobSpec {
    /// What to reduce.
    pub target: Target,
    /// Extra rustc flags (a file), cargo arguments (a crate, a test) or script
    /// arguments.
    pub extra: Vec<OsString>,
    /// Extra environment for every check.
    pub env: Vec<(OsString, OsString)>,
    /// Time limit of one check: fixed, or the most a learned one may be.
    pub timeout: Duration,
    /// Learn the limit of a check from the checks of the original (10 times the
    /// slowest, at least 0.5 s, at most `timeout`: [`crate::predicate::limit`]).
    /// Never with `hang`, where a timeout is the bug.
    pub learn_timeout: bool,
    /// The memory limit of a test's or a script's run, in bytes (`Some(0)`: none);
    /// `None`: learned from the original's runs ([`crate::predicate::MemoryLimit`]).
    pub memory: Option<u64>,
    /// A timeout is the bug.
    pub hang: bool,
    /// With `--ice`, only candidates without a syntax error the original did not
    /// have are tried: results that parse, in fewer checks, but possibly larger
    /// (rustc recovers from many syntax errors and may crash the same way after
    /// one). `--test` always works so: a test cannot run without a build.
    pub keep_parsing: bool,
    /// How strictly a failure must match the original's.
    pub mode: MatchMode,
    /// The tool whose crash is reduced (`--ice`): rustc, clippy or rustdoc.
    pub tool: Tool,
    /// Parallel workers (at least 1).
    pub jobs: usize,
    /// Seed of the random choices.
    pub seed: u64,
    /// Pass names (empty: the default list).
    pub passes: Vec<String>,
    /// `--exhaustive`: append the sweeps of the Rust neighbourhood
    /// (`passes::neighbourhood`) that `passes` (or the default list) does not have.
    pub exhaustive: bool,
    /// The result cache.
    pub cache: CacheChoice,
    /// Run rustfmt on a Rust result when the bug survives it.
    pub format: bool,
    /// Where the result goes.
    pub output: OutputChoice,
    /// How many times the original is checked before reducing (at least 2); any
    /// disagreement is a flaky check.
    pub original_runs: usize,
    /// Make a Markdown bug report: one more check, of the result, for its output.
    pub report: bool,
}

impl JobSpec {
    /// A spec with the defaults of the CLI for `target`.
    pub fn new(target: Target) -> JobSpec {
        JobSpec {
            target,
            extra: Vec::new(),
            env: Vec::new(),
            timeout: Duration::from_secs(60),
            learn_timeout: true,
            memory: None,
            hang: false,
            keep_parsing: false,
            mode: MatchMode::Same,
            tool: Tool::Rustc,
            jobs: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            seed: 0,
            passes: Vec::new(),
            exhaustive: false,
            cache: CacheChoice::Disk(None),
            format: true,
            output: OutputChoice::Beside,
            original_runs: 2,
            report: false,
        }
    }
}

/// Why a job could not produce a result; each kind has its exit code in the CLI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobErrorKind {
    /// The request itself is wrong (unknown pass, missing argument).
    Usage,
    /// The input cannot be used (missing, empty, not UTF-8, not a crate).
    BadInput,
    /// The original does not show the bug.
    NotInteresting,
    /// The check is flaky.
    Flaky,
    /// The result cannot be written.
    Output,
    /// Broken infrastructure or a bug of ours.
    Internal,
    /// Cancelled (Ctrl-C, a client's cancel) before there was a result.
    Cancelled,
}

/// A failed job: the kind, what to tell the user (lowercase, no final period), and
/// the error underneath, when there is one.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{message}")]
pub struct JobError {
    /// The kind.
    pub kind: JobErrorKind,
    /// The message.
    pub message: String,
    /// What caused it (an I/O error, a failed spawn), kept for `Error::source`.
    #[source]
    source: Option<std::sync::Arc<dyn std::error::Error + Send + Sync>>,
}

impl JobError {
    /// An error of `kind` saying `message`.
    pub fn new(kind: JobErrorKind, message: impl Into<String>) -> JobError {
        JobError {
            kind,
            message: message.into(),
            source: None,
        }
    }

    /// The same error, caused by `source`.
    pub fn caused_by(mut self, source: impl std::error::Error + Send + Sync + 'static) -> JobError {
        self.source = Some(std::sync::Arc::new(source));
        self
    }
}

fn internal(e: impl std::fmt::Display) -> JobError {
    JobError::new(JobErrorKind::Internal, e.to_string())
}

pub(crate) enum Check {
    Ice(IcePredicate),
    Test(TestPredicate),
    Script(ScriptPredicate),
    Miscompile(MiscompilePredicate),
}

impl Check {
    fn predicate(&self) -> &dyn Predicate<TestCase> {
        match self {
            Check::Ice(p) => p,
            Check::Test(p) => p,
            Check::Script(p) => p,
            Check::Miscompile(p) => p,
        }
    }
}

/// One run of the check on the original, for diagnostics.
struct FirstRun {
    /// Where the failure points (an ICE's query stack and error spans).
    focus: crate::predicate::Focus,
    verdict: Verdict,
    signature: Option<Signature>,
    command: String,
    tail: String,
    /// The package cargo could not compile (`error: could not compile `NAME``).
    package: Option<String>,
    /// Why the check does not show the bug, when its kind can say (wrong code).
    why: String,
}

/// The finished job.
#[derive(Debug)]
pub struct JobResult {
    /// The smallest case that still shows the bug.
    pub best: TestCase,
    /// Where it was written.
    pub output: PathBuf,
    /// The engine's summary (sizes in bytes); `runs` counts the reduction's checks.
    pub summary: Summary,
    /// Checks run in total, including the two on the original.
    pub predicate_runs: u64,
    /// The bug's signature, when the check has one.
    pub signature: Option<Signature>,
    /// The Markdown bug report, when the spec asked for one.
    pub report: Option<String>,
    /// A crate's crash reduced to one file: the command that shows it on that file
    /// alone, without cargo (`rustc --edition=2021 --crate-type=lib src/lib.rs`).
    pub alone: Option<String>,
}

/// Dependencies of a crate's result tried one at a time when they cannot all go.
const MAX_SINGLE_DEPENDENCY_TRIES: usize = 12;

/// Lines of the result's output in a bug report.
const REPORT_OUTPUT_LINES: usize = 60;

/// A resolved job, ready to check and run.
pub struct Job {
    spec: JobSpec,
    case: TestCase,
    check: Check,
    original: Option<PathBuf>,
    output: PathBuf,
    output_tree: Option<(crate::predicate::CrateSource, PathBuf)>,
    is_rust: bool,
    scratch: crate::exec::Scratch,
    first: Option<FirstRun>,
    /// Checks of the original beyond the `original_runs` (with `cargo build` after
    /// `cargo check` did not crash; of the package that crashes; the check of
    /// [`Job::clear_the_way`]).
    extra_original_runs: u64,
    /// The manifest every check builds the crate with, when [`Job::clear_the_way`]
    /// put one in place of the original's.
    manifest_in_place: Option<String>,
}

impl Job {
    /// Resolves `spec`: reads the input and builds the predicate. Runs nothing and
    /// writes nothing.
    pub fn prepare(spec: JobSpec) -> Result<Job, JobError> {
        // Names are checked before anything runs (the passes are built in `run`).
        if let Some(n) = spec.passes.iter().find(|n| file_pass_by_name(n).is_none()) {
            return Err(JobError::new(
                JobErrorKind::Usage,
                format!(
                    "unknown pass `{n}`; passes: {}",
                    file_pass_names().join(", ")
                ),
            ));
        }
        let r = resolve::resolve(&spec)?;
        crate::exec::sweep_abandoned();
        let scratch = crate::exec::private_tempdir(None, "cargo-minimize-check-")
            .map_err(|e| internal(format!("cannot create a scratch directory: {e}")))?;
        Ok(Job {
            spec,
            case: r.case,
            check: r.check,
            original: r.original,
            output: r.output,
            output_tree: r.output_tree,
            manifest_in_place: None,
            is_rust: r.is_rust,
            scratch,
            first: None,
            extra_original_runs: 0,
        })
    }

    /// The case as read.
    pub fn case(&self) -> &TestCase {
        &self.case
    }

    /// Where the result will be written.
    pub fn output(&self) -> &Path {
        &self.output
    }

    /// Reduces (after [`Job::check_original`]), writing the best case so far to the
    /// output after every improvement. A cancelled run returns the best so far with
    /// `summary.cancelled` set.
    pub fn run(
        mut self,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<JobResult, JobError> {
        if self.first.is_none() {
            self.check_original(observer, cancel)?;
        }
        self.clear_the_way(observer, cancel)?;
        let passes = self.passes()?;
        let cache = self.open_cache(observer);
        self.keep_backup(observer)?;
        // The starting point goes to the output at once, so it is never missing.
        if let Some((source, tree)) = &self.output_tree {
            source.copy_to(tree).map_err(|e| output_error(e, tree))?;
            self.write_manifest_in_place()?;
        }
        write_case(&self.case, &self.output).map_err(|e| output_error(e, &self.output))?;
        let mut sink = FileSink::new(&self.output);
        let reduction = self.reduction(passes, cache, cancel);
        let outcome = reduce(self.case.clone(), reduction, observer, &mut sink)
            .map_err(|e| self.engine_error(e))?;
        let mut best = outcome.best;
        let mut summary = outcome.summary;
        if self.output_tree.is_some() && !summary.cancelled {
            // The fewest flags first: a `--features` that goes lets `[features]` go.
            self.reduce_crate_flags(&best, &mut summary, observer, cancel)?;
            best = self.tidy_manifest(best, &mut summary, observer, cancel)?;
            best = self.self_contained(best, &mut summary, observer, cancel)?;
            self.extract_member(&best, &mut summary, observer, cancel)?;
        }
        if self.output_tree.is_none() && !summary.cancelled {
            self.reduce_flags(&best, &mut summary, observer, cancel)?;
        }
        summary.final_size = best.size();
        if !summary.cancelled && self.output_tree.is_none() && summary.final_size == 0 {
            // Most likely the wrong file, or a check that ignores it.
            observer.on_event(&Event::Warning(match &self.check {
                Check::Test(_) => "the test fails the same way with the input file empty: the failure does not depend on it (is it the file the test reads?)",
                _ => "the bug shows with the file empty: the check does not depend on its content",
            }));
        }
        let first = self.first.as_ref().expect("checked above");
        // A crate reduced to one file: the plain `rustc` (or clippy-driver, rustdoc)
        // command that shows the same crash on it, checked once.
        let alone = (!summary.cancelled)
            .then(|| self.rustc_alone(&best, &mut summary, cancel))
            .flatten();
        let spec = &self.spec;
        let report = (spec.report && !summary.cancelled)
            .then(|| self.bug_report(&best, first, alone.as_deref(), &mut summary, cancel));
        Ok(JobResult {
            alone,
            predicate_runs: summary.runs
                + spec.original_runs.max(2) as u64
                + self.extra_original_runs,
            signature: first.signature.clone(),
            best,
            output: self.output.clone(),
            summary,
            report,
        })
    }
}

impl Job {
    /// What an engine's failure means to the user: the output not writable, a
    /// flaky check (the output then holds the original), else an internal error.
    fn engine_error(&self, e: EngineError) -> JobError {
        match e {
            EngineError::Sink(e) => output_error(e, &self.output),
            EngineError::FlakyResult => {
                write_case(&self.case, &self.output).ok();
                JobError::new(
                    JobErrorKind::Flaky,
                    "the result stopped being interesting when checked again: the check is flaky; the output holds the original",
                )
            }
            e => internal(e),
        }
    }
}

/// The result could not be written at `path`.
fn output_error(e: std::io::Error, path: &Path) -> JobError {
    JobError::new(
        JobErrorKind::Output,
        format!("cannot write {}: {e}", path.display()),
    )
    .caused_by(e)
}

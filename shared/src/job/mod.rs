//! A whole reduction job as the front ends run it: resolve the input, build the
//! predicate, check the original twice (flakiness, signature), reduce, tidy up, and
//! render the bug report. The CLI and the LSP server both describe a job as a
//! [`JobSpec`] and map [`JobError`] kinds to exit codes or editor messages.

mod manifest;
mod resolve;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::cache::{DiskStore, DiskStoreConfig, VerdictCache};
use crate::case::Case;
use crate::output::{write_case, FileSink};
use crate::passes::{default_for_files, file_pass_by_name, Pass, FILE_PASS_NAMES};
use crate::predicate::{
    CancelFlag, Compile, IcePredicate, MatchMode, Predicate, PredicateError, RunEnv,
    ScriptPredicate, Signature, TestPredicate, Verdict,
};
use crate::report::{excerpt, markdown, Event, Observer, ReportInput, Summary};
use crate::schedule::{reduce, Config, EngineError, Finish, Reduction};
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
    /// `NAME.min.EXT` next to the original (`NAME.min/` for a crate).
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
    /// Time limit of one check.
    pub timeout: Duration,
    /// A timeout is the bug.
    pub hang: bool,
    /// How strictly a failure must match the original's.
    pub mode: MatchMode,
    /// Parallel workers (at least 1).
    pub jobs: usize,
    /// Seed of the random choices.
    pub seed: u64,
    /// Pass names (empty: the default list).
    pub passes: Vec<String>,
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
            hang: false,
            mode: MatchMode::Exact,
            jobs: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            seed: 0,
            passes: Vec::new(),
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
}

/// A failed job: the kind and what to tell the user (lowercase, no final period).
#[derive(Clone, Debug)]
pub struct JobError {
    /// The kind.
    pub kind: JobErrorKind,
    /// The message.
    pub message: String,
}

impl JobError {
    pub(crate) fn new(kind: JobErrorKind, message: impl Into<String>) -> JobError {
        JobError {
            kind,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for JobError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for JobError {}

fn internal(e: impl std::fmt::Display) -> JobError {
    JobError::new(JobErrorKind::Internal, e.to_string())
}

pub(crate) enum Check {
    Ice(IcePredicate),
    Test(TestPredicate),
    Script(ScriptPredicate),
}

impl Check {
    fn predicate(&self) -> &dyn Predicate<TestCase> {
        match self {
            Check::Ice(p) => p,
            Check::Test(p) => p,
            Check::Script(p) => p,
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
    /// `cargo check` did not crash; of the package that crashes).
    extra_original_runs: u64,
}

impl Job {
    /// Resolves `spec`: reads the input and builds the predicate. Runs nothing and
    /// writes nothing.
    pub fn prepare(spec: JobSpec) -> Result<Job, JobError> {
        // Names are checked before anything runs (the passes are built in `run`).
        if let Some(n) = spec.passes.iter().find(|n| file_pass_by_name(n).is_none()) {
            return Err(JobError::new(
                JobErrorKind::Usage,
                format!("unknown pass `{n}`; passes: {}", FILE_PASS_NAMES.join(", ")),
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

    /// Checks the original twice: it must show the bug, the same way both times.
    /// Records the signature that candidates must match from then on.
    pub fn check_original(
        &mut self,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<Option<Signature>, JobError> {
        observer.on_event(&Event::Note("checking the original"));
        let scratch = self.scratch.path().to_path_buf();
        // With more than one job, the repeats of the check on the original (to notice
        // flakiness) run beside the first one, for a single file or a script: no
        // build to share (crates and tests build their own target directories).
        let repeats = self.spec.original_runs.max(2) - 1;
        let beside = if matches!(
            self.spec.target,
            Target::IceFile { .. } | Target::Script { .. }
        ) {
            repeats.min(self.spec.jobs.saturating_sub(1))
        } else {
            0
        };
        let (first, mut early) = std::thread::scope(|s| {
            if self.is_rust {
                let case = &self.case;
                s.spawn(move || crate::syntax::parse_ahead(case));
            }
            let handles: Vec<_> = (1..=beside)
                .map(|i| {
                    let (check, case) = (&self.check, &self.case);
                    let dir = scratch.join(format!("b{i}"));
                    s.spawn(move || first_run(check, case, &dir, cancel))
                })
                .collect();
            let first = first_run(&self.check, &self.case, &scratch.join("a"), cancel);
            let early: Vec<Result<FirstRun, JobError>> = handles
                .into_iter()
                .map(|h| h.join().expect("the check does not panic"))
                .collect();
            (first, early)
        });
        let mut first = first?;
        if let Target::IceCrate { root, build: false } = &self.spec.target {
            if first.verdict != Verdict::Interesting {
                // Some crashes only happen in code generation: try `cargo build`.
                let retry = Check::Ice(IcePredicate::new(resolve::ice_crate_config(
                    &self.spec, root, true,
                )));
                let again = first_run(&retry, &self.case, &scratch.join("a-build"), cancel)?;
                self.extra_original_runs += 1;
                if again.verdict == Verdict::Interesting {
                    observer.on_event(&Event::Note(
                        "`cargo check` does not crash but `cargo build` does: using `cargo build`",
                    ));
                    self.check = retry;
                    first = again;
                }
            }
        }
        if cancel.is_cancelled() {
            return Err(JobError::new(
                JobErrorKind::Internal,
                "cancelled while checking the original",
            ));
        }
        if first.verdict != Verdict::Interesting {
            // A repeat that ran beside it and saw the bug: the check is flaky.
            if let Some(other) = early
                .iter()
                .flatten()
                .find(|r| r.verdict == Verdict::Interesting)
            {
                return Err(JobError::new(
                    JobErrorKind::Flaky,
                    format!(
                        "the check is flaky: two runs on the unchanged original disagree\n    one: {:?}\n    another: {:?} {}\nrerun by hand:\n    {}",
                        first.verdict,
                        other.verdict,
                        other.signature.as_ref().map(|s| s.display()).unwrap_or_default(),
                        first.command
                    ),
                ));
            }
            let what = match &self.check {
                Check::Ice(_) => {
                    "the original does not crash the compiler (no internal compiler error)"
                }
                Check::Test(_) => "the test does not fail on the original input",
                Check::Script(_) => "the script does not exit with 0 on the original",
            };
            let mut msg = format!(
                "{what}\n\nrerun the check by hand:\n    {}\n",
                self.rerun_command(&first)
            );
            if !first.tail.is_empty() {
                msg.push_str(&format!("\nlast lines of its output:\n{}\n", first.tail));
            }
            if let Target::IceFile { path, .. } = &self.spec.target {
                if let Some(root) = path.parent().and_then(resolve::find_crate_root) {
                    msg.push_str(&format!(
                        "\nthe file is part of the crate at {}; to reduce the whole crate:\n    cargo minimize --ice --manifest-path {}\n",
                        root.display(),
                        crate::exec::quote(root.join("Cargo.toml").as_os_str()),
                    ));
                }
            }
            return Err(JobError::new(JobErrorKind::NotInteresting, msg));
        }
        // Repeat the check on the unchanged original to notice a flaky check.
        let mut agree = 1;
        early.reverse();
        for i in 1..=repeats {
            let again = match early.pop() {
                Some(r) => r?,
                None => first_run(
                    &self.check,
                    &self.case,
                    &scratch.join(format!("b{i}")),
                    cancel,
                )?,
            };
            if cancel.is_cancelled() {
                return Err(JobError::new(
                    JobErrorKind::Internal,
                    "cancelled while checking the original",
                ));
            }
            if again.verdict == first.verdict && again.signature == first.signature {
                agree += 1;
                continue;
            }
            return Err(JobError::new(
                JobErrorKind::Flaky,
                format!(
                    "the check is flaky: run {} on the unchanged original disagrees with the {agree} before it\n    first:    {:?} {}\n    run {}: {:?} {}\nrerun by hand:\n    {}",
                    i + 1,
                    first.verdict,
                    first.signature.as_ref().map(|s| s.display()).unwrap_or_default(),
                    i + 1,
                    again.verdict,
                    again.signature.as_ref().map(|s| s.display()).unwrap_or_default(),
                    first.command
                ),
            ));
        }
        if let Some(member) = self.narrow_to_package(&first, observer, cancel)? {
            first = member;
        }
        if let Some(sig) = &first.signature {
            observer.on_event(&Event::Note(&format!("bug signature: {}", sig.display())));
            match &mut self.check {
                Check::Ice(p) => {
                    p.expect(sig.clone());
                    p.set_focus(first.focus.clone());
                }
                Check::Test(p) => p.expect(sig.clone()),
                Check::Script(_) => {}
            }
        }
        let sig = first.signature.clone();
        self.first = Some(first);
        Ok(sig)
    }

    /// The command that reruns the check of the original by hand: for a file, on
    /// the user's own file (its scratch copy is gone once the run ends), with a
    /// fresh output directory; for a test, `cargo test` in the crate.
    fn rerun_command(&self, first: &FirstRun) -> String {
        if let (Check::Ice(p), Target::IceFile { path, .. }) = (&self.check, &self.spec.target) {
            let dir = path.parent().unwrap_or(Path::new(""));
            let out = crate::exec::quote(dir.join("out").as_os_str());
            let shown = p.command(&self.case, dir).display();
            return shown.replace(&format!("--out-dir {out}"), "--out-dir \"$(mktemp -d)\"");
        }
        if let Check::Test(p) = &self.check {
            // The scratch copy's test binary is gone too: cargo, in the crate.
            return format!(
                "cd {} && {}",
                crate::exec::quote(p.config().root.as_os_str()),
                p.user_command()
            );
        }
        first.command.clone()
    }

    /// A crate whose crash is in another package of its workspace (run at a
    /// virtual workspace's root, or the crash is in a path dependency that is a
    /// member): that package alone is reduced instead (its workspace goes out with
    /// it, `WS.min/MEMBER`), when one check of it shows the same crash. Returns
    /// that check.
    fn narrow_to_package(
        &mut self,
        first: &FirstRun,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<Option<FirstRun>, JobError> {
        let (Check::Ice(p), Some(name)) = (&self.check, &first.package) else {
            return Ok(None);
        };
        let Compile::Cargo { subcommand, root } = &p.config().compile else {
            return Ok(None);
        };
        let Ok(metadata) = cargo_metadata::MetadataCommand::new()
            .manifest_path(root.join("Cargo.toml"))
            .no_deps()
            .exec()
        else {
            return Ok(None);
        };
        let Some(dir) = (metadata.packages.iter())
            .find(|p| p.name.as_str() == name.as_str())
            .and_then(|p| p.manifest_path.parent())
            .map(|d| d.as_std_path().to_path_buf())
        else {
            return Ok(None);
        };
        let same = |a: &Path, b: &Path| {
            a.canonicalize()
                .ok()
                .is_some_and(|a| Some(a) == b.canonicalize().ok())
        };
        if same(&dir, root) {
            return Ok(None);
        }
        let (member, case, output, output_tree) = resolve::read_crate(&self.spec, &dir)?;
        let check = Check::Ice(IcePredicate::new(resolve::ice_crate_config(
            &self.spec,
            &member,
            subcommand == "build",
        )));
        let again = first_run(&check, &case, &self.scratch.path().join("member"), cancel)?;
        self.extra_original_runs += 1;
        if again.verdict != Verdict::Interesting || again.signature != first.signature {
            return Ok(None);
        }
        observer.on_event(&Event::Note(&format!(
            "the crash is in package `{name}`: reducing {}",
            member.display()
        )));
        self.case = case;
        self.check = check;
        self.output = output;
        self.output_tree = Some(output_tree);
        Ok(Some(again))
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
        let spec = &self.spec;
        let passes: Vec<Box<dyn Pass<TestCase>>> = if spec.passes.is_empty() {
            default_for_files(!matches!(self.check, Check::Ice(_)))
        } else {
            spec.passes
                .iter()
                .map(|n| {
                    file_pass_by_name(n).ok_or_else(|| {
                        JobError::new(
                            JobErrorKind::Usage,
                            format!("unknown pass `{n}`; passes: {}", FILE_PASS_NAMES.join(", ")),
                        )
                    })
                })
                .collect::<Result<_, _>>()?
        };
        let cache = match &spec.cache {
            CacheChoice::Off => VerdictCache::new(None),
            CacheChoice::Disk(dir) => match DiskStore::open(&DiskStoreConfig {
                dir: dir.clone(),
                ..DiskStoreConfig::default()
            }) {
                Ok(s) => VerdictCache::new(Some(s)),
                Err(e) => {
                    observer.on_event(&Event::Warning(&format!(
                        "the result cache is disabled: {e}"
                    )));
                    VerdictCache::new(None)
                }
            },
        };
        if let (OutputChoice::InPlace, Some(orig)) = (&spec.output, &self.original) {
            let backup = orig.with_extension(format!(
                "{}.orig",
                orig.extension()
                    .map(|e| e.to_string_lossy().into_owned())
                    .unwrap_or_default()
            ));
            std::fs::copy(orig, &backup).map_err(|e| {
                JobError::new(
                    JobErrorKind::Output,
                    format!("cannot keep a backup at {}: {e}", backup.display()),
                )
            })?;
            observer.on_event(&Event::Note(&format!("backup: {}", backup.display())));
        }
        // The starting point goes to the output at once, so it is never missing.
        if let Some((source, tree)) = &self.output_tree {
            source.copy_to(tree).map_err(|e| output_error(e, tree))?;
        }
        write_case(&self.case, &self.output).map_err(|e| output_error(e, &self.output))?;
        let mut sink = FileSink::new(&self.output);
        let config = Config {
            jobs: spec.jobs.max(1),
            seed: spec.seed,
            initial_quota: usize::MAX,
            adaptive_restart: false,
            // `check_original` has checked it (at least twice): a third full-size
            // run, alone on one worker, would only cost time.
            verify_original: false,
            // Done below, on the formatted result when the bug survives formatting
            // (one run instead of two).
            final_check: false,
            ..Config::default()
        };
        // The result is delivered formatted: an idle worker may format the best and
        // check that while the reduction goes on (in its own scratch directory).
        let finish: Option<Finish<'_, TestCase>> = (self.is_rust && spec.format).then(|| {
            Box::new(|c: &TestCase, env: &RunEnv<'_>| {
                let dir = env.scratch.join("fmt");
                std::fs::create_dir_all(&dir).ok()?;
                rustfmt(c, &dir, env.cancel)
            }) as Finish<'_, TestCase>
        });
        let reduction = Reduction {
            predicate: self.check.predicate(),
            passes,
            config,
            cache,
            cancel: cancel.clone(),
            admit: if self.is_rust {
                let check = crate::syntax::ParseCheck::new(&self.case);
                Some(Box::new(move |c: &TestCase| check.admits(c)))
            } else {
                None
            },
            finish,
        };
        let outcome = match reduce(self.case.clone(), reduction, observer, &mut sink) {
            Ok(o) => o,
            Err(EngineError::Sink(e)) => return Err(output_error(e, &self.output)),
            Err(e) => return Err(internal(e)),
        };
        let mut best = outcome.best;
        let mut summary = outcome.summary;
        let checked_form = outcome.checked_form;

        // The final check, never from the cache: of the formatted result (rustfmt,
        // else blank lines tidied, which the reduction leaves alone in source code)
        // when the bug survives that, else of the result as reduced (up to three
        // tries, as the engine would: a flaky check is caught here).
        if !summary.cancelled {
            let dir = self.scratch.path().join("fmt");
            std::fs::create_dir_all(&dir).map_err(internal)?;
            let env = RunEnv {
                worker: 0,
                scratch: &dir,
                cancel,
            };
            let predicate = self.check.predicate();
            let mut verified = false;
            if self.is_rust {
                // The formatted form with its verdict when a worker checked it
                // during the reduction (a run of this session on these very bytes).
                let (formatted, known) = match checked_form {
                    Some((form, interesting)) => (Some(form), Some(interesting)),
                    None => (
                        spec.format.then(|| rustfmt(&best, &dir, cancel)).flatten(),
                        None,
                    ),
                };
                let tries = [
                    (formatted, "formatting the result with rustfmt", known),
                    (
                        Some(tidy_blank_lines(&best)),
                        "tidying blank lines in the result",
                        None,
                    ),
                ];
                for (cand, note, known) in tries {
                    let Some(cand) = cand.filter(|c| *c != best) else {
                        continue;
                    };
                    observer.on_event(&Event::Note(note));
                    let verdict = match known {
                        Some(true) => Ok(Verdict::Interesting),
                        Some(false) => continue,
                        None => {
                            summary.runs += 1;
                            predicate.test(&cand, &env)
                        }
                    };
                    match verdict {
                        Ok(Verdict::Interesting) => {
                            write_case(&cand, &self.output)
                                .map_err(|e| output_error(e, &self.output))?;
                            best = cand;
                            verified = true;
                            break;
                        }
                        Err(PredicateError::Cancelled) => {
                            summary.cancelled = true;
                            break;
                        }
                        // Not the bug any more (or the check failed): the result as
                        // reduced is checked below.
                        _ => {}
                    }
                }
            }
            if !verified && !summary.cancelled {
                for _ in 0..3 {
                    summary.runs += 1;
                    match predicate.test(&best, &env) {
                        Ok(v) if v.is_interesting() => {
                            verified = true;
                            break;
                        }
                        Ok(_) => {}
                        Err(PredicateError::Cancelled) => {
                            summary.cancelled = true;
                            break;
                        }
                        Err(e) => return Err(internal(e)),
                    }
                }
                if !verified && !summary.cancelled {
                    write_case(&self.case, &self.output).ok();
                    return Err(JobError::new(
                        JobErrorKind::Flaky,
                        "the result stopped being interesting when checked again: the check is flaky; the output holds the original",
                    ));
                }
            }
        }
        if self.output_tree.is_some() && !summary.cancelled {
            best = self.tidy_manifest(best, &mut summary, observer, cancel)?;
        }
        summary.final_size = best.size();
        let first = self.first.as_ref().expect("checked above");
        let report = (spec.report && !summary.cancelled).then(|| {
            let output = self.result_output(&best, &mut summary, cancel);
            let output = output.unwrap_or_else(|| excerpt(&first.tail, REPORT_OUTPUT_LINES));
            let alone = self.rustc_alone(&best, &mut summary, cancel);
            self.report(&best, first, &output, alone.as_deref())
        });
        Ok(JobResult {
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

    /// A crate's result with a tidier manifest: without what only describes the
    /// package and the targets of files that are gone ([`manifest::without_extras`]),
    /// without its build script (the `build` key and the file) when the bug does
    /// not need it, then without the
    /// dependencies it no longer needs: all of them at once, else one at a time
    /// (the first [`MAX_SINGLE_DEPENDENCY_TRIES`]). Each candidate is a check of
    /// the final sources with that manifest; one that keeps the bug is written to
    /// the output (so the result as written was checked). Returns the result's
    /// files, without the build script when it went.
    fn tidy_manifest(
        &self,
        mut best: TestCase,
        summary: &mut Summary,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<TestCase, JobError> {
        let path = self.output.join("Cargo.toml");
        let Ok(mut text) = std::fs::read_to_string(&path) else {
            return Ok(best);
        };
        // `cfg(feature = "std")` (not `#![feature(...)]`).
        let uses_features = best.files().any(|(p, b)| {
            let text = String::from_utf8_lossy(b);
            crate::syntax::is_rust(p) && (text.contains("feature =") || text.contains("feature="))
        });
        let extras = manifest::without_extras(
            &text,
            |p| {
                let kept = (0..best.seq_count()).find(|&i| best.path(i) == p);
                match kept {
                    Some(i) => !best.is_gone(p, best.seq(i)),
                    None => self.output.join(p).is_file(),
                }
            },
            uses_features,
        );
        let build_script = |text: &str, best: &TestCase| {
            manifest::without_build_script(text).and_then(|(cand, script)| {
                let i = (0..best.seq_count()).find(|&i| best.path(i) == script)?;
                (!best.is_gone(&script, best.seq(i))).then(|| (cand, best.with_seq(i, Vec::new())))
            })
        };
        if extras.is_none()
            && build_script(&text, &best).is_none()
            && manifest::dependency_names(&text).is_empty()
        {
            return Ok(best);
        }
        observer.on_event(&Event::Note(
            "tidying Cargo.toml: removing what the result does not need",
        ));
        let dir = self.scratch.path().join("deps");
        std::fs::create_dir_all(&dir).map_err(internal)?;
        let env = RunEnv {
            worker: 0,
            scratch: &dir,
            cancel,
        };
        let predicate = self.check.predicate();
        // The check of `files` with the manifest `cand`: `Some(true)` when it keeps
        // the bug (and is then written), `None` when cancelled.
        let mut check = |cand: &str, files: &TestCase| -> Result<Option<bool>, JobError> {
            let case = TestCase::from_files(
                files
                    .files()
                    .map(|(p, b)| (p.to_path_buf(), b.to_vec()))
                    .chain([(PathBuf::from("Cargo.toml"), cand.as_bytes().to_vec())]),
            );
            summary.runs += 1;
            match predicate.test(&case, &env) {
                Ok(v) if v.is_interesting() => {
                    write_case(files, &self.output).map_err(|e| output_error(e, &self.output))?;
                    crate::output::write_atomic(&path, cand.as_bytes())
                        .map_err(|e| output_error(e, &path))?;
                    Ok(Some(true))
                }
                Err(PredicateError::Cancelled) => Ok(None),
                // Still needed (or the check failed: the manifest stays as it is).
                _ => Ok(Some(false)),
            }
        };
        if let Some(cand) = extras {
            match check(&cand, &best)? {
                Some(true) => text = cand,
                Some(false) => {}
                None => {
                    summary.cancelled = true;
                    return Ok(best);
                }
            }
        }
        if let Some((cand, files)) = build_script(&text, &best) {
            match check(&cand, &files)? {
                Some(true) => (text, best) = (cand, files),
                Some(false) => {}
                None => {
                    summary.cancelled = true;
                    return Ok(best);
                }
            }
        }
        let names = manifest::dependency_names(&text);
        let mut groups = vec![names.clone()];
        if names.len() > 1 {
            groups.extend(
                (names.iter())
                    .take(MAX_SINGLE_DEPENDENCY_TRIES)
                    .map(|n| vec![n.clone()]),
            );
        }
        for group in groups.into_iter().filter(|g| !g.is_empty()) {
            let Some(cand) = manifest::without(&text, &group) else {
                continue;
            };
            match check(&cand, &best)? {
                Some(true) => {
                    text = cand;
                    if group.len() == names.len() {
                        break;
                    }
                }
                Some(false) => {}
                None => {
                    summary.cancelled = true;
                    break;
                }
            }
        }
        Ok(best)
    }

    /// `var` as the checks see it: set for the job, else inherited.
    fn env_var(&self, var: &str) -> Option<OsString> {
        (self.spec.env.iter().rev())
            .find(|(k, _)| k == var)
            .map(|(_, v)| v.clone())
            .or_else(|| std::env::var_os(var))
    }

    /// For a crate's result that is one Rust file with nothing in its manifest
    /// that cargo would add (no dependencies, build script, proc-macro or extra
    /// cargo arguments): the `rustc` command that shows the same ICE on that file
    /// alone, run once to make sure (with `RUSTFLAGS` as flags). `None` otherwise.
    fn rustc_alone(
        &self,
        best: &TestCase,
        summary: &mut Summary,
        cancel: &CancelFlag,
    ) -> Option<String> {
        let (Check::Ice(crate_check), Some((source, _))) = (&self.check, &self.output_tree) else {
            return None;
        };
        let manifest = std::fs::read_to_string(self.output.join("Cargo.toml")).ok()?;
        let mut files = best.files().filter(|(p, b)| !best.is_gone(p, b));
        let (path, bytes) = files.next()?;
        let crate_type = match path.to_str()? {
            "src/lib.rs" => "lib",
            "src/main.rs" => "bin",
            _ => return None,
        };
        if files.next().is_some()
            || !self.spec.extra.is_empty()
            || !manifest::plain_for_rustc(&manifest)
        {
            return None;
        }
        let rustflags = self.env_var("RUSTFLAGS").unwrap_or_default();
        // The crate's own name, as cargo gives it.
        let name = manifest::package_name(&manifest)
            .map(|n| OsString::from(format!("--crate-name={}", n.replace('-', "_"))));
        let config = crate::predicate::IceConfig {
            compile: crate::predicate::Compile::Rustc {
                rustc: std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()),
                edition: source.edition().unwrap_or_else(|| "2015".into()),
                crate_type: crate_type.into(),
            },
            flags: (name.into_iter())
                .chain(
                    rustflags
                        .to_string_lossy()
                        .split_whitespace()
                        .map(OsString::from),
                )
                .collect(),
            env: self.spec.env.clone(),
            timeout: Some(self.spec.timeout),
            mode: self.spec.mode,
            hang: false,
        };
        let mut alone = IcePredicate::new(config);
        alone.expect(crate_check.expected()?.clone());
        let case = TestCase::single(path, bytes.to_vec());
        let dir = self.scratch.path().join("alone");
        std::fs::create_dir_all(&dir).ok()?;
        let env = RunEnv {
            worker: 0,
            scratch: &dir,
            cancel,
        };
        summary.runs += 1;
        let interesting = alone.test(&case, &env).ok()?.is_interesting();
        interesting.then(|| {
            let command = alone.command(&case, Path::new(".")).display();
            command
                .replace(" --out-dir ./out", "")
                .replace(" ./src/", " src/")
        })
    }

    /// The output of one more check of the result, excerpted for the report;
    /// `None` when the check does not show the bug this time (or has no output).
    fn result_output(
        &self,
        best: &TestCase,
        summary: &mut Summary,
        cancel: &CancelFlag,
    ) -> Option<String> {
        if matches!(self.check, Check::Script(_)) {
            return None;
        }
        summary.runs += 1;
        // A crate's result as written: its sources and its tidied manifest.
        let manifest = (self.output_tree.as_ref())
            .and_then(|_| std::fs::read(self.output.join("Cargo.toml")).ok());
        let best = &TestCase::from_files(
            (best.files())
                .map(|(p, b)| (p.to_path_buf(), b.to_vec()))
                .chain(manifest.map(|m| (PathBuf::from("Cargo.toml"), m))),
        );
        let dir = self.scratch.path().join("report");
        std::fs::create_dir_all(&dir).ok()?;
        let env = RunEnv {
            worker: 0,
            scratch: &dir,
            cancel,
        };
        let output = match &self.check {
            Check::Ice(p) => {
                let probe = p.probe(best, &env).ok()?;
                p.verdict(&probe)
                    .is_interesting()
                    .then(|| String::from_utf8_lossy(&probe.finished.stderr).into_owned())
            }
            Check::Test(p) => {
                let probe = p.probe(best, &env).ok()?;
                p.verdict(&probe).is_interesting().then(|| {
                    let out = [
                        probe.finished.stdout.as_slice(),
                        probe.finished.stderr.as_slice(),
                    ]
                    .concat();
                    String::from_utf8_lossy(&out).into_owned()
                })
            }
            Check::Script(_) => None,
        }?;
        Some(excerpt(&output, REPORT_OUTPUT_LINES))
    }

    fn report(
        &self,
        best: &TestCase,
        first: &FirstRun,
        output: &str,
        alone: Option<&str>,
    ) -> String {
        let mut files: Vec<(String, String)> = Vec::new();
        if self.output_tree.is_some() {
            // A crate: its manifest says the edition and the dependencies.
            if let Ok(toml) = std::fs::read_to_string(self.output.join("Cargo.toml")) {
                files.push(("Cargo.toml".into(), toml));
            }
        }
        files.extend(best.files().map(|(p, b)| {
            (
                p.display().to_string(),
                String::from_utf8_lossy(b).into_owned(),
            )
        }));
        if let Check::Test(p) = &self.check {
            if let Some(input) = &p.config().input {
                files = test_input_files(&p.config().root, &p.config().test, input, files);
            }
        }
        let (version, command) = match &self.check {
            Check::Ice(p) => (
                p.version().to_string(),
                p.command(best, Path::new(".")).display(),
            ),
            Check::Test(p) => (String::new(), p.user_command()),
            Check::Script(_) => (String::new(), first.command.clone()),
        };
        // The environment the bug needs, as set for this run (not shown by the
        // command, which inherits it).
        let prefix = |vars: &[&str], command: &str| {
            let mut prefix = String::new();
            for var in vars {
                if let Some(v) = self.env_var(var).filter(|v| !v.is_empty()) {
                    if !command.contains(&format!("{var}=")) {
                        prefix.push_str(&format!("{var}={} ", crate::exec::quote(&v)));
                    }
                }
            }
            prefix
        };
        let alone = alone.map(|c| format!("{}{c}", prefix(&["RUSTC_BOOTSTRAP"], c)));
        let prefix = prefix(&["RUSTC_BOOTSTRAP", "RUSTFLAGS"], &command);
        let command = format!("{prefix}{command}");
        markdown(&ReportInput {
            title: match self.check {
                Check::Ice(_) => "Internal compiler error",
                Check::Test(_) => "Test failure",
                Check::Script(_) => "Reproduction",
            },
            files,
            language: if self.is_rust { "rust" } else { "" },
            command: &command.replace(" --out-dir ./out", ""),
            version: &version,
            message: &first
                .signature
                .as_ref()
                .map(|s| s.display())
                .unwrap_or_default(),
            output_tail: output,
            alone,
        })
    }
}

/// The result could not be written at `path`.
fn output_error(e: std::io::Error, path: &Path) -> JobError {
    JobError::new(
        JobErrorKind::Output,
        format!("cannot write {}: {e}", path.display()),
    )
}

/// The files of a report on a test's input: the crate's manifest (its
/// dependencies, pinned), the file that defines the test, and the reduced input
/// under the name the test reads it by (`reduced`: the input as the only file).
fn test_input_files(
    root: &Path,
    test: &str,
    input: &Path,
    reduced: Vec<(String, String)>,
) -> Vec<(String, String)> {
    let mut files = Vec::new();
    if let Ok(toml) = std::fs::read_to_string(root.join("Cargo.toml")) {
        files.push(("Cargo.toml".into(), toml));
    }
    let short = test.rsplit("::").next().unwrap_or(test);
    if let Ok(sources) = crate::predicate::ice::crate_case(root) {
        let defines = sources.files().find(|(_, b)| {
            let text = String::from_utf8_lossy(b);
            text.contains(&format!("fn {short}("))
        });
        if let Some((p, b)) = defines {
            files.push((
                p.display().to_string(),
                String::from_utf8_lossy(b).into_owned(),
            ));
        }
    }
    let content = reduced
        .into_iter()
        .next()
        .map(|(_, c)| c)
        .unwrap_or_default();
    files.push((input.display().to_string(), content));
    files
}

/// The package named by cargo's `error: could not compile `NAME` (...)`.
fn failed_package(output: &str) -> Option<String> {
    let line = output
        .lines()
        .find(|l| l.starts_with("error: could not compile `"))?;
    let rest = &line["error: could not compile `".len()..];
    Some(rest[..rest.find('`')?].to_string())
}

fn tail(bytes: &[u8], lines: usize) -> String {
    let s = String::from_utf8_lossy(bytes);
    let v: Vec<&str> = s.lines().collect();
    v[v.len().saturating_sub(lines)..].join("\n")
}

fn first_run(
    check: &Check,
    case: &TestCase,
    scratch: &Path,
    cancel: &CancelFlag,
) -> Result<FirstRun, JobError> {
    let env = RunEnv {
        worker: 0,
        scratch,
        cancel,
    };
    std::fs::create_dir_all(scratch).map_err(internal)?;
    let to_error = |e: PredicateError| -> JobError {
        match e {
            PredicateError::Other(m) => JobError::new(JobErrorKind::BadInput, m),
            e => internal(e),
        }
    };
    // A probe with a signature shows the bug; without one it does not.
    let from_probe = |signature: Option<Signature>, command: String, output: &[u8]| FirstRun {
        focus: Default::default(),
        verdict: if signature.is_some() {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        },
        signature,
        command,
        tail: tail(output, 25),
        package: failed_package(&String::from_utf8_lossy(output)),
    };
    Ok(match check {
        Check::Ice(p) => {
            let probe = p.probe_full(case, &env).map_err(to_error)?;
            FirstRun {
                focus: crate::predicate::focus_from_stderr(&String::from_utf8_lossy(
                    &probe.finished.stderr,
                )),
                ..from_probe(
                    probe.signature,
                    probe.command.display(),
                    &probe.finished.stderr,
                )
            }
        }
        Check::Test(p) => {
            let probe = p.probe(case, &env).map_err(to_error)?;
            let out = [
                probe.finished.stdout.as_slice(),
                probe.finished.stderr.as_slice(),
            ]
            .concat();
            from_probe(probe.signature, probe.command.display(), &out)
        }
        Check::Script(p) => {
            let path = ScriptPredicate::materialize(case, scratch).map_err(to_error)?;
            let verdict = p.test(case, &env).map_err(to_error)?;
            FirstRun {
                focus: Default::default(),
                verdict,
                signature: None,
                command: p.command_for(&path, &scratch.join("case")).display(),
                tail: String::new(),
                package: None,
            }
        }
    })
}

/// `case` with every Rust file tidied: trailing blanks of lines removed, runs of
/// blank lines collapsed into one, none at the start, one newline at the end.
fn tidy_blank_lines(case: &TestCase) -> TestCase {
    let mut out = case.clone();
    for i in 0..case.seq_count() {
        let (p, text) = (case.path(i), case.seq(i));
        if !crate::syntax::is_rust(p) || case.is_gone(p, text) {
            continue;
        }
        let mut tidy = Vec::with_capacity(text.len());
        let mut blank_run = true; // no blank lines at the start
        for line in text.split(|&b| b == b'\n') {
            let end = line
                .iter()
                .rposition(|b| !b.is_ascii_whitespace())
                .map_or(0, |e| e + 1);
            if end == 0 {
                if !blank_run {
                    tidy.push(b'\n');
                }
                blank_run = true;
            } else {
                tidy.extend_from_slice(&line[..end]);
                tidy.push(b'\n');
                blank_run = false;
            }
        }
        while tidy.ends_with(b"\n\n") {
            tidy.pop();
        }
        if tidy == b"\n" {
            tidy.clear();
        }
        out = out.with_seq(i, tidy);
    }
    out
}

/// Formats every Rust file of `case` with rustfmt (through `exec`): the case is
/// written under `dir` with its layout (so `mod m;` finds `m.rs`) and formatted in
/// place. `None` when rustfmt is missing or rejects the code.
fn rustfmt(case: &TestCase, dir: &Path, cancel: &CancelFlag) -> Option<TestCase> {
    let root = dir.join("case");
    let _ = std::fs::remove_dir_all(&root);
    case.write_to(&root).ok()?;
    let rust: Vec<usize> = (0..case.seq_count())
        .filter(|&i| {
            let p = case.path(i);
            !case.is_gone(p, case.seq(i))
                && (case.seq_count() == 1 || p.extension().is_some_and(|x| x == "rs"))
        })
        .collect();
    if rust.is_empty() {
        return None;
    }
    let spec = crate::exec::CommandSpec::new("rustfmt", &root)
        .args(["--edition", "2021", "--quiet"])
        .args(rust.iter().map(|&i| case.path(i)));
    let limits = crate::exec::RunLimits {
        timeout: Some(Duration::from_secs(30)),
        max_output: 16 << 20,
    };
    let done = crate::exec::run(&spec, &limits, cancel).ok()?;
    if done.code != Some(0) {
        return None;
    }
    let mut out = case.clone();
    for i in rust {
        out = out.with_seq(i, std::fs::read(root.join(case.path(i))).ok()?);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tidy_collapses_blank_lines_in_rust_files_only() {
        let case = TestCase::from_files([
            (
                "src/a.rs".into(),
                b"\n\nfn a() {}   \n\n\n\nfn b() {}\n\n\n".to_vec(),
            ),
            ("data.txt".into(), b"x\n\n\ny\n".to_vec()),
            ("src/b.rs".into(), b" \n\n".to_vec()),
        ]);
        let t = tidy_blank_lines(&case);
        let file = |name: &str| {
            let i = (0..t.seq_count()).find(|&i| t.path(i) == Path::new(name));
            t.seq(i.expect("file kept"))
        };
        assert_eq!(file("src/a.rs"), b"fn a() {}\n\nfn b() {}\n");
        assert_eq!(file("data.txt"), b"x\n\n\ny\n");
        assert_eq!(file("src/b.rs"), b"");
        let single = TestCase::single("x.rs", b"fn main() {}".to_vec());
        assert_eq!(tidy_blank_lines(&single).seq(0), b"fn main() {}\n");
    }
}

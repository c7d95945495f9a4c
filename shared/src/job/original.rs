//! The checks of the original before reducing: twice (flakiness, the signature),
//! `cargo build` when `cargo check` does not crash, the package of a workspace
//! that crashes; and what to tell the user when the original does not show the bug.

use std::path::Path;

use super::check::JobCheck;
use super::{internal, manifest, resolve, Check, FirstRun, Job, JobError, JobErrorKind, Target};
use crate::predicate::{
    CancelFlag, Compile, IcePredicate, Predicate, PredicateError, ScriptPredicate, Signature,
    Verdict,
};
use crate::report::{Event, Observer};
use crate::testcase::TestCase;

/// What a failed allocation prints (Rust's `handle_alloc_error`, C's `strerror`,
/// Python): a bug that does gets no memory limit.
const ALLOCATION_FAILURES: [&str; 4] = [
    "memory allocation of",
    "Cannot allocate memory",
    "out of memory",
    "MemoryError",
];

impl Job {
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
        // flakiness) run beside the first one when they would not reuse its build
        // (see `repeats_beside`).
        let repeats = self.spec.original_runs.max(2) - 1;
        let beside = if repeats_beside(&self.spec.target) {
            repeats.min(self.spec.jobs.saturating_sub(1))
        } else {
            0
        };
        let (first, mut early) = std::thread::scope(|s| {
            if self.is_rust {
                let case = &self.case;
                s.spawn(move || crate::syntax::parse_ahead(case));
            }
            first_with_repeats(&self.check, &self.case, &scratch, "", beside, cancel)
        });
        let mut first = first?;
        // Where the first check ran: the repeats that run after it run there too,
        // on its build (a crate's dependencies are not copied again).
        let mut first_dir = scratch.join("a");
        if let Target::IceCrate { root, build: false } = &self.spec.target {
            if first.verdict != Verdict::Interesting
                && self.spec.tool == crate::predicate::Tool::Rustc
            {
                // Some crashes only happen in code generation: try `cargo build`.
                let retry = Check::Ice(IcePredicate::new(resolve::ice_crate_config(
                    &self.spec, root, true,
                )));
                // With its repeats beside it, as for `cargo check`.
                let (again, redone) =
                    first_with_repeats(&retry, &self.case, &scratch, "-build", beside, cancel);
                let again = again?;
                self.extra_original_runs += 1;
                if again.verdict == Verdict::Interesting {
                    observer.on_event(&Event::Note(
                        "`cargo check` does not crash but `cargo build` does: using `cargo build`",
                    ));
                    self.check = retry;
                    first = again;
                    first_dir = scratch.join("a-build");
                    // The repeats that ran `cargo check` count as extra runs; those
                    // with `cargo build` are the repeats now.
                    self.extra_original_runs += early.len() as u64;
                    early = redone;
                } else {
                    self.extra_original_runs += redone.len() as u64;
                }
            }
        }
        if cancel.is_cancelled() {
            return Err(JobError::new(
                JobErrorKind::Cancelled,
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
            let timed_out;
            let secs = self.spec.timeout.as_secs_f64();
            let what = match &self.check {
                _ if first.verdict == Verdict::Timeout => {
                    timed_out = format!(
                        "the check of the original timed out after {secs} s (raise --timeout; with --hang, a timeout is the bug)"
                    );
                    &timed_out
                }
                Check::Ice(_) | Check::Test(_) if self.spec.hang => {
                    timed_out = format!(
                        "the check of the original finished within --timeout ({secs} s): with --hang, only a check that runs out of time shows the bug"
                    );
                    &timed_out
                }
                Check::Ice(_) => {
                    "the original does not crash the compiler (no internal compiler error)"
                }
                Check::Test(_) => "the test does not fail on the original input",
                Check::Script(_) => "the script does not exit with 0 on the original",
                Check::Miscompile(_) => &first.why,
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
                None => first_run(&self.check, &self.case, &first_dir, cancel, Stack::Short)?,
            };
            if cancel.is_cancelled() {
                return Err(JobError::new(
                    JobErrorKind::Cancelled,
                    "cancelled while checking the original",
                ));
            }
            if again.verdict == first.verdict
                && same_bug(&again.signature, &first.signature, self.spec.mode)
            {
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
                Check::Miscompile(p) => p.expect(sig.clone()),
                Check::Script(_) => {}
            }
        }
        if self.spec.learn_timeout && !self.spec.hang {
            let time_limit = self.check.predicate().time_limit();
            if let Some((limit, slowest)) = time_limit.and_then(|l| l.learn()) {
                let cpu = time_limit.and_then(|l| l.cpu()).map_or(String::new(), |c| {
                    format!(", and {:.2} s of CPU time", c.as_secs_f64())
                });
                observer.on_event(&Event::Note(&format!(
                    // Short: editors show it as a progress message.
                    "time limit of a check: {:.2} s (learned: {} x {:.3} s, at least {} s){cpu}",
                    limit.as_secs_f64(),
                    crate::predicate::limit::LEARNED_FACTOR,
                    slowest.as_secs_f64(),
                    crate::predicate::limit::LEARNED_FLOOR.as_secs_f64(),
                )));
            }
        }
        if !self.spec.hang || self.spec.memory.is_some() {
            self.learn_memory_limit(&first, &first_dir, observer, cancel)?;
        }
        let sig = first.signature.clone();
        self.first = Some(first);
        Ok(sig)
    }

    /// The memory limit of a test's or a script's runs
    /// ([`crate::predicate::MemoryLimit`]), unless fixed by `--memory`:
    /// learned from the original's runs, then kept only if one more run of the
    /// original under it fails the same way. None when the bug is itself an
    /// allocation failure, which a limit would make of any big allocation.
    fn learn_memory_limit(
        &mut self,
        first: &FirstRun,
        dir: &Path,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<(), JobError> {
        let learned = match (self.check.predicate().memory_limit(), self.spec.memory) {
            (Some(m), Some(fixed)) => {
                m.fix(fixed);
                None
            }
            (Some(m), None) if ALLOCATION_FAILURES.iter().any(|f| first.tail.contains(f)) => {
                m.clear();
                None
            }
            (Some(m), None) => m.learn(),
            (None, _) => None,
        };
        let Some((limit, peak)) = learned else {
            return Ok(());
        };
        let again = first_run(&self.check, &self.case, dir, cancel, Stack::Short)?;
        self.extra_original_runs += 1;
        let mib = |b: u64| b as f64 / f64::from(1u32 << 20);
        let note = if again.verdict == first.verdict
            && same_bug(&again.signature, &first.signature, self.spec.mode)
        {
            format!(
                "memory limit of a check: {:.0} MiB (learned: {} x {:.1} MiB, at least {:.0} MiB)",
                mib(limit),
                crate::predicate::limit::MEMORY_FACTOR,
                mib(peak),
                mib(crate::predicate::limit::MEMORY_FLOOR),
            )
        } else {
            if let Some(m) = self.check.predicate().memory_limit() {
                m.clear();
            }
            format!(
                "no memory limit: the original does not fail the same way under {:.0} MiB",
                mib(limit)
            )
        };
        observer.on_event(&Event::Note(&note));
        Ok(())
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
        // The crate's own package (no need to ask `cargo metadata`).
        let own = std::fs::read_to_string(root.join("Cargo.toml"))
            .ok()
            .and_then(|text| manifest::package_name(&text));
        if own.as_deref() == Some(name.as_str()) {
            return Ok(None);
        }
        // Through `exec`, as every spawn (timeout; parsed by `cargo_metadata`).
        let query = crate::predicate::toolchain::Cargo::resolve(root)
            .command(root)
            .arg("metadata")
            .arg("--format-version=1")
            .arg("--no-deps")
            .arg("--manifest-path")
            .arg(root.join("Cargo.toml"));
        let Some(metadata) = crate::exec::query(&query, self.spec.timeout).and_then(|out| {
            cargo_metadata::MetadataCommand::parse(String::from_utf8(out).ok()?).ok()
        }) else {
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
        let again = first_run(
            &check,
            &case,
            &self.scratch.path().join("member"),
            cancel,
            Stack::Full,
        )?;
        self.extra_original_runs += 1;
        if again.verdict != Verdict::Interesting
            || !same_bug(&again.signature, &first.signature, self.spec.mode)
        {
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
}

/// The first check of the original (whole query stack) in `scratch/a{suffix}`,
/// with `beside` repeats (short stack) at the same time in `scratch/b{i}{suffix}`:
/// the first check's result and the repeats' results.
fn first_with_repeats(
    check: &Check,
    case: &TestCase,
    scratch: &Path,
    suffix: &str,
    beside: usize,
    cancel: &CancelFlag,
) -> (Result<FirstRun, JobError>, Vec<Result<FirstRun, JobError>>) {
    std::thread::scope(|s| {
        let handles: Vec<_> = (1..=beside)
            .map(|i| {
                let dir = scratch.join(format!("b{i}{suffix}"));
                s.spawn(move || first_run(check, case, &dir, cancel, Stack::Short))
            })
            .collect();
        let dir = scratch.join(format!("a{suffix}"));
        let first = first_run(check, case, &dir, cancel, Stack::Full);
        let repeats = (handles.into_iter())
            .map(|h| h.join().expect("the check does not panic"))
            .collect();
        (first, repeats)
    })
}

/// Whether the repeats of the check on the original can run beside the first one:
/// for a single file or a script, and for a crate whose builds share nothing
/// ([`manifest::builds_alone`]: no dependencies, no build script, not a
/// workspace). Otherwise they run after it, in its scratch directory, on its build.
fn repeats_beside(target: &Target) -> bool {
    let root = match target {
        Target::IceFile { .. } | Target::MiscompileFile { .. } | Target::Script { .. } => {
            return true
        }
        Target::IceCrate { root, .. }
        | Target::MiscompileCrate { root }
        | Target::TestInput { root, .. }
        | Target::TestSources { root, .. } => root,
    };
    std::fs::read_to_string(root.join("Cargo.toml"))
        .is_ok_and(|text| manifest::builds_alone(root, &text))
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

/// How much of an ICE's query stack a check of the original asks rustc for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stack {
    /// The whole stack (`RUST_BACKTRACE=1`), which the focus reads: the first check.
    Full,
    /// Rustc's default two frames, enough for the signature: the repeats, which
    /// only have to agree with the first (about 50 ms less per compile).
    Short,
}

fn first_run(
    check: &Check,
    case: &TestCase,
    scratch: &Path,
    cancel: &CancelFlag,
    stack: Stack,
) -> Result<FirstRun, JobError> {
    let check_dir = JobCheck::at(scratch, cancel)?;
    let env = check_dir.env();
    let to_error = |e: PredicateError| -> JobError {
        match e {
            PredicateError::Other(m) => JobError::new(JobErrorKind::BadInput, m),
            PredicateError::Cancelled => JobError::new(
                JobErrorKind::Cancelled,
                "cancelled while checking the original",
            ),
            e => internal(e),
        }
    };
    // The predicate's own verdict: a failure (no expected signature yet), or a
    // timeout, which is the bug with `--hang`.
    let from_probe =
        |verdict: Verdict, signature: Option<Signature>, command: String, output: &[u8]| FirstRun {
            focus: Default::default(),
            verdict,
            signature,
            command,
            tail: tail(output, 25),
            package: failed_package(&String::from_utf8_lossy(output)),
            why: String::new(),
        };
    Ok(match check {
        Check::Ice(p) => {
            let probe = match stack {
                Stack::Full => p.probe_full(case, &env),
                Stack::Short => p.probe(case, &env),
            }
            .map_err(to_error)?;
            FirstRun {
                focus: crate::predicate::focus_of_output(
                    &probe.finished.stdout,
                    &probe.finished.stderr,
                ),
                ..from_probe(
                    p.verdict(&probe),
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
            from_probe(
                p.verdict(&probe),
                probe.signature,
                probe.command.display(),
                &out,
            )
        }
        Check::Miscompile(p) => {
            let probe = p.probe(case, &env).map_err(to_error)?;
            let why = miscompile_why(p, &probe.outcome);
            let signature = match &probe.outcome {
                crate::predicate::miscompile::Outcome::Differs(sig) => Some(sig.clone()),
                _ => None,
            };
            let tail = match (&probe.outcome, &probe.outputs) {
                (crate::predicate::miscompile::Outcome::BuildFailed(_, t), _) => t.clone(),
                (_, Some([a, b])) => format!("{a}\n---\n{b}"),
                _ => String::new(),
            };
            FirstRun {
                focus: Default::default(),
                verdict: p.verdict(&probe),
                signature,
                command: (probe.commands.iter().take(2))
                    .map(|c| c.display())
                    .collect::<Vec<_>>()
                    .join(" && "),
                tail,
                package: None,
                why,
            }
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
                why: String::new(),
            }
        }
    })
}

/// Why a wrong-code check of the original does not show the bug, in words.
fn miscompile_why(
    p: &crate::predicate::MiscompilePredicate,
    outcome: &crate::predicate::miscompile::Outcome,
) -> String {
    use crate::predicate::miscompile::Outcome;
    let label = |i: usize| p.config().sides[i].label.clone();
    match outcome {
        Outcome::BuildFailed(i, _) => format!("the program does not build with {}", label(*i)),
        Outcome::TimedOut => "a build or a run of the program timed out".into(),
        Outcome::Nondeterministic(i) => format!(
            "the program built with {} prints different things on two runs: its output must not depend on time, addresses, randomness or the environment",
            label(*i)
        ),
        Outcome::Same => format!(
            "the program prints the same with {} and with {}: no wrong code to reduce",
            label(0),
            label(1)
        ),
        Outcome::Differs(_) => String::new(),
    }
}

/// Two checks' signatures show the same bug under `mode` (two checks without one agree).
fn same_bug(
    a: &Option<Signature>,
    b: &Option<Signature>,
    mode: crate::predicate::MatchMode,
) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.matches(b, mode),
        (None, None) => true,
        _ => false,
    }
}

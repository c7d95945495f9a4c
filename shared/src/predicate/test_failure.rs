//! The failing-test predicate. For `--test NAME --input FILE` each worker builds the
//! crate's tests once in its own copy, then every candidate only writes the input
//! file into that copy and runs the already-built test binary. For `--test NAME`
//! alone the candidate is the crate's sources: each candidate is written into the
//! worker's copy and rebuilt (incrementally, one target directory per worker).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use sha2::{Digest, Sha256};

use super::signature::{test_failure_signature, verdict_for, MatchMode, Signature};
use super::target_seed::TargetSeed;
use super::CrateSource;
use super::{Predicate, PredicateError, RunEnv, Unused, Verdict};
use crate::case::Case;
use crate::exec::{self, CommandSpec, ExecError, Finished, RunLimits};
use crate::testcase::TestCase;

/// Settings of the failing-test predicate.
#[derive(Clone, Debug)]
pub struct TestConfig {
    /// The crate root (holding `Cargo.toml`).
    pub root: PathBuf,
    /// The test name (a filter, as for `cargo test NAME`).
    pub test: String,
    /// The input file, relative to `root`; `None` when the candidate is the crate's
    /// sources (every `.rs` file).
    pub input: Option<PathBuf>,
    /// Extra arguments to `cargo test --no-run`.
    pub cargo_args: Vec<OsString>,
    /// Time limit of one test run.
    pub timeout: Option<Duration>,
    /// How strictly the failure must match.
    pub mode: MatchMode,
    /// Extra environment for the build and the test runs.
    pub env: Vec<(OsString, OsString)>,
    /// The bug is a hang: a test run that exceeds the time limit is the interesting
    /// outcome, and one that ends is not.
    pub hang: bool,
}

/// One run of the test on a candidate input.
#[derive(Debug)]
pub struct TestProbe {
    /// The command.
    pub command: CommandSpec,
    /// How it ended.
    pub finished: Finished,
    /// The panic signature, when the test failed with a panic.
    pub signature: Option<Signature>,
}

/// Runs a test binary on candidate inputs.
pub struct TestPredicate {
    config: TestConfig,
    expected: Option<Signature>,
    /// Per scratch directory: the test executables that contain the test.
    built: Mutex<Vec<(PathBuf, Vec<PathBuf>)>>,
    absent: super::crate_copy::AbsentFiles,
    /// Hash of the crate's sources (part of the fingerprint).
    sources: Vec<u8>,
    /// Compiled dependencies for new target directories.
    seed: TargetSeed,
    /// What each worker copies (the crate, with its workspace).
    source: CrateSource,
    /// The names of the tests the last build listed, for the message when none
    /// matches the name asked for.
    listed: Mutex<std::collections::BTreeSet<String>>,
    /// The toolchain's own `cargo` (see [`super::toolchain::Cargo`]).
    cargo: super::toolchain::Cargo,
    /// The limit of a check: `config.timeout` until learned (see [`super::limit`]).
    limit: super::TimeLimit,
    /// The memory limit of a test binary's run: none until learned.
    memory: super::MemoryLimit,
}

impl TestPredicate {
    /// A predicate for `config`.
    pub fn new(config: TestConfig) -> TestPredicate {
        let mut h = Sha256::new();
        if let Ok(case) = super::ice::crate_case(&config.root) {
            case.digest_into(&mut h);
        }
        let source = CrateSource::new(&config.root);
        // The manifests and the lockfile decide what is built too.
        for file in [
            config.root.join("Cargo.toml"),
            source.tree().join("Cargo.toml"),
            source.tree().join("Cargo.lock"),
        ] {
            if let Ok(bytes) = std::fs::read(file) {
                h.update(bytes);
            }
        }
        let cargo = super::toolchain::Cargo::resolve(&config.root);
        h.update(cargo.identity().as_bytes());
        let seed = TargetSeed::from_user(
            super::target_seed::user_target_dir(source.tree()),
            &config.cargo_args,
        );
        TestPredicate {
            limit: super::TimeLimit::with_cpu(config.timeout),
            memory: super::MemoryLimit::default(),
            cargo,
            source,
            config,
            expected: None,
            built: Mutex::new(Vec::new()),
            listed: Mutex::new(Default::default()),
            absent: Default::default(),
            sources: h.finalize().to_vec(),
            seed,
        }
    }

    /// Only failures matching `sig` count from now on.
    pub fn expect(&mut self, sig: Signature) {
        self.expected = Some(sig);
    }

    /// Builds the tests in `dir` and returns the executables holding the test, or
    /// the failed build.
    fn build(
        &self,
        dir: &Path,
        env: &RunEnv<'_>,
    ) -> Result<Result<Vec<PathBuf>, TestProbe>, PredicateError> {
        let mut spec = (self.cargo.command(dir))
            .args(["test", "--no-run", "--message-format=json"])
            .args(&self.config.cargo_args);
        spec.env = self.config.env.clone();
        let target = env.scratch.join("target");
        self.seed.prepare(&target);
        let spec = spec
            .env("CARGO_TARGET_DIR", &target)
            .temp_dir(env.temp_dir());
        let done = match exec::run(
            &spec,
            &RunLimits {
                timeout: if self.config.input.is_some() {
                    None
                } else {
                    self.limit.get()
                },
                cpu: None,
                max_output: 64 << 20,
                memory: None,
            },
            env.cancel,
        ) {
            Err(ExecError::Cancelled) => return Err(PredicateError::Cancelled),
            r => r?,
        };
        self.seed.offer(&target);
        if self.config.input.is_none() {
            self.limit.observe(done.elapsed, done.cpu);
        }
        if done.code != Some(0) {
            return Ok(Err(TestProbe {
                command: spec,
                finished: done,
                signature: None,
            }));
        }
        let mut exes = Vec::new();
        for line in String::from_utf8_lossy(&done.stdout).lines() {
            let Ok(cargo_metadata::Message::CompilerArtifact(a)) =
                serde_json::from_str::<cargo_metadata::Message>(line)
            else {
                continue;
            };
            if a.profile.test {
                if let Some(exe) = a.executable.as_ref().map(|e| e.as_str()) {
                    // Keep the binaries that have the test (libtest's filter: a
                    // test whose name contains it).
                    let list = CommandSpec::new(exe, dir).arg("--list");
                    if let Ok(o) = exec::run(&list, &RunLimits::default(), env.cancel) {
                        let stdout = String::from_utf8_lossy(&o.stdout);
                        let names: Vec<&str> = (stdout.lines())
                            .filter_map(|l| l.strip_suffix(": test"))
                            .collect();
                        if names.iter().any(|n| n.contains(self.config.test.as_str())) {
                            exes.push(PathBuf::from(exe));
                        }
                        let mut listed = self.listed.lock().expect("not poisoned");
                        listed.extend(names.into_iter().map(String::from));
                    }
                }
            }
        }
        Ok(Ok(exes))
    }

    /// Input mode: builds the tests in the worker's copy (once) and returns the
    /// executables.
    fn prepare(&self, env: &RunEnv<'_>) -> Result<Vec<PathBuf>, PredicateError> {
        if let Some((_, exes)) = self
            .built
            .lock()
            .expect("not poisoned")
            .iter()
            .find(|(d, _)| d == env.scratch)
        {
            return Ok(exes.clone());
        }
        let tree = env.scratch.join("crate");
        let dir = self
            .source
            .copy_for_build(&tree)
            .map_err(|source| PredicateError::Io {
                path: tree.display().to_string(),
                source,
            })?;
        let exes = match self.build(&dir, env)? {
            Ok(exes) => exes,
            Err(failed) => {
                return Err(PredicateError::Other(format!(
                    "`{}` failed in a copy of the crate:\n{}",
                    failed.command.display(),
                    String::from_utf8_lossy(&failed.finished.stderr)
                )))
            }
        };
        if exes.is_empty() {
            let listed = self.listed.lock().expect("not poisoned");
            let first: Vec<&str> = listed.iter().take(12).map(String::as_str).collect();
            let known = match listed.len() {
                0 => "it has no tests".to_string(),
                n if n <= 12 => format!("its tests: {}", first.join(", ")),
                n => format!("its tests: {}, … ({} more)", first.join(", "), n - 12),
            };
            return Err(PredicateError::Other(format!(
                "no test matches `{}` in this crate; {known}",
                self.config.test
            )));
        }
        self.built
            .lock()
            .expect("not poisoned")
            .push((env.scratch.to_path_buf(), exes.clone()));
        Ok(exes)
    }

    /// Sources mode: writes the candidate's files into the worker's copy (made
    /// once) and builds it. A build that fails, or no longer has the test, is a
    /// probe without a signature.
    fn prepare_sources(
        &self,
        case: &TestCase,
        env: &RunEnv<'_>,
    ) -> Result<Result<Vec<PathBuf>, TestProbe>, PredicateError> {
        let dir = self.write_sources(case, env)?;
        self.build(&dir, env)
    }

    /// Writes the candidate sources into the worker's copy of the crate (made on
    /// first use); returns the copy's root.
    fn write_sources(&self, case: &TestCase, env: &RunEnv<'_>) -> Result<PathBuf, PredicateError> {
        let tree = env.scratch.join("crate");
        let dir = self.source.crate_in(&tree);
        let fresh = {
            let mut built = self.built.lock().expect("not poisoned");
            if built.iter().any(|(d, _)| d == env.scratch) {
                false
            } else {
                built.push((env.scratch.to_path_buf(), Vec::new()));
                true
            }
        };
        let io = |source| PredicateError::Io {
            path: dir.display().to_string(),
            source,
        };
        if fresh {
            self.source.copy_for_build(&tree).map_err(io)?;
        }
        self.absent.apply(&self.source, &dir, case).map_err(io)?;
        for (p, b) in case.files() {
            let dest = dir.join(p);
            if case.is_gone(p, b) {
                crate::testcase::remove_if_present(&dest).map_err(io)?;
            } else if std::fs::read(&dest).ok().as_deref() != Some(b) {
                write_scratch(&dest, b).map_err(io)?;
            }
        }
        Ok(dir)
    }

    /// The settings.
    pub fn config(&self) -> &TestConfig {
        &self.config
    }

    /// The command a user runs in the crate to see the failure:
    /// `cargo test [ARGS] NAME`.
    pub fn user_command(&self) -> String {
        let mut words = vec!["cargo".to_string(), "test".to_string()];
        words.extend(self.config.cargo_args.iter().map(|a| crate::exec::quote(a)));
        words.push(crate::exec::quote(std::ffi::OsStr::new(&self.config.test)));
        words.join(" ")
    }

    /// The verdict of `test` on a run that happened (`probe`): a failure with the
    /// original's signature.
    pub fn verdict(&self, p: &TestProbe) -> Verdict {
        verdict_for(
            p.finished.timed_out,
            self.config.hang,
            self.expected.as_ref(),
            p.signature.as_ref(),
            self.config.mode,
        )
    }

    /// Writes the candidate input into the worker's copy and runs the test.
    pub fn probe(&self, case: &TestCase, env: &RunEnv<'_>) -> Result<TestProbe, PredicateError> {
        let dir = self.source.crate_in(&env.scratch.join("crate"));
        let exes = match &self.config.input {
            Some(input) => {
                let exes = self.prepare(env)?;
                let dest = dir.join(input);
                write_scratch(&dest, case.seq(0)).map_err(|source| PredicateError::Io {
                    path: dest.display().to_string(),
                    source,
                })?;
                exes
            }
            None => match self.prepare_sources(case, env)? {
                Ok(exes) if !exes.is_empty() => exes,
                Ok(_) => {
                    return Ok(TestProbe {
                        command: CommandSpec::new("cargo", &dir).args(["test", &self.config.test]),
                        finished: Finished::default(),
                        signature: None,
                    })
                }
                Err(failed) => return Ok(failed),
            },
        };
        let mut last = None;
        for exe in exes {
            let mut command = CommandSpec::new(&exe, &dir);
            command.env = self.config.env.clone();
            let command = command
                .arg(&self.config.test)
                .arg("--test-threads=1")
                .env("RUST_BACKTRACE", "0")
                .env("CARGO_MANIFEST_DIR", &dir);
            let limits = RunLimits {
                timeout: self.limit.get(),
                cpu: self.limit.cpu(),
                max_output: 1 << 20,
                memory: self.memory.get(),
            };
            let command = command.temp_dir(env.temp_dir());
            let finished = match exec::run(&command, &limits, env.cancel) {
                Err(ExecError::Cancelled) => return Err(PredicateError::Cancelled),
                r => r?,
            };
            self.limit.observe(finished.elapsed, finished.cpu);
            self.memory.observe(finished.max_rss);
            let out = format!(
                "{}{}",
                String::from_utf8_lossy(&finished.stdout),
                String::from_utf8_lossy(&finished.stderr)
            );
            let signature = if finished.code == Some(0) {
                None
            } else {
                test_failure_signature(&out, None).map(|mut sig| {
                    if self.config.input.is_none() {
                        // Lines in the crate's own files shift as its sources shrink.
                        sig.location = sig
                            .location
                            .map(|l| strip_own_line(&l, |f| case.index_of(Path::new(f)).is_some()));
                    }
                    if self.config.mode == MatchMode::Same {
                        sig = sig.with_names(crate::syntax::defined_names(case));
                    }
                    sig
                })
            };
            let failed = finished.code != Some(0);
            last = Some(TestProbe {
                command,
                finished,
                signature,
            });
            if failed {
                break;
            }
        }
        Ok(last.expect("at least one executable"))
    }
}

/// `src/lib.rs:10:5` → `src/lib.rs` when `own("src/lib.rs")`: a location in the
/// crate's own files loses its line and column (they shift as the sources shrink);
/// dependencies' and std's locations keep theirs.
fn strip_own_line(loc: &str, own: impl Fn(&str) -> bool) -> String {
    let mut parts: Vec<&str> = loc.rsplitn(3, ':').collect();
    if parts.len() == 3
        && parts[..2]
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
        && own(parts[2])
    {
        parts.pop().unwrap_or(loc).to_string()
    } else {
        loc.to_string()
    }
}

impl Predicate<TestCase> for TestPredicate {
    fn time_limit(&self) -> Option<&super::TimeLimit> {
        Some(&self.limit)
    }

    fn memory_limit(&self) -> Option<&super::MemoryLimit> {
        Some(&self.memory)
    }

    /// The test function itself (the last segment of the name filter), when the
    /// candidate is the crate's sources.
    fn focus(&self) -> super::Focus {
        let name = self.config.test.rsplit("::").next().unwrap_or_default();
        super::Focus {
            names: (self.config.input.is_none() && !name.is_empty())
                .then(|| name.to_string())
                .into_iter()
                .collect(),
            ..Default::default()
        }
    }
    fn fingerprint(&self) -> Vec<u8> {
        let mut h = Sha256::new();
        h.update(b"test-v1\0");
        h.update(format!("{:?}", self.config).as_bytes());
        h.update(&self.sources);
        h.update(serde_json::to_vec(&self.expected).unwrap_or_default());
        h.finalize().to_vec()
    }

    fn test(&self, case: &TestCase, env: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
        Ok(self.verdict(&self.probe(case, env)?))
    }

    /// Sources mode only: `cargo check --profile test --message-format=json` on the
    /// candidate: the library and binaries compiled as unit tests, so the tests are
    /// roots and what they do not reach is dead. (Not `--tests`: integration tests
    /// would compile the library normally too, where code used only by unit tests is
    /// dead.)
    fn unused(
        &self,
        case: &TestCase,
        env: &RunEnv<'_>,
    ) -> Result<Option<Vec<Unused>>, PredicateError> {
        if self.config.input.is_some() {
            return Ok(None);
        }
        let dir = self.write_sources(case, env)?;
        let target = env.scratch.join("target");
        self.seed.prepare(&target);
        let mut spec = (self.cargo.command(&dir))
            .args(["check", "--profile", "test", "--message-format=json"])
            .args(&self.config.cargo_args);
        spec.env = self.config.env.clone();
        let spec = spec
            .env("CARGO_TARGET_DIR", &target)
            .temp_dir(env.temp_dir());
        let limits = RunLimits {
            timeout: self.config.timeout,
            cpu: None,
            max_output: 64 << 20,
            memory: None,
        };
        let done = match exec::run(&spec, &limits, env.cancel) {
            Err(ExecError::Cancelled) => return Err(PredicateError::Cancelled),
            r => r?,
        };
        Ok(Some(super::unused_from_json(&done.stdout, &dir, case)))
    }
}

/// Writes a file of a worker's private copy: no other process reads it while it is
/// written, and it need not survive a crash, so neither a rename nor a sync (which
/// `write_atomic` does for the user's files) is worth its time on every check.
fn write_scratch(dest: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(parent) = dest.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(dest, bytes)
}

#[cfg(test)]
mod tests {
    #[test]
    fn own_lines_are_dropped() {
        let own = |f: &str| f == "src/lib.rs" || f == "tests/t.rs";
        assert_eq!(super::strip_own_line("src/lib.rs:10:5", own), "src/lib.rs");
        assert_eq!(super::strip_own_line("tests/t.rs:3:9", own), "tests/t.rs");
        assert_eq!(
            super::strip_own_line("serde_yaml-0.8.0/src/de.rs:10:5", own),
            "serde_yaml-0.8.0/src/de.rs:10:5"
        );
    }
}

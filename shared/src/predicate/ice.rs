//! The ICE predicate: compiles a candidate with `rustc` (one file) or `cargo check`
//! / `cargo build` (a crate) and calls it interesting when the compiler crashes with
//! the same signature as the original. Clippy and rustdoc crashes go the same way,
//! with `clippy-driver` / `rustdoc` or `cargo clippy` / `cargo doc` (see [`Tool`]).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use sha2::{Digest, Sha256};

use super::signature::{ice_signature, verdict_for, MatchMode, Signature};
pub use super::tool::Tool;
use super::{Predicate, PredicateError, RunEnv, Unused, Verdict};
use crate::exec::{self, CommandSpec, ExecError, Finished, RunLimits};
use crate::testcase::TestCase;

/// How the candidate is compiled.
#[derive(Clone, Debug)]
pub enum Compile {
    /// `rustc` (or `clippy-driver`, `rustdoc`: the config's [`Tool`]) on one file.
    Rustc {
        /// The program (`rustc`, or `$RUSTC`; the tool's program).
        rustc: OsString,
        /// `--edition`.
        edition: String,
        /// `--crate-type`.
        crate_type: String,
    },
    /// `cargo check` or `cargo build` (`cargo clippy`, `cargo doc`) on a crate (the
    /// case holds its files, relative to the crate root; other files are copied once
    /// per worker).
    Cargo {
        /// `check`, `build`, `clippy` or `doc` (run with `--no-deps`).
        subcommand: String,
        /// The original crate root (copied into each worker's scratch directory).
        root: PathBuf,
    },
}

/// Settings of the ICE predicate.
#[derive(Clone, Debug)]
pub struct IceConfig {
    /// Which tool crashes.
    pub tool: Tool,
    /// How to compile.
    pub compile: Compile,
    /// Extra flags (rustc flags, or cargo arguments).
    pub flags: Vec<OsString>,
    /// Extra environment (the process environment is inherited too).
    pub env: Vec<(OsString, OsString)>,
    /// Time limit of one compile.
    pub timeout: Option<Duration>,
    /// How strictly a crash must match the original.
    pub mode: MatchMode,
    /// A hang (timeout) is the bug.
    pub hang: bool,
}

/// What a check may vary besides the case ([`IcePredicate::test_with`]): the
/// tool's flags (cargo's arguments for a crate), the environment the compile gets
/// on top of the inherited one, and the files written over a crate's copy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Extra flags, as [`IceConfig::flags`].
    pub flags: Vec<OsString>,
    /// Extra environment, as [`IceConfig::env`].
    pub env: Vec<(OsString, OsString)>,
    /// Files written into a crate's build copy before the case's own.
    pub overlay: Vec<(PathBuf, Vec<u8>)>,
}

impl Settings {
    /// Sets the environment variable `key` (replacing an earlier setting).
    pub fn set_env_var(&mut self, key: &str, value: &str) {
        self.env.retain(|(k, _)| k != key);
        self.env.push((key.into(), value.into()));
    }
}

/// One compile of a candidate, for diagnostics.
#[derive(Debug)]
pub struct Probe {
    /// The command that ran.
    pub command: CommandSpec,
    /// How it ended.
    pub finished: Finished,
    /// The ICE signature, when it crashed.
    pub signature: Option<Signature>,
}

/// The ICE predicate.
pub struct IcePredicate {
    config: IceConfig,
    expected: Option<Signature>,
    /// `rustc -vV`, asked in the background (it runs beside the checks of the
    /// original instead of before them) and waited for on first use.
    version: OnceLock<String>,
    version_job: Mutex<Option<std::thread::JoinHandle<String>>>,
    /// A crate: what each worker copies (its workspace with it).
    copies: Option<super::materialize::CrateCopies>,
    /// Compiled dependencies for new target directories (crates).
    seed: super::target_seed::TargetSeed,
    /// Where the original's crash points.
    focus: super::Focus,
    /// The toolchain's own `rustc` behind the rustup proxy, run in place of a plain
    /// `rustc` (see [`super::toolchain`]).
    direct: Option<PathBuf>,
    /// The toolchain's own `cargo` (see [`super::toolchain::Cargo`]), for a crate.
    cargo: super::toolchain::Cargo,
    /// A crate: files written into each build copy before the case's own (a
    /// manifest the job put in place of the original's), so that a case holding
    /// the same file still wins.
    overlay: Vec<(PathBuf, Vec<u8>)>,
    /// The limit of a check: `config.timeout` until learned (see [`super::limit`]).
    limit: super::TimeLimit,
}

impl IcePredicate {
    /// A predicate that accepts any ICE until `expect` sets the signature.
    pub fn new(config: IceConfig) -> IcePredicate {
        let tool = config.tool;
        let rustc = match &config.compile {
            Compile::Rustc { rustc, .. } => rustc.clone(),
            Compile::Cargo { .. } => tool.program(),
        };
        let direct = match &config.compile {
            Compile::Rustc { rustc, .. } if rustc == tool.binary() => {
                super::toolchain::binary(tool.binary())
            }
            _ => None,
        };
        let program: OsString = direct.as_deref().map_or(rustc, Into::into);
        let version_job = std::thread::spawn(move || tool.version(&program));
        let (source, cargo, seed) = match &config.compile {
            Compile::Cargo { root, .. } => {
                let source = super::CrateSource::new(root);
                let user = super::target_seed::user_target_dir(source.tree());
                (
                    Some(super::materialize::CrateCopies::new(source)),
                    super::toolchain::Cargo::resolve(root),
                    super::target_seed::TargetSeed::from_user(user, &config.flags),
                )
            }
            Compile::Rustc { .. } => (None, Default::default(), Default::default()),
        };
        IcePredicate {
            limit: super::TimeLimit::new(config.timeout),
            config,
            copies: source,
            expected: None,
            version: OnceLock::new(),
            version_job: Mutex::new(Some(version_job)),
            seed,
            focus: Default::default(),
            direct,
            cargo,
            overlay: Vec::new(),
        }
    }

    /// Files written into each build copy of a crate before the case's own (see
    /// the field); replaces the earlier ones.
    pub fn set_overlay(&mut self, files: Vec<(PathBuf, Vec<u8>)>) {
        self.overlay = files;
    }

    /// `command`, as run: with the toolchain's `rustc` or `cargo` in place of the
    /// proxy.
    fn runnable(&self, case: &TestCase, dir: &Path, s: &Settings) -> CommandSpec {
        let mut spec = self.command_with(case, dir, s);
        match &self.config.compile {
            Compile::Rustc { .. } => {
                if let Some(direct) = &self.direct {
                    spec.program = direct.clone().into_os_string();
                }
            }
            Compile::Cargo { .. } => {
                let cargo = self.cargo.command(dir);
                spec.program = cargo.program;
                spec.quiet_env = cargo.quiet_env;
            }
        }
        spec
    }

    /// From now on only crashes matching `sig` (under the configured mode) count.
    pub fn expect(&mut self, sig: Signature) {
        self.expected = Some(sig);
    }

    /// Records where the original's crash points (from its stderr), for
    /// [`Predicate::focus`].
    pub fn set_focus(&mut self, focus: super::Focus) {
        self.focus = focus;
    }

    /// Replaces the extra flags (the job's flag reduction, after the code).
    pub fn set_flags(&mut self, flags: Vec<OsString>) {
        self.config.flags = flags;
    }

    /// Sets the environment variable `key` of every compile (replacing an earlier
    /// setting; an inherited value is overridden).
    pub fn set_env_var(&mut self, key: &str, value: String) {
        self.config.env.retain(|(k, _)| k != key);
        self.config.env.push((key.into(), value.into()));
    }

    /// The flags, environment and overlay every check gets (see [`Settings`]).
    pub fn settings(&self) -> Settings {
        Settings {
            flags: self.config.flags.clone(),
            env: self.config.env.clone(),
            overlay: self.overlay.clone(),
        }
    }

    /// The settings.
    pub fn config(&self) -> &IceConfig {
        &self.config
    }

    /// The expected signature.
    pub fn expected(&self) -> Option<&Signature> {
        self.expected.as_ref()
    }

    /// `rustc -vV` of the compiler used.
    pub fn version(&self) -> &str {
        self.version.get_or_init(|| {
            let job = self
                .version_job
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take();
            job.and_then(|j| j.join().ok()).unwrap_or_default()
        })
    }

    /// The command compiling `case` materialized under `dir` (for messages and reports).
    pub fn command(&self, case: &TestCase, dir: &Path) -> CommandSpec {
        self.command_with(case, dir, &self.settings())
    }

    /// [`IcePredicate::command`] with settings `s` in place of the predicate's.
    fn command_with(&self, case: &TestCase, dir: &Path, s: &Settings) -> CommandSpec {
        let mut spec = match &self.config.compile {
            Compile::Rustc {
                rustc,
                edition,
                crate_type,
            } => {
                let file = dir.join(case.path(0));
                // A fixed crate name keeps the result (`bug_min.rs`) compilable as is.
                let stem = case
                    .path(0)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let name: String = stem
                    .chars()
                    .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                    .collect();
                let mut spec = CommandSpec::new(rustc, dir)
                    .arg(format!("--edition={edition}"))
                    .arg(format!("--crate-type={crate_type}"));
                if !s
                    .flags
                    .iter()
                    .any(|f| f.to_string_lossy().starts_with("--crate-name"))
                    && !name.is_empty()
                {
                    spec = spec.arg(format!("--crate-name={name}"));
                }
                spec.args(&s.flags)
                    .arg(file)
                    .arg("--out-dir")
                    .arg(dir.join("out"))
            }
            Compile::Cargo { subcommand, .. } => {
                let spec = CommandSpec::new("cargo", dir)
                    .arg(subcommand)
                    .arg("--quiet");
                // The crate's own documentation, not its dependencies'.
                let spec = if subcommand == "doc" {
                    spec.arg("--no-deps")
                } else {
                    spec
                };
                spec.args(&s.flags)
            }
        };
        spec = spec.env("RUSTC_ICE", "0").env("RUST_BACKTRACE", "0");
        for (k, v) in &s.env {
            spec = spec.env(k, v);
        }
        spec
    }

    /// The verdict of `test` on a compile that ran (`probe`): a crash with the
    /// original's signature, or a timeout in hang mode.
    pub fn verdict(&self, probe: &Probe) -> Verdict {
        verdict_for(
            probe.finished.timed_out,
            self.config.hang,
            self.expected.as_ref(),
            probe.signature.as_ref(),
            self.config.mode,
        )
    }

    /// Writes `case` into the worker's scratch directory and compiles it.
    pub fn probe(&self, case: &TestCase, env: &RunEnv<'_>) -> Result<Probe, PredicateError> {
        self.probe_with(case, env, false, &self.settings())
    }

    /// The verdict on `case` compiled with settings `s` in place of the
    /// predicate's (the job's reduction of flags and manifest: one predicate, many
    /// settings, checked in parallel).
    pub fn test_with(
        &self,
        case: &TestCase,
        env: &RunEnv<'_>,
        s: &Settings,
    ) -> Result<Verdict, PredicateError> {
        Ok(self.verdict(&self.probe_with(case, env, false, s)?))
    }

    /// [`IcePredicate::probe`] with `RUST_BACKTRACE=1`, for the whole query stack
    /// (rustc prints two frames without it), which [`super::focus_from_stderr`]
    /// reads. Costs about 0.1 s more per compile.
    pub fn probe_full(&self, case: &TestCase, env: &RunEnv<'_>) -> Result<Probe, PredicateError> {
        self.probe_with(case, env, true, &self.settings())
    }

    fn probe_with(
        &self,
        case: &TestCase,
        env: &RunEnv<'_>,
        full_stack: bool,
        s: &Settings,
    ) -> Result<Probe, PredicateError> {
        let dir = self.materialize(case, env, &s.overlay)?;
        let mut command = self.runnable(case, &dir, s);
        if full_stack {
            command.env.retain(|(k, _)| k != "RUST_BACKTRACE");
            command = command.env("RUST_BACKTRACE", "1");
        }
        let target = env.scratch.join("target");
        if let Compile::Cargo { .. } = self.config.compile {
            self.seed.prepare(&target);
            command = command.env("CARGO_TARGET_DIR", &target);
        }
        let limits = RunLimits {
            timeout: self.limit.get(),
            cpu: None,
            max_output: 1 << 20,
            memory: None,
        };
        let command = command.temp_dir(env.temp_dir());
        let finished = match exec::run(&command, &limits, env.cancel) {
            Err(ExecError::Cancelled) => return Err(PredicateError::Cancelled),
            r => r?,
        };
        self.limit.observe(finished.elapsed, finished.cpu);
        if let Compile::Cargo { .. } = self.config.compile {
            self.seed.offer(&target);
        }
        let stderr = String::from_utf8_lossy(&finished.stderr);
        let crashed = finished.code == Some(101) || finished.signal.is_some();
        let signature = if crashed {
            ice_signature(&stderr).map(|sig| match self.config.mode {
                MatchMode::Same => sig.with_names(crate::syntax::defined_names(case)),
                _ => sig,
            })
        } else {
            None
        };
        Ok(Probe {
            command,
            finished,
            signature,
        })
    }

    fn materialize(
        &self,
        case: &TestCase,
        env: &RunEnv<'_>,
        overlay: &[(PathBuf, Vec<u8>)],
    ) -> Result<PathBuf, PredicateError> {
        match &self.copies {
            Some(copies) => copies.materialize(case, env.scratch, overlay),
            None => super::materialize::fresh_dir(case, env.scratch),
        }
    }
}

impl Predicate<TestCase> for IcePredicate {
    fn time_limit(&self) -> Option<&super::TimeLimit> {
        Some(&self.limit)
    }

    fn focus(&self) -> super::Focus {
        self.focus.clone()
    }
    fn fingerprint(&self) -> Vec<u8> {
        let mut h = Sha256::new();
        h.update(b"ice-v1\0");
        h.update(format!("{:?}", self.config).as_bytes());
        h.update(self.version().as_bytes());
        h.update(serde_json::to_vec(&self.expected).unwrap_or_default());
        for (path, bytes) in &self.overlay {
            h.update(path.to_string_lossy().as_bytes());
            h.update(bytes);
        }
        h.finalize().to_vec()
    }

    fn test(&self, case: &TestCase, env: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
        Ok(self.verdict(&self.probe(case, env)?))
    }

    /// `rustc --error-format=json --emit=metadata` (one file) or `cargo check
    /// --message-format=json` (a crate) on the candidate, with the predicate's flags.
    fn unused(
        &self,
        case: &TestCase,
        env: &RunEnv<'_>,
    ) -> Result<Option<Vec<Unused>>, PredicateError> {
        let dir = self.materialize(case, env, &self.overlay)?;
        let (command, on_stdout) = match &self.config.compile {
            Compile::Rustc { .. } => (
                {
                    // The user's own output format would be given twice.
                    let mut spec = self.runnable(case, &dir, &self.settings());
                    // Rustdoc neither emits metadata nor lints unused code: rustc's
                    // answer (same flags) serves as well.
                    if self.config.tool == Tool::Rustdoc {
                        spec.program = super::toolchain::rustc()
                            .map_or_else(|| Tool::Rustc.program(), PathBuf::into_os_string);
                    }
                    let mut drop_next = false;
                    spec.args.retain(|a| {
                        let a = a.to_string_lossy();
                        let drop =
                            drop_next || a.starts_with("--error-format") || a.starts_with("--json");
                        drop_next = a == "--error-format" || a == "--json";
                        !drop
                    });
                    spec
                }
                .arg("--error-format=json")
                .arg("--emit=metadata")
                .arg("-Wunused")
                .arg("-Wdead-code"),
                false,
            ),
            Compile::Cargo { .. } => {
                let target = env.scratch.join("target");
                self.seed.prepare(&target);
                let mut spec = (self.cargo.command(&dir))
                    .arg("check")
                    .arg("--quiet")
                    .arg("--message-format=json")
                    .args(&self.config.flags)
                    .env("CARGO_TARGET_DIR", &target)
                    .env("RUSTC_ICE", "0")
                    .env("RUST_BACKTRACE", "0");
                for (k, v) in &self.config.env {
                    spec = spec.env(k, v);
                }
                (spec, true)
            }
        };
        let limits = RunLimits {
            timeout: self.config.timeout,
            cpu: None,
            max_output: 16 << 20,
            memory: None,
        };
        let command = command.temp_dir(env.temp_dir());
        let finished = match exec::run(&command, &limits, env.cancel) {
            Err(ExecError::Cancelled) => return Err(PredicateError::Cancelled),
            r => r?,
        };
        let output = if on_stdout {
            &finished.stdout
        } else {
            &finished.stderr
        };
        Ok(Some(super::unused_from_json(output, &dir, case)))
    }
}

/// Every `.rs` file under `root` (plus `Cargo.toml`), skipping `target/` and `.git/`,
/// as a case with paths relative to `root`.
pub fn crate_case(root: &Path) -> std::io::Result<TestCase> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) -> std::io::Result<()> {
        let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let name = e.file_name();
            if name == "target" || name == ".git" {
                continue;
            }
            let p = e.path();
            if e.file_type()?.is_dir() {
                walk(root, &p, out)?;
            } else if p.extension().is_some_and(|x| x == "rs") {
                let mut bytes = std::fs::read(&p)?;
                if bytes.is_empty() {
                    // An empty file is kept as a newline: empty means gone.
                    bytes.push(b'\n');
                }
                out.push((
                    p.strip_prefix(root).expect("under root").to_path_buf(),
                    bytes,
                ));
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(root, root, &mut files)?;
    Ok(TestCase::from_files(files))
}

//! The wrong-code predicate: builds the program two ways (`-C opt-level=0` against
//! `-C opt-level=3` by default, both with overflow checks and debug assertions off;
//! a crate: cargo's dev and release profiles), runs each build twice, and calls a
//! candidate interesting when both build, every run ends within the time limit,
//! each build prints the same twice, and the two builds' outputs differ the way the
//! original's do (the same differing lines; an exit status other than 0 counts as
//! a last line of output).
//!
//! Reducing wrong code goes wrong when the reducer "finds" a program whose
//! behaviour is undefined or depends on something else than the compiler; so the
//! job admits no candidate that has a construct the original did not have (see
//! [`WrongCodeGuard`]).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, OnceLock};
use std::time::Duration;

use regex::Regex;
use sha2::{Digest, Sha256};

use super::signature::{MatchMode, Signature};
use super::{Predicate, PredicateError, RunEnv, Verdict};
use crate::exec::{self, CommandSpec, ExecError, Finished, RunLimits};
use crate::testcase::TestCase;

/// How the two builds are made.
#[derive(Clone, Debug)]
pub enum Build {
    /// `rustc` on one file, as a binary.
    Rustc {
        /// The compiler.
        rustc: OsString,
        /// `--edition`.
        edition: String,
    },
    /// `cargo build` of a crate's binary.
    Cargo {
        /// The original crate root (copied into each worker's scratch directory).
        root: PathBuf,
    },
}

/// One of the two builds: a label for messages and its flags (rustc flags, or
/// cargo arguments such as `--release`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// What the build is called in messages (`-C opt-level=3`, `release`).
    pub label: String,
    /// Its flags.
    pub flags: Vec<OsString>,
}

/// Settings of the wrong-code predicate.
#[derive(Clone, Debug)]
pub struct MiscompileConfig {
    /// How to build.
    pub build: Build,
    /// The two builds compared.
    pub sides: [Side; 2],
    /// Flags both builds get (rustc flags or cargo arguments).
    pub flags: Vec<OsString>,
    /// Extra environment of builds and runs.
    pub env: Vec<(OsString, OsString)>,
    /// Time limit of one build, and of one run of a program.
    pub timeout: Option<Duration>,
    /// `Same` and `Exact`: the same differing lines as the original's; `Location`
    /// and `Any`: any difference.
    pub mode: MatchMode,
}

impl MiscompileConfig {
    /// The default comparison: `-C opt-level=0` against `-C opt-level=3` (a file),
    /// the dev and release profiles (a crate).
    pub fn default_sides(build: &Build) -> [Side; 2] {
        match build {
            Build::Rustc { .. } => [Side::rustc("-C opt-level=0"), Side::rustc("-C opt-level=3")],
            Build::Cargo { .. } => [
                Side {
                    label: "dev".into(),
                    flags: Vec::new(),
                },
                Side {
                    label: "release".into(),
                    flags: vec!["--release".into()],
                },
            ],
        }
    }
}

impl Side {
    /// A side of rustc flags written as one string (`"-C opt-level=3 -Zmir-opt-level=0"`).
    pub fn rustc(flags: &str) -> Side {
        Side {
            label: flags.trim().to_string(),
            flags: flags.split_whitespace().map(OsString::from).collect(),
        }
    }
}

/// How one check of a candidate ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A build failed (side index, the tail of its errors).
    BuildFailed(usize, String),
    /// A build or a run exceeded the time limit.
    TimedOut,
    /// A build printed different things on two runs (side index).
    Nondeterministic(usize),
    /// Both builds printed the same.
    Same,
    /// The outputs differ; the signature says how.
    Differs(Signature),
}

/// One check of a candidate, for diagnostics and reports.
#[derive(Debug)]
pub struct MiscompileProbe {
    /// The commands that ran (the two builds, then the runs).
    pub commands: Vec<CommandSpec>,
    /// How it ended.
    pub outcome: Outcome,
    /// The two builds' outputs (normalized), when both ran.
    pub outputs: Option<[String; 2]>,
}

/// The wrong-code predicate.
pub struct MiscompilePredicate {
    config: MiscompileConfig,
    expected: Option<Signature>,
    version: OnceLock<String>,
    direct: Option<PathBuf>,
    /// A crate: what each worker copies, and which copies exist.
    copies: Option<super::materialize::CrateCopies>,
    cargo: super::toolchain::Cargo,
    /// The limit of a check: `config.timeout` until learned (see [`super::limit`]).
    limit: super::TimeLimit,
}

/// The overflow checks and debug assertions of both cargo profiles, off.
const PROFILE_ENV: [(&str, &str); 4] = [
    ("CARGO_PROFILE_DEV_OVERFLOW_CHECKS", "false"),
    ("CARGO_PROFILE_DEV_DEBUG_ASSERTIONS", "false"),
    ("CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS", "false"),
    ("CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS", "false"),
];

impl MiscompilePredicate {
    /// A predicate that accepts any difference until `expect` sets the signature.
    pub fn new(config: MiscompileConfig) -> MiscompilePredicate {
        let direct = match &config.build {
            Build::Rustc { rustc, .. } if rustc == "rustc" => super::toolchain::rustc(),
            _ => None,
        };
        let (source, cargo) = match &config.build {
            Build::Cargo { root } => (
                Some(super::materialize::CrateCopies::new(
                    super::CrateSource::new(root),
                )),
                super::toolchain::Cargo::resolve(root),
            ),
            Build::Rustc { .. } => (None, Default::default()),
        };
        MiscompilePredicate {
            limit: super::TimeLimit::new(config.timeout),
            config,
            expected: None,
            version: OnceLock::new(),
            direct,
            copies: source,
            cargo,
        }
    }

    /// From now on only differences matching `sig` count.
    pub fn expect(&mut self, sig: Signature) {
        self.expected = Some(sig);
    }

    /// The settings.
    pub fn config(&self) -> &MiscompileConfig {
        &self.config
    }

    /// `rustc -vV` of the compiler used.
    pub fn version(&self) -> &str {
        self.version.get_or_init(|| {
            let program = match (&self.config.build, &self.direct) {
                (_, Some(d)) => d.clone().into_os_string(),
                (Build::Rustc { rustc, .. }, None) => rustc.clone(),
                (Build::Cargo { .. }, None) => super::Tool::Rustc.program(),
            };
            super::Tool::Rustc.version(&program)
        })
    }

    /// The build command of side `side` for `case` under `dir`, as a user would
    /// type it (a file: the binary goes to `out/NAME-a` or `out/NAME-b`, `out`
    /// relative to `dir`).
    pub fn build_command(
        &self,
        case: &TestCase,
        dir: &Path,
        out: &Path,
        side: usize,
    ) -> CommandSpec {
        let flags = &self.config.sides[side].flags;
        let mut spec = match &self.config.build {
            Build::Rustc { rustc, edition } => CommandSpec::new(rustc, dir)
                .arg(format!("--edition={edition}"))
                .arg("--crate-type=bin")
                .arg("-Coverflow-checks=off")
                .arg("-Cdebug-assertions=off")
                .args(&self.config.flags)
                .args(flags)
                .arg(case.path(0))
                .arg("-o")
                .arg(out.join(binary_name(case, side))),
            Build::Cargo { .. } => {
                let mut spec = CommandSpec::new("cargo", dir)
                    .arg("build")
                    .arg("--quiet")
                    .arg("--message-format=json-render-diagnostics")
                    .args(flags)
                    .args(&self.config.flags);
                for (k, v) in PROFILE_ENV {
                    spec = spec.env(k, v);
                }
                spec
            }
        };
        for (k, v) in &self.config.env {
            spec = spec.env(k, v);
        }
        spec
    }

    /// The verdict on a probe.
    pub fn verdict(&self, probe: &MiscompileProbe) -> Verdict {
        match &probe.outcome {
            Outcome::TimedOut => Verdict::Timeout,
            Outcome::Differs(sig) => match (&self.expected, self.config.mode) {
                (None, _) | (_, MatchMode::Location | MatchMode::Any) => Verdict::Interesting,
                (Some(want), _) if want.text == sig.text => Verdict::Interesting,
                _ => Verdict::NotInteresting,
            },
            _ => Verdict::NotInteresting,
        }
    }

    /// Builds `case` both ways and runs each build twice.
    pub fn probe(
        &self,
        case: &TestCase,
        env: &RunEnv<'_>,
    ) -> Result<MiscompileProbe, PredicateError> {
        let dir = self.materialize(case, env)?;
        let run = |spec: CommandSpec| -> Result<Finished, PredicateError> {
            let limits = RunLimits {
                timeout: self.limit.get(),
                cpu: None,
                max_output: 1 << 20,
                memory: None,
            };
            match exec::run(&spec.temp_dir(env.temp_dir()), &limits, env.cancel) {
                Err(ExecError::Cancelled) => Err(PredicateError::Cancelled),
                r => {
                    let done = r?;
                    self.limit.observe(done.elapsed, done.cpu);
                    Ok(done)
                }
            }
        };
        let mut commands = Vec::new();
        let mut programs = Vec::new();
        for side in 0..2 {
            let mut build = self
                .build_command(case, &dir, Path::new("out"), side)
                .env("RUSTC_ICE", "0");
            if let Some(d) = &self.direct {
                build.program = d.clone().into_os_string();
            }
            if let Build::Cargo { .. } = self.config.build {
                let cargo = self.cargo.command(&dir);
                build.program = cargo.program;
                build.quiet_env = cargo.quiet_env;
                build = build.env("CARGO_TARGET_DIR", env.scratch.join("target"));
            }
            let done = run(build.clone())?;
            commands.push(build);
            if done.timed_out {
                return Ok(probe(commands, Outcome::TimedOut, None));
            }
            if done.code != Some(0) {
                let tail = String::from_utf8_lossy(&done.stderr);
                let tail: Vec<&str> = tail.lines().rev().take(20).collect();
                let tail = tail.into_iter().rev().collect::<Vec<_>>().join("\n");
                return Ok(probe(commands, Outcome::BuildFailed(side, tail), None));
            }
            let program = match self.config.build {
                Build::Rustc { .. } => dir.join("out").join(binary_name(case, side)),
                Build::Cargo { .. } => match executable(&done.stdout) {
                    Some(p) => p,
                    None => {
                        let msg = "cargo built no binary (a crate with one `[[bin]]` or `src/main.rs` is needed)";
                        return Ok(probe(
                            commands,
                            Outcome::BuildFailed(side, msg.into()),
                            None,
                        ));
                    }
                },
            };
            programs.push(program);
        }
        let mut outputs: Vec<String> = Vec::new();
        for (side, program) in programs.iter().enumerate() {
            let mut seen: Option<String> = None;
            for _ in 0..2 {
                let mut spec = CommandSpec::new(program, &dir);
                for (k, v) in &self.config.env {
                    spec = spec.env(k, v);
                }
                let done = run(spec.clone())?;
                commands.push(spec);
                if done.timed_out {
                    return Ok(probe(commands, Outcome::TimedOut, None));
                }
                let out = normalized_output(&done);
                match &seen {
                    Some(first) if *first != out => {
                        return Ok(probe(commands, Outcome::Nondeterministic(side), None));
                    }
                    _ => seen = Some(out),
                }
            }
            outputs.push(seen.expect("ran twice"));
        }
        let outputs = [outputs[0].clone(), outputs[1].clone()];
        let labels = [
            self.config.sides[0].label.as_str(),
            self.config.sides[1].label.as_str(),
        ];
        let outcome = match difference(&outputs[0], &outputs[1], labels) {
            Some(sig) => Outcome::Differs(sig),
            None => Outcome::Same,
        };
        Ok(probe(commands, outcome, Some(outputs)))
    }

    fn materialize(&self, case: &TestCase, env: &RunEnv<'_>) -> Result<PathBuf, PredicateError> {
        match &self.copies {
            Some(copies) => copies.materialize(case, env.scratch, &[]),
            None => super::materialize::fresh_dir(case, env.scratch),
        }
    }
}

fn probe(
    commands: Vec<CommandSpec>,
    outcome: Outcome,
    outputs: Option<[String; 2]>,
) -> MiscompileProbe {
    MiscompileProbe {
        commands,
        outcome,
        outputs,
    }
}

/// `NAME-a` / `NAME-b`: the binary of a side.
fn binary_name(case: &TestCase, side: usize) -> String {
    let stem = case
        .path(0)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "prog".into());
    format!("{stem}-{}", ["a", "b"][side])
}

/// The binary cargo built, from its JSON messages.
fn executable(stdout: &[u8]) -> Option<PathBuf> {
    let mut found = None;
    for message in cargo_metadata::Message::parse_stream(stdout) {
        if let Ok(cargo_metadata::Message::CompilerArtifact(a)) = message {
            if let Some(exe) = a.executable {
                found = Some(exe.into_std_path_buf());
            }
        }
    }
    found
}

/// A run's output as compared: stdout with trailing blanks of each line taken
/// off, then `[exit status N]` or `[killed by signal N]` unless it exited with 0.
pub fn normalized_output(done: &Finished) -> String {
    let stdout = String::from_utf8_lossy(&done.stdout);
    let mut out: Vec<String> = stdout.lines().map(|l| l.trim_end().to_string()).collect();
    match (done.code, done.signal) {
        (Some(0), _) => {}
        (Some(c), _) => out.push(format!("[exit status {c}]")),
        (None, Some(s)) => out.push(format!("[killed by signal {s}]")),
        (None, None) => out.push("[ended abnormally]".into()),
    }
    out.join("\n")
}

/// How output `a` (of the build labelled `labels[0]`) differs from `b`: the
/// differing lines, hunk by hunk (unchanged lines around them do not count, so
/// removing a print both builds agree on keeps the bug). `None` when they agree.
pub fn difference(a: &str, b: &str, labels: [&str; 2]) -> Option<Signature> {
    let diff = similar::TextDiff::from_lines(a, b);
    let mut hunks: Vec<(String, String)> = Vec::new();
    for group in diff.grouped_ops(0) {
        let (mut old, mut new) = (String::new(), String::new());
        for op in &group {
            for change in diff.iter_changes(op) {
                let line = change.value().trim_end_matches('\n');
                match change.tag() {
                    similar::ChangeTag::Delete => push_line(&mut old, line),
                    similar::ChangeTag::Insert => push_line(&mut new, line),
                    similar::ChangeTag::Equal => {}
                }
            }
        }
        hunks.push((old, new));
    }
    if hunks.is_empty() {
        return None;
    }
    let text: String = hunks
        .iter()
        .map(|(o, n)| {
            format!(
                "- {}\n+ {}\n",
                o.replace('\n', "\n- "),
                n.replace('\n', "\n+ ")
            )
        })
        .collect();
    let (o, n) = &hunks[0];
    let shorten = |s: &str| {
        let one = s.replace('\n', "⏎");
        if one.chars().count() > 60 {
            format!("{}…", one.chars().take(60).collect::<String>())
        } else {
            one
        }
    };
    let more = if hunks.len() > 1 {
        format!(" (+{} more)", hunks.len() - 1)
    } else {
        String::new()
    };
    Some(Signature {
        location: None,
        message: format!(
            "prints `{}` with {} but `{}` with {}{more}",
            shorten(o),
            labels[0],
            shorten(n),
            labels[1]
        ),
        query: None,
        text,
        names: Vec::new(),
        ice: false,
    })
}

fn push_line(s: &mut String, line: &str) {
    if !s.is_empty() {
        s.push('\n');
    }
    s.push_str(line);
}

impl Predicate<TestCase> for MiscompilePredicate {
    fn time_limit(&self) -> Option<&super::TimeLimit> {
        Some(&self.limit)
    }

    fn fingerprint(&self) -> Vec<u8> {
        let mut h = Sha256::new();
        h.update(b"miscompile-v1\0");
        h.update(format!("{:?}", self.config).as_bytes());
        h.update(self.version().as_bytes());
        h.update(serde_json::to_vec(&self.expected).unwrap_or_default());
        h.finalize().to_vec()
    }

    fn test(&self, case: &TestCase, env: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
        Ok(self.verdict(&self.probe(case, env)?))
    }
}

/// What a wrong-code candidate may not bring in unless the original has it too:
/// constructs whose behaviour the language leaves open (`unsafe` code, foreign
/// code, raw pointers, `transmute`, uninitialized memory, `static mut`), and
/// reads of what differs between runs or builds (time, addresses, randomness and
/// hash-map order, the environment, files, processes, threads). A reduction only
/// removes and replaces code, but a replacement can still bring a name in; any
/// such candidate is refused before it runs.
pub struct WrongCodeGuard {
    present: Vec<bool>,
}

/// The guarded constructs: (what `--help` and messages call it, its pattern).
pub const GUARDED: &[(&str, &str)] = &[
    ("unsafe", r"\bunsafe\b"),
    ("extern", r"\bextern\b"),
    (
        "#[no_mangle]",
        r"\b(no_mangle|export_name|link_section|used)\b",
    ),
    ("static mut", r"\bstatic\s+mut\b"),
    (
        "raw pointers",
        r"\*\s*(const|mut)\b|&\s*raw\b|\baddr_of(_mut)?\b|\bas_(mut_)?ptr\b|\bNonNull\b|\bptr\s*::",
    ),
    ("std::mem::transmute", r"\btransmute(_copy)?\b"),
    (
        "MaybeUninit",
        r"\bMaybeUninit\b|\buninit(ialized)?\b|\bzeroed\b",
    ),
    ("inline assembly", r"\b(global_)?asm\s*!"),
    ("time", r"\b(Instant|SystemTime|UNIX_EPOCH)\b|\btime\s*::"),
    ("addresses", r"\{[\w.]*:#?p\}|\b(expose_provenance|addr)\b"),
    (
        "randomness",
        r"\b(RandomState|HashMap|HashSet|DefaultHasher|rand|getrandom)\b",
    ),
    (
        "the environment",
        r"\benv\s*(::|!)|\boption_env\s*!|\b(args|args_os|var|var_os)\s*\(|\b(fs|net|process|thread)\s*::|\bstdin\b|\bCommand\b",
    ),
];

impl WrongCodeGuard {
    /// The guard for reductions of `original`.
    pub fn new(original: &TestCase) -> WrongCodeGuard {
        let text = rust_text(original);
        WrongCodeGuard {
            present: patterns()
                .iter()
                .map(|(_, re)| re.is_match(&text))
                .collect(),
        }
    }

    /// The first guarded construct `case` has and the original did not.
    pub fn introduced(&self, case: &TestCase) -> Option<&'static str> {
        let text = rust_text(case);
        patterns()
            .iter()
            .zip(&self.present)
            .find(|((_, re), present)| !**present && re.is_match(&text))
            .map(|((name, _), _)| *name)
    }
}

fn patterns() -> &'static [(&'static str, Regex)] {
    static P: LazyLock<Vec<(&'static str, Regex)>> = LazyLock::new(|| {
        GUARDED
            .iter()
            .map(|(name, re)| (*name, Regex::new(re).expect("a valid pattern")))
            .collect()
    });
    &P
}

/// The Rust files of `case`, together.
fn rust_text(case: &TestCase) -> String {
    case.files()
        .filter(|(p, _)| crate::syntax::is_rust(p))
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_are_the_differing_lines_only() {
        let labels = ["A", "B"];
        assert!(difference("x\ny", "x\ny", labels).is_none());
        let a = difference("start\n([0], 0)\nend", "start\n([0], 2)\nend", labels).unwrap();
        let b = difference("([0], 0)", "([0], 2)", labels).unwrap();
        assert_eq!(a.text, b.text, "unchanged lines around do not count");
        assert_eq!(a.message, "prints `([0], 0)` with A but `([0], 2)` with B");
        let c = difference("([0], 0)", "([0], 3)", labels).unwrap();
        assert_ne!(a.text, c.text, "another wrong value is another bug");
        let d = difference("1\n2", "1", labels).unwrap();
        assert!(d.text.contains("- 2"), "{}", d.text);
    }

    #[test]
    fn the_guard_refuses_what_the_original_did_not_have() {
        let case = |s: &str| TestCase::single("p.rs", s.as_bytes().to_vec());
        let original = case("fn main() { let v = vec![0u8]; println!(\"{:?}\", (v, 0)); }\n");
        let guard = WrongCodeGuard::new(&original);
        assert_eq!(guard.introduced(&original), None);
        for (code, what) in [
            ("fn main() { unsafe {} }", "unsafe"),
            ("extern \"C\" { fn f(); } fn main() {}", "extern"),
            ("#[no_mangle] fn f() {} fn main() {}", "#[no_mangle]"),
            ("static mut X: u8 = 0; fn main() {}", "static mut"),
            ("fn main() { let p = &0 as *const i32; }", "raw pointers"),
            (
                "fn main() { let x = std::mem::transmute::<u8, i8>; }",
                "std::mem::transmute",
            ),
            (
                "fn main() { let x = std::mem::MaybeUninit::<u8>::uninit(); }",
                "MaybeUninit",
            ),
            ("fn main() { let t = std::time::Instant::now(); }", "time"),
            ("fn main() { println!(\"{:p}\", &0); }", "addresses"),
            (
                "fn main() { let m = std::collections::HashMap::<u8, u8>::new(); }",
                "randomness",
            ),
            (
                "fn main() { let v = std::env::var(\"X\"); }",
                "the environment",
            ),
            (
                "fn main() { std::thread::spawn(|| {}); }",
                "the environment",
            ),
        ] {
            assert_eq!(guard.introduced(&case(code)), Some(what), "{code}");
        }
        // What the original has, a candidate may keep.
        let with_unsafe = case("fn main() { unsafe { let p = &0 as *const i32; } }");
        let guard = WrongCodeGuard::new(&with_unsafe);
        assert_eq!(guard.introduced(&case("fn main() { unsafe {} }")), None);
        assert_eq!(
            guard.introduced(&case(
                "fn main() { unsafe { std::mem::transmute::<u8, i8>(0); } }"
            )),
            Some("std::mem::transmute")
        );
    }
}

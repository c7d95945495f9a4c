//! What `cargo minimize` does: resolve the input, build the predicate, check the
//! original (twice, for flakiness), reduce, tidy up, and report.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use minimize_engine::passes::{default_for_files, file_pass_by_name, FILE_PASS_NAMES};
use minimize_engine::predicate::ice::{copy_crate, crate_case};
use minimize_engine::predicate::{
    Compile, IceConfig, IcePredicate, MatchMode, ScriptConfig, ScriptPredicate, Signature,
    TestConfig, TestPredicate,
};
use minimize_engine::{
    reduce, write_atomic, CancelFlag, Case, Config, DiskStore, DiskStoreConfig, EngineError,
    FileSink, Pass, Predicate, PredicateError, Reduction, RunEnv, TestCase, Verdict, VerdictCache,
};

use crate::cli::{Args, Match};
use crate::exit::{self, Failure};
use crate::progress::{print_summary, Progress};
use crate::report::{markdown, ReportInput};

enum Check {
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
    verdict: Verdict,
    signature: Option<Signature>,
    command: String,
    tail: String,
}

fn bad(msg: impl Into<String>) -> anyhow::Error {
    Failure::new(exit::BAD_INPUT, msg).into()
}

fn tail(bytes: &[u8], lines: usize) -> String {
    let s = String::from_utf8_lossy(bytes);
    let v: Vec<&str> = s.lines().collect();
    v[v.len().saturating_sub(lines)..].join("\n")
}

fn read_file(path: &Path, rust: bool) -> Result<Vec<u8>> {
    if !path.exists() {
        return Err(bad(format!("{}: no such file", path.display())));
    }
    if path.is_dir() {
        return Err(bad(format!(
            "{}: is a directory, expected a file",
            path.display()
        )));
    }
    let bytes =
        std::fs::read(path).map_err(|e| bad(format!("cannot read {}: {e}", path.display())))?;
    if bytes.is_empty() {
        return Err(bad(format!(
            "{}: the file is empty, there is nothing to reduce",
            path.display()
        )));
    }
    if rust && std::str::from_utf8(&bytes).is_err() {
        return Err(bad(format!(
            "{}: not valid UTF-8, so it cannot be Rust source",
            path.display()
        )));
    }
    Ok(bytes)
}

fn find_crate_root(start: &Path) -> Option<PathBuf> {
    let mut dir = std::path::absolute(start).ok()?;
    loop {
        if dir.join("Cargo.toml").is_file() {
            return Some(dir);
        }
        if !dir.pop() {
            return None;
        }
    }
}

fn crate_edition(root: &Path) -> Option<String> {
    let toml = std::fs::read_to_string(root.join("Cargo.toml")).ok()?;
    toml.lines().find_map(|l| {
        let l = l.trim();
        let rest = l
            .strip_prefix("edition")?
            .trim_start()
            .strip_prefix('=')?
            .trim();
        Some(rest.trim_matches('"').to_string())
    })
}

fn crate_root_from(args: &Args) -> Result<PathBuf> {
    match &args.manifest_path {
        Some(m) => {
            if !m.is_file() {
                return Err(bad(format!("{}: no such manifest", m.display())));
            }
            Ok(std::path::absolute(m)?
                .parent()
                .expect("a file has a parent")
                .to_path_buf())
        }
        None => {
            let cwd = std::env::current_dir()?;
            if cwd.join("Cargo.toml").is_file() {
                Ok(cwd)
            } else {
                Err(bad(format!(
                    "{} is not a crate (no Cargo.toml); give a file or --manifest-path",
                    cwd.display()
                )))
            }
        }
    }
}

fn min_name(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}.min.{}", ext.to_string_lossy()),
        None => format!("{stem}.min"),
    };
    path.with_file_name(name)
}

fn match_mode(m: Match) -> MatchMode {
    match m {
        Match::Exact => MatchMode::Exact,
        Match::Location => MatchMode::Location,
        Match::Any => MatchMode::Any,
    }
}

fn first_run(
    check: &Check,
    case: &TestCase,
    scratch: &Path,
    cancel: &CancelFlag,
) -> Result<FirstRun> {
    let env = RunEnv {
        worker: 0,
        scratch,
        cancel,
    };
    std::fs::create_dir_all(scratch)?;
    let to_anyhow = |e: PredicateError| -> anyhow::Error {
        match e {
            PredicateError::Other(m) => Failure::new(exit::BAD_INPUT, m).into(),
            e => anyhow::Error::new(e),
        }
    };
    Ok(match check {
        Check::Ice(p) => {
            let probe = p.probe(case, &env).map_err(to_anyhow)?;
            let verdict = if probe.signature.is_some() {
                Verdict::Interesting
            } else {
                Verdict::NotInteresting
            };
            FirstRun {
                verdict,
                signature: probe.signature,
                command: probe.command.display(),
                tail: tail(&probe.finished.stderr, 25),
            }
        }
        Check::Test(p) => {
            let probe = p.probe(case, &env).map_err(to_anyhow)?;
            let verdict = if probe.signature.is_some() {
                Verdict::Interesting
            } else {
                Verdict::NotInteresting
            };
            let out = [
                probe.finished.stdout.as_slice(),
                probe.finished.stderr.as_slice(),
            ]
            .concat();
            FirstRun {
                verdict,
                signature: probe.signature,
                command: probe.command.display(),
                tail: tail(&out, 25),
            }
        }
        Check::Script(p) => {
            let path = ScriptPredicate::materialize(case, scratch).map_err(to_anyhow)?;
            let verdict = p.test(case, &env).map_err(to_anyhow)?;
            FirstRun {
                verdict,
                signature: None,
                command: p.command_for(&path, &scratch.join("case")).display(),
                tail: String::new(),
            }
        }
    })
}

pub(crate) fn run(args: Args) -> Result<i32> {
    let cancel = CancelFlag::new();
    {
        let c = cancel.clone();
        ctrlc::set_handler(move || c.cancel()).context("cannot install the Ctrl-C handler")?;
    }
    let timeout = Some(Duration::from_secs_f64(args.timeout.max(0.01)));
    let mode = match_mode(args.match_mode);
    let extra: Vec<OsString> = args.extra.iter().map(OsString::from).collect();

    // 1. What to reduce, and how to check it.
    let (case, mut check, original, output, is_rust, unit) = if args.ice {
        match &args.path {
            Some(path) => {
                let bytes = read_file(path, true)?;
                let text = String::from_utf8_lossy(&bytes);
                let root = path.parent().and_then(find_crate_root);
                let edition = args
                    .edition
                    .clone()
                    .or_else(|| root.as_deref().and_then(crate_edition))
                    .unwrap_or_else(|| "2021".into());
                let crate_type = args.crate_type.clone().unwrap_or_else(|| {
                    if text.contains("fn main") {
                        "bin"
                    } else {
                        "lib"
                    }
                    .into()
                });
                let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
                let config = IceConfig {
                    compile: Compile::Rustc {
                        rustc,
                        edition,
                        crate_type,
                    },
                    flags: extra,
                    env: vec![],
                    timeout,
                    mode,
                    hang: args.hang,
                };
                let name = path.file_name().expect("a file has a name");
                let out = args.output.clone().unwrap_or_else(|| min_name(path));
                (
                    TestCase::single(name, bytes),
                    Check::Ice(IcePredicate::new(config)),
                    Some(path.clone()),
                    out,
                    true,
                    "bytes",
                )
            }
            None => {
                let root = crate_root_from(&args)?;
                let case = crate_case(&root).map_err(|e| {
                    bad(format!("cannot read the crate at {}: {e}", root.display()))
                })?;
                if case.seq_count() == 0 {
                    return Err(bad(format!(
                        "{}: the crate has no .rs files",
                        root.display()
                    )));
                }
                for (p, b) in case.files() {
                    if std::str::from_utf8(b).is_err() {
                        return Err(bad(format!("{}: not valid UTF-8", root.join(p).display())));
                    }
                }
                let subcommand = if args.build { "build" } else { "check" }.to_string();
                let config = IceConfig {
                    compile: Compile::Cargo {
                        subcommand,
                        root: root.clone(),
                    },
                    flags: extra,
                    env: vec![],
                    timeout,
                    mode,
                    hang: args.hang,
                };
                let name = root
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "crate".into());
                let out = args
                    .output
                    .clone()
                    .unwrap_or_else(|| root.with_file_name(format!("{name}.min")));
                copy_crate(&root, &out)
                    .with_context(|| format!("cannot create {}", out.display()))?;
                (
                    case,
                    Check::Ice(IcePredicate::new(config)),
                    None,
                    out,
                    true,
                    "bytes",
                )
            }
        }
    } else if let Some(test) = &args.test {
        let root = crate_root_from(&args)?;
        let Some(input) = &args.input else {
            return Err(Failure::new(exit::USAGE, "--test needs --input FILE (reducing the crate's sources for a test is not supported yet)").into());
        };
        let bytes = read_file(input, false)?;
        let abs = std::path::absolute(input)?;
        let rel = abs
            .strip_prefix(&root)
            .map_err(|_| {
                bad(format!(
                    "{}: the input must be inside the crate at {}",
                    input.display(),
                    root.display()
                ))
            })?
            .to_path_buf();
        let config = TestConfig {
            root,
            test: test.clone(),
            input: rel,
            cargo_args: extra,
            timeout,
            mode,
        };
        let name = input.file_name().expect("a file has a name");
        let out = args.output.clone().unwrap_or_else(|| min_name(input));
        (
            TestCase::single(name, bytes),
            Check::Test(TestPredicate::new(config)),
            Some(input.clone()),
            out,
            false,
            "bytes",
        )
    } else if let Some(script) = &args.script {
        let Some(path) = &args.path else {
            return Err(Failure::new(
                exit::USAGE,
                "--script needs the file to reduce: cargo minimize --script CMD FILE",
            )
            .into());
        };
        let bytes = read_file(path, false)?;
        let config = ScriptConfig {
            program: script.clone().into(),
            args: extra,
            env: vec![],
            timeout,
            timeout_is_interesting: args.hang,
        };
        let name = path.file_name().expect("a file has a name");
        let out = args.output.clone().unwrap_or_else(|| min_name(path));
        let rust = path.extension().is_some_and(|e| e == "rs");
        (
            TestCase::single(name, bytes),
            Check::Script(ScriptPredicate::new(config)),
            Some(path.clone()),
            out,
            rust,
            "bytes",
        )
    } else {
        return Err(Failure::new(exit::USAGE, "say what to reduce: --ice [FILE], --test NAME --input FILE, or --script CMD FILE (see --help)").into());
    };
    let output = if args.in_place {
        original.clone().expect("--in-place needs a file")
    } else {
        output
    };

    // 2. Check the original twice, record its signature.
    let scratch = minimize_engine::exec::private_tempdir(None, "cargo-minimize-check-")?;
    let mut first = first_run(&check, &case, &scratch.path().join("a"), &cancel)?;
    if first.verdict != Verdict::Interesting && args.ice && args.path.is_none() && !args.build {
        // Some crashes only happen in code generation: try `cargo build`.
        let root = crate_root_from(&args)?;
        let config = IceConfig {
            compile: Compile::Cargo {
                subcommand: "build".into(),
                root,
            },
            flags: args.extra.iter().map(OsString::from).collect(),
            env: vec![],
            timeout,
            mode,
            hang: args.hang,
        };
        let retry = Check::Ice(IcePredicate::new(config));
        let again = first_run(&retry, &case, &scratch.path().join("a-build"), &cancel)?;
        if again.verdict == Verdict::Interesting {
            eprintln!("`cargo check` does not crash but `cargo build` does: using `cargo build`");
            check = retry;
            first = again;
        }
    }
    if first.verdict != Verdict::Interesting {
        let what = match &check {
            Check::Ice(_) => {
                "the original does not crash the compiler (no internal compiler error)"
            }
            Check::Test(_) => "the test does not fail on the original input",
            Check::Script(_) => "the script does not exit with 0 on the original",
        };
        let mut msg = format!(
            "{what}\n\nrerun the check by hand:\n    {}\n",
            first.command
        );
        if !first.tail.is_empty() {
            msg.push_str(&format!("\nlast lines of its output:\n{}\n", first.tail));
        }
        return Err(Failure::new(exit::NOT_INTERESTING, msg).into());
    }
    let second = first_run(&check, &case, &scratch.path().join("b"), &cancel)?;
    if second.verdict != first.verdict || second.signature != first.signature {
        return Err(Failure::new(
            exit::FLAKY,
            format!(
                "the check is flaky: two runs on the unchanged original disagree\n    first:  {:?} {}\n    second: {:?} {}\nrerun by hand:\n    {}",
                first.verdict,
                first.signature.as_ref().map(|s| s.display()).unwrap_or_default(),
                second.verdict,
                second.signature.as_ref().map(|s| s.display()).unwrap_or_default(),
                first.command
            ),
        )
        .into());
    }
    if let Some(sig) = &first.signature {
        eprintln!("bug signature: {}", sig.display());
        match &mut check {
            Check::Ice(p) => p.expect(sig.clone()),
            Check::Test(p) => p.expect(sig.clone()),
            Check::Script(_) => {}
        }
    }

    // 3. Reduce.
    let passes: Vec<Box<dyn Pass<TestCase>>> = if args.passes.is_empty() {
        default_for_files()
    } else {
        args.passes
            .iter()
            .map(|n| {
                file_pass_by_name(n).ok_or_else(|| {
                    Failure::new(
                        exit::USAGE,
                        format!("unknown pass `{n}`; passes: {}", FILE_PASS_NAMES.join(", ")),
                    )
                })
            })
            .collect::<Result<_, _>>()?
    };
    let cache = if args.no_cache {
        VerdictCache::new(None)
    } else {
        match DiskStore::open(&DiskStoreConfig {
            dir: args.cache_dir.clone(),
            ..DiskStoreConfig::default()
        }) {
            Ok(s) => VerdictCache::new(Some(s)),
            Err(e) => {
                eprintln!("warning: the result cache is disabled: {e}");
                VerdictCache::new(None)
            }
        }
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        })
        .max(1);
    let config = Config {
        jobs,
        seed: args.seed,
        initial_quota: usize::MAX,
        ..Config::default()
    };
    if args.in_place {
        let orig = original.as_ref().expect("checked");
        let backup = orig.with_extension(format!(
            "{}.orig",
            orig.extension()
                .map(|e| e.to_string_lossy().into_owned())
                .unwrap_or_default()
        ));
        std::fs::copy(orig, &backup).map_err(|e| {
            Failure::new(
                exit::OUTPUT,
                format!("cannot keep a backup at {}: {e}", backup.display()),
            )
        })?;
        eprintln!("backup: {}", backup.display());
    }
    let mut sink = FileSink::new(&output);
    // Write the starting point at once, so the output is never missing.
    minimize_engine::write_case(&case, &output).map_err(|e| {
        Failure::new(
            exit::OUTPUT,
            format!("cannot write {}: {e}", output.display()),
        )
    })?;
    let mut progress = Progress::new(unit);
    let reduction = Reduction {
        predicate: check.predicate(),
        passes,
        config,
        cache,
        cancel: cancel.clone(),
    };
    let result = reduce(case.clone(), reduction, &mut progress, &mut sink);
    progress.finish();
    let outcome = match result {
        Ok(o) => o,
        Err(EngineError::FlakyResult) => {
            minimize_engine::write_case(&case, &output).ok();
            return Err(Failure::new(exit::FLAKY, "the result stopped being interesting when checked again: the check is flaky; the output holds the original").into());
        }
        Err(EngineError::Sink(e)) => {
            return Err(Failure::new(
                exit::OUTPUT,
                format!("cannot write {}: {e}", output.display()),
            )
            .into())
        }
        Err(e) => return Err(e.into()),
    };
    let mut best = outcome.best;

    // 4. rustfmt, if the bug survives it.
    if is_rust && !args.no_format && !outcome.summary.cancelled && best.seq_count() == 1 {
        if let Some(formatted) = rustfmt(best.seq(0)) {
            if formatted != best.seq(0) {
                let cand = best.with_seq(0, formatted);
                let env = RunEnv {
                    worker: 0,
                    scratch: &scratch.path().join("fmt"),
                    cancel: &cancel,
                };
                std::fs::create_dir_all(env.scratch)?;
                if matches!(
                    check.predicate().test(&cand, &env),
                    Ok(Verdict::Interesting)
                ) {
                    write_atomic(&output, cand.seq(0))
                        .map_err(|e| Failure::new(exit::OUTPUT, e.to_string()))?;
                    best = cand;
                }
            }
        }
    }

    // 5. Report.
    let mut summary = outcome.summary;
    summary.final_size = best.size();
    print_summary(&summary, unit, &output);
    if args.json {
        let doc = serde_json::json!({
            "input_bytes": summary.initial_size,
            "output_bytes": summary.final_size,
            "predicate_runs": summary.runs + 2,
            "cache_hits": summary.cache_hits,
            "seconds": summary.elapsed.as_secs_f64(),
            "output_path": output,
            "cancelled": summary.cancelled,
            "signature": first.signature,
            "passes": summary.passes,
        });
        println!("{doc}");
    }
    if args.report {
        let files: Vec<(String, String)> = best
            .files()
            .map(|(p, b)| {
                (
                    p.display().to_string(),
                    String::from_utf8_lossy(b).into_owned(),
                )
            })
            .collect();
        let (version, command) = match &check {
            Check::Ice(p) => (
                p.version().to_string(),
                p.command(&best, Path::new(".")).display(),
            ),
            _ => (String::new(), first.command.clone()),
        };
        let report = markdown(&ReportInput {
            title: match check {
                Check::Ice(_) => "Internal compiler error",
                Check::Test(_) => "Test failure",
                Check::Script(_) => "Reproduction",
            },
            files,
            language: if is_rust { "rust" } else { "" },
            command: &command.replace(" --out-dir ./out", ""),
            version: &version,
            message: &first
                .signature
                .as_ref()
                .map(|s| s.display())
                .unwrap_or_default(),
            output_tail: &first.tail,
        });
        println!("{report}");
    }
    Ok(if summary.cancelled {
        exit::INTERRUPTED
    } else {
        exit::OK
    })
}

fn rustfmt(code: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    let mut child = std::process::Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout", "--quiet"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(code).ok()?;
    let out = child.wait_with_output().ok()?;
    out.status.success().then_some(out.stdout)
}

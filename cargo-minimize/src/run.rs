//! What `cargo minimize` does: turn the arguments into a [`JobSpec`], run the job
//! with a terminal progress display, and print the summary, JSON and report.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use minimize_engine::job::{CacheChoice, OutputChoice, Target};
use minimize_engine::predicate::{MatchMode, Tool};
use minimize_engine::{CancelFlag, Job, JobError, JobErrorKind, JobSpec};

type Result<T> = std::result::Result<T, JobError>;

use crate::cli::{Args, Match, ToolArg};
use crate::exit;
use crate::progress::{print_summary, Progress};

fn usage(msg: &str) -> JobError {
    JobError::new(JobErrorKind::Usage, msg)
}

fn bad_input(msg: String) -> JobError {
    JobError::new(JobErrorKind::BadInput, msg)
}

fn internal(what: &str, e: std::io::Error) -> JobError {
    JobError::new(JobErrorKind::Internal, format!("{what}: {e}")).caused_by(e)
}

/// The crate root from `--manifest-path`, else the current directory.
fn crate_root(args: &Args) -> Result<PathBuf> {
    match &args.manifest_path {
        Some(m) => {
            if !m.is_file() {
                return Err(bad_input(format!("{}: no such manifest", m.display())));
            }
            Ok(std::path::absolute(m)
                .map_err(|e| internal("cannot make the manifest path absolute", e))?
                .parent()
                .expect("a file has a parent")
                .to_path_buf())
        }
        None => {
            let cwd = std::env::current_dir()
                .map_err(|e| internal("cannot read the current directory", e))?;
            if cwd.join("Cargo.toml").is_file() {
                Ok(cwd)
            } else {
                Err(bad_input(format!(
                    "{} is not a crate (no Cargo.toml); give a file or --manifest-path",
                    cwd.display()
                )))
            }
        }
    }
}

fn spec_from(args: &Args) -> Result<JobSpec> {
    let target = if args.ice {
        match &args.path {
            Some(path) => Target::IceFile {
                path: path.clone(),
                edition: args.edition.clone(),
                crate_type: args.crate_type.clone(),
            },
            None => Target::IceCrate {
                root: crate_root(args)?,
                build: args.build,
            },
        }
    } else if args.miscompile {
        match &args.path {
            Some(path) => Target::MiscompileFile {
                path: path.clone(),
                edition: args.edition.clone(),
                compare: match args.compare.as_slice() {
                    [a, b] => Some([a.clone(), b.clone()]),
                    _ => None,
                },
            },
            None if !args.compare.is_empty() => {
                return Err(usage(
                    "--compare works on a file; a crate compares the dev and release profiles",
                ))
            }
            None => Target::MiscompileCrate {
                root: crate_root(args)?,
            },
        }
    } else if let Some(test) = &args.test {
        let root = crate_root(args)?;
        match &args.input {
            Some(input) => Target::TestInput {
                root,
                test: test.clone(),
                input: input.clone(),
            },
            None => Target::TestSources {
                root,
                test: test.clone(),
            },
        }
    } else if let Some(script) = &args.script {
        let Some(path) = &args.path else {
            return Err(usage(
                "--script needs the file to reduce: cargo minimize --script CMD FILE",
            ));
        };
        Target::Script {
            program: script.clone(),
            path: path.clone(),
        }
    } else {
        return Err(usage("say what to reduce: --ice [FILE], --miscompile [FILE], --test NAME --input FILE, or --script CMD FILE (see --help)"));
    };
    if args.in_place && args.path.is_none() && args.input.is_none() {
        return Err(usage("--in-place needs a file"));
    }
    let mut spec = JobSpec::new(target);
    spec.extra = args.extra.iter().map(OsString::from).collect();
    if let Some(secs) = args.timeout {
        spec.timeout = Duration::from_secs_f64(secs);
        spec.learn_timeout = false;
    }
    spec.memory = args.memory.map(|mib| mib.saturating_mul(1 << 20));
    spec.hang = args.hang;
    spec.keep_parsing = args.keep_parsing;
    spec.original_runs = args.original_runs as usize;
    spec.tool = match args.tool {
        ToolArg::Rustc => Tool::Rustc,
        ToolArg::Clippy => Tool::Clippy,
        ToolArg::Rustdoc => Tool::Rustdoc,
    };
    spec.mode = match args.match_mode {
        Match::Same => MatchMode::Same,
        Match::Exact => MatchMode::Exact,
        Match::Location => MatchMode::Location,
        Match::Any => MatchMode::Any,
    };
    if let Some(j) = args.jobs {
        spec.jobs = j as usize;
    }
    spec.seed = args.seed;
    spec.passes = args.passes.clone();
    spec.exhaustive = args.exhaustive;
    spec.cache = if args.no_cache {
        CacheChoice::Off
    } else {
        CacheChoice::Disk(args.cache_dir.clone())
    };
    spec.format = !args.no_format;
    spec.report = args.report;
    spec.output = match (&args.output, args.in_place) {
        (Some(p), _) => OutputChoice::Path(p.clone()),
        (None, true) => OutputChoice::InPlace,
        (None, false) => OutputChoice::Beside,
    };
    Ok(spec)
}

pub(crate) fn run(args: Args) -> Result<i32> {
    let cancel = CancelFlag::new();
    {
        let c = cancel.clone();
        ctrlc::set_handler(move || c.cancel()).map_err(|e| {
            JobError::new(
                JobErrorKind::Internal,
                format!("cannot install the Ctrl-C handler: {e}"),
            )
            .caused_by(e)
        })?;
    }
    let spec = spec_from(&args)?;
    let mut job = Job::prepare(spec)?;
    let mut progress = Progress::new("bytes", args.verbose);
    job.check_original(&mut progress, &cancel)?;
    let result = job.run(&mut progress, &cancel);
    progress.finish();
    let result = result?;
    let summary = &result.summary;
    print_summary(summary, "bytes", &result.output);
    if let Some(alone) = &result.alone {
        eprintln!(
            "the same crash without cargo, on the one file (in {}):\n    {alone}",
            result.output.display()
        );
    }
    if args.json {
        let doc = serde_json::json!({
            "input_bytes": summary.initial_size,
            "output_bytes": summary.final_size,
            "predicate_runs": result.predicate_runs,
            "cache_hits": summary.cache_hits,
            "timeouts": summary.timeouts,
            "diagnostic_runs": summary.diagnostic_runs,
            "seconds": summary.elapsed.as_secs_f64(),
            "output_path": result.output,
            "cancelled": summary.cancelled,
            "one_minimal": summary.one_minimal,
            "signature": result.signature,
            "alone": result.alone,
            "passes": summary.passes,
        });
        print_stdout(&format!("{doc}"));
    }
    if let Some(report) = &result.report {
        print_stdout(report);
    }
    Ok(if summary.cancelled {
        exit::INTERRUPTED
    } else {
        exit::OK
    })
}

/// Prints one line on stdout; a closed pipe (`| head`) is not an error worth a panic.
pub(crate) fn print_stdout(text: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stdout().lock(), "{text}");
}

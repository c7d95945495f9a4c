//! Turning a [`JobSpec`] into a case, a predicate and an output path: reading and
//! validating the input, inferring edition and crate type, finding the crate.

use std::path::{Path, PathBuf};

use super::{Check, JobError, JobErrorKind, JobSpec, OutputChoice, Target};
use crate::case::Case;
use crate::predicate::ice::crate_case;
use crate::predicate::{
    Compile, CrateSource, IceConfig, IcePredicate, ScriptConfig, ScriptPredicate, TestConfig,
    TestPredicate,
};
use crate::testcase::TestCase;

pub(super) struct Resolved {
    pub(super) case: TestCase,
    pub(super) check: Check,
    pub(super) original: Option<PathBuf>,
    pub(super) output: PathBuf,
    /// A crate: what is copied, and where the copy goes (`output` is the crate's
    /// place in it).
    pub(super) output_tree: Option<(CrateSource, PathBuf)>,
    pub(super) is_rust: bool,
}

fn bad(msg: impl Into<String>) -> JobError {
    JobError::new(JobErrorKind::BadInput, msg)
}

fn read_file(path: &Path, rust: bool) -> Result<Vec<u8>, JobError> {
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

/// The `--script` program can be run: a path (it has a `/`) to an executable file, or
/// a name found in `PATH`. Checked before anything runs, so a typo or a missing
/// `chmod +x` is bad input with its own message, not a failed check.
fn check_program(program: &std::ffi::OsStr) -> Result<(), JobError> {
    let path = Path::new(program);
    if path.components().count() == 1 && !path.has_root() {
        return match which::which(program) {
            Ok(_) => Ok(()),
            Err(_) => Err(bad(format!(
                "`{}`: no such program in PATH (a script in this directory is `./{}`)",
                path.display(),
                path.display()
            ))),
        };
    }
    if !path.exists() {
        return Err(bad(format!("{}: no such script", path.display())));
    }
    if path.is_dir() {
        return Err(bad(format!(
            "{}: is a directory, expected a program",
            path.display()
        )));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).map_or(0, |m| m.permissions().mode());
        if mode & 0o111 == 0 {
            return Err(bad(format!(
                "{}: not executable (`chmod +x {}`)",
                path.display(),
                crate::exec::quote(path.as_os_str())
            )));
        }
    }
    Ok(())
}

/// The nearest directory at or above `start` holding a `Cargo.toml`.
pub fn find_crate_root(start: &Path) -> Option<PathBuf> {
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
    CrateSource::new(root).edition()
}

fn check_crate_root(root: &Path) -> Result<PathBuf, JobError> {
    if !root.join("Cargo.toml").is_file() {
        return Err(bad(format!(
            "{} is not a crate (no Cargo.toml)",
            root.display()
        )));
    }
    let root = std::path::absolute(root).map_err(|e| bad(format!("{}: {e}", root.display())))?;
    CrateSource::new(&root)
        .check_outside_configs()
        .map_err(bad)?;
    Ok(root)
}

/// `NAME.min.EXT` beside `path`.
pub fn min_name(path: &Path) -> PathBuf {
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

pub(super) fn ice_crate_config(spec: &JobSpec, root: &Path, build: bool) -> IceConfig {
    IceConfig {
        compile: Compile::Cargo {
            subcommand: if build { "build" } else { "check" }.into(),
            root: root.to_path_buf(),
        },
        flags: spec.extra.clone(),
        env: spec.env.clone(),
        timeout: Some(spec.timeout),
        mode: spec.mode,
        hang: spec.hang,
    }
}

fn output_for(spec: &JobSpec, beside: PathBuf, original: Option<&Path>) -> PathBuf {
    match &spec.output {
        OutputChoice::Beside => beside,
        OutputChoice::Path(p) => p.clone(),
        OutputChoice::InPlace => original.map(Path::to_path_buf).unwrap_or(beside),
    }
}

/// A crate's sources as a case, and where its reduced copy goes.
#[allow(clippy::type_complexity)]
pub(super) fn read_crate(
    spec: &JobSpec,
    root: &Path,
) -> Result<(PathBuf, TestCase, PathBuf, (CrateSource, PathBuf)), JobError> {
    let root = check_crate_root(root)?;
    let case = crate_case(&root)
        .map_err(|e| bad(format!("cannot read the crate at {}: {e}", root.display())))?;
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
    // A workspace member goes out with its workspace (`WS.min/member`), so that the
    // copy builds as the original does; the copy lies outside the user's workspace.
    let source = CrateSource::new(&root);
    let tree = source.tree();
    let name = tree
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "crate".into());
    if matches!(spec.output, OutputChoice::InPlace) {
        return Err(JobError::new(
            JobErrorKind::Usage,
            "--in-place works on one file, not on a crate; give -o DIR",
        ));
    }
    let beside = tree.with_file_name(format!("{name}.min"));
    let output_tree = output_for(spec, beside, None);
    let output = source.crate_in(&output_tree);
    Ok((root, case, output, (source, output_tree)))
}

pub(super) fn resolve(spec: &JobSpec) -> Result<Resolved, JobError> {
    let timeout = Some(spec.timeout);
    Ok(match &spec.target {
        Target::IceFile {
            path,
            edition,
            crate_type,
        } => {
            let bytes = read_file(path, true)?;
            let text = String::from_utf8_lossy(&bytes);
            let root = path.parent().and_then(find_crate_root);
            let edition = edition
                .clone()
                .or_else(|| root.as_deref().and_then(crate_edition))
                .unwrap_or_else(|| "2021".into());
            let crate_type = crate_type.clone().unwrap_or_else(|| {
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
                flags: spec.extra.clone(),
                env: spec.env.clone(),
                timeout,
                mode: spec.mode,
                hang: spec.hang,
            };
            let name = path
                .file_name()
                .ok_or_else(|| bad(format!("{}: not a file name", path.display())))?;
            Resolved {
                case: TestCase::single(name, bytes),
                check: Check::Ice(IcePredicate::new(config)),
                original: Some(path.clone()),
                output: output_for(spec, min_name(path), Some(path)),
                output_tree: None,
                is_rust: true,
            }
        }
        Target::IceCrate { root, build } => {
            let (root, case, output, output_tree) = read_crate(spec, root)?;
            Resolved {
                case,
                check: Check::Ice(IcePredicate::new(ice_crate_config(spec, &root, *build))),
                original: None,
                output,
                output_tree: Some(output_tree),
                is_rust: true,
            }
        }
        Target::TestSources { root, test } => {
            let (root, case, output, output_tree) = read_crate(spec, root)?;
            let config = TestConfig {
                root,
                test: test.clone(),
                input: None,
                cargo_args: spec.extra.clone(),
                timeout,
                mode: spec.mode,
                env: spec.env.clone(),
                hang: spec.hang,
            };
            Resolved {
                case,
                check: Check::Test(TestPredicate::new(config)),
                original: None,
                output,
                output_tree: Some(output_tree),
                is_rust: true,
            }
        }
        Target::TestInput { root, test, input } => {
            let root = check_crate_root(root)?;
            let bytes = read_file(input, false)?;
            let abs = std::path::absolute(input).map_err(|e| bad(e.to_string()))?;
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
                input: Some(rel),
                cargo_args: spec.extra.clone(),
                timeout,
                mode: spec.mode,
                env: spec.env.clone(),
                hang: spec.hang,
            };
            let name = input.file_name().expect("a file has a name");
            Resolved {
                case: TestCase::single(name, bytes),
                check: Check::Test(TestPredicate::new(config)),
                original: Some(input.clone()),
                output: output_for(spec, min_name(input), Some(input)),
                output_tree: None,
                is_rust: input.extension().is_some_and(|e| e == "rs"),
            }
        }
        Target::Script { program, path } => {
            check_program(program.as_ref())?;
            let bytes = read_file(path, false)?;
            let config = ScriptConfig {
                program: program.clone().into(),
                args: spec.extra.clone(),
                env: spec.env.clone(),
                timeout,
                timeout_is_interesting: spec.hang,
            };
            let name = path.file_name().expect("a file has a name");
            Resolved {
                case: TestCase::single(name, bytes),
                check: Check::Script(ScriptPredicate::new(config)),
                original: Some(path.clone()),
                output: output_for(spec, min_name(path), Some(path)),
                output_tree: None,
                is_rust: path.extension().is_some_and(|e| e == "rs"),
            }
        }
    })
}

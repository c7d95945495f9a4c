//! Turning a [`JobSpec`] into a case, a predicate and an output path: reading and
//! validating the input, inferring edition and crate type, finding the crate.

use std::path::{Path, PathBuf};

use super::{Check, JobError, JobErrorKind, JobSpec, OutputChoice, Target};
use crate::case::Case;
use crate::predicate::ice::crate_case;
use crate::predicate::miscompile::{Build, MiscompileConfig, Side};
use crate::predicate::{
    Compile, CrateSource, IceConfig, IcePredicate, MiscompilePredicate, ScriptConfig,
    ScriptPredicate, TestConfig, TestPredicate,
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

/// `NAME.min.EXT` beside `path`; `NAME_min.rs` for Rust, so that `rustc NAME_min.rs`
/// takes the file name as a valid crate name.
pub fn min_name(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) if ext == "rs" => format!("{stem}_min.rs"),
        Some(ext) => format!("{stem}.min.{}", ext.to_string_lossy()),
        None => format!("{stem}.min"),
    };
    path.with_file_name(name)
}

pub(super) fn ice_crate_config(spec: &JobSpec, root: &Path, build: bool) -> IceConfig {
    IceConfig {
        tool: spec.tool,
        compile: Compile::Cargo {
            subcommand: spec.tool.cargo_subcommand(build).into(),
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

/// The extra rustc flags of a file, as the user wrote them, split into what the
/// tool sets itself (taken over from them) and the rest.
#[derive(Debug, PartialEq)]
struct RustcFlags {
    edition: Option<String>,
    crate_type: Option<String>,
    rest: Vec<std::ffi::OsString>,
}

/// Reads `--edition` and `--crate-type` (`--opt=V` or `--opt V`) out of `extra`, so
/// that a command line copied from a crash replaces the defaults instead of giving
/// them twice. The same option given with a different value by the tool's own
/// option is an error, and so are `-o` and `--out-dir`: compiler output goes to
/// each check's scratch directory. `--crate-name` and `--emit` stay in the flags
/// (the tool adds its own `--crate-name` only when there is none).
fn rustc_flags(
    extra: &[std::ffi::OsString],
    mut edition: Option<String>,
    mut crate_type: Option<String>,
) -> Result<RustcFlags, JobError> {
    let usage = |msg: String| JobError::new(JobErrorKind::Usage, msg);
    let mut rest = Vec::new();
    let mut args = extra.iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        let (name, inline) = match text.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
            _ => (text.to_string(), None),
        };
        let slot = match name.as_str() {
            "--edition" => &mut edition,
            "--crate-type" => &mut crate_type,
            "-o" | "--out-dir" => {
                return Err(usage(format!(
                    "`{name}` in the rustc flags: cargo-minimize writes the compiler's output \
                     into each check's scratch directory; leave `{name}` out (the result goes \
                     where `--output` says)"
                )))
            }
            _ if text.starts_with("-o") && text.len() > 2 => {
                return Err(usage(format!(
                    "`{text}` in the rustc flags: cargo-minimize writes the compiler's output \
                     into each check's scratch directory; leave `-o` out"
                )))
            }
            _ => {
                rest.push(arg.clone());
                continue;
            }
        };
        let value = match inline {
            Some(v) => v,
            None => match args.next() {
                Some(v) => v.to_string_lossy().into_owned(),
                None => return Err(usage(format!("`{name}` in the rustc flags needs a value"))),
            },
        };
        match slot {
            Some(old) if *old != value => {
                return Err(usage(format!(
                    "`{name}` is given twice, as {old} and as {value}; give it once"
                )))
            }
            _ => *slot = Some(value),
        }
    }
    Ok(RustcFlags {
        edition,
        crate_type,
        rest,
    })
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
            let RustcFlags {
                edition,
                crate_type,
                rest: flags,
            } = rustc_flags(&spec.extra, edition.clone(), crate_type.clone())?;
            let edition = edition
                .or_else(|| root.as_deref().and_then(crate_edition))
                .unwrap_or_else(|| "2021".into());
            let crate_type = crate_type.unwrap_or_else(|| {
                if text.contains("fn main") {
                    "bin"
                } else {
                    "lib"
                }
                .into()
            });
            let config = IceConfig {
                tool: spec.tool,
                compile: Compile::Rustc {
                    rustc: spec.tool.program(),
                    edition,
                    crate_type,
                },
                flags,
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
        Target::MiscompileFile {
            path,
            edition,
            compare,
        } => {
            let bytes = read_file(path, true)?;
            let root = path.parent().and_then(find_crate_root);
            let RustcFlags {
                edition,
                crate_type,
                rest: flags,
            } = rustc_flags(&spec.extra, edition.clone(), None)?;
            if crate_type.is_some_and(|t| t != "bin") {
                return Err(JobError::new(
                    JobErrorKind::Usage,
                    "--miscompile runs the program: its crate type is bin",
                ));
            }
            let edition = edition
                .or_else(|| root.as_deref().and_then(crate_edition))
                .unwrap_or_else(|| "2021".into());
            if !String::from_utf8_lossy(&bytes).contains("fn main") {
                return Err(bad(format!(
                    "{}: --miscompile runs the program, and it has no `fn main`",
                    path.display()
                )));
            }
            let build = Build::Rustc {
                rustc: crate::predicate::Tool::Rustc.program(),
                edition,
            };
            let sides = match compare {
                Some([a, b]) => [Side::rustc(a), Side::rustc(b)],
                None => MiscompileConfig::default_sides(&build),
            };
            let config = MiscompileConfig {
                build,
                sides,
                flags,
                env: spec.env.clone(),
                timeout,
                mode: spec.mode,
            };
            let name = path
                .file_name()
                .ok_or_else(|| bad(format!("{}: not a file name", path.display())))?;
            Resolved {
                case: TestCase::single(name, bytes),
                check: Check::Miscompile(MiscompilePredicate::new(config)),
                original: Some(path.clone()),
                output: output_for(spec, min_name(path), Some(path)),
                output_tree: None,
                is_rust: true,
            }
        }
        Target::MiscompileCrate { root } => {
            let (root, case, output, output_tree) = read_crate(spec, root)?;
            let build = Build::Cargo { root };
            let config = MiscompileConfig {
                sides: MiscompileConfig::default_sides(&build),
                build,
                flags: spec.extra.clone(),
                env: spec.env.clone(),
                timeout,
                mode: spec.mode,
            };
            Resolved {
                case,
                check: Check::Miscompile(MiscompilePredicate::new(config)),
                original: None,
                output,
                output_tree: Some(output_tree),
                is_rust: true,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(extra: &[&str], edition: Option<&str>) -> Result<RustcFlags, JobError> {
        let extra: Vec<std::ffi::OsString> = extra.iter().map(Into::into).collect();
        rustc_flags(&extra, edition.map(Into::into), None)
    }

    #[test]
    fn options_the_tool_sets_are_taken_from_the_users_flags() {
        let f = flags(&["--edition=2024", "-Zmir-enable-passes=+Inline"], None).unwrap();
        assert_eq!(f.edition.as_deref(), Some("2024"));
        assert_eq!(
            f.rest,
            vec![std::ffi::OsString::from("-Zmir-enable-passes=+Inline")]
        );
        let f = flags(
            &["--crate-type", "rlib", "--edition", "2018", "-Copt-level=3"],
            None,
        )
        .unwrap();
        assert_eq!(f.crate_type.as_deref(), Some("rlib"));
        assert_eq!(f.edition.as_deref(), Some("2018"));
        assert_eq!(f.rest, vec![std::ffi::OsString::from("-Copt-level=3")]);
        // The same value twice is fine, two values are not.
        assert!(flags(&["--edition=2021"], Some("2021")).is_ok());
        let e = flags(&["--edition=2024"], Some("2021")).unwrap_err();
        assert!(e.to_string().contains("given twice"), "{e}");
        // Names and emits stay with the flags.
        let f = flags(&["--crate-name", "x", "--emit=mir"], None).unwrap();
        assert_eq!(f.rest.len(), 3);
    }

    #[test]
    fn output_options_are_refused_with_a_reason() {
        for args in [
            &["-o", "x"][..],
            &["-ox"],
            &["--out-dir", "d"],
            &["--out-dir=d"],
        ] {
            let e = flags(args, None).unwrap_err();
            assert_eq!(e.kind, JobErrorKind::Usage);
            assert!(e.to_string().contains("scratch directory"), "{e}");
        }
        assert!(flags(&["--edition"], None).is_err());
    }
}

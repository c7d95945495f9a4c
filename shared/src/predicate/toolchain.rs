//! The toolchain behind rustup's proxies. A plain `rustc` or `cargo` is rustup's
//! proxy: it picks the toolchain for the directory it runs in (a
//! `rust-toolchain.toml` there or above, else the default), then runs the
//! toolchain's own binary. Candidates run in scratch directories, where the proxy
//! would pick the default toolchain, and every run would pay the proxy's start-up
//! (~9 ms of the ~40 ms a small compile takes, ~7 ms of a small `cargo check`). So the
//! toolchain is resolved once, where the user's code is, and its binaries are run
//! directly.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::exec::CommandSpec;

/// `<sysroot>` of the `rustc` a plain `rustc` stands for in `dir`.
fn sysroot_in(dir: &Path) -> Option<PathBuf> {
    let spec = CommandSpec::new("rustc", dir).arg("--print").arg("sysroot");
    let out = crate::exec::query(&spec, std::time::Duration::from_secs(60))?;
    Some(PathBuf::from(String::from_utf8(out).ok()?.trim()))
}

/// `<sysroot>/bin/NAME`, when it is a file.
fn tool(sysroot: &Path, name: &str) -> Option<PathBuf> {
    let path = sysroot
        .join("bin")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    path.is_file().then_some(path)
}

/// The `rustc` that a plain `rustc` stands for in the current directory; `None`
/// when it cannot be found (a plain `rustc` is run then).
pub(crate) fn rustc() -> Option<PathBuf> {
    binary("rustc")
}

/// The toolchain's own `name` (`rustc`, `clippy-driver`, `rustdoc`) that a plain
/// `name` stands for in the current directory; `None` when it cannot be found.
pub(crate) fn binary(name: &str) -> Option<PathBuf> {
    tool(&sysroot_in(Path::new("."))?, name)
}

/// Is `name` in `PATH` rustup's proxy?
fn is_rustup_proxy(name: &str) -> bool {
    which::which(name)
        .ok()
        .and_then(|p| p.canonicalize().ok())
        .and_then(|p| p.file_stem().map(|s| s == "rustup"))
        .unwrap_or(false)
}

/// How to run `cargo` for a crate: the toolchain's own `cargo`, with the
/// environment the proxy would give it (`RUSTUP_TOOLCHAIN`, `RUSTUP_HOME`: cargo
/// then runs the toolchain's `rustc` directly too, and a build script's `cargo` or
/// `rustc` is the same toolchain); a plain `cargo` when `cargo` is not rustup's
/// proxy or the toolchain is not one of rustup's.
#[derive(Clone, Debug)]
pub(crate) struct Cargo {
    program: OsString,
    env: Vec<(OsString, OsString)>,
}

impl Default for Cargo {
    fn default() -> Cargo {
        Cargo {
            program: "cargo".into(),
            env: Vec::new(),
        }
    }
}

impl Cargo {
    /// The `cargo` that a plain `cargo` stands for in `root`.
    pub(crate) fn resolve(root: &Path) -> Cargo {
        Cargo::direct(root).unwrap_or_default()
    }

    fn direct(root: &Path) -> Option<Cargo> {
        if !is_rustup_proxy("cargo") || !is_rustup_proxy("rustc") {
            return None;
        }
        let sysroot = sysroot_in(root)?;
        let cargo = tool(&sysroot, "cargo")?;
        // `$RUSTUP_HOME/toolchains/NAME`; a linked toolchain resolves elsewhere.
        let toolchains = sysroot.parent()?;
        if toolchains.file_name()? != "toolchains" {
            return None;
        }
        let name = sysroot.file_name()?.to_owned();
        let home = toolchains.parent()?.as_os_str().to_owned();
        Some(Cargo {
            program: cargo.into_os_string(),
            env: vec![
                ("RUSTUP_TOOLCHAIN".into(), name),
                ("RUSTUP_HOME".into(), home),
            ],
        })
    }

    /// `cargo` run in `cwd`, with no arguments.
    pub(crate) fn command(&self, cwd: &Path) -> CommandSpec {
        let mut spec = CommandSpec::new(self.program.clone(), cwd);
        spec.quiet_env = self.env.clone();
        spec
    }

    /// What identifies the toolchain (for fingerprints).
    pub(crate) fn identity(&self) -> String {
        format!("{:?}", self.program)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resolved_cargo_runs_and_is_the_toolchain_of_the_directory() {
        let dir = tempfile::tempdir().unwrap();
        let cargo = Cargo::resolve(dir.path());
        let out = crate::exec::run(
            &cargo.command(dir.path()).arg("--version"),
            &crate::exec::RunLimits::default(),
            &Default::default(),
        )
        .unwrap();
        assert_eq!(out.code, Some(0), "{cargo:?}");
        #[allow(clippy::disallowed_methods)] // a plain `cargo`, as a user runs it
        let plain = std::process::Command::new("cargo")
            .arg("--version")
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.stdout, plain.stdout);
        if is_rustup_proxy("cargo") {
            assert_ne!(cargo.program, "cargo", "rustup's toolchain not found");
        }
    }
}

//! Helpers of the end-to-end tests of the `cargo-minimize` binary: run it, read its
//! JSON summary, write files and scripts, compile a result by hand.

// Each test binary uses some of them.
#![allow(dead_code)]
// End-to-end tests run the real binaries and compilers as a user would, directly.
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub(crate) fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cargo-minimize"));
    c.env("RUSTC_BOOTSTRAP", "1").env("RUSTC_ICE", "0");
    c
}

pub(crate) fn run(dir: &Path, args: &[&str]) -> Output {
    let cache = dir.join(".cache");
    bin()
        .current_dir(dir)
        .arg("--cache-dir")
        .arg(&cache)
        .args(args)
        .output()
        .unwrap()
}

/// `bin()` run in `dir` with `-Ztreat-err-as-bug=1` in `RUSTFLAGS`: any type error of a
/// crate becomes a real ICE.
pub(crate) fn run_type_error_ice(dir: &Path, args: &[&str]) -> Output {
    bin()
        .args(args)
        .current_dir(dir)
        .env("RUSTFLAGS", "-Ztreat-err-as-bug=1")
        .output()
        .unwrap()
}

pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The one-line JSON summary that `--json` prints last.
pub(crate) fn summary(o: &Output) -> serde_json::Value {
    serde_json::from_str(String::from_utf8_lossy(&o.stdout).lines().last().unwrap()).unwrap()
}

/// The statistics of pass `name` in a JSON summary.
pub(crate) fn pass_stats(json: &serde_json::Value, name: &str) -> serde_json::Value {
    json["passes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap()
        .clone()
}

pub(crate) fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    p
}

pub(crate) fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = write(dir, name, &format!("#!/bin/sh\n{body}\n"));
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

pub(crate) fn ice_fixture(name: &str) -> (String, Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/ices")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    let first = text.lines().next().unwrap().to_string();
    let flags = first
        .split_whitespace()
        .filter(|w| w.starts_with("-Z") || w.starts_with("-C"))
        .map(String::from)
        .collect();
    (text, flags)
}

/// Compiles `bug_min.rs` in `dir` by hand, as a user would check a result.
pub(crate) fn compile_result(dir: &Path, flags: &[String]) -> Output {
    Command::new("rustc")
        .current_dir(dir)
        .env("RUSTC_BOOTSTRAP", "1")
        .env("RUSTC_ICE", "0")
        .args([
            "--edition=2021",
            "--crate-type=lib",
            "--crate-name=bug",
            "bug_min.rs",
            "--out-dir",
            "o",
        ])
        .args(flags)
        .output()
        .unwrap()
}

/// A real ICE of the corpus (`tools/corpus/ices/tune/`): its text and rustc flags.
pub(crate) fn corpus_ice(name: &str) -> (String, Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tools/corpus/ices/tune")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    let flags = (text.lines().next().unwrap().split_whitespace())
        .filter(|w| w.starts_with('-'))
        .map(String::from)
        .collect();
    (text, flags)
}

//! End-to-end tests of the `cargo-minimize` binary with the real rustc and real
//! processes: ICE files, a crate, scripts, flaky and hanging checks, slips to a
//! different bug, and bad input with documented exit codes.

// End-to-end tests run the real binaries and compilers as a user would, directly.
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cargo-minimize"));
    c.env("RUSTC_BOOTSTRAP", "1").env("RUSTC_ICE", "0");
    c
}

fn run(dir: &Path, args: &[&str]) -> Output {
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
fn run_type_error_ice(dir: &Path, args: &[&str]) -> Output {
    bin()
        .args(args)
        .current_dir(dir)
        .env("RUSTFLAGS", "-Ztreat-err-as-bug=1")
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The one-line JSON summary that `--json` prints last.
fn summary(o: &Output) -> serde_json::Value {
    serde_json::from_str(String::from_utf8_lossy(&o.stdout).lines().last().unwrap()).unwrap()
}

/// The statistics of pass `name` in a JSON summary.
fn pass_stats(json: &serde_json::Value, name: &str) -> serde_json::Value {
    json["passes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap()
        .clone()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    p
}

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = write(dir, name, &format!("#!/bin/sh\n{body}\n"));
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

fn ice_fixture(name: &str) -> (String, Vec<String>) {
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
fn compile_result(dir: &Path, flags: &[String]) -> Output {
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

/// The ICE (with its message) must survive, and the result must be much smaller.
#[test]
fn ice_file_is_reduced_and_still_crashes_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _) = ice_fixture("trait_alias_negative_probe.rs");
    let padded = format!("pub fn unrelated(x: u32) -> u32 {{\n    x * 2 + 1\n}}\n\n{text}\npub struct Extra {{ pub a: u8 }}\n");
    let f = write(dir.path(), "bug.rs", &padded);
    let o = run(dir.path(), &["--ice", "bug.rs", "-j", "2", "--json", "-v"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        padded,
        "the original must be untouched"
    );
    // `-v`: every accepted improvement, with its pass and the new size, in order.
    let sizes: Vec<usize> = (stderr(&o).lines())
        .filter(|l| l.ends_with(')') && l.contains(" bytes  (rust-"))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert!(!sizes.is_empty(), "{}", stderr(&o));
    assert!(sizes.windows(2).all(|w| w[1] <= w[0]), "{sizes:?}");
    let out = std::fs::read_to_string(dir.path().join("bug_min.rs")).unwrap();
    assert!(out.len() * 3 < padded.len(), "not much smaller:\n{out}");
    let json = summary(&o);
    assert_eq!(json["output_bytes"].as_u64().unwrap() as usize, out.len());
    assert!(json["predicate_runs"].as_u64().unwrap() > 0);
    // Check the result by hand with rustc.
    let r = compile_result(dir.path(), &[]);
    assert_eq!(r.status.code(), Some(101));
    assert!(String::from_utf8_lossy(&r.stderr).contains("rustc_hir_typeck/src/method/probe.rs"));
}

/// In a program (roots: `main`), the compiler's `dead_code` warnings let the
/// compiler-guided pass delete everything unused in a few runs.
#[test]
fn compiler_guided_pass_deletes_what_rustc_reports_unused() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("use std::collections::HashMap;\n\nfn main() {\n    init_later();\n}\n\nfn init_later() {\n    let [(ref name, count), _rest];\n    name = \"abc\";\n    count = 3;\n}\n");
    for i in 0..40 {
        text.push_str(&format!(
            "\nstruct Thing{i} {{\n    v: Vec<u32>,\n}}\n\nimpl Thing{i} {{\n    fn total(&self) -> u32 {{\n        self.v.iter().sum::<u32>() + {i}\n    }}\n}}\n\nfn helper{i}(x: u32) -> u32 {{\n    x.wrapping_mul({i}) ^ 0x5a\n}}\n"
        ));
    }
    write(dir.path(), "bug.rs", &text);
    let o = run(
        dir.path(),
        &[
            "--ice",
            "bug.rs",
            "--crate-type",
            "bin",
            "-j",
            "2",
            "--json",
            "--no-cache",
            // Without `rust-focus`, which would find the same in one run from the
            // warnings' spans.
            "--passes",
            "rust-unused,rust-items,rust-statements,tokens",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = summary(&o);
    let pass = pass_stats(&json, "rust-unused");
    // Nearly all of the file goes in the compiler-guided pass, before `rust-items`.
    let removed = pass["removed"].as_u64().unwrap() as usize;
    assert!(removed * 10 > text.len() * 9, "{pass}");
    assert!(json["diagnostic_runs"].as_u64().unwrap() >= 1);
    let out = std::fs::read_to_string(dir.path().join("bug_min.rs")).unwrap();
    assert!(!out.contains("Thing") && !out.contains("HashMap"), "{out}");
}

/// The same in a crate (`cargo check --message-format=json`): a module whose items
/// are all unused goes, with its `mod` declaration, in a few runs.
/// The ICE's query stack names the items the compiler was working on
/// (`type-checking `call``): `rust-focus` keeps them and what they mention, and
/// deletes the rest of a large library (all `pub`, so nothing is reported dead) in
/// one run.
#[test]
fn query_stack_focus_deletes_the_unrelated_code_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (ice, flags) = ice_fixture("gce_bool_mul_const_eval.rs");
    let mut text: String = ice
        .lines()
        .filter(|l| l.starts_with("#!["))
        .map(|l| format!("{l}\n"))
        .collect();
    for i in 0..40 {
        text.push_str(&format!(
            "\npub struct Thing{i} {{\n    pub v: Vec<u32>,\n}}\n\nimpl Thing{i} {{\n    pub fn total(&self) -> u32 {{\n        self.v.iter().sum::<u32>() + helper{i}({i})\n    }}\n}}\n\npub fn helper{i}(x: u32) -> u32 {{\n    x.wrapping_mul({i}) ^ 0x5a\n}}\n"
        ));
        if i == 20 {
            let body: String = ice
                .lines()
                .skip(2)
                .filter(|l| !l.starts_with("#!["))
                .map(|l| format!("{l}\n"))
                .collect();
            text.push_str(&body);
        }
    }
    write(dir.path(), "bug.rs", &text);
    let mut args = vec!["--ice", "bug.rs", "-j", "2", "--json", "--no-cache", "--"];
    args.extend(flags.iter().map(String::as_str));
    let o = run(dir.path(), &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = summary(&o);
    let pass = pass_stats(&json, "rust-focus");
    let removed = pass["removed"].as_u64().unwrap() as usize;
    assert!(removed * 10 > text.len() * 9, "{pass}");
    // Candidates asked for in order; at -j 2 one more may run speculatively
    // (the next focus step on the same case), depending on timing.
    assert!(pass["tests"].as_u64().unwrap() <= 2, "{pass}");
    assert!(pass["runs"].as_u64().unwrap() <= 3, "{pass}");
    let out = std::fs::read_to_string(dir.path().join("bug_min.rs")).unwrap();
    assert!(!out.contains("Thing") && !out.contains("helper"), "{out}");
    let r = compile_result(dir.path(), &flags);
    assert!(String::from_utf8_lossy(&r.stderr).contains("Invalid operation on bool"));
}

/// `rust-params` with the real compiler: a parameter goes together with the
/// matching argument of every call, so the calls still compile.
#[test]
fn parameters_go_with_their_arguments() {
    let dir = tempfile::tempdir().unwrap();
    let (ice, flags) = ice_fixture("gce_bool_mul_const_eval.rs");
    let text = ice.replace(
        "pub fn call() {\n    squared\n}",
        "pub fn helper(count: u8, label: &str, keep: u16) -> u16 {\n    keep\n}\n\npub fn call() {\n    helper(1, \"a\", 2);\n    helper(3, \"b\", 4);\n    squared\n}",
    );
    assert!(text.contains("helper(3"));
    write(dir.path(), "bug.rs", &text);
    let mut args = vec![
        "--ice",
        "bug.rs",
        "-j",
        "2",
        "--json",
        "--no-cache",
        "--no-format",
        "--passes",
        "rust-params",
        "--",
    ];
    args.extend(flags.iter().map(String::as_str));
    let o = run(dir.path(), &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let pass = pass_stats(&summary(&o), "rust-params");
    assert!(pass["successes"].as_u64().unwrap() >= 1, "{pass}");
    let out = std::fs::read_to_string(dir.path().join("bug_min.rs")).unwrap();
    // (The ICE comes even with `keep` unresolved, so all three go.)
    assert!(out.contains("pub fn helper() -> u16"), "{out}");
    assert_eq!(out.matches("helper();").count(), 2, "{out}");
    let r = compile_result(dir.path(), &flags);
    assert!(String::from_utf8_lossy(&r.stderr).contains("Invalid operation on bool"));
}

#[test]
fn compiler_guided_pass_in_a_crate() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("app");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        &root,
        "src/main.rs",
        "mod bug;\nmod util;\n\nfn main() {\n    bug::init_later();\n}\n",
    );
    let mut util = String::new();
    for i in 0..30 {
        util.push_str(&format!(
            "pub struct Thing{i} {{\n    v: Vec<u32>,\n}}\n\nimpl Thing{i} {{\n    pub fn total(&self) -> u32 {{\n        self.v.iter().sum::<u32>() + {i}\n    }}\n}}\n\npub fn helper{i}(x: u32) -> u32 {{\n    x ^ {i}\n}}\n\n"
        ));
    }
    write(&root, "src/util.rs", &util);
    write(&root, "src/bug.rs", "use std::collections::HashMap;\n\npub fn unused_here() -> HashMap<u8, u8> {\n    HashMap::new()\n}\n\npub fn init_later() {\n    let [(ref name, count), _rest];\n    name = \"abc\";\n    count = 3;\n}\n");
    let o = run(
        dir.path(),
        &[
            "--ice",
            "--manifest-path",
            "app/Cargo.toml",
            "-j",
            "2",
            "--json",
            "--no-cache",
            // Without `rust-focus` (see `query_stack_focus_...`).
            "--passes",
            "rust-unused,rust-items,rust-statements,tokens",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = summary(&o);
    let pass = pass_stats(&json, "rust-unused");
    assert!(pass["removed"].as_u64().unwrap() > 5000, "{pass}");
    // In-order candidates; speculation at -j 2 adds runs depending on timing.
    assert!(pass["tests"].as_u64().unwrap() <= 8, "{pass}");
    assert!(pass["runs"].as_u64().unwrap() <= 14, "{pass}");
    let out = dir.path().join("app.min");
    assert!(!out.join("src/util.rs").exists());
    let main = std::fs::read_to_string(out.join("src/main.rs")).unwrap();
    assert!(!main.contains("mod util"), "{main}");
}

#[test]
fn a_candidate_with_a_different_ice_is_rejected() {
    // With -Ztreat-err-as-bug=1 the first error is the ICE. Deleting the first
    // error would make the second one the ICE: a different bug, to be rejected.
    let dir = tempfile::tempdir().unwrap();
    let text = "pub fn f() {\n    let a: u8 = \"s\";\n}\n\npub fn g() {\n    let b = nope;\n}\n\npub fn h() -> u32 { 7 }\n";
    write(dir.path(), "slip.rs", text);
    let o = run(
        dir.path(),
        &["--ice", "slip.rs", "-j", "2", "--", "-Ztreat-err-as-bug=1"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = std::fs::read_to_string(dir.path().join("slip_min.rs")).unwrap();
    assert!(out.contains("nope"), "slipped to another error:\n{out}");
    // With --match any, the other error is fine too, and the result is smaller.
    let o = run(
        dir.path(),
        &[
            "--ice",
            "slip.rs",
            "-j",
            "2",
            "--match",
            "any",
            "-o",
            "any.rs",
            "--",
            "-Ztreat-err-as-bug=1",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Which local minimum it reaches may differ; it is an ICE and smaller.
    let any = std::fs::read_to_string(dir.path().join("any.rs")).unwrap();
    assert!(any.len() < text.len() / 2, "{any}");
}

#[test]
fn script_predicate_on_any_file() {
    let dir = tempfile::tempdir().unwrap();
    let data: String = (0..300)
        .map(|i| format!("record {i}: value={}\n", i * 31 % 97))
        .collect();
    write(dir.path(), "input.txt", &data);
    script(
        dir.path(),
        "check.sh",
        r#"grep -q "record 123:" "$1" && grep -q "value=" "$1""#,
    );
    let o = run(
        dir.path(),
        &["--script", "./check.sh", "input.txt", "-j", "2"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = std::fs::read_to_string(dir.path().join("input.min.txt")).unwrap();
    assert!(out.contains("record 123:") && out.contains("value="));
    assert!(out.len() < 40, "{out:?}");
    // A warm re-run answers everything from the cache.
    let o = run(
        dir.path(),
        &["--script", "./check.sh", "input.txt", "-j", "2", "--json"],
    );
    let json = summary(&o);
    assert_eq!(
        json["predicate_runs"].as_u64(),
        Some(3),
        "two checks of the original and the final check only: {json}"
    );
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
    // A check that does not look at the file: the empty result comes with a warning.
    script(dir.path(), "always.sh", "exit 0");
    let o = run(dir.path(), &["--script", "./always.sh", "input.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("warning: the bug shows with the file empty"),
        "{}",
        stderr(&o)
    );
}

/// A warm re-run of an ICE reduction: the original's two checks and the final
/// check; every candidate, and the rustfmt-formatted result, come from the cache.
#[test]
fn warm_ice_rerun_only_checks_the_original_and_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let (text, flags) = ice_fixture("trait_alias_negative_probe.rs");
    let padded = format!("{text}\nfn unrelated(x: u32) -> u32 {{\n    x + 1\n}}\n");
    write(dir.path(), "bug.rs", &padded);
    let mut args = vec!["--ice", "bug.rs", "-j", "2", "--json", "--"];
    args.extend(flags.iter().map(String::as_str));
    let cold = summary(&run(dir.path(), &args));
    let cold_out = std::fs::read_to_string(dir.path().join("bug_min.rs")).unwrap();
    let warm = summary(&run(dir.path(), &args));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("bug_min.rs")).unwrap(),
        cold_out
    );
    assert!(cold["predicate_runs"].as_u64().unwrap() > 5, "{cold}");
    assert_eq!(warm["predicate_runs"].as_u64(), Some(3), "{warm}");
}

/// File names reach checks as one argument each, never through a shell: a name
/// full of shell syntax is reduced like any other, and the command hidden in it
/// never runs.
#[test]
fn file_names_are_arguments_not_shell_text() {
    let dir = tempfile::tempdir().unwrap();
    let name = "a b;touch \"$PWNED\";`touch \"$PWNED\"`.txt";
    let data: String = (0..50).map(|i| format!("line {i}\n")).collect();
    write(dir.path(), name, &data);
    script(
        dir.path(),
        "check.sh",
        r#"[ "$#" -eq 1 ] || exit 1
case "$1" in *'a b;touch "$PWNED";`touch "$PWNED"`.txt') ;; *) exit 1;; esac
grep -q "line 17" "$1""#,
    );
    let pwned = dir.path().join("pwned");
    let o = bin()
        .current_dir(dir.path())
        .env("PWNED", &pwned)
        .args(["--cache-dir", ".cache", "--script", "./check.sh", name])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = dir
        .path()
        .join("a b;touch \"$PWNED\";`touch \"$PWNED\"`.min.txt");
    assert_eq!(std::fs::read_to_string(out).unwrap().trim(), "line 17");
    assert!(!pwned.exists(), "a shell ran the file name");
}

#[test]
fn ice_in_a_multi_file_crate() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("app");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
    );
    write(
        &root,
        "src/lib.rs",
        "pub mod util;\npub mod bug;\n\npub fn api(x: u32) -> u32 {\n    util::double(x)\n}\n",
    );
    write(&root, "src/util.rs", "pub fn double(x: u32) -> u32 {\n    x * 2\n}\n\npub fn triple(x: u32) -> u32 {\n    x * 3\n}\n");
    write(&root, "src/bug.rs", "pub fn helper() -> u8 {\n    1\n}\n\npub fn init_later() {\n    let [(ref name, count), _rest];\n    name = \"abc\";\n    count = 3;\n}\n");
    let o = run(&root, &["--ice", "-j", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = dir.path().join("app.min");
    // Whole files go (with their `mod` lines) and `mod bug;` is inlined: the result
    // is a one-file crate, rustfmt-formatted.
    assert!(!out.join("src/util.rs").exists(), "util.rs should be gone");
    assert!(!out.join("src/bug.rs").exists(), "bug.rs should be inlined");
    let lib = std::fs::read_to_string(out.join("src/lib.rs")).unwrap();
    assert!(!lib.contains("util") && !lib.contains("mod "), "{lib}");
    assert!(lib.contains("let [(ref"), "{lib}");
    assert!(lib.ends_with("}\n") && !lib.contains("\n\n\n"), "{lib:?}");
    assert!(std::fs::read_to_string(root.join("src/util.rs"))
        .unwrap()
        .contains("triple"));
}

/// Cargo reads `.cargo/config.toml` in every directory above the crate; the worker
/// copies live elsewhere, so that configuration goes with them (here it enables the
/// `cfg` that holds the crash), its relative paths still naming the same files.
#[test]
fn cargo_configuration_above_the_crate_applies_to_the_copies() {
    let dir = tempfile::tempdir().unwrap();
    let outer = dir.path().join("outer");
    // A relative `[env]` path resolves from `outer`, which the copies are not in.
    let config = "[build]\nrustflags = [\"--cfg\", \"boom\"]\n[env]\nGREETING = { value = \"data/greeting.txt\", relative = true }\n";
    write(&outer, ".cargo/config.toml", config);
    write(&outer, "data/greeting.txt", "hello");
    let root = outer.join("app");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[lints.rust]\nunexpected_cfgs = \"allow\"\n",
    );
    write(&root, "src/lib.rs", "pub const GREETING: &str = include_str!(env!(\"GREETING\"));\n\npub fn double(x: u32) -> u32 {\n    x * 2\n}\n\n#[cfg(boom)]\npub fn init_later() {\n    let [(ref name, count), _rest];\n    name = \"abc\";\n    count = 3;\n}\n");
    let o = run(&root, &["--ice", "-j", "2", "--no-cache"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lib = std::fs::read_to_string(outer.join("app.min/src/lib.rs")).unwrap();
    assert!(
        lib.contains("let [(ref") && !lib.contains("double"),
        "{lib}"
    );
    // Nothing added to the result (it sits beside the original, under the same
    // configuration) nor to the user's file.
    assert!(!outer.join("app.min/.cargo").exists());
    assert_eq!(
        std::fs::read_to_string(outer.join(".cargo/config.toml")).unwrap(),
        config
    );
    // A configuration that does not parse is bad input, named before any check.
    write(&outer, ".cargo/config.toml", "[build\n");
    let o = run(&root, &["--ice", "--no-cache"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("config.toml does not parse"),
        "{}",
        stderr(&o)
    );
}

/// A build script the bug does not need goes with its `build` key, and the files
/// that are neither sources nor named by them (README, licence, CI settings) go
/// too, while a data file the crash reads stays; the report's output is that of
/// the result (the original's would show the build script's `--cfg` and the
/// warnings about code that is gone).
#[test]
fn crate_result_drops_its_build_script_and_unneeded_files_and_reports_its_own_output() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("app");
    write(
        &root,
        "Cargo.toml",
        "# THIS FILE IS AUTOMATICALLY GENERATED BY CARGO\n\n[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\nbuild = \"build.rs\"\ndescription = \"an app\"\nlicense = \"MIT\"\n\n[package.metadata.docs.rs]\nall-features = true\n\n[[test]]\nname = \"api\"\npath = \"tests/api.rs\"\n",
    );
    write(
        &root,
        "tests/api.rs",
        "#[test]\nfn api() {\n    assert_eq!(app::LIMIT, 0);\n}\n",
    );
    write(
        &root,
        "build.rs",
        "fn main() {\n    println!(\"cargo:rustc-cfg=from_build\");\n    println!(\"cargo:rustc-check-cfg=cfg(from_build)\");\n}\n",
    );
    write(&root, "README.md", "# app\n");
    write(&root, "LICENSE", "MIT\n");
    write(&root, ".github/workflows/ci.yml", "on: push\n");
    write(&root, "src/lib.rs", "#[cfg(from_build)]\npub fn unused_helper() -> u8 {\n    1\n}\n\npub static LIMIT: u32 = ();\n");
    let o = run_type_error_ice(&root, &["--ice", "--report", "-j", "2", "--no-cache"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = dir.path().join("app.min");
    assert!(
        !out.join("build.rs").exists(),
        "the build script should be gone"
    );
    let manifest = std::fs::read_to_string(out.join("Cargo.toml")).unwrap();
    // Nothing but what builds the crate: no build script, no description or
    // metadata, no target for the test file that is gone.
    assert_eq!(
        manifest,
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"
    );
    assert!(!out.join("tests/api.rs").exists());
    assert!(root.join("build.rs").exists());
    for gone in ["README.md", "LICENSE", ".github"] {
        assert!(!out.join(gone).exists(), "{gone} should be gone");
        assert!(root.join(gone).exists(), "the original's {gone} is kept");
    }
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(
        md.contains("mismatched types") && !md.contains("build.rs"),
        "{md}"
    );
    assert!(md.contains("<summary>Output</summary>"), "{md}");
    assert!(!md.contains("from_build"), "the original's output: {md}");
    // One file, nothing cargo adds: the report gives the rustc command too, with
    // RUSTFLAGS as flags.
    assert!(
        md.contains("on the file alone:\n\n```sh\nRUSTC_BOOTSTRAP=1 RUSTC_ICE=0 RUST_BACKTRACE=0 rustc --edition=2021 --crate-type=lib --crate-name=app -Ztreat-err-as-bug=1 src/lib.rs\n```"),
        "{md}"
    );
}

/// A file that is not a source but that the crash needs stays in the result, even
/// though no source names it, while the README goes (the second try: documents).
#[test]
fn crate_result_keeps_the_data_files_the_bug_needs() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("app");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(&root, "README.md", "# app\n");
    write(&root, "data/limit.txt", "limit\n");
    write(&root, "src/lib.rs", "pub static LIMIT: u32 = include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/data/limit\", \".txt\"));\n");
    let o = run_type_error_ice(&root, &["--ice", "-j", "2", "--no-cache"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = dir.path().join("app.min");
    assert!(!out.join("README.md").exists());
    assert!(out.join("data/limit.txt").exists(), "the crash reads it");
}

/// Run at a virtual workspace's root: the package that crashes is found (cargo's
/// `could not compile `app``, `cargo metadata` for its directory) and reduced on
/// its own, with its workspace around it; the other members are not reduced.
#[test]
fn at_a_virtual_workspace_root_the_crashing_package_is_reduced() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    write(
        &ws,
        "Cargo.toml",
        "[workspace]\nmembers = [\"app\", \"util\"]\nresolver = \"2\"\n",
    );
    write(
        &ws,
        "util/Cargo.toml",
        "[package]\nname = \"util\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    let util = "pub fn double(x: u32) -> u32 {\n    x * 2\n}\n";
    write(&ws, "util/src/lib.rs", util);
    write(
        &ws,
        "app/Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nutil = { path = \"../util\" }\n",
    );
    write(
        &ws,
        "app/src/lib.rs",
        "pub fn api(x: u32) -> u32 {\n    util::double(x)\n}\n\npub static LIMIT: u32 = ();\n",
    );
    let o = run_type_error_ice(&ws, &["--ice", "-j", "2", "--no-cache", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("the crash is in package `app`"), "{e}");
    let out = dir.path().join("ws.min/app");
    assert_eq!(summary(&o)["output_path"], out.display().to_string());
    let lib = std::fs::read_to_string(out.join("src/lib.rs")).unwrap();
    assert!(lib.contains("= ()") && !lib.contains("double"), "{lib}");
    let manifest = std::fs::read_to_string(out.join("Cargo.toml")).unwrap();
    assert!(!manifest.contains("util"), "{manifest}");
    // The other member went out as it was, and the original is untouched.
    assert_eq!(
        std::fs::read_to_string(dir.path().join("ws.min/util/src/lib.rs")).unwrap(),
        util
    );
    assert!(std::fs::read_to_string(ws.join("app/src/lib.rs"))
        .unwrap()
        .contains("double"));
}

#[test]
fn ice_in_a_workspace_member_with_path_dependencies() {
    // `ws/app` inherits its edition from the workspace, uses a sibling member through
    // `../util` and a crate outside the workspace through `../../outside`: each
    // worker's copy must build as the original does. The result needs neither.
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    write(
        &ws,
        "Cargo.toml",
        "[workspace]\nmembers = [\"app\", \"util\"]\nresolver = \"2\"\n\n[workspace.package]\nedition = \"2021\"\nversion = \"0.1.0\"\n",
    );
    write(
        &ws,
        "util/Cargo.toml",
        "[package]\nname = \"util\"\nversion.workspace = true\nedition.workspace = true\n",
    );
    write(
        &ws,
        "util/src/lib.rs",
        "pub fn double(x: u32) -> u32 {\n    x * 2\n}\n",
    );
    write(
        dir.path(),
        "outside/Cargo.toml",
        "[package]\nname = \"outside\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(dir.path(), "outside/src/lib.rs", "pub const K: u32 = 3;\n");
    let manifest = "[package]\nname = \"app\"\nversion.workspace = true\nedition.workspace = true\n\n[dependencies]\nutil = { path = \"../util\" }\noutside = { path = \"../../outside\" }\n";
    write(&ws, "app/Cargo.toml", manifest);
    write(
        &ws,
        "app/src/lib.rs",
        "pub fn api(x: u32) -> u32 {\n    util::double(x) + outside::K\n}\n\npub fn init_later() {\n    let [(ref name, count), _rest];\n    name = \"abc\";\n    count = 3;\n}\n",
    );
    let o = run(&ws.join("app"), &["--ice", "-j", "2", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The result is the member inside a copy of its workspace, beside the workspace
    // (not inside it, where a `members` glob could pick it up).
    let out = dir.path().join("ws.min/app");
    assert_eq!(summary(&o)["output_path"], out.display().to_string());
    let lib = std::fs::read_to_string(out.join("src/lib.rs")).unwrap();
    assert!(lib.contains("let [(ref") && !lib.contains("util"), "{lib}");
    // The workers built it with both dependencies (the original uses them: the
    // sibling through the copied workspace, the crate outside it through the path
    // made absolute); the result uses neither, and its manifest lists neither.
    let copied = std::fs::read_to_string(out.join("Cargo.toml")).unwrap();
    assert!(
        copied.contains("edition.workspace = true") && copied.contains("[dependencies]"),
        "{copied}"
    );
    assert!(
        !copied.contains("util") && !copied.contains("outside"),
        "{copied}"
    );
    let e = stderr(&o);
    assert!(e.contains("tidying Cargo.toml"), "{e}");
    // The result crate reproduces the crash where it was written (a layout ICE:
    // code generation, so `cargo build`).
    let check = Command::new("cargo")
        .current_dir(&out)
        .args(["build", "--quiet"])
        .env("RUSTC_ICE", "0")
        .env("CARGO_TARGET_DIR", dir.path().join("target"))
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(101));
    let e = String::from_utf8_lossy(&check.stderr);
    assert!(
        e.contains("internal compiler error: encountered unexpected unsized field"),
        "{e}"
    );
    assert_eq!(
        std::fs::read_to_string(ws.join("app/Cargo.toml")).unwrap(),
        manifest
    );
}

#[test]
fn not_interesting_original_explains_how_to_rerun() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.rs", "pub fn fine() -> u8 { 1 }\n");
    let o = run(dir.path(), &["--ice", "ok.rs"]);
    assert_eq!(o.status.code(), Some(4));
    let e = stderr(&o);
    assert!(
        e.contains("does not crash the compiler") && e.contains("rustc"),
        "{e}"
    );
    // The command names the user's file (the scratch copy is gone) and runs as
    // shown, writing nothing beside the file.
    let rerun = e
        .lines()
        .skip_while(|l| !l.starts_with("rerun the check by hand"))
        .nth(1)
        .unwrap()
        .trim();
    assert!(
        rerun.contains(" ok.rs ") && !rerun.contains("cargo-minimize-check"),
        "{rerun}"
    );
    let by_hand = Command::new("sh")
        .args(["-c", rerun])
        .current_dir(dir.path())
        // `mktemp -d` in the command: keep its directory inside the test's.
        .env("TMPDIR", dir.path())
        .output()
        .unwrap();
    assert!(by_hand.status.success(), "{}", stderr(&by_hand));
    assert!(!dir.path().join("libok.rlib").exists() && !dir.path().join("out").exists());
    // A file inside a crate: how to reduce the crate instead.
    write(
        dir.path(),
        "app/Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\n",
    );
    write(dir.path(), "app/src/part.rs", "pub fn fine() -> u8 { 1 }\n");
    let o = run(dir.path(), &["--ice", "app/src/part.rs"]);
    assert_eq!(o.status.code(), Some(4));
    assert!(
        stderr(&o).contains("to reduce the whole crate:\n    cargo minimize --ice --manifest-path"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn flaky_checks_are_detected() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "in.txt", "abc\n");
    // Interesting on the first run only.
    script(
        dir.path(),
        "flaky.sh",
        &format!(
            "if [ -e {0}/seen ]; then exit 1; fi; touch {0}/seen; exit 0",
            dir.path().display()
        ),
    );
    let o = run(dir.path(), &["--script", "./flaky.sh", "in.txt"]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    assert!(stderr(&o).contains("flaky"));
}

#[test]
fn hangs_are_killed_and_can_be_the_bug() {
    let dir = tempfile::tempdir().unwrap();
    let data: String = (0..40).map(|i| format!("line {i}\n")).collect::<String>() + "LOOP\n";
    write(dir.path(), "in.txt", &data);
    script(
        dir.path(),
        "hang.sh",
        r#"if grep -q LOOP "$1"; then sleep 30 & sleep 30; fi; exit 0"#,
    );
    let start = std::time::Instant::now();
    let o = run(
        dir.path(),
        &[
            "--script",
            "./hang.sh",
            "in.txt",
            "--hang",
            "--timeout",
            "0.3",
            "-j",
            "2",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("in.min.txt")).unwrap(),
        "LOOP"
    );
    assert!(start.elapsed().as_secs() < 60);
}

/// A compiler that hangs is a bug too: `--ice --hang` keeps what makes rustc run
/// out of time (a constant that never finishes evaluating); without `--hang`, the
/// original timing out is said as such, and a time limit of 0 is refused.
#[test]
fn a_rustc_hang_is_reduced_with_ice_and_hang() {
    let dir = tempfile::tempdir().unwrap();
    let text = "#![allow(long_running_const_eval)]\n\npub struct Counter {\n    pub count: u64,\n}\n\npub const SPIN: u64 = {\n    let mut i = 0u64;\n    loop {\n        i = i.wrapping_add(1);\n    }\n};\n\npub fn total(values: &[u64]) -> u64 {\n    values.iter().sum::<u64>() + SPIN\n}\n";
    write(dir.path(), "spin.rs", text);
    let o = run(
        dir.path(),
        &[
            "--ice",
            "spin.rs",
            "--hang",
            "--timeout",
            "3",
            "-j",
            "2",
            "--no-cache",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let min = std::fs::read_to_string(dir.path().join("spin_min.rs")).unwrap();
    assert!(
        min.contains("loop") && !min.contains("Counter") && !min.contains("total"),
        "{min}"
    );
    let o = run(
        dir.path(),
        &["--ice", "spin.rs", "--timeout", "1", "--no-cache"],
    );
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(stderr(&o).contains("timed out after 1 s"), "{}", stderr(&o));
    let o = run(dir.path(), &["--ice", "spin.rs", "--timeout", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("above 0"), "{}", stderr(&o));
}

#[test]
fn bad_input_gets_clear_messages_and_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let cases: Vec<(Vec<&str>, i32, &str)> = vec![
        (vec!["--ice", "missing.rs"], 3, "no such file"),
        (vec!["--ice"], 3, "not a crate"),
        (vec!["--ice", "empty.rs"], 3, "empty"),
        (vec!["--ice", "binary.rs"], 3, "UTF-8"),
        (vec!["--bogus-flag"], 2, "unexpected argument"),
        (vec![], 2, "say what to reduce"),
        // Checked before the original is compiled (it would crash here).
        (
            vec!["--ice", "ice.rs", "--passes", "nope"],
            2,
            "unknown pass `nope`",
        ),
        // A script that cannot run is bad input, before any check.
        (
            vec!["--script", "./plain.sh", "in.txt"],
            3,
            "./plain.sh: not executable (`chmod +x ./plain.sh`)",
        ),
        (
            vec!["--script", "./gone.sh", "in.txt"],
            3,
            "./gone.sh: no such script",
        ),
        (
            vec!["--script", "no-such-checker", "in.txt"],
            3,
            "`no-such-checker`: no such program in PATH",
        ),
    ];
    write(dir.path(), "empty.rs", "");
    write(dir.path(), "in.txt", "data\n");
    write(dir.path(), "plain.sh", "exit 0\n");
    write(
        dir.path(),
        "ice.rs",
        &ice_fixture("trait_alias_negative_probe.rs").0,
    );
    std::fs::write(dir.path().join("binary.rs"), [0xff, 0xfe, 0x00, 0x41]).unwrap();
    for (args, code, text) in cases {
        let o = run(dir.path(), &args);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(text), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
        assert!(!stderr(&o).contains("checking the original"), "{args:?}");
    }
}

#[test]
fn cargo_calls_it_as_a_subcommand() {
    let o = bin().args(["minimize", "--help"]).output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("--ice") && out.contains("EXIT CODES"));
}

#[test]
fn report_is_markdown_with_version_and_command() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _) = ice_fixture("closure_yield_refutable_params.rs");
    write(dir.path(), "y.rs", &text);
    let o = run(dir.path(), &["--ice", "y.rs", "--report", "-j", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(
        md.contains("```rust") && md.contains("rustc -vV") && md.contains("--crate-type=lib"),
        "{md}"
    );
    assert!(md.contains("zip_eq"), "{md}");
    // The fixture needs nightly features: the command says how they were enabled.
    assert!(md.contains("RUSTC_BOOTSTRAP=1 "), "{md}");
    // The failure as rustc printed it (not the normalized signature), and paths
    // as beside the result, not in the run's scratch directory.
    assert!(
        md.contains("Failure: `panicked at /rust/deps/itertools") && md.contains("zip_eq()"),
        "{md}"
    );
    assert!(!md.contains("cargo-minimize-check"), "{md}");
}

/// `--test NAME` without `--input`: the crate's sources shrink while the test keeps
/// failing with the same panic; the crate itself is untouched.
#[test]
fn failing_test_reduces_the_crate_sources() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("demo");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
    );
    let lib = "pub fn add(a: u32, b: u32) -> u32 { a + b }\npub fn mul(a: u32, b: u32) -> u32 { a * b }\npub fn parse(s: &str) -> Vec<u32> { s.split(',').map(|x| x.trim().parse().unwrap()).collect() }\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn adds() { assert_eq!(add(2, 2), 4); }\n    #[test]\n    fn parses_numbers() {\n        let v = parse(\"1, 2, x\");\n        assert_eq!(v.len(), 3);\n    }\n}\n";
    write(&root, "src/lib.rs", lib);
    let o = run(&root, &["--test", "parses_numbers", "-j", "2", "--report"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The report says how to see the failure (not the scratch copy's test binary)
    // and shows the result's own run.
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(md.contains("cargo test parses_numbers\n```"), "{md}");
    // A test that passes: exit 4, and how to see it by hand (cargo, in the crate).
    let o = run(&root, &["--test", "adds", "-j", "2"]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("    cd {} && cargo test adds\n", root.display())),
        "{}",
        stderr(&o)
    );
    assert!(
        md.contains("test result: FAILED") && !md.contains("cargo-minimize-"),
        "{md}"
    );
    let min = std::fs::read_to_string(dir.path().join("demo.min/src/lib.rs")).unwrap();
    // The result is rustfmt-formatted: compare what is not whitespace.
    let solid = |t: &str| t.chars().filter(|c| !c.is_whitespace()).count();
    assert!(solid(&min) < solid(lib) / 2, "{min}");
    assert!(!min.contains("fn mul") && !min.contains("fn adds"), "{min}");
    assert_eq!(
        std::fs::read_to_string(root.join("src/lib.rs")).unwrap(),
        lib
    );
    let t = Command::new("cargo")
        .args(["test", "--offline", "parses_numbers"])
        .current_dir(dir.path().join("demo.min"))
        .env("CARGO_TARGET_DIR", dir.path().join("target"))
        .output()
        .unwrap();
    assert!(!t.status.success(), "the reduced crate's test still fails");
    assert!(String::from_utf8_lossy(&t.stdout).contains("panicked at src/lib.rs"));
}

/// Without `--input`, the tests are the roots: what they do not reach is reported
/// dead (`cargo check --profile test`) and goes in one run.
#[test]
fn failing_test_sources_use_the_compiler_guided_pass() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("demo");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
    );
    let mut lib = String::from("fn parse(s: &str) -> Vec<u32> {\n    s.split(',').map(|x| x.trim().parse().unwrap()).collect()\n}\n\n");
    for i in 0..20 {
        lib.push_str(&format!("struct Thing{i} {{\n    v: Vec<u32>,\n}}\n\nimpl Thing{i} {{\n    fn total(&self) -> u32 {{\n        self.v.iter().sum::<u32>() + {i}\n    }}\n}}\n\nfn helper{i}(x: u32) -> u32 {{\n    x ^ {i}\n}}\n\n"));
    }
    lib.push_str("#[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn parses_numbers() {\n        let v = parse(\"1, 2, x\");\n        assert_eq!(v.len(), 3);\n    }\n}\n");
    write(&root, "src/lib.rs", &lib);
    let o = run(
        &root,
        &[
            "--test",
            "parses_numbers",
            "-j",
            "2",
            "--json",
            "--no-cache",
            // Without `rust-focus`, which would keep the test and what it
            // mentions in one run too.
            "--passes",
            "rust-unused,rust-items,rust-statements,tokens",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = summary(&o);
    let pass = pass_stats(&json, "rust-unused");
    assert!(
        pass["removed"].as_u64().unwrap() as usize * 10 > lib.len() * 8,
        "{pass}"
    );
    assert!(pass["tests"].as_u64().unwrap() <= 3, "{pass}");
    assert!(pass["runs"].as_u64().unwrap() <= 5, "{pass}");
    let min = std::fs::read_to_string(dir.path().join("demo.min/src/lib.rs")).unwrap();
    assert!(min.contains("fn parse") && !min.contains("Thing"), "{min}");
}

/// `--test NAME --input FILE` on a real published crate with a known panic
/// (yaml-rust 0.3.0 reaches `unreachable!()` on `-` inside a flow collection; the
/// crate is examples/test-bugs/yaml-rust-flow-dash): the input shrinks to the
/// trigger, the test still panics at the same place, and the user's fixture is
/// never written.
#[test]
fn failing_test_input_of_a_real_crate() {
    let dir = tempfile::tempdir().unwrap();
    let src =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/test-bugs/yaml-rust-flow-dash");
    let root = dir.path().join("case");
    for f in ["Cargo.toml", "Cargo.lock", "src/lib.rs", "tests/parse.rs"] {
        write(&root, f, &std::fs::read_to_string(src.join(f)).unwrap());
    }
    let mut yaml = String::new();
    for i in 0..60 {
        yaml += &format!("---\nname: service-{i}\nport: {}\nowners:\n  - a{i}@example.org\nlabels: {{tier: web, n: {i}}}\n", 8000 + i);
        if i == 31 {
            yaml += "tags: {- beta, gamma}\n";
        }
    }
    let fixture = write(&root, "tests/fixtures/big.yaml", &yaml);
    let o = run(
        &root,
        &[
            "--test",
            "loads_big_stream",
            "--input",
            "tests/fixtures/big.yaml",
            "-j",
            "2",
            "--report",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("scanner.rs:955"), "{}", stderr(&o));
    // The report holds what it takes to see the failure: the pinned dependency,
    // the test, and the input under the name the test reads.
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(md.contains("yaml-rust = \"=0.3.0\""), "{md}");
    assert!(md.contains("`tests/parse.rs`:\n\n```rust\n"), "{md}");
    assert!(md.contains("`tests/fixtures/big.yaml`:\n\n```\n"), "{md}");
    assert!(md.contains("cargo test loads_big_stream\n"), "{md}");
    // A test name that matches nothing: bad input, with the tests there are.
    let o = run(
        &root,
        &["--test", "parses_big", "--input", "tests/fixtures/big.yaml"],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o)
            .contains("no test matches `parses_big` in this crate; its tests: loads_big_stream"),
        "{}",
        stderr(&o)
    );
    let o = run(
        &root,
        &[
            "--test",
            "loads_big_stream",
            "--input",
            "tests/fixtures/big.yaml",
            "-j",
            "2",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = summary(&o);
    let min = std::fs::read_to_string(root.join("tests/fixtures/big.min.yaml")).unwrap();
    assert_eq!(json["output_bytes"].as_u64().unwrap() as usize, min.len());
    assert!(min.len() <= 4 && min.contains('-'), "{min:?}");
    assert_eq!(
        std::fs::read_to_string(&fixture).unwrap(),
        yaml,
        "the fixture was modified"
    );
    // The result still makes the real test panic at the same place.
    std::fs::write(&fixture, &min).unwrap();
    let t = Command::new("cargo")
        .args(["test", "--test", "parse", "loads_big_stream"])
        .current_dir(&root)
        .env("CARGO_TARGET_DIR", dir.path().join("target"))
        .output()
        .unwrap();
    assert!(!t.status.success());
    let out = String::from_utf8_lossy(&t.stdout).into_owned() + &String::from_utf8_lossy(&t.stderr);
    assert!(out.contains("yaml-rust-0.3.0/src/scanner.rs:955"), "{out}");
}

/// `--test NAME --input FILE --hang`: a test that never finishes on some input is the
/// bug; the input shrinks to what makes it hang, each hanging run killed at the
/// time limit (the build is not bounded by it), and the fixture is left alone.
#[test]
fn a_hanging_test_input_is_reduced_with_hang() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("spin");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"spin\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
    );
    write(
        &root,
        "src/lib.rs",
        "pub fn count(text: &str) -> usize {\n    if text.contains(\"LOOP\") {\n        loop {\n            std::thread::sleep(std::time::Duration::from_millis(50));\n        }\n    }\n    text.lines().count()\n}\n",
    );
    write(
        &root,
        "tests/read.rs",
        "#[test]\nfn counts_fixture() {\n    let path = concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/tests/data.txt\");\n    let text = std::fs::read_to_string(path).unwrap();\n    assert!(spin::count(&text) > 0);\n}\n",
    );
    let data: String = (0..30)
        .map(|i| format!("entry {i}: value {}\n", i * 7))
        .collect::<String>()
        + "LOOP here\n";
    let fixture = write(&root, "tests/data.txt", &data);
    let args = [
        "--test",
        "counts_fixture",
        "--input",
        "tests/data.txt",
        "--timeout",
        "1",
        "-j",
        "2",
        "--no-cache",
    ];
    // Without `--hang`, the original timing out is not a failure to reduce.
    let o = run(&root, &args);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(stderr(&o).contains("timed out after 1 s"), "{}", stderr(&o));
    let mut hang = args.to_vec();
    hang.push("--hang");
    let o = run(&root, &hang);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(root.join("tests/data.min.txt")).unwrap(),
        "LOOP"
    );
    assert_eq!(std::fs::read_to_string(&fixture).unwrap(), data);
}

/// A check that is interesting 80% of the time (a seeded pseudo-random sequence, so
/// the test itself is deterministic) while the marker is present: `--original-runs`
/// catches it before reducing, and without it the result still has the marker and
/// passed its final re-check.
#[test]
fn an_80_percent_flaky_check_is_caught_and_never_yields_a_wrong_result() {
    let dir = tempfile::tempdir().unwrap();
    let data: String = (0..60).map(|i| format!("line {i}\n")).collect::<String>() + "MARK\n";
    write(dir.path(), "in.txt", &data);
    // n-th run (counted in a file): a multiplicative hash of n, interesting when
    // the marker is present and the draw is below 80.
    let counter = dir.path().join("count");
    script(
        dir.path(),
        "flaky80.sh",
        &format!(
            "n=$(cat {c} 2>/dev/null || echo 0); n=$((n + 1)); echo $n > {c}\n\
             r=$(( n * 2654435761 % 4294967296 / 65536 % 100 ))\n\
             grep -q MARK \"$1\" && [ $r -lt 80 ]",
            c = counter.display()
        ),
    );
    let o = run(
        dir.path(),
        &[
            "--script",
            "./flaky80.sh",
            "in.txt",
            "--original-runs",
            "10",
            "-j",
            "1",
            "--no-cache",
        ],
    );
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    assert!(stderr(&o).contains("flaky"), "{}", stderr(&o));
    assert!(!dir.path().join("in.min.txt").exists());

    std::fs::remove_file(&counter).ok();
    let o = run(
        dir.path(),
        &[
            "--script",
            "./flaky80.sh",
            "in.txt",
            "-j",
            "1",
            "--no-cache",
        ],
    );
    match o.status.code() {
        Some(0) => {
            let min = std::fs::read_to_string(dir.path().join("in.min.txt")).unwrap();
            assert!(
                min.contains("MARK"),
                "a result that is not interesting: {min:?}"
            );
        }
        Some(5) => assert!(stderr(&o).contains("flaky"), "{}", stderr(&o)),
        c => panic!("exit {c:?}: {}", stderr(&o)),
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("in.txt")).unwrap(),
        data
    );
}

/// An output location that cannot be written fails at once with exit 6, before any
/// reduction, and the original is untouched.
#[test]
fn unwritable_output_location_is_reported_before_reducing() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "in.txt", "a\nb\nKEEP\n");
    write(dir.path(), "plainfile", "not a directory\n");
    script(dir.path(), "keep.sh", r#"grep -q KEEP "$1""#);
    let o = run(
        dir.path(),
        &["--script", "./keep.sh", "in.txt", "-o", "plainfile/out.txt"],
    );
    assert_eq!(o.status.code(), Some(6), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("plainfile/out.txt") && !e.contains("panicked"),
        "{e}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("in.txt")).unwrap(),
        "a\nb\nKEEP\n"
    );
}

/// A 10 MB input is reduced in reasonable time and memory.
#[test]
fn ten_megabyte_input() {
    let dir = tempfile::tempdir().unwrap();
    let mut data = String::with_capacity(10 << 20);
    let mut i = 0;
    while data.len() < 10 << 20 {
        data += &format!("record {i:08} some ordinary payload text for the line\n");
        if i == 90_000 {
            data += "NEEDLE\n";
        }
        i += 1;
    }
    write(dir.path(), "big.txt", &data);
    script(dir.path(), "needle.sh", r#"grep -q NEEDLE "$1""#);
    let start = std::time::Instant::now();
    let o = run(
        dir.path(),
        &["--script", "./needle.sh", "big.txt", "-j", "2", "--json"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let min = std::fs::read_to_string(dir.path().join("big.min.txt")).unwrap();
    assert_eq!(min.trim(), "NEEDLE");
    assert!(start.elapsed().as_secs() < 120, "{:?}", start.elapsed());
}

/// Scratch directories (where checks run) and the cache directory are private
/// (0700), and the result file is an ordinary 0644 file.
#[test]
fn scratch_and_cache_directories_are_private() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "in.txt", "a\nb\nKEEP\nc\n");
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let log = dir.path().join("modes.log");
    // The mode of the directory under $TMPDIR that holds the check's working
    // directory and the candidate.
    script(
        dir.path(),
        "mode.sh",
        &format!(
            "top() {{ p=$1; while [ \"$(dirname \"$p\")\" != {t} ]; do p=$(dirname \"$p\"); done; stat -c %a \"$p\"; }}\n\
             top \"$PWD\" >> {l}; top \"$(cd \"$(dirname \"$1\")\" && pwd)\" >> {l}\n\
             grep -q KEEP \"$1\"",
            t = tmp.display(),
            l = log.display()
        ),
    );
    let o = bin()
        .current_dir(dir.path())
        .env("TMPDIR", &tmp)
        .args([
            "--cache-dir",
            ".cache",
            "--script",
            "./mode.sh",
            "in.txt",
            "-j",
            "2",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let modes = std::fs::read_to_string(&log).unwrap();
    assert!(!modes.is_empty());
    assert!(modes.lines().all(|m| m == "700"), "{modes}");
    use std::os::unix::fs::PermissionsExt;
    let cache = dir.path().join(".cache");
    let mut dirs = vec![cache.clone()];
    dirs.extend(
        std::fs::read_dir(&cache)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir()),
    );
    for d in dirs {
        let mode = std::fs::metadata(&d).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "{}", d.display());
    }
    let out = std::fs::metadata(dir.path().join("in.min.txt")).unwrap();
    assert_eq!(out.permissions().mode() & 0o777, 0o644);
    let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().collect();
    assert!(left.is_empty(), "scratch left behind: {left:?}");
}

/// The same-bug guard on every shipped ICE (copies of `../shared/ices/`): each is
/// padded with ordinary code, reduced with its own flags, and the result, compiled
/// by hand with those flags, crashes with the ICE text of the fixture's second line.
#[test]
fn every_shipped_ice_keeps_its_signature() {
    let ices = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/ices");
    let mut names: Vec<_> = std::fs::read_dir(&ices)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".rs"))
        .collect();
    names.sort();
    assert!(names.len() >= 6, "{names:?}");
    for name in names {
        let dir = tempfile::tempdir().unwrap();
        let (text, flags) = ice_fixture(&name);
        let ice = text
            .lines()
            .nth(1)
            .unwrap()
            .trim_start_matches("// ice: ")
            .to_string();
        // Crate attributes (`#![feature(..)]`) must stay first.
        let head_len: usize = text
            .lines()
            .take_while(|l| l.starts_with("//") || l.starts_with("#!["))
            .map(|l| l.len() + 1)
            .sum();
        let (head, body) = text.split_at(head_len);
        let padded = format!(
            "{head}pub fn unrelated(x: u32) -> u32 {{\n    x * 2 + 1\n}}\n\npub struct Extra {{\n    pub a: u8,\n}}\n\n{body}\npub fn more() -> Vec<u8> {{\n    vec![1, 2, 3]\n}}\n"
        );
        write(dir.path(), "bug.rs", &padded);
        let mut args = vec!["--ice", "bug.rs", "-j", "2"];
        if !flags.is_empty() {
            args.push("--");
            args.extend(flags.iter().map(String::as_str));
        }
        let o = run(dir.path(), &args);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        let out = std::fs::read_to_string(dir.path().join("bug_min.rs")).unwrap();
        assert!(out.len() < padded.len(), "{name}: not smaller");
        let r = compile_result(dir.path(), &flags);
        let err = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(101), "{name}: {err}");
        assert!(
            err.contains(&ice),
            "{name}: expected {ice:?} in\n{err}\nresult:\n{out}"
        );
    }
}

/// The dependencies the user has already built are not built again: the first
/// build of the copy starts from the user's target directory (here a path
/// dependency outside the crate, whose build script logs every run), which is only
/// read.
#[test]
fn the_users_build_of_the_dependencies_is_reused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("dep-builds.log");
    write(
        dir.path(),
        "dep/Cargo.toml",
        "[package]\nname = \"dep\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        dir.path(),
        "dep/build.rs",
        &format!(
            "use std::io::Write;\nfn main() {{\n    let mut f = std::fs::OpenOptions::new().append(true).create(true).open({:?}).unwrap();\n    f.write_all(b\"built\\n\").unwrap();\n    println!(\"cargo:rerun-if-changed=build.rs\");\n}}\n",
            log
        ),
    );
    write(
        dir.path(),
        "dep/src/lib.rs",
        "pub fn bad(s: &str) -> bool { s.contains(\"boom\") }\n",
    );
    let app = dir.path().join("app");
    write(
        &app,
        "Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\ndep = { path = \"../dep\" }\n",
    );
    write(&app, "src/lib.rs", "pub use dep::bad;\n");
    write(
        &app,
        "tests/input.rs",
        "#[test]\nfn reads_input() {\n    let text = std::fs::read_to_string(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/tests/fixtures/in.txt\")).unwrap();\n    assert!(!app::bad(&text), \"bad input\");\n}\n",
    );
    let lines: String = (0..200).map(|i| format!("line {i}\n")).collect();
    write(
        &app,
        "tests/fixtures/in.txt",
        &format!("{lines}boom\n{lines}"),
    );
    let built = Command::new("cargo")
        .args(["test", "--no-run", "--quiet"])
        .current_dir(&app)
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", stderr(&built));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "built\n");
    let listing = |root: &Path| {
        let mut all = Vec::new();
        let mut stack = vec![root.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let e = e.unwrap();
                let m = e.metadata().unwrap();
                if m.is_dir() {
                    stack.push(e.path());
                }
                all.push((e.path(), m.len(), m.modified().unwrap()));
            }
        }
        all.sort();
        all
    };
    let before = listing(&app.join("target"));

    let o = bin()
        .current_dir(&app)
        .args(["minimize", "--test", "reads_input", "--input"])
        .arg("tests/fixtures/in.txt")
        .args(["-j", "2", "--no-cache"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(app.join("tests/fixtures/in.min.txt")).unwrap(),
        "boom"
    );
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "built\n",
        "the dependency was built again"
    );
    assert!(
        before == listing(&app.join("target")),
        "the user's target changed"
    );
}

/// A real ICE of the corpus (`tools/corpus/ices/tune/`): its text and rustc flags.
fn corpus_ice(name: &str) -> (String, Vec<String>) {
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

/// A delayed bug whose message prints spans of the user's file (with the scratch
/// directory and line:column), DefIds with the crate hash, lifetimes and the
/// user's names: at -j 1 and -j 2 the same deterministic result, names renamed
/// (the message changes with them), and `rustc NAME_min.rs` shows the ICE as is.
#[test]
fn an_ice_message_with_spans_and_names_is_still_the_same_bug() {
    let (text, flags) = corpus_ice("hrtb_supertrait_assoc_param_env_regions.rs");
    let padded = format!("{text}\npub fn unrelated(x: u32) -> u32 {{\n    x * 2 + 1\n}}\n\npub struct Extra {{ pub a: u8 }}\n");
    let mut results = Vec::new();
    for jobs in ["1", "2"] {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "bug.rs", &padded);
        let mut args = vec!["--ice", "bug.rs", "-j", jobs, "--no-cache", "--"];
        args.extend(flags.iter().map(String::as_str));
        let o = run(dir.path(), &args);
        assert_eq!(o.status.code(), Some(0), "-j {jobs}: {}", stderr(&o));
        let out = std::fs::read_to_string(dir.path().join("bug_min.rs")).unwrap();
        assert!(
            !out.contains("bounded") && !out.contains("Child"),
            "names kept:\n{out}"
        );
        let r = Command::new("rustc")
            .current_dir(dir.path())
            .env("RUSTC_BOOTSTRAP", "1")
            .env("RUSTC_ICE", "0")
            .args(&flags)
            .arg("bug_min.rs")
            .output()
            .unwrap();
        assert_eq!(r.status.code(), Some(101), "{}", stderr(&r));
        assert!(stderr(&r).contains("failed region resolution while normalizing ParamEnv"));
        results.push(out);
    }
    assert_eq!(results[0], results[1], "-j 1 and -j 2 differ");
}

/// A command line copied from a crash, with `--edition` and `--crate-type` in it,
/// replaces the defaults (rustc refuses an option given twice); `-o` is refused
/// with the reason.
#[test]
fn rustc_flags_are_taken_as_the_user_wrote_them() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _) = ice_fixture("trait_alias_negative_probe.rs");
    write(dir.path(), "bug.rs", &text);
    let o = run(
        dir.path(),
        &[
            "--ice",
            "bug.rs",
            "--",
            "--edition=2024",
            "--crate-type",
            "lib",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run(
        dir.path(),
        &[
            "--ice",
            "bug.rs",
            "--edition",
            "2021",
            "--",
            "--edition=2024",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("given twice"), "{}", stderr(&o));
    let o = run(dir.path(), &["--ice", "bug.rs", "--", "-o", "out"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("leave `-o` out"), "{}", stderr(&o));
}

/// Nothing is answered without running the check: a check that needs `fn main`
/// reduces both orders of the same two items to `fn main() {}`, and a check that
/// reads a name keeps only what it reads.
#[test]
fn checks_that_read_names_and_order_are_run_not_guessed() {
    let dir = tempfile::tempdir().unwrap();
    script(
        dir.path(),
        "bin.sh",
        "d=$(mktemp -d); rustc --edition=2021 --crate-type=bin --out-dir \"$d\" \"$1\" >/dev/null 2>&1; r=$?; rm -rf \"$d\"; exit $r",
    );
    for (name, text) in [
        ("a.rs", "fn a() {}\n\nfn main() {}\n"),
        ("b.rs", "fn main() {}\n\nfn a() {}\n"),
    ] {
        write(dir.path(), name, text);
        let o = run(dir.path(), &["--script", "./bin.sh", name, "--no-cache"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = std::fs::read_to_string(dir.path().join(name.replace(".rs", "_min.rs"))).unwrap();
        assert_eq!(out.trim_end(), "fn main() {}", "{name}");
    }
    script(dir.path(), "grep.sh", "grep -q field_b \"$1\"");
    write(dir.path(), "s.rs", "struct S { b: (), field_b: () }\n");
    let o = run(dir.path(), &["--script", "./grep.sh", "s.rs", "--no-cache"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = std::fs::read_to_string(dir.path().join("s_min.rs")).unwrap();
    assert_eq!(out.trim(), "field_b");
}

/// Ctrl-C while the original is being checked: exit 130, as at any other time.
#[test]
fn an_interrupt_while_checking_the_original_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    script(dir.path(), "slow.sh", "sleep 20");
    write(dir.path(), "in.txt", "hello\n");
    let child = bin()
        .current_dir(dir.path())
        .args(["--script", "./slow.sh", "in.txt", "--no-cache"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    // SAFETY: `kill` with a child's pid and a signal number has no memory effects.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("cancelled"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("in.txt")).unwrap(),
        "hello\n"
    );
}

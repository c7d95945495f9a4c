//! End-to-end tests of the `cargo-minimize` binary on single files with the real
//! rustc: ICE files reduced and still crashing the same way, the same-bug rule,
//! flags, scripts, the cache.

// End-to-end tests run the real binaries and compilers as a user would, directly.
#![allow(clippy::disallowed_methods)]

mod common;

use std::path::Path;
use std::process::Command;

use common::*;

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
    // Rust files are swept for 1-minimality only with --exhaustive.
    assert_eq!(json["one_minimal"], false, "{json}");
    // The generic passes that take nothing on Rust code are not run on it.
    let ran: Vec<&str> = (json["passes"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(ran.contains(&"tokens"), "{ran:?}");
    assert!(
        !(ran.iter()).any(|n| ["lines", "chaos-lines", "ngrams"].contains(n)),
        "{ran:?}"
    );
    assert!(!stderr(&o).contains("1-minimal:"), "{}", stderr(&o));
    // Check the result by hand with rustc.
    let r = compile_result(dir.path(), &[]);
    assert_eq!(r.status.code(), Some(101));
    assert!(String::from_utf8_lossy(&r.stderr).contains("rustc_hir_typeck/src/method/probe.rs"));
}

/// `--exhaustive` with a pass list: every sweep of the Rust neighbourhood the list
/// lacks is appended, and when none finds anything the result is claimed 1-minimal.
#[test]
fn exhaustive_with_a_pass_list_sweeps_the_whole_neighbourhood() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _) = ice_fixture("trait_alias_negative_probe.rs");
    write(dir.path(), "bug.rs", &text);
    let args = ["--ice", "bug.rs", "-j", "2", "--json", "--exhaustive"];
    let o = run(
        dir.path(),
        &[&args[..], &["--passes", "rust-items,tokens"]].concat(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = summary(&o);
    let ran: Vec<&str> = (json["passes"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    for sweep in [
        "rust-lines",
        "rust-pairs",
        "rust-token-runs",
        "rust-replace-tokens",
        "rust-bytes",
    ] {
        assert!(ran.contains(&sweep), "{sweep} missing: {ran:?}");
    }
    assert_eq!(json["one_minimal"], true, "{json}");
    assert!(stderr(&o).contains("1-minimal:"), "{}", stderr(&o));
    let r = compile_result(dir.path(), &[]);
    assert_eq!(r.status.code(), Some(101));
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
        Some(4),
        "two checks of the original, one under the memory limit, and the final check only: {json}"
    );
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
    // A data file's result is swept for 1-minimality (here from the cache), and
    // says so.
    assert_eq!(json["one_minimal"], true, "{json}");
    assert!(stderr(&o).contains("1-minimal: no line"), "{}", stderr(&o));
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

/// Of five extra rustc flags, the ICE needs one (`-Zvalidate-mir`): the rest go
/// once the code is reduced, and the report's command has only that one.
#[test]
fn the_result_keeps_only_the_rustc_flags_the_bug_needs() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _) = corpus_ice("async_box_pin_generic_send_validate_mir.rs");
    write(dir.path(), "bug.rs", &text);
    let flags = [
        "-Cdebuginfo=1",
        "--cfg",
        "feature_x",
        "-Zvalidate-mir",
        "-Copt-level=3",
        "-Zmir-opt-level=1",
    ];
    let mut args = vec!["--ice", "bug.rs", "--no-cache", "--report", "--"];
    args.extend(flags);
    let o = run(dir.path(), &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the bug needs only these rustc flags: -Zvalidate-mir\n"),
        "{}",
        stderr(&o)
    );
    let report = String::from_utf8_lossy(&o.stdout).into_owned();
    let command = (report.lines())
        .find(|l| l.contains(" rustc ") && l.contains("--edition"))
        .unwrap_or_else(|| panic!("no command in the report:\n{report}"));
    assert!(command.contains("-Zvalidate-mir"), "{command}");
    for gone in ["debuginfo", "feature_x", "opt-level", "mir-opt-level"] {
        assert!(!command.contains(gone), "{command}");
    }
}

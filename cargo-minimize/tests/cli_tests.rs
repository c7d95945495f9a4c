//! End-to-end tests of `cargo minimize --test`: a failing test's crate sources or
//! input reduced, with real published crates and real cargo.

// End-to-end tests run the real binaries and compilers as a user would, directly.
#![allow(clippy::disallowed_methods)]

mod common;

use std::path::Path;
use std::process::Command;

use common::*;

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

/// A reader that allocates and fills gigabytes on some inputs (here: any input
/// shorter than 6 bytes, as a wrong length field makes a real one do): under the
/// learned memory limit such a run fails at once, instead of filling memory until
/// the time limit stops it. No check times out, and the result is the smallest
/// input that fails the test's way.
#[test]
fn a_test_that_allocates_gigabytes_on_a_candidate_fails_at_once_under_the_memory_limit() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("hog");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"hog\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
    );
    write(
        &root,
        "tests/read.rs",
        "#[test]\nfn reads_fixture() {\n    let path = concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/tests/data.txt\");\n    let text = std::fs::read(path).unwrap();\n    if text.len() < 6 {\n        let buf = vec![7u8; 12 << 30];\n        assert_eq!(std::hint::black_box(&buf)[buf.len() - 1], 7);\n        return;\n    }\n    assert!(!text.contains(&b'X'), \"an X\");\n}\n",
    );
    let data: String = (0..40).map(|i| format!("line {i}\n")).collect::<String>() + "X\n";
    write(&root, "tests/data.txt", &data);
    let o = run(
        &root,
        &[
            "--test",
            "reads_fixture",
            "--input",
            "tests/data.txt",
            "-j",
            "2",
            "--no-cache",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("memory limit of a check: 256 MiB (learned: 16 x"),
        "{}",
        stderr(&o)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    let summary: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(summary["timeouts"], 0, "{out}");
    let min = std::fs::read(root.join("tests/data.min.txt")).unwrap();
    assert_eq!(min.len(), 6, "{}", String::from_utf8_lossy(&min));
    assert!(min.contains(&b'X'));
}

/// A reader that loops on some inputs (any input shorter than 6 bytes, as a cut
/// that sends a walk around a cycle makes a real one do): the test binary's run
/// also has a CPU-time limit, learned beside the wall-time one, which stops a loop
/// whatever the machine's load.
#[test]
fn a_test_that_loops_on_a_candidate_is_stopped_at_the_cpu_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("spin");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"spin\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
    );
    write(
        &root,
        "tests/read.rs",
        "#[test]\nfn reads_fixture() {\n    let path = concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/tests/data.txt\");\n    let text = std::fs::read(path).unwrap();\n    let mut n = text.len() as u64;\n    while std::hint::black_box(n) < 6 {\n        n = n.wrapping_mul(3) % 6;\n    }\n    assert!(!text.contains(&b'X'), \"an X\");\n}\n",
    );
    let data: String = (0..40).map(|i| format!("line {i}\n")).collect::<String>() + "X\n";
    write(&root, "tests/data.txt", &data);
    let o = run(
        &root,
        &[
            "--test",
            "reads_fixture",
            "--input",
            "tests/data.txt",
            "-j",
            "2",
            "--no-cache",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("at least 0.5 s), and 0.10 s of CPU time"),
        "{}",
        stderr(&o)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    let summary: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert!(summary["timeouts"].as_u64().unwrap() >= 1, "{out}");
    let min = std::fs::read(root.join("tests/data.min.txt")).unwrap();
    assert_eq!(min.len(), 6, "{}", String::from_utf8_lossy(&min));
}

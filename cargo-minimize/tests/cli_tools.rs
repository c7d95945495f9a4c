//! End-to-end tests of `--ice --tool clippy|rustdoc`: real crashes of this
//! toolchain's `clippy-driver` and `rustdoc` (cases of `tools/corpus/tool-bugs/tune`),
//! on a file and in a crate (`cargo clippy`, `cargo doc`). A test whose tool is not
//! installed says so and passes.

// End-to-end tests run the real tools as a user would, directly.
#![allow(clippy::disallowed_methods)]

mod common;
use common::*;

use std::path::Path;

/// The body of a corpus case, without its `//` header lines.
fn corpus_case(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tools/corpus/tool-bugs/tune")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip_while(|l| l.starts_with("// "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `true` when `program` runs (`--version`); otherwise says why the test is skipped.
fn have(program: &str) -> bool {
    let ok = std::process::Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("skipped: `{program}` is not installed (rustup component add clippy)");
    }
    ok
}

#[test]
fn a_clippy_crash_is_reduced_with_clippy_and_reported_with_its_version() {
    if !have("clippy-driver") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "lint.rs",
        &corpus_case("clippy_transmute_fn_item_to_unit_enum.rs"),
    );
    // rustc alone compiles it: the crash is clippy's.
    let out = run(dir.path(), &["--ice", "lint.rs", "-j", "1"]);
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    let out = run(
        dir.path(),
        &[
            "--ice", "lint.rs", "--tool", "clippy", "-j", "2", "--report",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let result = std::fs::read_to_string(dir.path().join("lint_min.rs")).unwrap();
    assert!(result.contains("transmute"), "{result}");
    assert!(result.len() < 120, "{result}");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("### Clippy crash"), "{report}");
    assert!(report.contains("clippy-driver --edition=2021"), "{report}");
    assert!(
        report.contains("`clippy-driver --version && clippy-driver -vV`:\n\n```\nclippy 0."),
        "{report}"
    );
    assert!(report.contains("no type for node"), "{report}");
}

#[test]
fn a_rustdoc_crash_is_reduced_with_rustdoc_on_a_file_and_in_a_crate() {
    if !have("rustdoc") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let code = corpus_case("rustdoc_auto_trait_unpin_impl_higher_ranked_fn_ptr.rs");
    write(dir.path(), "docs.rs", &code);
    let out = run(
        dir.path(),
        &[
            "--ice", "docs.rs", "--tool", "rustdoc", "-j", "2", "--report",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let result = std::fs::read_to_string(dir.path().join("docs_min.rs")).unwrap();
    // The higher-ranked fn pointer: `for<'a> fn(&'a u32)` or its elided form.
    assert!(result.contains("fn(&"), "{result}");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("### Rustdoc crash"), "{report}");
    assert!(
        report.contains("`rustdoc -vV`:\n\n```\nrustdoc 1."),
        "{report}"
    );
    assert!(
        report.contains("rustdoc --edition=2021 --crate-type=lib"),
        "{report}"
    );

    // The same crash in a crate, under `cargo doc`, with a module that does not matter.
    let root = dir.path().join("docs");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"docs\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(&root, "src/lib.rs", &format!("pub mod extra;\n{code}"));
    write(
        &root,
        "src/extra.rs",
        "/// Adds.\npub fn add(a: u32, b: u32) -> u32 {\n    a + b\n}\n",
    );
    let out = run(&root, &["--ice", "--tool", "rustdoc", "-j", "2", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lib = std::fs::read_to_string(dir.path().join("docs.min/src/lib.rs")).unwrap();
    assert!(!lib.contains("extra"), "{lib}");
    assert!(lib.contains("fn(&"), "{lib}");
    let json = summary(&out);
    assert!(
        json["signature"]["location"]
            .as_str()
            .unwrap()
            .contains("auto_trait.rs"),
        "{json}"
    );
}

#[test]
fn a_clippy_crash_in_a_crate_is_reduced_under_cargo_clippy() {
    if !have("cargo-clippy") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("lints");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"lints\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        &root,
        "src/lib.rs",
        &format!(
            "mod more;\npub use more::twice;\n{}",
            corpus_case("clippy_transmute_fn_item_to_unit_enum.rs")
        ),
    );
    write(
        &root,
        "src/more.rs",
        "pub fn twice(x: u32) -> u32 {\n    x * 2\n}\n",
    );
    let out = run(&root, &["--ice", "--tool", "clippy", "-j", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lib = std::fs::read_to_string(dir.path().join("lints.min/src/lib.rs")).unwrap();
    assert!(lib.contains("transmute"), "{lib}");
    assert!(!lib.contains("twice"), "{lib}");
}

//! End-to-end tests of `--miscompile`: real rustc builds, real runs of the programs.
//! A real LLVM miscompilation is in `tools/corpus/tool-bugs/`; these tests make the
//! two builds differ on purpose (`--compare` with a `--cfg`, a build script that
//! sees the profile), so that they do not depend on one compiler bug staying unfixed.

// End-to-end tests run the real compiler and programs as a user would, directly.
#![allow(clippy::disallowed_methods)]

mod common;
use common::*;

/// A program whose `(.., flag())` line differs between the builds of the test, in
/// ordinary code that does not matter.
const PROGRAM: &str = r#"use std::fmt::Write;

struct Point {
    x: i32,
    y: i32,
}

fn area(p: &Point) -> i32 {
    p.x * p.y
}

fn flag() -> u32 {
    if cfg!(foo) { 2 } else { 0 }
}

fn main() {
    let p = Point { x: 3, y: 4 };
    println!("area {}", area(&p));
    let mut s = String::new();
    for i in 0..3 {
        write!(s, "{i},").unwrap();
    }
    println!("{s}");
    let v = vec![0u8];
    println!("{:?}", (v, flag()));
    println!("done");
}
"#;

#[test]
fn a_program_that_two_builds_run_differently_is_reduced_to_the_differing_line() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "prog.rs", PROGRAM);
    let out = run(
        dir.path(),
        &[
            "--miscompile",
            "prog.rs",
            "--compare",
            "-C opt-level=0",
            "-C opt-level=0 --cfg foo",
            "-j",
            "2",
            "--report",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let result = std::fs::read_to_string(dir.path().join("prog_min.rs")).unwrap();
    // What both builds print alike is gone; the differing line and what makes it stay.
    assert!(!result.contains("area"), "{result}");
    assert!(!result.contains("done"), "{result}");
    assert!(result.contains("cfg!(foo)"), "{result}");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("### Miscompilation (wrong code)"),
        "{report}"
    );
    assert!(
        report
            .contains("with -C opt-level=0:\n([0], 0)\n\nwith -C opt-level=0 --cfg foo:\n([0], 2)"),
        "{report}"
    );
    assert!(
        report.contains("-C opt-level=0 --cfg foo prog.rs -o prog-b && ./prog-b"),
        "{report}"
    );
    assert!(result.len() < 200, "{result}");
    // The result, built both ways by hand, still differs the same way.
    let outputs: Vec<String> = [&["-Copt-level=0"][..], &["-Copt-level=0", "--cfg", "foo"]]
        .iter()
        .enumerate()
        .map(|(i, flags)| {
            let exe = dir.path().join(format!("by-hand-{i}"));
            let built = std::process::Command::new("rustc")
                .args(["--edition=2021", "-Coverflow-checks=off"])
                .args(*flags)
                .arg(dir.path().join("prog_min.rs"))
                .arg("-o")
                .arg(&exe)
                .output()
                .unwrap();
            assert!(
                built.status.success(),
                "{}",
                String::from_utf8_lossy(&built.stderr)
            );
            let ran = std::process::Command::new(&exe).output().unwrap();
            String::from_utf8_lossy(&ran.stdout).into_owned()
        })
        .collect();
    assert_eq!(outputs, ["([0], 0)\n", "([0], 2)\n"]);
}

#[test]
fn a_program_without_a_difference_or_with_a_changing_output_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "same.rs",
        "fn main() { println!(\"{}\", 1 + 1); }\n",
    );
    let out = run(dir.path(), &["--miscompile", "same.rs", "-j", "1"]);
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("prints the same with -C opt-level=0 and with -C opt-level=3"),
        "{}",
        stderr(&out)
    );
    write(
        dir.path(),
        "clock.rs",
        "fn main() { println!(\"{:?}\", std::time::SystemTime::now()); }\n",
    );
    let out = run(dir.path(), &["--miscompile", "clock.rs", "-j", "1"]);
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("prints different things on two runs"),
        "{}",
        stderr(&out)
    );
    write(dir.path(), "lib.rs", "pub fn f() {}\n");
    let out = run(dir.path(), &["--miscompile", "lib.rs"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("no `fn main`"), "{}", stderr(&out));
    // Nothing was written beside the inputs.
    assert!(!dir.path().join("same_min.rs").exists());
}

#[test]
fn a_crate_is_compared_in_its_dev_and_release_profiles() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("app");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    // The build script tells the code which profile it is built in.
    write(
        &root,
        "build.rs",
        "fn main() {\n    println!(\"cargo::rustc-check-cfg=cfg(rel)\");\n    if std::env::var(\"PROFILE\").as_deref() == Ok(\"release\") {\n        println!(\"cargo:rustc-cfg=rel\");\n    }\n}\n",
    );
    write(
        &root,
        "src/main.rs",
        "mod util;\nfn main() {\n    println!(\"start\");\n    println!(\"{}\", util::sum(&[1, 2, 3]));\n    println!(\"{:?}\", ([0u8], util::flag()));\n}\n",
    );
    write(
        &root,
        "src/util.rs",
        "pub fn sum(xs: &[i32]) -> i32 {\n    xs.iter().sum()\n}\npub fn flag() -> u32 {\n    if cfg!(rel) { 2 } else { 0 }\n}\n",
    );
    let out = run(&root, &["--miscompile", "-j", "2", "--report"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let min = dir.path().join("app.min");
    let main = std::fs::read_to_string(min.join("src/main.rs")).unwrap();
    assert!(!main.contains("sum"), "{main}");
    assert!(main.contains("cfg!(rel)"), "{main}");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("with dev:\n([0], 0)\n\nwith release:\n([0], 2)"),
        "{report}"
    );
    assert!(report.contains("cargo run --quiet --release"), "{report}");
    // The user's crate is untouched.
    assert!(root.join("src/util.rs").exists());
}

//! End-to-end tests of the `cargo-minimize` binary on crates with real cargo: ICEs in
//! multi-file crates and workspaces, cargo configuration, what the result keeps.

// End-to-end tests run the real binaries and compilers as a user would, directly.
#![allow(clippy::disallowed_methods)]

mod common;

use std::path::Path;
use std::process::Command;

use common::*;

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
    // RUSTFLAGS as flags, and so does the summary.
    let alone = "RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib --crate-name=app -Ztreat-err-as-bug=1 src/lib.rs";
    assert!(
        md.contains(&format!("on the file alone:\n\n```sh\n{alone}\n```")),
        "{md}"
    );
    assert!(
        stderr(&o).contains(&format!(
            "the same crash without cargo, on the one file (in {}):\n    {alone}",
            out.display()
        )),
        "{}",
        stderr(&o)
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
/// its own, with its workspace around it; the other members are not reduced, and
/// go once the member shows the crash alone.
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
    // The member shows the crash alone: it is taken out of its workspace, the
    // other member is not in the output; the original is untouched.
    assert!(manifest.contains("[workspace]"), "{manifest}");
    assert!(!dir.path().join("ws.min/util").exists(), "{e}");
    assert_eq!(
        std::fs::read_to_string(ws.join("util/src/lib.rs")).unwrap(),
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
    // made absolute); the result uses neither, and its manifest lists neither. It
    // then shows the crash alone: the member is taken out of its workspace (what
    // it inherited written in), and the rest of the workspace copy is gone.
    let copied = std::fs::read_to_string(out.join("Cargo.toml")).unwrap();
    assert!(
        copied.contains("edition = \"2021\"") && copied.contains("[workspace]"),
        "{copied}"
    );
    let left: Vec<_> = std::fs::read_dir(dir.path().join("ws.min"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["app"], "{}", stderr(&o));
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

/// A crate whose `[lints]` deny `unreachable_pub` (a deletion the bug allows leaves
/// a `pub` item unreachable: an error before the crash) and whose build script
/// would run on every check: both are taken out of the way first, in one check,
/// since the bug shows without them; the build script then runs only for the
/// checks of the original and that one.
#[test]
fn lints_and_the_build_script_are_taken_out_of_the_way_first() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("app");
    let log = dir.path().join("build-runs.log");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[lints.rust]\nunreachable_pub = \"deny\"\n\n[profile.dev]\nopt-level = 0\n",
    );
    write(
        &root,
        "build.rs",
        &format!(
            "use std::io::Write;\nfn main() {{\n    let mut f = std::fs::OpenOptions::new().append(true).create(true).open({log:?}).unwrap();\n    f.write_all(b\"ran\\n\").unwrap();\n}}\n"
        ),
    );
    write(
        &root,
        "src/lib.rs",
        "mod inner;\npub use inner::api;\n\npub fn double(x: u32) -> u32 {\n    x * 2\n}\n",
    );
    write(
        &root,
        "src/inner.rs",
        "pub fn api(x: u32) -> u32 {\n    x + 1\n}\n\npub static LIMIT: u32 = ();\npub trait NotShared = !Sync;\n",
    );
    let o = run(&root, &["--ice", "-j", "2", "--no-cache", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the bug shows without them"),
        "{}",
        stderr(&o)
    );
    let out = dir.path().join("app.min");
    let manifest = std::fs::read_to_string(out.join("Cargo.toml")).unwrap();
    assert!(
        !manifest.contains("lints") && !manifest.contains("profile"),
        "{manifest}"
    );
    assert!(!out.join("build.rs").exists());
    let lib = std::fs::read_to_string(out.join("src/lib.rs")).unwrap();
    assert!(!lib.contains("double") && !lib.contains("api"), "{lib}");
    // The original's checks (2) and the one without the build script's... none:
    // the build script ran for the checks of the original only.
    let runs = std::fs::read_to_string(&log).unwrap().lines().count();
    assert!(runs <= 2, "the build script ran {runs} times");
    assert!(root.join("build.rs").exists(), "the original is untouched");
}

/// A crash that needs a dependency's items and macro: the result is one file with
/// the macro expanded and the dependency inlined, a manifest without
/// dependencies, and nothing else; plain `rustc` shows the crash on it.
#[test]
fn a_dependency_the_bug_needs_is_inlined_and_its_macro_expanded() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("shapes");
    write(
        &lib,
        "Cargo.toml",
        "[package]\nname = \"shapes\"\nversion = \"0.2.0\"\nedition = \"2021\"\n",
    );
    write(
        &lib,
        "src/lib.rs",
        "//! Shapes.\npub mod proj;\n\n#[macro_export]\nmacro_rules! parent {\n    ($n:ident) => {\n        pub trait $n<Z> {}\n    };\n}\n\npub fn area(w: u32, h: u32) -> u32 {\n    w * h\n}\n",
    );
    write(
        &lib,
        "src/proj.rs",
        "pub trait Projected {\n    type Out;\n}\n\nimpl Projected for &'static () {\n    type Out = ();\n}\n\npub fn perimeter(w: u32) -> u32 {\n    crate::area(w, 4)\n}\n",
    );
    let root = dir.path().join("app");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nshapes = { path = \"../shapes\" }\n",
    );
    write(
        &root,
        "src/lib.rs",
        "mod inner;\npub use inner::*;\n\nshapes::parent!(Parent);\n\n#[derive(Debug, Clone)]\npub struct Size(pub u32);\n\npub fn size() -> Size {\n    Size(shapes::area(2, 3))\n}\n",
    );
    write(
        &root,
        "src/inner.rs",
        "use shapes::proj::Projected;\n\npub trait Child<R: Projected>: crate::Parent<R::Out> {\n    fn act(&self) {}\n}\n\npub fn bounded<W: for<'b> Child<&'b ()>>() {}\n",
    );
    let o = run(&root, &["--ice", "-j", "2", "--no-cache"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("inlined as module"), "{err}");
    let out = dir.path().join("app.min");
    let mut files: Vec<String> = walkdir(&out);
    files.sort();
    assert_eq!(files, ["Cargo.toml", "src/lib.rs"], "{err}");
    let manifest = std::fs::read_to_string(out.join("Cargo.toml")).unwrap();
    assert!(!manifest.contains("shapes"), "{manifest}");
    let code = std::fs::read_to_string(out.join("src/lib.rs")).unwrap();
    assert!(!code.contains("shapes") && !code.contains('!'), "{code}");
    assert!(err.contains("the same crash without cargo"), "{err}");
    assert!(root.join("src/inner.rs").exists() && lib.join("src/proj.rs").exists());
}

/// Every file under `dir`, relative, outside `target/`.
fn walkdir(dir: &std::path::Path) -> Vec<String> {
    fn go(root: &std::path::Path, dir: &std::path::Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                if e.file_name() != "target" {
                    go(root, &p, out);
                }
            } else {
                out.push(p.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    let mut out = Vec::new();
    go(dir, dir, &mut out);
    out
}

/// A crate's `RUSTFLAGS` (one of five needed), cargo arguments and profile
/// settings come down to what the bug needs; the summary gives the minimal command.
#[test]
fn a_crate_keeps_only_the_flags_the_bug_needs() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("fl");
    write(
        &root,
        "Cargo.toml",
        "[package]\nname = \"fl\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[features]\nextra = []\n",
    );
    write(
        &root,
        "src/lib.rs",
        "use core::future::Future;\nuse core::pin::Pin;\n\npub fn spawn_it<V>(captured: V) -> Pin<Box<dyn Future<Output = ()> + Send>> {\n    Box::pin(async {\n        captured;\n    })\n}\n\npub fn pad() -> u32 {\n    3\n}\n",
    );
    let o = bin()
        .current_dir(&root)
        .env(
            "RUSTFLAGS",
            "-Cdebuginfo=0 -Zvalidate-mir --cfg foo -Zthreads=1 -Coverflow-checks=on",
        )
        .args([
            "--ice",
            "-j",
            "2",
            "--no-cache",
            "--",
            "--features",
            "extra",
        ])
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("the bug needs only these RUSTFLAGS: -Zvalidate-mir"),
        "{err}"
    );
    assert!(
        err.contains("the bug needs none of the cargo arguments"),
        "{err}"
    );
    assert!(
        err.contains(
            "rustc --edition=2021 --crate-type=lib --crate-name=fl -Zvalidate-mir src/lib.rs"
        ),
        "{err}"
    );
    let manifest = std::fs::read_to_string(dir.path().join("fl.min/Cargo.toml")).unwrap();
    assert!(!manifest.contains("features"), "{manifest}");
}

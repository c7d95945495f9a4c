//! End-to-end tests of the `cargo-minimize` binary when things go wrong: an original
//! that does not show the bug, flaky and hanging checks, bad input, unwritable
//! output, interrupts, hostile file names, large inputs.

// End-to-end tests run the real binaries and compilers as a user would, directly.
#![allow(clippy::disallowed_methods)]

mod common;

use std::process::Command;

use common::*;

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

/// Without `--timeout`, the limit of a check is learned from the original's checks
/// (10 x the slowest, at least 0.5 s): candidates that hang are stopped after 0.5 s,
/// not after the 60 s cap, and count as not showing the bug. With `--timeout`, the
/// limit is the one given.
#[test]
fn the_time_limit_is_learned_from_the_original() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "in.txt", "one\ntwo\nKEEP\nBUG\n");
    // Without KEEP, the check hangs; with it, BUG is the bug.
    script(
        dir.path(),
        "check.sh",
        r#"if ! grep -q KEEP "$1"; then sleep 100 & sleep 100; fi; grep -q BUG "$1""#,
    );
    let start = std::time::Instant::now();
    let o = run(
        dir.path(),
        &[
            "--script",
            "./check.sh",
            "in.txt",
            "-j",
            "2",
            "--no-cache",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("time limit of a check: 0.50 s (learned: 10 x 0.0"),
        "{}",
        stderr(&o)
    );
    let summary: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON summary");
    let timeouts = summary["timeouts"].as_u64().unwrap();
    assert!(timeouts >= 1, "{summary}");
    assert!(
        stderr(&o).contains(&format!("{timeouts} checks stopped at the time limit")),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("in.min.txt")).unwrap(),
        "KEEPBUG"
    );
    // Each hanging candidate cost 2 s, not the 60 s cap.
    assert!(start.elapsed().as_secs() < 50, "{:?}", start.elapsed());
    script(dir.path(), "quick.sh", r#"grep -q BUG "$1""#);
    let o = run(
        dir.path(),
        &[
            "--script",
            "./quick.sh",
            "in.txt",
            "--timeout",
            "5",
            "--no-cache",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        !stderr(&o).contains("time limit of a check"),
        "{}",
        stderr(&o)
    );
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

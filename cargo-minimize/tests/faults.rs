//! Faults with the real binary: Ctrl-C and kill -9 mid-run, two runs sharing one
//! cache, and a damaged cache. The predicate is a real (slow) shell script, so the
//! runs last long enough to be interrupted.

// End-to-end tests run the real binaries and compilers as a user would, directly.
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn script(dir: &Path) -> PathBuf {
    slow_script(dir, "0.05")
}

fn slow_script(dir: &Path, sleep: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join("check.sh");
    // Interesting iff the candidate still has the line KEEP; slow on purpose.
    std::fs::write(
        &p,
        format!("#!/bin/sh\nsleep {sleep}\ngrep -q '^KEEP$' \"$1\"\n"),
    )
    .unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

fn input(dir: &Path, name: &str) -> PathBuf {
    let mut text = String::new();
    for i in 0..400 {
        text.push_str(&format!("line {i} with some words in it\n"));
        if i == 217 {
            text.push_str("KEEP\n");
        }
    }
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn start(dir: &Path, tmp: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_cargo-minimize"))
        .current_dir(dir)
        .env("TMPDIR", tmp)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Processes whose command line mentions `needle` (e.g. a test's private script).
fn processes_mentioning(needle: &str) -> Vec<u32> {
    let mut v = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        if let Ok(cmd) = std::fs::read(format!("/proc/{pid}/cmdline")) {
            if String::from_utf8_lossy(&cmd).contains(needle) {
                v.push(pid);
            }
        }
    }
    v
}

fn wait_timeout(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let t0 = Instant::now();
    while t0.elapsed() < limit {
        if let Some(s) = child.try_wait().unwrap() {
            return Some(s);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

fn json_of(out: &[u8]) -> serde_json::Value {
    let s = String::from_utf8_lossy(out);
    serde_json::from_str(s.lines().last().unwrap()).unwrap()
}

#[test]
fn ctrl_c_saves_the_best_and_leaves_nothing_behind() {
    a_signal_saves_the_best_and_leaves_nothing_behind(libc::SIGINT);
}

/// `timeout`, a CI runner or a process manager stops a run with SIGTERM (a closed
/// terminal sends SIGHUP): the same as Ctrl-C.
#[test]
fn sigterm_saves_the_best_and_leaves_nothing_behind() {
    a_signal_saves_the_best_and_leaves_nothing_behind(libc::SIGTERM);
}

fn a_signal_saves_the_best_and_leaves_nothing_behind(signal: i32) {
    let dir = tempfile::tempdir().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let check = slow_script(dir.path(), "0.3");
    let file = input(dir.path(), "in.txt");
    let original = std::fs::read(&file).unwrap();
    let args = [
        "--script",
        check.to_str().unwrap(),
        "in.txt",
        "-j",
        "2",
        "--no-cache",
    ];
    let mut child = start(dir.path(), tmp.path(), &args);
    // Interrupt once something has been gained.
    let out_path = dir.path().join("in.min.txt");
    let t0 = Instant::now();
    while std::fs::metadata(&out_path).map_or(true, |m| m.len() as usize >= original.len()) {
        assert!(t0.elapsed() < Duration::from_secs(30), "no progress");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(child.try_wait().unwrap().is_none(), "still running");
    unsafe { libc::kill(child.id() as i32, signal) };
    let t0 = Instant::now();
    let status = wait_timeout(&mut child, Duration::from_secs(5)).expect("exits after the signal");
    assert!(
        t0.elapsed() < Duration::from_secs(2),
        "took {:?}",
        t0.elapsed()
    );
    assert_eq!(status.code(), Some(130));
    let out = std::fs::read_to_string(dir.path().join("in.min.txt")).unwrap();
    assert!(
        out.lines().any(|l| l == "KEEP"),
        "the saved result is interesting"
    );
    assert!(out.len() < original.len(), "and smaller than the input");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        original,
        "the original is intact"
    );
    assert!(
        processes_mentioning(check.to_str().unwrap()).is_empty(),
        "no check left running"
    );
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().flatten().collect();
    assert!(left.is_empty(), "scratch left behind: {left:?}");
}

#[test]
fn kill_9_keeps_the_best_so_far_and_a_rerun_resumes_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    // Slow enough that the run is still going when it is killed.
    let check = slow_script(dir.path(), "0.12");
    let file = input(dir.path(), "in.txt");
    let original = std::fs::read(&file).unwrap();
    let cache = dir.path().join("cache");
    let args = [
        "--cache-dir",
        cache.to_str().unwrap(),
        "--script",
        check.to_str().unwrap(),
        "in.txt",
        "-j",
        "2",
        "--json",
    ];
    let mut child = start(dir.path(), tmp.path(), &args);
    std::thread::sleep(Duration::from_millis(2500));
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        processes_mentioning(check.to_str().unwrap()).is_empty(),
        "children die with the parent"
    );
    assert_eq!(std::fs::read(&file).unwrap(), original);
    let out = std::fs::read_to_string(dir.path().join("in.min.txt")).unwrap();
    assert!(
        out.lines().any(|l| l == "KEEP"),
        "the output is interesting"
    );
    assert!(out.len() < original.len());
    // A killed run cannot remove its scratch directories...
    let scratch = |t: &Path| {
        std::fs::read_dir(t)
            .unwrap()
            .flatten()
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("cargo-minimize-")
            })
            .count()
    };
    assert!(scratch(tmp.path()) > 0, "the killed run left its scratch");

    // A rerun on the original resumes from the cache...
    let rerun = start(dir.path(), tmp.path(), &args)
        .wait_with_output()
        .unwrap();
    assert_eq!(rerun.status.code(), Some(0));
    let warm = json_of(&rerun.stdout);
    // ... and removes what the killed run left (its lock is free), then its own.
    assert_eq!(scratch(tmp.path()), 0, "abandoned scratch is swept");
    // The same reduction without a cache, for comparison.
    let cold_dir = tempfile::tempdir().unwrap();
    let check2 = slow_script(cold_dir.path(), "0.12");
    input(cold_dir.path(), "in.txt");
    let cold = start(
        cold_dir.path(),
        tmp.path(),
        &[
            "--script",
            check2.to_str().unwrap(),
            "in.txt",
            "-j",
            "2",
            "--json",
            "--no-cache",
        ],
    )
    .wait_with_output()
    .unwrap();
    let cold = json_of(&cold.stdout);
    assert_eq!(warm["output_bytes"], cold["output_bytes"]);
    let (w, c) = (
        warm["predicate_runs"].as_u64().unwrap(),
        cold["predicate_runs"].as_u64().unwrap(),
    );
    assert!(warm["cache_hits"].as_u64().unwrap() > 0);
    assert!(w < c, "rerun {w} runs vs {c} without the cache");
}

#[test]
fn two_runs_share_a_cache_and_damaged_entries_are_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let check = script(dir.path());
    input(dir.path(), "a.txt");
    let mut b = std::fs::read_to_string(input(dir.path(), "b.txt")).unwrap();
    b.push_str("tail\n");
    std::fs::write(dir.path().join("b.txt"), b).unwrap();
    let cache = dir.path().join("cache");
    let run = |name: &str| {
        start(
            dir.path(),
            tmp.path(),
            &[
                "--cache-dir",
                cache.to_str().unwrap(),
                "--script",
                check.to_str().unwrap(),
                name,
                "-j",
                "2",
                "--json",
            ],
        )
    };
    let (a, b) = (run("a.txt"), run("b.txt"));
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(b.status.code(), Some(0));
    for f in ["a.min.txt", "b.min.txt"] {
        assert_eq!(
            std::fs::read_to_string(dir.path().join(f)).unwrap().trim(),
            "KEEP"
        );
    }
    // Damage every entry: truncate half, fill the rest with garbage.
    let mut n = 0;
    for e in walk(&cache) {
        n += 1;
        if n % 2 == 0 {
            std::fs::write(&e, b"").unwrap();
        } else {
            std::fs::write(&e, b"\xff\xfegarbage-garbage").unwrap();
        }
    }
    assert!(n > 0, "the cache has entries");
    let again = run("a.txt").wait_with_output().unwrap();
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert!(String::from_utf8_lossy(&again.stderr).contains("warning"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.min.txt"))
            .unwrap()
            .trim(),
        "KEEP"
    );
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

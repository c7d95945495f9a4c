//! The script predicate against real processes: exit codes, the candidate path,
//! private directories, and timeouts that kill a whole process group.

use std::path::Path;
use std::time::{Duration, Instant};

use minimize_engine::predicate::{ScriptConfig, ScriptPredicate};
use minimize_engine::{CancelFlag, Predicate, RunEnv, TestCase, Verdict};

fn script(dir: &Path, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join("check.sh");
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

fn test(pred: &ScriptPredicate, case: &TestCase, scratch: &Path) -> Verdict {
    pred.test(
        case,
        &RunEnv {
            worker: 0,
            scratch,
            cancel: &CancelFlag::new(),
        },
    )
    .unwrap()
}

fn cfg(program: &Path, timeout: Option<Duration>) -> ScriptConfig {
    ScriptConfig {
        program: program.into(),
        args: vec![],
        env: vec![],
        timeout,
        timeout_is_interesting: false,
    }
}

#[test]
fn exit_zero_is_interesting_and_path_is_last_argument() {
    let dir = tempfile::tempdir().unwrap();
    let s = script(
        dir.path(),
        r#"case "$1" in *input.bin) grep -q BUG "$1";; *) exit 9;; esac"#,
    );
    let pred = ScriptPredicate::new(cfg(&s, None));
    let scratch = dir.path().join("w");
    std::fs::create_dir_all(&scratch).unwrap();
    assert_eq!(
        test(
            &pred,
            &TestCase::single("input.bin", b"a BUG b".to_vec()),
            &scratch
        ),
        Verdict::Interesting
    );
    assert_eq!(
        test(
            &pred,
            &TestCase::single("input.bin", b"a b".to_vec()),
            &scratch
        ),
        Verdict::NotInteresting
    );
}

#[test]
fn hostile_script_cannot_touch_files_outside_its_scratch() {
    let dir = tempfile::tempdir().unwrap();
    let precious = dir.path().join("precious.txt");
    std::fs::write(&precious, "keep me").unwrap();
    // Deletes everything in its working directory, then succeeds.
    let s = script(dir.path(), "rm -rf ./* ; exit 0");
    let pred = ScriptPredicate::new(cfg(&s, None));
    let scratch = dir.path().join("w");
    std::fs::create_dir_all(&scratch).unwrap();
    assert_eq!(
        test(&pred, &TestCase::single("x", b"1".to_vec()), &scratch),
        Verdict::Interesting
    );
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me");
}

#[test]
fn timeout_kills_the_whole_process_group() {
    let dir = tempfile::tempdir().unwrap();
    // Unusual durations identify our children in the process table.
    let s = script(
        dir.path(),
        "sleep 913.25 & sleep 913.26 & sh -c 'sleep 913.27' & sleep 913.28",
    );
    let pred = ScriptPredicate::new(cfg(&s, Some(Duration::from_millis(400))));
    let scratch = dir.path().join("w");
    std::fs::create_dir_all(&scratch).unwrap();
    let start = Instant::now();
    assert_eq!(
        test(&pred, &TestCase::single("x", b"1".to_vec()), &scratch),
        Verdict::Timeout
    );
    assert!(start.elapsed() < Duration::from_secs(5));
    std::thread::sleep(Duration::from_millis(200));
    #[allow(clippy::disallowed_methods)] // looks at the system's processes from outside
    let ps = std::process::Command::new("ps")
        .args(["-eo", "args"])
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&ps.stdout);
    assert!(
        !table.contains("sleep 913.2"),
        "children survived the timeout:\n{table}"
    );
}

#[test]
fn hang_mode_makes_timeouts_interesting() {
    let dir = tempfile::tempdir().unwrap();
    let s = script(
        dir.path(),
        r#"if grep -q LOOP "$1"; then sleep 30; fi; exit 0"#,
    );
    let mut c = cfg(&s, Some(Duration::from_millis(300)));
    c.timeout_is_interesting = true;
    let pred = ScriptPredicate::new(c);
    let scratch = dir.path().join("w");
    std::fs::create_dir_all(&scratch).unwrap();
    assert_eq!(
        test(&pred, &TestCase::single("x", b"LOOP".to_vec()), &scratch),
        Verdict::Interesting
    );
    assert_eq!(
        test(&pred, &TestCase::single("x", b"ok".to_vec()), &scratch),
        Verdict::NotInteresting
    );
}

#[test]
fn fingerprint_changes_with_the_script() {
    let dir = tempfile::tempdir().unwrap();
    let s = script(dir.path(), "exit 0");
    let a = ScriptPredicate::new(cfg(&s, None)).fingerprint();
    script(dir.path(), "exit 1");
    let b = ScriptPredicate::new(cfg(&s, None)).fingerprint();
    assert_ne!(a, b);
}

//! Helpers of the engine tests: run passes on a text with an in-process predicate,
//! read the result, count overlapping calls.

// Each test binary uses some of them.
#![allow(dead_code)]

use std::sync::atomic::{AtomicUsize, Ordering};

use minimize_engine::passes::Pass;
use minimize_engine::{
    reduce, CancelFlag, Config, FnPredicate, NullObserver, NullSink, Outcome, Reduction, TestCase,
    VerdictCache,
};

pub(crate) fn config(jobs: usize) -> Config {
    Config {
        jobs,
        verify_original: true,
        final_check: false,
        ..Config::default()
    }
}

/// Reduces `input` with `passes` while `pred` holds; returns (result, predicate calls).
pub(crate) fn run(
    input: &str,
    passes: Vec<Box<dyn Pass<TestCase>>>,
    pred: impl Fn(&str) -> bool + Sync,
    jobs: usize,
) -> (String, usize) {
    run_file("t.txt", input, passes, pred, jobs)
}

/// `run` on a file named `name` (the Rust passes only work on `.rs` files).
pub(crate) fn run_file(
    name: &str,
    input: &str,
    passes: Vec<Box<dyn Pass<TestCase>>>,
    pred: impl Fn(&str) -> bool + Sync,
    jobs: usize,
) -> (String, usize) {
    let calls = AtomicUsize::new(0);
    let p = FnPredicate::new("test", |c: &TestCase| {
        calls.fetch_add(1, Ordering::Relaxed);
        pred(std::str::from_utf8(c.files().next().unwrap().1).unwrap_or(""))
    });
    let r = Reduction {
        predicate: &p,
        passes,
        config: config(jobs),
        cache: VerdictCache::new(None),
        cancel: CancelFlag::new(),
        admit: None,
        forms: Vec::new(),
    };
    let out = reduce_file(name, input, r);
    let text = text_of(&out.best);
    (text, calls.load(Ordering::Relaxed))
}

/// Reduces the one-file case `name` holding `input` (no observer, no sink).
pub(crate) fn reduce_file(
    name: &str,
    input: &str,
    r: Reduction<'_, TestCase>,
) -> Outcome<TestCase> {
    reduce(
        TestCase::single(name, input.as_bytes().to_vec()),
        r,
        &mut NullObserver,
        &mut NullSink,
    )
    .unwrap()
}

/// The text of a one-file case.
pub(crate) fn text_of(case: &TestCase) -> String {
    String::from_utf8(case.files().next().unwrap().1.to_vec()).unwrap()
}

/// Counts the calls that start while another one is in flight.
#[derive(Default)]
pub(crate) struct Overlaps {
    in_flight: AtomicUsize,
    overlapped: AtomicUsize,
}

impl Overlaps {
    /// `f` as a call that takes `ms` milliseconds.
    pub(crate) fn slow<R>(&self, ms: u64, f: impl FnOnce() -> R) -> R {
        if self.in_flight.fetch_add(1, Ordering::SeqCst) > 0 {
            self.overlapped.fetch_add(1, Ordering::SeqCst);
        }
        std::thread::sleep(std::time::Duration::from_millis(ms));
        self.in_flight.fetch_sub(1, Ordering::SeqCst);
        f()
    }

    pub(crate) fn count(&self) -> usize {
        self.overlapped.load(Ordering::SeqCst)
    }
}

pub(crate) fn check(
    pass: Box<dyn Pass<TestCase>>,
    input: &str,
    pred: impl Fn(&str) -> bool + Sync,
    expect: &str,
) {
    let (out, _) = run(input, vec![pass], pred, 1);
    assert_eq!(out, expect);
}

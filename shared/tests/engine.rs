//! Engine tests with in-process predicates: each pass on small fixtures, the
//! scheduler end to end, determinism across `-j`, and the disk cache.

use std::sync::atomic::{AtomicUsize, Ordering};

use minimize_engine::passes::{
    self, Brackets, CutPass, Delete, Ends, Items, Lines, Pass, Repeats, ShrinkEach, TextInts,
    Tokens,
};
use minimize_engine::{
    reduce, CancelFlag, Config, DiskStore, DiskStoreConfig, FileSink, FnPredicate, NullObserver,
    NullSink, Outcome, Predicate, PredicateError, Reduction, RunEnv, TestCase, Verdict,
    VerdictCache,
};

fn config(jobs: usize) -> Config {
    Config {
        jobs,
        verify_original: true,
        final_check: false,
        ..Config::default()
    }
}

/// Reduces `input` with `passes` while `pred` holds; returns (result, predicate calls).
fn run(
    input: &str,
    passes: Vec<Box<dyn Pass<TestCase>>>,
    pred: impl Fn(&str) -> bool + Sync,
    jobs: usize,
) -> (String, usize) {
    run_file("t.txt", input, passes, pred, jobs)
}

/// `run` on a file named `name` (the Rust passes only work on `.rs` files).
fn run_file(
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
        finish: None,
    };
    let out = reduce_file(name, input, r);
    let text = text_of(&out.best);
    (text, calls.load(Ordering::Relaxed))
}

/// Reduces the one-file case `name` holding `input` (no observer, no sink).
fn reduce_file(name: &str, input: &str, r: Reduction<'_, TestCase>) -> Outcome<TestCase> {
    reduce(
        TestCase::single(name, input.as_bytes().to_vec()),
        r,
        &mut NullObserver,
        &mut NullSink,
    )
    .unwrap()
}

/// The text of a one-file case.
fn text_of(case: &TestCase) -> String {
    String::from_utf8(case.files().next().unwrap().1.to_vec()).unwrap()
}

/// Counts the calls that start while another one is in flight.
#[derive(Default)]
struct Overlaps {
    in_flight: AtomicUsize,
    overlapped: AtomicUsize,
}

impl Overlaps {
    /// `f` as a call that takes `ms` milliseconds.
    fn slow<R>(&self, ms: u64, f: impl FnOnce() -> R) -> R {
        if self.in_flight.fetch_add(1, Ordering::SeqCst) > 0 {
            self.overlapped.fetch_add(1, Ordering::SeqCst);
        }
        std::thread::sleep(std::time::Duration::from_millis(ms));
        self.in_flight.fetch_sub(1, Ordering::SeqCst);
        f()
    }

    fn count(&self) -> usize {
        self.overlapped.load(Ordering::SeqCst)
    }
}

fn check(
    pass: Box<dyn Pass<TestCase>>,
    input: &str,
    pred: impl Fn(&str) -> bool + Sync,
    expect: &str,
) {
    let (out, _) = run(input, vec![pass], pred, 1);
    assert_eq!(out, expect);
}

#[test]
fn delete_lines_keeps_needed_lines() {
    let input: String = (0..200).map(|i| format!("line {i}\n")).collect();
    let pred = |s: &str| s.contains("line 17\n") && s.contains("line 150\n");
    check(
        Box::new(Delete::new(Lines, "lines", usize::MAX)),
        &input,
        pred,
        "line 17\nline 150\n",
    );
}

#[test]
fn lithium_and_adaptive_reach_the_same_lines() {
    let input: String = (0..64).map(|i| format!("l{i}\n")).collect();
    let pred = |s: &str| s.contains("l3\n") && s.contains("l40\n");
    check(
        Box::new(passes::Lithium::new(Lines, "lithium")),
        &input,
        pred,
        "l3\nl40\n",
    );
    check(
        Box::new(passes::AdaptiveDdmin::new(Lines, "ddmin")),
        &input,
        pred,
        "l3\nl40\n",
    );
}

#[test]
fn delete_tokens() {
    check(
        Box::new(Delete::new(Tokens, "tokens", usize::MAX)),
        "let x = a + b * c;",
        |s| s.contains('*'),
        "*",
    );
}

#[test]
fn brackets_cut_whole_pairs_and_interiors() {
    check(
        Box::new(CutPass::new(Brackets)),
        "f(a, g(b), [c]) { x }",
        |s| s.contains('f') && s.contains('('),
        "f() ",
    );
    check(
        Box::new(CutPass::new(Brackets)),
        "a{b{c}d}e",
        |s| s.contains('a') && s.contains('e') && s.contains('{'),
        "a{}e",
    );
}

#[test]
fn repeats_and_ends() {
    check(
        Box::new(CutPass::new(Repeats)),
        "a      b",
        |s| s.contains("a") && s.contains('b') && s.contains(' '),
        "a b",
    );
    check(
        Box::new(Ends::default()),
        "xxxxxBUGyyyyy",
        |s| s.contains("BUG"),
        "BUG",
    );
}

#[test]
fn integers_in_text_shrink_to_the_threshold() {
    let pred = |s: &str| {
        let n: u64 = s
            .trim_start_matches("n = ")
            .trim_end_matches(';')
            .parse()
            .unwrap_or(0);
        n >= 500
    };
    check(
        Box::new(ShrinkEach::new(TextInts)),
        "n = 123456;",
        pred,
        "n = 500;",
    );
}

#[test]
fn a_wide_threshold_is_found_exactly_in_a_later_sweep() {
    // The probe lands in (2^23 - 1, 2^24 - 1]: too wide to bisect the first time (a
    // test per bit, for less than a bit); the second sweep lands there again and
    // bisects it.
    let pred = |s: &str| s.trim().parse::<u64>().unwrap_or(0) >= 10_000_000;
    check(
        Box::new(ShrinkEach::new(TextInts)),
        "987654321987",
        pred,
        "10000000",
    );
}

#[test]
fn a_value_that_would_not_shrink_costs_one_test_in_later_sweeps() {
    // The number must stay 1000; `Ends` then cuts the text around it, so the
    // integer pass runs again on a new case (where its tests are not cached).
    let tries = AtomicUsize::new(0);
    let pred = |s: &str| {
        let nums: Vec<u64> = s
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|t| t.parse().ok())
            .collect();
        if nums.first() != Some(&1000) {
            tries.fetch_add(1, Ordering::Relaxed);
        }
        nums == [1000]
    };
    let (out, _) = run(
        "let a = 1000; // padding",
        vec![
            Box::new(ShrinkEach::new(TextInts)),
            Box::new(Ends::default()),
        ],
        pred,
        1,
    );
    assert_eq!(out, "1000");
    // First sweep: the probe 0, 1, 3, ..., 511 and the bisection of (511, 1000]
    // (18 tests); each later sweep (one per cut of `Ends`, 10 here) only tries 0:
    // 28 tests, where probing all over again took 37.
    let tries = tries.load(Ordering::Relaxed);
    assert!(tries <= 30, "{tries} tests on the number");
}

/// Reduces a list of integers with the default list passes; returns (result, calls).
fn run_ints(
    start: Vec<u64>,
    pred: impl Fn(&[u64]) -> bool + Sync,
    adaptive: bool,
) -> (Vec<u64>, usize) {
    let calls = AtomicUsize::new(0);
    let p = FnPredicate::new("ints", |c: &Vec<u64>| {
        calls.fetch_add(1, Ordering::Relaxed);
        pred(c)
    });
    let r = Reduction {
        predicate: &p,
        passes: passes::default_for_int_lists(),
        config: Config {
            adaptive_restart: adaptive,
            verify_original: false,
            ..config(1)
        },
        cache: VerdictCache::new(None),
        cancel: CancelFlag::new(),
        admit: None,
        finish: None,
    };
    let out = reduce(start, r, &mut NullObserver, &mut NullSink).unwrap();
    (out.best, calls.load(Ordering::Relaxed))
}

/// The first 30 lists of 30–70 random 64-bit values that satisfy `pred` (a fixed
/// draw).
fn random_lists(pred: impl Fn(&[u64]) -> bool) -> Vec<Vec<u64>> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut lists = vec![];
    while lists.len() < 30 {
        let len = rng.random_range(30..70);
        let xs: Vec<u64> = (0..len).map(|_| rng.random()).collect();
        if pred(&xs) {
            lists.push(xs);
        }
    }
    lists
}

#[test]
fn with_no_structure_an_improvement_restarts_the_earlier_passes() {
    // Interesting iff the first byte of an MD5 of the list is below 16: any change
    // is a fresh 1-in-16 draw, so every pass pays about as much per test, and the
    // earlier passes' bigger cuts should come first again after each improvement.
    use md5::{Digest, Md5};
    let pred = |xs: &[u64]| Md5::digest(format!("{xs:?}").as_bytes())[0] < 16;
    let (mut total_on, mut total_off) = (0, 0);
    for xs in random_lists(pred) {
        total_on += run_ints(xs.clone(), pred, true).1;
        total_off += run_ints(xs, pred, false).1;
    }
    eprintln!("{total_on} calls with adaptive restarts, {total_off} without");
    assert!(
        total_on * 10 < total_off * 9,
        "{total_on} calls with adaptive restarts, {total_off} without"
    );
}

#[test]
fn a_pass_the_earlier_ones_no_longer_match_goes_on_without_restarts() {
    // Ten distinct values: once `Ends` has cut the list to ten, only the value
    // passes pay; restarting the deletion passes after each value would cost a
    // sweep of failures each time.
    let pred = |xs: &[u64]| xs.iter().collect::<std::collections::HashSet<_>>().len() >= 10;
    for xs in random_lists(pred) {
        let (on, calls_on) = run_ints(xs.clone(), pred, true);
        let (off, calls_off) = run_ints(xs, pred, false);
        assert_eq!(on, off);
        assert_eq!(calls_on, calls_off, "adaptive restarts changed the calls");
    }
}

#[test]
fn default_pipeline_on_text() {
    let mut input = String::new();
    for i in 0..300 {
        input.push_str(&format!("fn f{i}(x: u32) -> u32 {{ x + {i} }}\n"));
    }
    input.insert_str(
        input.len() / 2,
        "fn bug() { let v = [1, 2, 3]; BUG(v[7]); }\n",
    );
    let pred = |s: &str| s.contains("BUG(v[") && s.matches('{').count() == s.matches('}').count();
    let (out, calls) = run(&input, passes::default_for_files(false), pred, 1);
    // Removing a brace pair while keeping its contents is a Rust pass's job.
    assert_eq!(out, "{BUG(v[}");
    assert!(calls < 1500, "{calls} calls");
}

/// `Config::fallback`: the generic passes run only in a round where the Rust
/// passes before them found nothing, so they check the Rust passes' result instead
/// of every case on the way; here the result is the same (but for blank lines,
/// rustfmt's job), for fewer tests, at every `-j`.
#[test]
fn fallback_passes_wait_for_a_round_that_finds_nothing() {
    let mut input = String::new();
    for i in 0..40 {
        input.push_str(&format!(
            "pub fn f{i}(x: u32) -> u32 {{\n    let y = x + {i};\n    y * 2\n}}\n\n"
        ));
    }
    input.insert_str(
        input.len() / 2,
        "fn bug() {\n    let v = [1, 2, 3];\n    BUG(v[7]);\n}\n",
    );
    let pred = |s: &str| s.contains("BUG(v[") && s.matches('{').count() == s.matches('}').count();
    let go = |fallback: bool, jobs: usize| {
        let calls = AtomicUsize::new(0);
        let p = FnPredicate::new("test", |c: &TestCase| {
            calls.fetch_add(1, Ordering::Relaxed);
            pred(std::str::from_utf8(c.files().next().unwrap().1).unwrap_or(""))
        });
        // As the CLI runs Rust jobs: rounds run every pass, without restarts.
        let mut config = Config {
            initial_quota: usize::MAX,
            adaptive_restart: false,
            ..config(jobs)
        };
        if fallback {
            config.fallback = passes::FALLBACK_ON_RUST.to_vec();
        }
        let r = Reduction {
            predicate: &p,
            passes: passes::default_for_files(false),
            config,
            cache: VerdictCache::new(None),
            cancel: CancelFlag::new(),
            admit: None,
            finish: None,
        };
        let out = reduce_file("bug.rs", &input, r);
        let generic: u64 = (out.summary.passes.iter())
            .filter(|p| passes::FALLBACK_ON_RUST.contains(&p.name))
            .map(|p| p.tests)
            .sum();
        (text_of(&out.best), generic, calls.load(Ordering::Relaxed))
    };
    // Blanks in `.rs` files are left to rustfmt.
    let code = |s: &str| s.split_whitespace().collect::<String>();
    let (plain, generic_plain, calls_plain) = go(false, 1);
    for jobs in [1, 2] {
        let (text, generic, calls) = go(true, jobs);
        assert_eq!(code(&text), code(&plain));
        assert!(
            generic < generic_plain,
            "{generic} >= {generic_plain} tests of fallbacks"
        );
        if jobs == 1 {
            assert!(calls < calls_plain, "{calls} >= {calls_plain} calls");
        }
    }
}

/// No candidate is answered without running the check, whatever the check reads:
/// names (a check that needs `fn main`, or one field's name), comments, the order
/// of items. Every case reaches its known minimum, at every `-j`.
#[test]
fn checks_that_read_names_comments_and_order_reach_their_minimum() {
    let code = |s: &str| s.split_whitespace().collect::<String>();
    type Check = fn(&str) -> bool;
    let cases: [(&str, Check, &str); 5] = [
        (
            "fn a() {}\n\nfn main() {}\n",
            |s| s.contains("fnmain(){}"),
            "fn main() {}",
        ),
        (
            "fn main() {}\n\nfn a() {}\n",
            |s| s.contains("fnmain(){}"),
            "fn main() {}",
        ),
        (
            "struct S { b: (), field_b: () }\n",
            |s| s.contains("field_b"),
            "struct S { field_b: () }",
        ),
        (
            "// KEEP this\nfn a() {}\n// drop me\nfn b() {}\n",
            |s| s.contains("KEEP"),
            "// KEEP",
        ),
        (
            "fn later() {}\nfn first() {}\nfn main() { first(); later(); }\n",
            |s| {
                s.find("fnlater")
                    .is_some_and(|l| s.find("fnfirst").is_some_and(|f| l < f))
            },
            "fn later() {}\nfn first() {}",
        ),
    ];
    for (input, check, want) in cases {
        for jobs in [1, 2, 4] {
            let p = FnPredicate::new("test", move |c: &TestCase| {
                check(&code(
                    std::str::from_utf8(c.files().next().unwrap().1).unwrap_or(""),
                ))
            });
            let admit = minimize_engine::syntax::ParseCheck::new(&TestCase::single(
                "bug.rs",
                input.as_bytes().to_vec(),
            ));
            let r = Reduction {
                predicate: &p,
                passes: passes::default_for_files(false),
                config: Config {
                    initial_quota: usize::MAX,
                    adaptive_restart: false,
                    fallback: passes::FALLBACK_ON_RUST.to_vec(),
                    bet_on_success: passes::BET_ON_SUCCESS_ON_RUST.to_vec(),
                    ..config(jobs)
                },
                cache: VerdictCache::new(None),
                cancel: CancelFlag::new(),
                admit: Some(Box::new(move |c: &TestCase| admit.admits(c))),
                finish: None,
            };
            let out = reduce_file("bug.rs", input, r);
            assert_eq!(
                code(&text_of(&out.best)),
                code(want),
                "{input:?} at -j {jobs}"
            );
        }
    }
}

#[test]
fn same_result_for_every_jobs_value() {
    let mut input = String::new();
    for i in 0..120 {
        input.push_str(&format!(
            "item {i} = {{ a: {}, b: [{}, {}] }}\n",
            i * 7,
            i % 5,
            i * 13 % 17
        ));
    }
    let pred = |s: &str| s.contains("item 3") && s.contains("item 77") && s.contains('[');
    let results: Vec<String> = [1, 2, 4]
        .iter()
        .map(|&j| run(&input, passes::default_for_files(false), pred, j).0)
        .collect();
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0], results[2]);
}

#[test]
fn speculation_along_the_failure_chain_is_never_wasted() {
    // Every line is needed, so every test fails: the deletion pass's speculation
    // (the bisection, then the next blocks) guesses each later test exactly, and
    // -j 2 and -j 4 run the same candidates as -j 1, only earlier.
    let input: String = (0..40).map(|i| format!("line {i}\n")).collect();
    let pred = |s: &str| s.lines().count() == 40;
    let pass = || -> Vec<Box<dyn Pass<TestCase>>> {
        vec![Box::new(Delete::new(Lines, "lines", usize::MAX))]
    };
    let (_, one) = run(&input, pass(), pred, 1);
    let (_, two) = run(&input, pass(), pred, 2);
    let (_, four) = run(&input, pass(), pred, 4);
    assert_eq!((one, two, four), (one, one, one));
    // ... and they do run in parallel: count the calls that start while another one
    // is in flight (at most one per batch of two, so about calls / 2 when every batch
    // overlaps; the margin is for a loaded machine, where a thread may start late).
    let overlaps = Overlaps::default();
    let slow = |s: &str| overlaps.slow(20, || s.lines().count() == 40);
    let (_, calls) = run(&input, pass(), slow, 2);
    let overlapped = overlaps.count();
    assert!(
        3 * overlapped >= calls,
        "{overlapped} of {calls} calls overlapped"
    );
    // Half the lines needed: speculation may guess wrong, but within bounds.
    let pred = |s: &str| {
        (0..40)
            .step_by(2)
            .all(|i| s.contains(&format!("line {i}\n")))
    };
    let (out1, one) = run(&input, pass(), pred, 1);
    let (out2, two) = run(&input, pass(), pred, 2);
    assert_eq!(out1, out2);
    assert!(two <= 2 * one, "{two} runs at -j 2 against {one} at -j 1");
}

/// A slow predicate that honours cancellation (as a process predicate does): counts
/// its calls and the runs it was told to stop.
struct Stoppable<F> {
    holds: F,
    calls: AtomicUsize,
    stopped: AtomicUsize,
}

impl<F: Fn(&str) -> bool + Sync> Predicate<TestCase> for Stoppable<F> {
    fn fingerprint(&self) -> Vec<u8> {
        b"stoppable".to_vec()
    }
    fn test(&self, case: &TestCase, env: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        for _ in 0..20 {
            if env.cancel.is_cancelled() {
                self.stopped.fetch_add(1, Ordering::SeqCst);
                return Err(PredicateError::Cancelled);
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let text = std::str::from_utf8(case.files().next().unwrap().1).unwrap_or("");
        Ok(if (self.holds)(text) {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }
}

/// Reduces `input` with the line-deletion pass at `jobs` workers while `holds`, with
/// a slow predicate that honours cancellation and an optional parse check `admit`;
/// returns (result, runs, runs stopped).
fn run_stoppable(
    input: &str,
    holds: impl Fn(&str) -> bool + Sync,
    admit: Option<minimize_engine::Admit<'_, TestCase>>,
    jobs: usize,
) -> (String, usize, usize) {
    let p = Stoppable {
        holds,
        calls: AtomicUsize::new(0),
        stopped: AtomicUsize::new(0),
    };
    let r = Reduction {
        predicate: &p,
        passes: vec![Box::new(Delete::new(Lines, "lines", usize::MAX))],
        config: config(jobs),
        cache: VerdictCache::new(None),
        cancel: CancelFlag::new(),
        admit,
        finish: None,
    };
    let out = reduce_file("t.txt", input, r);
    let text = text_of(&out.best);
    (text, p.calls.into_inner(), p.stopped.into_inner())
}

#[test]
fn candidates_answered_without_a_run_leave_the_speculation_alone() {
    // Every line is needed and the parse check (`admit`) turns down every candidate
    // without one of every third line, so the deletion pass's tests alternate between
    // runs and candidates answered without one. Those must not stop the speculative
    // runs under way (they are for the tests that follow): at -j 2 nothing is
    // stopped, and the runs are those of -j 1.
    let input: String = (0..40).map(|i| format!("line {i}\n")).collect();
    let reduce_with = |jobs: usize| {
        let admit: minimize_engine::Admit<'_, TestCase> = Box::new(|c: &TestCase| {
            let text = std::str::from_utf8(c.files().next().unwrap().1).unwrap();
            (0..40)
                .step_by(3)
                .all(|i| text.contains(&format!("line {i}\n")))
        });
        let (out, runs, stopped) =
            run_stoppable(&input, |s| s.lines().count() == 40, Some(admit), jobs);
        assert_eq!(out, input);
        (runs, stopped)
    };
    let (one, _) = reduce_with(1);
    let (two, stopped) = reduce_with(2);
    assert_eq!((two, stopped), (one, 0), "runs and stopped runs at -j 2");
}

#[test]
fn after_a_success_among_mostly_needed_units_the_bet_is_on_failure() {
    // One line in five can go: after a deletion succeeds, the next test (the block
    // before it) most likely fails, so the speculation follows the failure branch.
    let input: String = (0..60).map(|i| format!("line {i}\n")).collect();
    let holds = |s: &str| {
        (0..60)
            .filter(|i| i % 5 != 4)
            .all(|i| s.contains(&format!("line {i}\n")))
    };
    let (out1, one, _) = run_stoppable(&input, holds, None, 1);
    let (out2, two, _) = run_stoppable(&input, holds, None, 2);
    assert_eq!(out1, out2);
    assert_eq!(out1.lines().count(), 48);
    // (86 runs, 9 of them stopped, when it bet on success after every success.)
    assert!(
        two <= one + one / 4,
        "{two} runs at -j 2 against {one} at -j 1"
    );
}

#[test]
fn passes_with_one_test_each_run_beside_each_other() {
    // Four passes that each have one candidate here, and every test fails: at -j 2
    // the scheduler foresees the next pass's test (a dry run of a copy of it) and
    // runs it beside the current one. Same runs as -j 1, overlapping.
    let input = "fn f(a: Vec<u8>) -> Vec<u8> { let b = g(a, a, a, a); h(b, b, b) }\n";
    let passes = || -> Vec<Box<dyn Pass<TestCase>>> {
        vec![
            Box::new(passes::RustReplace::empty_bodies()),
            Box::new(passes::RustReplace::loop_bodies()),
            Box::new(passes::RustReplace::todo_bodies()),
            Box::new(passes::RustReplace::unit_types()),
        ]
    };
    let overlaps = Overlaps::default();
    let slow = |s: &str| overlaps.slow(30, || s == input);
    let run_rs = |jobs| run_file("a.rs", input, passes(), slow, jobs);
    let (out1, one) = run_rs(1);
    assert_eq!(overlaps.count(), 0);
    let (out2, two) = run_rs(2);
    assert_eq!((out1.as_str(), out2.as_str()), (input, input));
    // The original's check, one test for each body pass, three for the two types
    // (both, then each).
    assert_eq!((one, two), (7, 7));
    let overlapped = overlaps.count();
    assert!(
        overlapped * 3 >= one,
        "{overlapped} of {one} runs overlapped"
    );
}

/// A predicate with a compiler to ask for warnings: a test takes 40 ms, a warnings
/// compile 100 ms; the case is interesting only as it is.
struct SlowWithWarnings<'o> {
    original: String,
    overlaps: &'o Overlaps,
}

impl Predicate<TestCase> for SlowWithWarnings<'_> {
    fn fingerprint(&self) -> Vec<u8> {
        b"slow-with-warnings".to_vec()
    }
    fn test(&self, case: &TestCase, _: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
        let text = std::str::from_utf8(case.files().next().unwrap().1).unwrap_or("");
        Ok(if self.overlaps.slow(40, || text == self.original) {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }
    fn unused(
        &self,
        _: &TestCase,
        _: &RunEnv<'_>,
    ) -> Result<Option<Vec<minimize_engine::Unused>>, PredicateError> {
        self.overlaps.slow(100, || Ok(Some(Vec::new())))
    }
}

#[test]
fn the_warnings_compile_runs_beside_the_next_passes_tests() {
    // `rust-unused` asks the compiler for warnings on this thread; at -j 2 the idle
    // worker meanwhile runs the test foreseen for the pass after it (the only
    // overlap: the original's check comes first, alone, and the body pass then
    // finds its verdict in the cache).
    let input = "fn f(a: Vec<u8>) -> Vec<u8> { let b = g(a, a, a, a); h(b, b, b) }\n";
    let run_with = |jobs: usize| {
        let overlaps = Overlaps::default();
        let p = SlowWithWarnings {
            original: input.to_string(),
            overlaps: &overlaps,
        };
        let passes: Vec<Box<dyn Pass<TestCase>>> = vec![
            Box::new(passes::RustUnused::default()),
            Box::new(passes::RustReplace::empty_bodies()),
        ];
        let r = Reduction {
            predicate: &p,
            passes,
            config: config(jobs),
            cache: VerdictCache::new(None),
            cancel: CancelFlag::new(),
            admit: None,
            finish: None,
        };
        let out = reduce_file("a.rs", input, r);
        let text = text_of(&out.best);
        (text, out.summary.runs, overlaps.count())
    };
    let (one, runs_one, overlaps_one) = run_with(1);
    let (two, runs_two, overlaps_two) = run_with(2);
    assert_eq!((one.as_str(), two.as_str()), (input, input));
    assert_eq!(runs_one, runs_two);
    assert_eq!((overlaps_one, overlaps_two), (0, 1));
}

#[test]
fn an_idle_worker_checks_the_form_the_result_is_delivered_in() {
    // The body is needed; the line `xx` goes in the first round, so the body pass
    // runs again in a second round (which may be the last), with one test and
    // nothing to foresee after it. The result is delivered upper-cased. At -j 2
    // the idle worker meanwhile runs the upper-cased best, so the final check
    // finds its verdict; at -j 1 nothing runs beside the awaited test.
    let input = "fn f() { body(); }\nxx\n";
    let needed = "fn f() { body(); }\n";
    let run_with = |jobs: usize| {
        let overlaps = Overlaps::default();
        let p = FnPredicate::new("form", |c: &TestCase| {
            let text = std::str::from_utf8(c.files().next().unwrap().1).unwrap_or("");
            overlaps.slow(20, || text.to_lowercase().starts_with(needed))
        });
        let upper: minimize_engine::Finish<'_, TestCase> =
            Box::new(|c: &TestCase, _: &RunEnv<'_>| {
                let text = std::str::from_utf8(c.files().next().unwrap().1).ok()?;
                Some(TestCase::single("a.rs", text.to_uppercase().into_bytes()))
            });
        let r = Reduction {
            predicate: &p,
            passes: vec![
                Box::new(passes::RustReplace::empty_bodies()),
                Box::new(Delete::new(Lines, "lines", usize::MAX)),
            ],
            // No restart after the line goes: the body pass comes back in the
            // second round only.
            config: Config {
                adaptive_restart: false,
                ..config(jobs)
            },
            cache: VerdictCache::new(None),
            cancel: CancelFlag::new(),
            admit: None,
            finish: Some(upper),
        };
        let out = reduce_file("a.rs", input, r);
        let best = text_of(&out.best);
        let form = out.checked_form.map(|(c, v)| {
            let text = text_of(&c);
            (text, v)
        });
        (best, form)
    };
    let (best1, form1) = run_with(1);
    let (best2, form2) = run_with(2);
    assert_eq!((best1.as_str(), best2.as_str()), (needed, needed));
    assert_eq!(form1, None);
    assert_eq!(form2, Some((needed.to_uppercase(), true)));
}

#[test]
fn a_pass_that_proposes_nothing_is_foreseen_by_replaying_it() {
    // The integer pass tests one value at a time and proposes nothing to run beside
    // it. At -j 2 the scheduler replays a copy of it from its start (its tests so
    // far answered from the cache) to find its next test, and runs that beside the
    // current one: the same runs as -j 1, overlapping.
    let input = "a 1000 b 2000 c 3000\n";
    let overlaps = Overlaps::default();
    let slow = |s: &str| overlaps.slow(20, || s == input);
    let pass = || -> Vec<Box<dyn Pass<TestCase>>> { vec![Box::new(ShrinkEach::new(TextInts))] };
    let (out1, one) = run(input, pass(), slow, 1);
    assert_eq!(overlaps.count(), 0);
    let (out2, two) = run(input, pass(), slow, 2);
    assert_eq!((out1.as_str(), out2.as_str()), (input, input));
    assert_eq!(one, two, "runs at -j 1 and -j 2");
    let overlapped = overlaps.count();
    assert!(
        overlapped * 3 >= one,
        "{overlapped} of {one} runs overlapped"
    );
}

#[test]
fn a_panicking_predicate_is_an_error_not_a_hang() {
    let calls = AtomicUsize::new(0);
    let p = FnPredicate::new("panics", |_: &TestCase| {
        // The original's check passes; every later call panics (so the first run
        // the scheduler awaits does).
        if calls.fetch_add(1, Ordering::SeqCst) >= 1 {
            panic!("predicate bug");
        }
        true
    });
    let r = Reduction {
        predicate: &p,
        passes: passes::default_for_files(false),
        config: config(2),
        cache: VerdictCache::new(None),
        cancel: CancelFlag::new(),
        admit: None,
        finish: None,
    };
    let case = TestCase::single("t.txt", b"a\nb\nc\nd\ne\nf\ng\nh\n".to_vec());
    let err = reduce(case, r, &mut NullObserver, &mut NullSink).unwrap_err();
    assert!(err.to_string().contains("panicked"), "{err}");
}

#[test]
fn warm_cache_reruns_need_no_predicate_runs() {
    let dir = tempfile::tempdir().unwrap();
    let input: String = (0..100).map(|i| format!("row {i}\n")).collect();
    let mut runs = vec![];
    for _ in 0..2 {
        let calls = AtomicUsize::new(0);
        let p = FnPredicate::new("warm", |c: &TestCase| {
            calls.fetch_add(1, Ordering::Relaxed);
            std::str::from_utf8(c.files().next().unwrap().1)
                .unwrap()
                .contains("row 42")
        });
        let store = DiskStore::open(&DiskStoreConfig {
            dir: Some(dir.path().to_path_buf()),
            max_entries: 10_000,
        })
        .unwrap();
        let r = Reduction {
            predicate: &p,
            passes: passes::default_for_files(false),
            config: Config {
                jobs: 1,
                final_check: true,
                ..Config::default()
            },
            cache: VerdictCache::new(Some(store)),
            cancel: CancelFlag::new(),
            admit: None,
            finish: None,
        };
        let out = reduce(
            TestCase::single("t", input.clone().into_bytes()),
            r,
            &mut NullObserver,
            &mut NullSink,
        )
        .unwrap();
        assert_eq!(out.best.files().next().unwrap().1, b"row 42");
        runs.push((
            calls.load(Ordering::Relaxed),
            out.summary.runs,
            out.summary.cache_hits,
        ));
    }
    assert!(runs[0].0 > 20, "{runs:?}");
    assert_eq!(
        runs[1].0, 1,
        "only the final check runs on a warm cache: {runs:?}"
    );
}

#[test]
fn best_so_far_is_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("out.min.txt");
    let p = FnPredicate::new("sink", |c: &TestCase| {
        std::str::from_utf8(c.files().next().unwrap().1)
            .unwrap()
            .contains("keep")
    });
    let r = Reduction {
        predicate: &p,
        passes: vec![Box::new(Delete::new(Items, "bytes", usize::MAX))],
        config: config(2),
        cache: VerdictCache::new(None),
        cancel: CancelFlag::new(),
        admit: None,
        finish: None,
    };
    let mut sink = FileSink::new(&dest);
    let out = reduce(
        TestCase::single("t", b"drop keep drop".to_vec()),
        r,
        &mut NullObserver,
        &mut sink,
    )
    .unwrap();
    assert_eq!(
        std::fs::read(&dest).unwrap(),
        out.best.files().next().unwrap().1
    );
    assert_eq!(std::fs::read(&dest).unwrap(), b"keep");
}

#[test]
fn not_interesting_original_is_an_error() {
    let p = FnPredicate::new("no", |_: &TestCase| false);
    let r = Reduction {
        predicate: &p,
        passes: passes::default_for_files(false),
        config: config(1),
        cache: VerdictCache::new(None),
        cancel: CancelFlag::new(),
        admit: None,
        finish: None,
    };
    let e = reduce(
        TestCase::single("t", b"x".to_vec()),
        r,
        &mut NullObserver,
        &mut NullSink,
    )
    .unwrap_err();
    assert!(e.to_string().contains("not interesting"), "{e}");
}

#[test]
fn cancel_stops_and_keeps_best() {
    let cancel = CancelFlag::new();
    let calls = AtomicUsize::new(0);
    let p = FnPredicate::new("c", |c: &TestCase| {
        if calls.fetch_add(1, Ordering::Relaxed) == 5 {
            cancel.cancel();
        }
        let t = std::str::from_utf8(c.files().next().unwrap().1).unwrap();
        t.contains('!') && t.contains("line 7\n")
    });
    let input: Vec<u8> = (0..500)
        .map(|i| format!("line {i}{}\n", if i == 300 { "!" } else { "" }))
        .collect::<String>()
        .into_bytes();
    let r = Reduction {
        predicate: &p,
        passes: passes::default_for_files(false),
        config: config(1),
        cache: VerdictCache::new(None),
        cancel: cancel.clone(),
        admit: None,
        finish: None,
    };
    let out = reduce(
        TestCase::single("t", input),
        r,
        &mut NullObserver,
        &mut NullSink,
    )
    .unwrap();
    assert!(
        out.summary.cancelled,
        "calls={} {:?}",
        calls.load(Ordering::Relaxed),
        out.summary
    );
    assert!(out.best.files().next().unwrap().1.contains(&b'!'));
    assert!(calls.load(Ordering::Relaxed) <= 7);
}

/// The Rust pipeline on a `.rs` file with the parse check: the result is the few
/// lines the "bug" needs, it parses, and no candidate that fails to parse ever
/// reaches the predicate.
#[test]
fn rust_passes_with_parse_check() {
    let input = "use std::fmt;\n\n#[derive(Debug, Clone)]\npub struct Config {\n    pub name: String,\n    pub level: u8,\n}\n\nimpl Config {\n    pub fn new() -> Self {\n        Config { name: String::new(), level: 3 }\n    }\n    pub fn bump(&mut self) {\n        self.level += 1;\n        trigger(self.level, 7);\n    }\n}\n\nfn helper(a: u32, b: u32) -> u32 {\n    a * b + 1\n}\n\nfn trigger(x: u8, y: u8) {\n    let _ = (x, y);\n}\n";
    let case = TestCase::single("bug.rs", input.as_bytes().to_vec());
    let check = minimize_engine::syntax::ParseCheck::new(&case);
    let unparsable = AtomicUsize::new(0);
    let calls = AtomicUsize::new(0);
    let p = FnPredicate::new("rust", |c: &TestCase| {
        calls.fetch_add(1, Ordering::Relaxed);
        let text = std::str::from_utf8(c.files().next().unwrap().1).unwrap();
        if minimize_engine::syntax::error_count(text.as_bytes()) > 0 {
            unparsable.fetch_add(1, Ordering::Relaxed);
        }
        // "The bug": a function named `trigger` called with two arguments.
        text.contains("fn trigger(") && text.contains("trigger(self.level, 7)")
    });
    let r = Reduction {
        predicate: &p,
        passes: passes::default_for_files(false),
        config: config(2),
        cache: VerdictCache::new(None),
        cancel: CancelFlag::new(),
        admit: Some(Box::new(move |c: &TestCase| check.admits(c))),
        finish: None,
    };
    let out = reduce(case, r, &mut NullObserver, &mut NullSink).unwrap();
    let text = text_of(&out.best);
    assert_eq!(
        unparsable.load(Ordering::Relaxed),
        0,
        "unparsable candidates were run"
    );
    assert_eq!(
        minimize_engine::syntax::error_count(text.as_bytes()),
        0,
        "{text}"
    );
    assert!(
        !text.contains("helper") && !text.contains("derive") && !text.contains("fmt"),
        "{text}"
    );
    assert!(text.len() < 90, "{} bytes:\n{text}", text.len());
}

#[test]
fn all_first_deletion_takes_every_unit_in_one_test_when_it_can() {
    // Units that nearly always go (comments, `pub`): the sweep's first test deletes
    // them all, one call where the density-adaptive start needs several.
    let input: String = (0..40).map(|i| format!("line {i}\n")).collect();
    let all = || -> Vec<Box<dyn Pass<TestCase>>> {
        vec![Box::new(
            Delete::new(Lines, "lines", usize::MAX).all_first(),
        )]
    };
    let plain = || -> Vec<Box<dyn Pass<TestCase>>> {
        vec![Box::new(Delete::new(Lines, "lines", usize::MAX))]
    };
    let anything = |_: &str| true;
    let (out, calls) = run(&input, all(), anything, 1);
    // The check of the original, and the deletion of all 40 lines.
    assert_eq!((out.as_str(), calls), ("", 2));
    let (out, plain_calls) = run(&input, plain(), anything, 1);
    assert_eq!(out, "");
    assert!(plain_calls > calls, "{plain_calls} against {calls}");
    // When one line is needed, the first test fails and the bisection still finds
    // the longest run that goes: the same result as without, at every -j.
    let needs = |s: &str| s.contains("line 7\n");
    let (one, _) = run(&input, all(), needs, 1);
    let (two, _) = run(&input, all(), needs, 2);
    assert_eq!((one.as_str(), two.as_str()), ("line 7\n", "line 7\n"));
}

//! Engine tests with in-process predicates: the scheduler end to end (restarts,
//! fallbacks, speculation, foresight), determinism across `-j`, the disk cache,
//! cancellation.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};

use minimize_engine::passes::{self, Delete, Items, Lines, Pass, ShrinkEach, TextInts};
use minimize_engine::{
    reduce, CancelFlag, Config, DiskStore, DiskStoreConfig, FileSink, FnPredicate, NullObserver,
    NullSink, Predicate, PredicateError, Reduction, RunEnv, TestCase, Verdict, VerdictCache,
};

use common::*;

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
        forms: Vec::new(),
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
    // The `pairs` pass removes the two ends of the brace pair at once (in a text
    // file; in a `.rs` file that is the Rust passes' job).
    assert_eq!(out, "BUG(v[");
    assert!(calls < 1500, "{calls} calls");
}

/// `Config::fallbacks`: the generic passes run only in a round where the Rust
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
    // The passes that are fallbacks on Rust code, as the pipeline says.
    let generic_names: Vec<&str> = (passes::default_for_files(false).iter())
        .filter(|p| p.role().fallback)
        .map(|p| p.name())
        .collect();
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
            config.fallbacks = true;
        }
        let r = Reduction {
            predicate: &p,
            passes: passes::default_for_files(false),
            config,
            cache: VerdictCache::new(None),
            cancel: CancelFlag::new(),
            admit: None,
            forms: Vec::new(),
        };
        let out = reduce_file("bug.rs", &input, r);
        let generic: u64 = (out.summary.passes.iter())
            .filter(|p| generic_names.contains(&p.name))
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
                    fallbacks: true,
                    bets: true,
                    ..config(jobs)
                },
                cache: VerdictCache::new(None),
                cancel: CancelFlag::new(),
                admit: Some(Box::new(move |c: &TestCase| admit.admits(c))),
                forms: Vec::new(),
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
        forms: Vec::new(),
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
            forms: Vec::new(),
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
fn the_result_is_delivered_in_its_first_form_that_shows_the_bug() {
    // The body is needed; the line `xx` goes in the first round, so the body pass
    // runs again in a second round (which may be the last), with one test and
    // nothing to foresee after it. The result is delivered upper-cased (the first
    // form). At -j 2 the idle worker meanwhile runs the upper-cased best, so the
    // final check finds its verdict; at -j 1 the final check runs it. Either way
    // the form is checked once, and delivered.
    let input = "fn f() { body(); }\nxx\n";
    let needed = "fn f() { body(); }\n";
    let run_with = |jobs: usize, upper_shows: bool| {
        let overlaps = Overlaps::default();
        let form_runs = AtomicUsize::new(0);
        let p = FnPredicate::new("form", |c: &TestCase| {
            let text = std::str::from_utf8(c.files().next().unwrap().1).unwrap_or("");
            let upper = text.starts_with("FN");
            if upper {
                form_runs.fetch_add(1, Ordering::SeqCst);
            }
            overlaps.slow(20, || {
                text.to_lowercase().starts_with(needed) && (upper_shows || !upper)
            })
        });
        let upper: minimize_engine::Finish<'_, TestCase> =
            Box::new(|c: &TestCase, _: &RunEnv<'_>| {
                let text = std::str::from_utf8(c.files().next().unwrap().1).ok()?;
                Some(TestCase::single("a.rs", text.to_uppercase().into_bytes()))
            });
        let spaced: minimize_engine::Finish<'_, TestCase> =
            Box::new(|c: &TestCase, _: &RunEnv<'_>| {
                let text = std::str::from_utf8(c.files().next().unwrap().1).ok()?;
                Some(TestCase::single("a.rs", format!("{text}\n").into_bytes()))
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
                final_check: true,
                ..config(jobs)
            },
            cache: VerdictCache::new(None),
            cancel: CancelFlag::new(),
            admit: None,
            forms: vec![
                minimize_engine::Form {
                    note: "upper",
                    make: upper,
                },
                minimize_engine::Form {
                    note: "spaced",
                    make: spaced,
                },
            ],
        };
        let out = reduce_file("a.rs", input, r);
        (text_of(&out.best), form_runs.load(Ordering::SeqCst))
    };
    let upper = needed.to_uppercase();
    assert_eq!(run_with(1, true), (upper.clone(), 1));
    assert_eq!(run_with(2, true), (upper, 1));
    // When the first form does not show the bug, the second does.
    let spaced = format!("{needed}\n");
    assert_eq!(run_with(1, false), (spaced.clone(), 1));
    assert_eq!(run_with(2, false), (spaced, 1));
}

#[test]
fn a_pass_that_proposes_nothing_is_foreseen_by_replaying_it() {
    // The integer pass tests one value at a time and proposes nothing to run beside
    // it. At -j 2 the scheduler replays a copy of it from its start (its tests so
    // far answered from the cache) to find its next test, and runs that beside the
    // current one: the same runs as -j 1, overlapping.
    let input = "a 1000 b 2000 c 3000\n";
    let overlaps = Overlaps::default();
    // 60 ms a check: the replay must start the next test while one sleeps, which
    // took longer than 20 ms on a loaded 2-core machine (CI beside a benchmark).
    let slow = |s: &str| overlaps.slow(60, || s == input);
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
        forms: Vec::new(),
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
            forms: Vec::new(),
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
        forms: Vec::new(),
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
        forms: Vec::new(),
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
        forms: Vec::new(),
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

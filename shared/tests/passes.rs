//! Pass tests with in-process predicates: each generic pass on small fixtures, the
//! Rust passes with the parse check.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};

use minimize_engine::passes::{
    self, Brackets, CutPass, Delete, Ends, Lines, Pass, Repeats, ShrinkEach, TextInts, Tokens,
};
use minimize_engine::{
    reduce, CancelFlag, FnPredicate, NullObserver, NullSink, Reduction, TestCase, VerdictCache,
};

use common::*;

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
fn a_cut_gives_the_unit_after_it_another_try() {
    // `,` is needed while `a` is there, and goes once `a` has gone: the sweep,
    // going backwards, found `,` needed before it cut `a`. Without another try
    // the pass would end on `(,b)`, and the engine does not run a pass again on
    // the case it left.
    check(
        Box::new(Delete::new(Tokens, "tokens", usize::MAX)),
        "(a,b)",
        |s| {
            s.starts_with('(')
                && s.ends_with(')')
                && s.contains('b')
                && (!s.contains('a') || s.contains(','))
        },
        "(b)",
    );
}

#[test]
fn second_tries_stop_when_they_do_not_pay() {
    // `x0y,x1y;x2y,x3y;...`: every letter and `,` needed, each `;` cut alone (the
    // density of needed units keeps blocks at one unit), and no letter ever freed
    // by a cut. After `RETRY_MISSES` unpaid second tries in a row only one chance in
    // `RETRY_PROBE` is taken, where one per cut would add 40 checks.
    let letters: Vec<String> = (0..81).map(|i| format!("x{i}y")).collect();
    let mut input = String::new();
    for (i, l) in letters.iter().enumerate() {
        if i > 0 {
            input.push(if i % 2 == 1 { ',' } else { ';' });
        }
        input.push_str(l);
    }
    let commas = input.matches(',').count();
    let (out, calls) = run(
        &input,
        vec![Box::new(Delete::new(Tokens, "tokens", usize::MAX))],
        |s| s.matches(',').count() == commas && letters.iter().all(|l| s.contains(l.as_str())),
        1,
    );
    assert_eq!(out, input.replace(';', ""));
    let units = 2 * letters.len() - 1;
    assert!(
        calls <= units + 16,
        "{calls} checks for a sweep of {units} units"
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
    // bisects it. (In source code: in other text only the number of digits is
    // searched when the range is wide, below.)
    let pred = |s: &str| s.trim().parse::<u64>().unwrap_or(0) >= 10_000_000;
    let (out, _) = common::run_file(
        "t.rs",
        "987654321987",
        vec![Box::new(ShrinkEach::new(TextInts))],
        pred,
        1,
    );
    assert_eq!(out, "10000000");
    let (out, calls) = run(
        "987654321987",
        vec![Box::new(ShrinkEach::new(TextInts))],
        pred,
        1,
    );
    assert_eq!(out, "99999999");
    assert!(calls <= 8, "{calls}");
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
        forms: Vec::new(),
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

#[test]
fn text_integers_search_the_number_of_digits() {
    // A threshold (the value overflows a u64): no shorter value holds, so the pass
    // stops after `0` and the largest shorter value instead of a test per bit; a
    // longer value goes down to the fewest digits by bisection over digits.
    let over = |s: &str| {
        s.strip_prefix("x=")
            .and_then(|d| d.parse::<u128>().ok())
            .is_some_and(|v| v > u64::MAX as u128)
    };
    let (out, calls) = run(
        "x=18446744073709551616",
        vec![Box::new(ShrinkEach::new(TextInts))],
        over,
        1,
    );
    assert_eq!(out, "x=18446744073709551616");
    assert!(calls <= 4, "{calls}");
    let (out, calls) = run(
        "x=1844674407370955161600000",
        vec![Box::new(ShrinkEach::new(TextInts))],
        over,
        1,
    );
    assert_eq!(out, "x=99999999999999999999");
    assert!(calls <= 10, "{calls}");
}

/// `--exhaustive`'s passes after the default pipeline, on a `.rs` file with a
/// predicate that takes syntax errors (as rustc may crash the same way after one):
/// the result is 1-minimal in the neighbourhood of `tools/check_minimal.py` (every
/// matched pair, run of 1 to 8 tokens, line, byte, shorter token tried by hand here),
/// and no larger than the default pipeline's (the same here, since `rust-pairs` joined
/// the default pipeline; smaller before).
#[test]
fn exhaustive_passes_reach_a_one_minimal_rust_file() {
    use minimize_engine::passes::neighbours::{propose, Kind};
    use minimize_engine::Case;
    let input = "pub struct Config {\n    pub level: u8,\n}\n\nimpl Config {\n    pub fn bump(&mut self) -> u8 {\n        let before = self.level;\n        let b = trigger(self.level, 7);\n        before + b\n    }\n}\n\nfn trigger(x: u8, y: u8) -> u8 {\n    x * y\n}\n";
    // "The bug": `trigger` defined and called with a literal 7, braces balanced.
    let bug = |s: &str| {
        let flat: String = s.split_whitespace().collect();
        flat.contains("fntrigger")
            && flat.matches("trigger(").count() >= 2
            && flat.contains("7)")
            && s.matches('{').count() == s.matches('}').count()
    };
    let (default, default_calls) =
        run_file("bug.rs", input, passes::default_for_files(false), bug, 2);
    let mut all = passes::default_for_files(false);
    all.extend(passes::exhaustive_passes());
    let (text, calls) = run_file("bug.rs", input, all, bug, 2);
    assert!(bug(&text), "{text}");
    assert!(
        text.split_whitespace().map(str::len).sum::<usize>()
            <= default.split_whitespace().map(str::len).sum::<usize>(),
        "exhaustive {text:?} vs default {default:?}"
    );
    // Every neighbour, by hand: none keeps the bug (blanks aside).
    let flat = |s: &str| s.split_whitespace().collect::<String>();
    let case = TestCase::single("bug.rs", text.as_bytes().to_vec());
    let mut neighbours: Vec<String> = [Kind::Pairs, Kind::TokenRuns, Kind::Replace, Kind::Bytes]
        .into_iter()
        .flat_map(|k| propose(k, text.as_bytes(), 0))
        .map(|(_, e)| String::from_utf8(case.apply(&e).files().next().unwrap().1.to_vec()).unwrap())
        .collect();
    let lines: Vec<&str> = text.split('\n').collect();
    for i in 0..lines.len() {
        let mut l = lines.clone();
        l.remove(i);
        neighbours.push(l.join("\n"));
    }
    for n in &neighbours {
        assert!(
            flat(n) == flat(&text) || !bug(n),
            "{text:?} is not 1-minimal: {n:?} keeps the bug"
        );
    }
    assert!(neighbours.len() > 50, "{}", neighbours.len());
    eprintln!("default: {default:?} ({default_calls} calls); exhaustive: {text:?} ({calls} calls)");
}

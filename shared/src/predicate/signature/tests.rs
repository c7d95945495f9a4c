//! Tests of bug signatures: what counts as the same ICE or the same panic.

use super::*;

const PANIC: &str = "thread 'rustc' (7912) panicked at /rustc-dev/5980/compiler/rustc_hir_typeck/src/method/probe.rs:1112:17:\nassertion `left == right` failed\n  left: 1\nquery stack during panic:\n#0 [typeck] type-checking `LIMIT`\n#1 [check_match] x\nerror: the compiler unexpectedly panicked. This is a bug\n";
const BUG: &str = "error: internal compiler error: /rustc-dev/abc/compiler/rustc_const_eval/src/interpret/operator.rs:51:18: Invalid operation on bool: MulWithOverflow\n --> /tmp/x.rs:8:44\nthread 'rustc' (1) panicked at /rustc-dev/abc/compiler/rustc_const_eval/src/interpret/operator.rs:51:18:\nBox<dyn Any>\nquery stack during panic:\n#0 [eval_to_allocation_raw] const-evaluating\n";

#[test]
fn current_rustc_panic_format() {
    let s = ice_signature(PANIC).unwrap();
    assert_eq!(
        s.location.as_deref(),
        Some("compiler/rustc_hir_typeck/src/method/probe.rs:1112:17")
    );
    assert_eq!(s.message, "assertion `left == right` failed");
    assert_eq!(s.query.as_deref(), Some("typeck"));
}

#[test]
fn bug_format_and_thread_ids_do_not_matter() {
    let a = ice_signature(BUG).unwrap();
    assert_eq!(
        a.location.as_deref(),
        Some("compiler/rustc_const_eval/src/interpret/operator.rs:51:18")
    );
    assert_eq!(a.message, "Invalid operation on bool: MulWithOverflow");
    let b = ice_signature(
        &BUG.replace("(1)", "(99)")
            .replace("/tmp/x.rs:8:44", "/w/y.rs:2:1"),
    )
    .unwrap();
    assert!(a.matches(&b, MatchMode::Exact));
    let other = ice_signature(PANIC).unwrap();
    assert!(!a.matches(&other, MatchMode::Exact));
    assert!(!a.matches(&other, MatchMode::Location));
    assert!(a.matches(&other, MatchMode::Any));
}

#[test]
fn messages_normalize_user_paths_and_numbers() {
    assert_eq!(
        normalize_message("closure@/work/a.rs:20:26: 20:34 DefId(0:6 ~ x[58d5]) i32"),
        "FILE N:N DefId(N:N ~ x[Nd5]) i32"
    );
}

#[test]
fn a_panic_quoting_other_input_is_the_same_bug() {
    let at = "thread 'parses' (11) panicked at /root/.cargo/registry/src/index.crates.io-1949/sqlparser-0.43.1/src/parser/mod.rs:7866:47:\n";
    let msg = |err: &str| {
        let out = format!("{at}called `Result::unwrap()` on an `Err` value: ParserError({err})\n");
        test_failure_signature(&out, None).unwrap()
    };
    let original = msg(r#""Expected SELECT, found: SET at Line: 1410, Column 25""#);
    let shorter = msg(r#""Expected identifier, found: EOF""#);
    assert!(original.matches(&shorter, MatchMode::Same));
    assert!(!original.matches(&shorter, MatchMode::Exact));
    // Outside the quotes the message still counts.
    let other = test_failure_signature(
        &format!("{at}called `Result::unwrap()` on an `Err` value: Io(\"x\")\n"),
        None,
    )
    .unwrap();
    assert!(!original.matches(&other, MatchMode::Same));
}

/// A panic that quotes the rest of the input across lines: its first line holds
/// the quote's start only, and that is input too. An apostrophe is no quote.
#[test]
fn a_quote_left_open_on_the_first_line_is_input() {
    let at = "thread 'parses' (7) panicked at /root/.cargo/registry/src/index.crates.io-1949/patch-0.7.0/src/parser.rs:84:5:\n";
    let sig = |m: &str| test_failure_signature(&format!("{at}{m}\nmore input'\n"), None).unwrap();
    let original =
        sig("bug: failed to parse entire input. Remaining: '--- Only used by the v1 export job");
    let shorter = sig("bug: failed to parse entire input. Remaining: '--- O");
    assert!(original.matches(&shorter, MatchMode::Same));
    let other = sig("bug: failed to parse a hunk. Remaining: '--- O");
    assert!(!original.matches(&other, MatchMode::Same));
    assert_eq!(cut_open_quote("it can't fit"), "it can't fit");
    assert_eq!(
        cut_open_quote("inside 'ß' (bytes 2..4)"),
        "inside 'ß' (bytes 2..4)"
    );
    assert_eq!(cut_open_quote("left: \"abc"), "left: \"..");
}

/// A quote that closes on the first line (`'d'`, all of the input left) and one
/// that closes on the next (`'d` then a newline) are the same input quoted.
#[test]
fn a_quote_closed_on_the_first_line_or_after_it_is_the_same_input() {
    let at = "thread 'parses' (7) panicked at /root/.cargo/registry/src/index.crates.io-1949/patch-0.7.0/src/parser.rs:84:5:\n";
    let sig = |m: &str| test_failure_signature(&format!("{at}{m}\n"), None).unwrap();
    let original = sig("bug: failed to parse entire input. Remaining: 'd\n'");
    assert!(original.matches(
        &sig("bug: failed to parse entire input. Remaining: 'd'"),
        MatchMode::Same
    ));
    assert!(original.matches(
        &sig("bug: failed to parse entire input. Remaining: 'de'"),
        MatchMode::Same
    ));
    assert!(!original.matches(
        &sig("bug: failed to parse a hunk. Remaining: 'd'"),
        MatchMode::Same
    ));
    assert!(!original.matches(
        &sig("bug: failed to parse entire input. Remaining: 'd'"),
        MatchMode::Exact
    ));
    let none = BTreeSet::new();
    assert_eq!(
        generalize("not 'x', \"y\" or `z`", &none, false),
        "not '.., \".. or `.."
    );
}

/// A string sliced at a wrong index: the panic quotes the string (in backticks,
/// cut with `[...]`) and the char (`'ß'`), both the input's.
#[test]
fn a_panic_quoting_the_sliced_input_is_the_same_bug() {
    let at = "thread 'reads' (7) panicked at /root/.cargo/registry/src/index.crates.io-1949/icalendar-0.16.0/src/parser/utils.rs:19:14:\n";
    let sig = |m: &str| test_failure_signature(&format!("{at}{m}\n"), None).unwrap();
    let original = sig("end byte index 3 is not a char boundary; it is inside 'ß' (bytes 2..4) of `Maßnahmen Termin vorab`[...]");
    let shorter =
        sig("end byte index 1 is not a char boundary; it is inside 'é' (bytes 0..2) of `é`");
    assert!(original.matches(&shorter, MatchMode::Same));
    assert!(!original.matches(&shorter, MatchMode::Exact));
    // The words outside the quotes still count, and so does the location.
    let other = sig("byte index 1 is out of bounds of `é`");
    assert!(!original.matches(&other, MatchMode::Same));
    let elsewhere = test_failure_signature(
        &format!(
            "{}end byte index 1 is not a char boundary; it is inside 'é' (bytes 0..2) of `é`\n",
            at.replace(":19:14", ":20:5")
        ),
        None,
    )
    .unwrap();
    assert!(!original.matches(&elsewhere, MatchMode::Same));
    // Chars, escaped or not.
    assert_eq!(
        generalize("expected 'x' or '\\n' here", &BTreeSet::new(), false),
        "expected '.. or '.. here"
    );
}

#[test]
fn treat_err_as_bug_keeps_the_error_code() {
    let s = ice_signature("error: internal compiler error[E0425]: cannot find value `nope` in this scope\n --> x.rs:2:18\n").unwrap();
    assert_eq!(s.message, "[E0425] cannot find value `nope` in this scope");
}

#[test]
fn not_an_ice() {
    assert!(ice_signature("error[E0308]: mismatched types\n").is_none());
}

#[test]
fn test_panics() {
    let out = "running 1 test\nthread 'parses' (42) panicked at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/serde_yaml-0.8.0/src/de.rs:10:5:\nindex out of bounds: the len is 3 but the index is 5\n";
    let s = test_failure_signature(out, Some("parses")).unwrap();
    assert_eq!(
        s.location.as_deref(),
        Some("serde_yaml-0.8.0/src/de.rs:10:5")
    );
    assert_eq!(
        s.message,
        "index out of bounds: the len is N but the index is N"
    );
}

fn named(stderr: &str, names: &[&str]) -> Signature {
    ice_signature(stderr)
        .unwrap()
        .with_names(names.iter().map(|n| n.to_string()).collect())
}

#[test]
fn a_span_of_the_users_file_is_neither_location_nor_message() {
    let at = |dir: &str, line: u32| {
        format!("error: internal compiler error: /tmp/cargo-minimize-check-1/{dir}/case/bug.rs:{line}:1: {line}:9 (#0): no type for node HirId(DefId(0:4 ~ bug[2ff1]::f).5) in fcx\nquery stack during panic:\n#0 [typeck] type-checking `f`\n")
    };
    let a = named(&at("a", 777), &["f"]);
    let b = named(&at("b1", 777), &["f"]);
    let c = named(&at("a", 3), &["f"]);
    assert_eq!(a.location, None);
    assert_eq!(a, b, "the worker's directory does not count");
    assert!(a.matches(&c, MatchMode::Same));
    assert!(a.matches(&c, MatchMode::Exact));
}

#[test]
fn names_of_the_case_and_module_paths_do_not_count() {
    let msg = |m: &str| {
        format!("thread 'rustc' (9) panicked at /rustc-dev/x/compiler/rustc_trait_selection/src/solve.rs:10:5:\n{m}\nquery stack during panic:\n#0 [typeck] type-checking `x`\n")
    };
    let original = named(
        &msg("unexpected `<dyn Object as Source>` in bug[2ff1]::inner::deep::Holder<'a>: TraitPredicate(<dyn Object as Source>, polarity:Positive)"),
        &["Object", "Source", "inner", "deep", "Holder", "value"],
    );
    let reduced = named(
        &msg("unexpected `<dyn A as B>` in bug[91c0]::C<'b>: TraitPredicate(<dyn A as B>, polarity:Positive)"),
        &["A", "B", "C"],
    );
    assert!(original.matches(&reduced, MatchMode::Same));
    assert!(!original.matches(&reduced, MatchMode::Exact));
    // What the compiler says by itself still counts.
    let other = named(
        &msg("unexpected `<dyn A as B>` in bug[91c0]::C<'b>: ProjectionPredicate(<dyn A as B>, polarity:Positive)"),
        &["A", "B", "C"],
    );
    assert!(!original.matches(&other, MatchMode::Same));
    // Standard names are not the user's.
    let std_a = named(&msg("missing `<A as Copy>`"), &["A"]);
    let std_b = named(&msg("missing `<A as Sized>`"), &["A"]);
    assert!(!std_a.matches(&std_b, MatchMode::Same));
}

#[test]
fn a_name_that_is_also_a_word_of_the_message_counts_on_both_sides() {
    let msg =
        |m: &str| format!("error: internal compiler error: compiler/rustc_x/src/y.rs:1:2: {m}\n");
    let a = named(&msg("cannot find value `value` here"), &["value"]);
    let b = named(&msg("cannot find value `a` here"), &["a"]);
    assert!(a.matches(&b, MatchMode::Same));
}

#[test]
fn a_delayed_bug_is_located_where_it_was_delayed_and_its_dumps_do_not_count() {
    let ice = |bounds: &str, line: u32| {
        format!("error: internal compiler error: failed region resolution while normalizing ParamEnv {{ caller_bounds: [{bounds}] }}: [ConcreteFailure(ObligationCause {{ span: /w/x.rs:{line}:1: {line}:43 (#0) }})]\n  --> /w/x.rs:{line}:1\nnote: delayed at /rustc-dev/5980/compiler/rustc_trait_selection/src/traits/mod.rs:293:19 - disabled backtrace\n")
    };
    let a = named(
        &ice(
            "TraitPredicate(<W as Child<&'b ()>>), TraitPredicate(<W as Sized>)",
            24,
        ),
        &["W", "Child"],
    );
    let b = named(&ice("TraitPredicate(<A as B<&'a ()>>)", 2), &["A", "B"]);
    assert_eq!(
        a.location.as_deref(),
        Some("compiler/rustc_trait_selection/src/traits/mod.rs:293:19")
    );
    assert!(a.matches(&b, MatchMode::Same));
    assert!(!a.matches(&b, MatchMode::Exact));
    // A test's panic message is not a compiler dump: its brackets count.
    let t = |m: &str| {
        test_failure_signature(
            &format!("thread 't' (1) panicked at src/lib.rs:3:5:\n{m}\n"),
            None,
        )
        .unwrap()
    };
    assert!(!t("Err(Eof)").matches(&t("Err(Syntax)"), MatchMode::Same));
}

#[test]
fn a_dump_cut_at_the_stored_length_is_the_same_as_one_that_fits() {
    // `generics_of: unexpected node kind Crate(Mod { .., item_ids: [..] })`: the
    // crate's items, one `ItemId` each. With many items the stored text is cut.
    let ice = |kind: &str, items: usize| {
        let ids = vec!["ItemId { owner_id: DefId(0:7 ~ c[1a2b]::x) }"; items].join(", ");
        let l = format!("error: internal compiler error: /rustc-dev/5/compiler/rustc_hir_analysis/src/collect/generics_of.rs:214:14: generics_of: unexpected node kind {kind}(Mod {{ spans: ModSpans {{ inner_span: /w/x.rs:1:1: 9:2 (#0) }}, item_ids: [{ids}] }})\n");
        ice_signature(&l).unwrap()
    };
    let (long, short) = (ice("Crate", 200), ice("Crate", 50));
    // The long one is cut, the short one is whole.
    assert!(long.text.len() >= 4000 && short.text.len() < 4000);
    assert!(long.matches(&short, MatchMode::Same));
    // The first 240 characters agree, so the stricter mode agrees too.
    assert_eq!(long.message, short.message);
    assert!(long.matches(&short, MatchMode::Exact));
    // What is outside the brackets still counts: another node kind is another bug.
    let other = ice("Item", 200);
    assert!(!long.matches(&other, MatchMode::Same));
}

#[test]
fn the_first_crash_reported_is_the_bug() {
    // An assertion, then the delayed bug its unwinding flushes (only when no
    // other error was emitted: a candidate with a syntax error prints no such line).
    let panic = "thread 'rustc' (7) panicked at /rustc-dev/59/compiler/rustc_hir_analysis/src/hir_ty_lowering/mod.rs:619:17:\nassertion failed: !parent_args.is_empty()\nquery stack during panic:\n#0 [fn_sig] computing function signature of `b::a`\nend of query stack\n";
    let flushed = "note: no errors encountered even though delayed bugs were created\nerror: internal compiler error: function items cannot be used as const args\n --> /w/x.rs:3:20\nnote: delayed at /rustc-dev/59/compiler/rustc_hir_analysis/src/hir_ty_lowering/mod.rs:2727:28\n";
    let alone = ice_signature(&format!("error: missing parameters\n{panic}")).unwrap();
    let with_flushed = ice_signature(&format!("{panic}{flushed}")).unwrap();
    assert_eq!(
        with_flushed.location.as_deref(),
        Some("compiler/rustc_hir_analysis/src/hir_ty_lowering/mod.rs:619:17")
    );
    assert_eq!(with_flushed.query.as_deref(), Some("fn_sig"));
    assert!(with_flushed.matches(&alone, MatchMode::Same));
    // A `bug!` prints its error line first, then a panic with no message.
    let bug = ice_signature(BUG).unwrap();
    assert_eq!(
        bug.location.as_deref(),
        Some("compiler/rustc_const_eval/src/interpret/operator.rs:51:18")
    );
    assert!(bug.message.starts_with("Invalid operation on bool"));
}

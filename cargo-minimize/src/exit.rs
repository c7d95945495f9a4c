//! Exit codes of `cargo minimize`, documented in one place (also in `--help` and the
//! README).

/// The reduction finished; the result is written.
pub(crate) const OK: i32 = 0;
/// An unexpected internal error (a bug in cargo-minimize, or broken infrastructure).
pub(crate) const INTERNAL: i32 = 1;
/// Bad command line (unknown flag, missing argument); printed by the argument parser.
pub(crate) const USAGE: i32 = 2;
/// Bad input: missing file, not a crate, unreadable, not UTF-8 where Rust is expected,
/// empty file.
pub(crate) const BAD_INPUT: i32 = 3;
/// The original does not show the bug (the predicate says "not interesting").
pub(crate) const NOT_INTERESTING: i32 = 4;
/// The predicate is flaky: the same input was judged differently.
pub(crate) const FLAKY: i32 = 5;
/// The result could not be written.
pub(crate) const OUTPUT: i32 = 6;
/// Interrupted (Ctrl-C); the best result so far is saved.
pub(crate) const INTERRUPTED: i32 = 130;

/// The table for `--help`.
pub(crate) const TABLE: &str = "\
EXIT CODES:
    0    the reduction finished and the result is written
    1    internal error
    2    bad command line
    3    bad input (missing file, not a crate, not UTF-8 Rust, empty file)
    4    the original does not show the bug
    5    the predicate is flaky (same input, different verdicts)
    6    the result could not be written
    130  interrupted; the best result so far is saved";

/// The exit code of a failed job: the one place errors become codes.
pub(crate) fn code(kind: minimize_engine::JobErrorKind) -> i32 {
    use minimize_engine::JobErrorKind as K;
    match kind {
        K::Usage => USAGE,
        K::BadInput => BAD_INPUT,
        K::NotInteresting => NOT_INTERESTING,
        K::Flaky => FLAKY,
        K::Output => OUTPUT,
        K::Internal => INTERNAL,
        K::Cancelled => INTERRUPTED,
    }
}

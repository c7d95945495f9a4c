//! Bulk candidates for a large case, tried once before the passes that delete one
//! node at a time: on a crate of hundreds of KB those passes spend a compile per
//! node, and an item still called from a body cannot go until the bodies have.
//!
//! `rust-bodies-early` replaces every function body at once (`{ loop {} }`, or
//! `{ todo!() }` when the check runs the code): one check, kept when the bug does
//! not live in a body (a crash in signatures, types, constants or `global_asm!`).
//! When it fails, the pipeline goes on as before and `rust-bodies-*` find the
//! bodies that can go in their turn. `rust-unused-early` ([`super::RustUnused`]) is
//! the other such candidate.

use super::rust::{replace_all, RustReplace};
use super::Pass;
use crate::case::Case;
use crate::passes::{Ctx, Interrupt};
use crate::testcase::TestCase;

/// Rust bytes above which a case is large (the early candidates are tried).
pub(super) const LARGE: usize = 16 * 1024;

/// Whether `case` holds more than [`LARGE`] bytes of Rust.
pub(super) fn large(case: &TestCase) -> bool {
    case.files()
        .filter(|(p, _)| crate::syntax::is_rust(p))
        .map(|(_, b)| b.len())
        .sum::<usize>()
        > LARGE
}

/// Every function body replaced at once, one check, on a large case (see the
/// module docs).
pub struct RustBodiesEarly {
    bodies: RustReplace,
    tried: bool,
}

impl RustBodiesEarly {
    /// `runs_code`: the check runs the program (bodies become `todo!()`).
    pub fn new(runs_code: bool) -> RustBodiesEarly {
        RustBodiesEarly {
            bodies: if runs_code {
                RustReplace::todo_bodies()
            } else {
                RustReplace::loop_bodies()
            },
            tried: false,
        }
    }
}

impl Pass<TestCase> for RustBodiesEarly {
    fn name(&self) -> &'static str {
        "rust-bodies-early"
    }

    fn run(&mut self, ctx: &mut dyn Ctx<TestCase>) -> Result<(), Interrupt> {
        if self.tried || !large(ctx.current()) {
            return Ok(());
        }
        self.tried = true;
        let sites = self.bodies.sites(ctx.current());
        if !sites.is_empty() {
            let cand = ctx.current().apply(&replace_all(&sites));
            ctx.test(cand)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_counts_rust_files_only() {
        let big = vec![b'x'; LARGE + 1];
        assert!(!large(&TestCase::from_files([(
            "data.txt".into(),
            big.clone()
        )])));
        assert!(large(&TestCase::from_files([("src/lib.rs".into(), big)])));
    }

    #[test]
    fn every_body_goes_in_one_candidate() {
        // Only where that shrinks: `{ 2 }` stays.
        let text = "fn a() { let x = 1; x; }\nfn b() -> u8 { 1 + 2 + 3 }\nfn c() -> u8 { 2 }\n";
        let case = TestCase::single("lib.rs", text.as_bytes().to_vec());
        let bodies = RustReplace::loop_bodies();
        let out = case.apply(&replace_all(&bodies.sites(&case)));
        assert_eq!(
            String::from_utf8(out.seq(0).to_vec()).unwrap(),
            "fn a() { loop {} }\nfn b() -> u8 { loop {} }\nfn c() -> u8 { 2 }\n"
        );
    }
}

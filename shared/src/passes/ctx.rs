//! `Ctx`: what a pass needs of the reduction — the current best and ways to test
//! candidates — defined here, next to the passes, and implemented by the scheduler
//! (which decides every candidate at its one choke point).

use rand_chacha::ChaCha8Rng;

use crate::case::Case;
use crate::edit::EditSet;
use crate::hints::{Focus, Unused};

/// Why a pass stops before the end of its sweep.
#[derive(Debug)]
pub enum Interrupt {
    /// The round's quota of improvements is used up: go back to the first pass.
    Restart,
    /// The user cancelled.
    Cancelled,
    /// Something broke (the scheduler's error, boxed).
    Failed(Box<dyn std::error::Error + Send + Sync>),
}

/// What a pass sees of the reduction. Every test goes through it; a pass never
/// runs a check, touches the file system or changes the best case by itself.
pub trait Ctx<C: Case> {
    /// The current best case.
    fn current(&self) -> &C;

    /// Number of parallel workers (only for choosing how much to speculate; never
    /// let it change which candidates are accepted).
    fn jobs(&self) -> usize;

    /// How many likely next candidates a pass should propose to `test_speculating`:
    /// several per worker, since the parse check or the cache often answer many of
    /// them without a run, but fewer for large cases (each is rendered).
    fn speculation_depth(&self) -> usize {
        let jobs = self.jobs();
        let size = self.current().size().max(1);
        (16 * jobs).min((8 << 20) / size).max(2 * jobs)
    }

    /// The compiler's warnings about unused code in the current case (one compile,
    /// counted apart from predicate runs); `None` when the check has no compiler.
    fn unused(&mut self) -> Result<Option<Vec<Unused>>, Interrupt>;

    /// The same for `case` (a variant of the current case a pass may build its
    /// candidates from); `None` when the check has no compiler.
    fn unused_of(&mut self, case: &C) -> Result<Option<Vec<Unused>>, Interrupt>;

    /// Where the original's failure points (see [`Focus`]).
    fn focus(&self) -> Focus;

    /// `true` until the first improvement: the current case is the original.
    fn is_original(&self) -> bool;

    /// The seeded random generator of the run.
    fn rng(&mut self) -> &mut ChaCha8Rng;

    /// Call at the head of every loop: stops the pass when the user cancelled or
    /// the round's quota of improvements is used up.
    fn checkpoint(&self) -> Result<(), Interrupt>;

    /// Like `checkpoint`, but only stops for cancellation (for inner loops that
    /// should finish what they started).
    fn checkpoint_cancel(&self) -> Result<(), Interrupt>;

    /// Tests one candidate; commits it when interesting.
    fn test(&mut self, cand: C) -> Result<bool, Interrupt>;

    /// Tests a candidate of the current case's size and tokens that the pass holds
    /// smaller by a measure of its own (an integer field's value) though it is not
    /// smaller in the engine's order (its bytes can be larger); commits it when
    /// interesting. The engine allows few such moves in a run and never one back to
    /// an earlier best; a candidate that is smaller in its order is tested as usual.
    fn test_lateral(&mut self, cand: C) -> Result<bool, Interrupt>;

    /// Tests the current case with `edits` applied; commits when interesting.
    fn test_edits(&mut self, edits: &EditSet<C::Item>) -> Result<bool, Interrupt> {
        let cand = self.current().apply(edits);
        self.test(cand)
    }

    /// Like `test`, but first evaluates `speculate(current, cand)` (the likely next
    /// candidates, in the order the pass would test them: after `cand` fails, built on
    /// `current`, or after it succeeds, built on `cand`) in parallel when there are
    /// idle workers, so that later tests hit the cache. What is speculated never
    /// changes a decision, only the runs. (See the `impl dyn Ctx` helpers for a
    /// closure taken by value.)
    fn test_speculating_with(
        &mut self,
        cand: C,
        speculate: &mut dyn FnMut(&C, &C) -> Vec<C>,
    ) -> Result<bool, Interrupt>;

    /// Finds the first interesting candidate of `cands` (in order) and commits it.
    /// Several candidates may be under way at once; the result does not depend on
    /// `jobs` (a parallel `find_first`). Returns its index.
    fn first_of(&mut self, cands: &mut dyn Iterator<Item = C>) -> Result<Option<usize>, Interrupt>;

    /// Evaluates candidates (in parallel) without committing any of them.
    fn evaluate(&mut self, cands: &[C]) -> Result<Vec<bool>, Interrupt>;
}

impl<C: Case> dyn Ctx<C> + '_ {
    /// [`Ctx::test_speculating_with`] with the speculation as a closure.
    pub fn test_speculating(
        &mut self,
        cand: C,
        speculate: impl FnOnce(&C, &C) -> Vec<C>,
    ) -> Result<bool, Interrupt> {
        let mut speculate = Some(speculate);
        self.test_speculating_with(cand, &mut |a, b| {
            speculate.take().map_or_else(Vec::new, |f| f(a, b))
        })
    }

    /// [`Ctx::first_of`] over anything iterable.
    pub fn first(
        &mut self,
        cands: impl IntoIterator<Item = C>,
    ) -> Result<Option<usize>, Interrupt> {
        self.first_of(&mut cands.into_iter())
    }
}

//! Idle passes (`Config::demote_idle`): which passes pay too little to keep their
//! place, and the slices an idle pass runs in.

use super::State;
use crate::case::Case;

/// A pass is idle once it has made this many tests and had fewer than one in this
/// many taken; an idle pass runs in slices of this many tests.
pub(crate) const IDLE_TESTS: u64 = 100;

impl<C: Case> State<'_, C> {
    /// Whether pass `i` has tested at least [`IDLE_TESTS`] candidates in this run
    /// and fewer than one in [`IDLE_TESTS`] was taken (tests, not runs: the same
    /// for every number of workers).
    pub(crate) fn pass_idle(&self, i: usize) -> bool {
        let s = &self.stats[i];
        s.tests >= IDLE_TESTS && s.successes.saturating_mul(IDLE_TESTS) < s.tests
    }

    /// With `sliced`, the running pass stops once it has made [`IDLE_TESTS`] more
    /// tests and is idle, and the round goes on with the passes after it
    /// (`Config::demote_idle`).
    pub(crate) fn set_slice(&mut self, sliced: bool) {
        self.slice_end = sliced.then(|| self.stats[self.current].tests + IDLE_TESTS);
    }

    /// Whether the running pass has used up its slice (see [`State::set_slice`]).
    pub(crate) fn slice_spent(&self) -> bool {
        (self.slice_end).is_some_and(|end| self.stats[self.current].tests >= end)
            && self.pass_idle(self.current)
    }
}

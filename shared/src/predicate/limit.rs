//! The time limit of one check, learned from the checks of the original.
//!
//! A candidate that makes the program under test hang costs the whole limit. With a
//! fixed 60 s one, a test that runs in 0.08 s on the original can spend a
//! five-minute budget on five hanging candidates (flexbuffers, session 20). So,
//! unless the user fixes it (`--timeout`), the limit is learned: every run of the
//! limited part of a check on the original (the compiler, the test binary, the
//! script) is timed, and once the original has been checked the limit becomes
//! [`learned_limit`] of the slowest, never above the fixed cap.
//!
//! A check stopped at the limit is a `Timeout`, which is never the bug unless the
//! bug is a hang (`--hang`, where the limit stays fixed): a limit that is too short
//! can cost reductions, never a wrong result. Timeouts are not kept in the disk
//! cache (see [`crate::cache::VerdictCache::put`]): they depend on the machine's
//! load and on the limit.

use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// How many times the original's slowest limited run a candidate may take.
pub const LEARNED_FACTOR: u32 = 10;

/// The least learned limit: process start-up on a loaded machine stays far below
/// (a test binary's run on a small input takes a few milliseconds, a hundred times
/// that under load is still below it). It was 2 s: on a DICOM reader's test of 4 ms
/// a run, 97 hanging candidates took 194 s of a 300 s run (issue 28, session 34).
pub const LEARNED_FLOOR: Duration = Duration::from_millis(500);

/// The limit learned from the original's slowest run: [`LEARNED_FACTOR`] times
/// it, at least [`LEARNED_FLOOR`].
pub fn learned_limit(slowest: Duration) -> Duration {
    (slowest * LEARNED_FACTOR).max(LEARNED_FLOOR)
}

/// The time limit of a predicate's runs (shared by its workers).
#[derive(Debug, Default)]
pub struct TimeLimit {
    /// The fixed limit (`--timeout`), and the most a learned one may be.
    cap: Option<Duration>,
    /// Set once by [`TimeLimit::learn`].
    learned: OnceLock<Duration>,
    /// The slowest run seen before the limit was learned.
    slowest: Mutex<Option<Duration>>,
}

impl TimeLimit {
    /// A limit of `cap` until one is learned.
    pub fn new(cap: Option<Duration>) -> TimeLimit {
        TimeLimit {
            cap,
            ..TimeLimit::default()
        }
    }

    /// The limit of the next run.
    pub fn get(&self) -> Option<Duration> {
        self.learned.get().copied().or(self.cap)
    }

    /// Records how long a limited run took (ignored once the limit is learned).
    pub fn observe(&self, elapsed: Duration) {
        if self.learned.get().is_none() {
            let mut s = self.slowest.lock().unwrap_or_else(|e| e.into_inner());
            *s = Some(s.map_or(elapsed, |t| t.max(elapsed)));
        }
    }

    /// Fixes the limit from the runs seen so far: [`learned_limit`] of the slowest,
    /// at most the cap. Returns the new limit and the slowest run, or `None` (the
    /// limit unchanged) when no run was seen or one was learned already.
    pub fn learn(&self) -> Option<(Duration, Duration)> {
        let slowest = (*self.slowest.lock().unwrap_or_else(|e| e.into_inner()))?;
        let limit = match self.cap {
            Some(cap) => learned_limit(slowest).min(cap),
            None => learned_limit(slowest),
        };
        self.learned.set(limit).ok()?;
        Some((limit, slowest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_from_the_slowest_run_within_the_cap() {
        let ms = Duration::from_millis;
        let l = TimeLimit::new(Some(Duration::from_secs(60)));
        assert_eq!(l.get(), Some(Duration::from_secs(60)));
        assert_eq!(l.learn(), None, "nothing seen yet");
        l.observe(ms(80));
        l.observe(ms(300));
        l.observe(ms(120));
        assert_eq!(l.learn(), Some((ms(3000), ms(300))));
        assert_eq!(l.get(), Some(ms(3000)));
        // Learned once: later runs do not move it.
        l.observe(Duration::from_secs(50));
        assert_eq!(l.learn(), None);
        assert_eq!(l.get(), Some(ms(3000)));

        let fast = TimeLimit::new(Some(Duration::from_secs(60)));
        fast.observe(ms(10));
        assert_eq!(fast.learn().map(|p| p.0), Some(LEARNED_FLOOR));

        let slow = TimeLimit::new(Some(Duration::from_secs(60)));
        slow.observe(Duration::from_secs(30));
        assert_eq!(slow.learn().map(|p| p.0), Some(Duration::from_secs(60)));
    }
}

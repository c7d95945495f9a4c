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
//!
//! The memory limit of a test's run ([`MemoryLimit`]): a candidate whose length
//! field has grown makes a reader allocate, and often fill, gigabytes (a DICOM
//! reader's test of 4 ms and 4 MB on the original took 5 to 35 s and up to 4 GB on
//! neighbours of its result, each stopped at the time limit: 481 timeouts, 240 s of
//! a 440 s run, issue 28, session 37). Under `RLIMIT_DATA` such an allocation fails
//! at once: the test ends in milliseconds, with an allocation failure (not the bug)
//! or whatever the reader does when it cannot get the memory. The limit is learned
//! like the time limit, [`MEMORY_FACTOR`] times the original's peak resident
//! memory and at least [`MEMORY_FLOOR`], then checked: the original is run once
//! more under it and must fail the same way, else there is no limit. A bug that is
//! itself an allocation failure gets none. As with time, a limit that is too low
//! can cost reductions, never a wrong result.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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

/// How many times the original's peak resident memory a candidate's run may map.
pub const MEMORY_FACTOR: u64 = 16;

/// The least learned memory limit: far above what a test binary maps to start (a
/// few MB) and a reader's work on an input of a few hundred KB, far below the
/// gigabytes a wrong length asks for.
pub const MEMORY_FLOOR: u64 = 256 << 20;

/// The memory limit learned from the original's peak: [`MEMORY_FACTOR`] times it,
/// at least [`MEMORY_FLOOR`].
pub fn learned_memory(peak: u64) -> u64 {
    peak.saturating_mul(MEMORY_FACTOR).max(MEMORY_FLOOR)
}

/// The data memory limit of a predicate's runs (shared by its workers): none until
/// learned from the original's runs, none again when the original does not fail
/// the same way under it.
#[derive(Debug, Default)]
pub struct MemoryLimit {
    /// The limit in bytes; 0 for none.
    limit: AtomicU64,
    /// The largest peak seen before the limit was learned.
    peak: AtomicU64,
    /// Set by [`MemoryLimit::learn`] (once).
    learned: AtomicBool,
}

impl MemoryLimit {
    /// The limit of the next run, in bytes.
    pub fn get(&self) -> Option<u64> {
        Some(self.limit.load(Ordering::Relaxed)).filter(|&l| l > 0)
    }

    /// Records a run's peak resident memory (ignored once the limit is learned).
    pub fn observe(&self, max_rss: Option<u64>) {
        if let (Some(rss), false) = (max_rss, self.learned.load(Ordering::Relaxed)) {
            self.peak.fetch_max(rss, Ordering::Relaxed);
        }
    }

    /// Fixes the limit from the runs seen so far ([`learned_memory`] of the
    /// largest peak). Returns the limit and the peak, or `None` when no run was
    /// seen or a limit was learned already.
    pub fn learn(&self) -> Option<(u64, u64)> {
        let peak = self.peak.load(Ordering::Relaxed);
        if peak == 0 || self.learned.swap(true, Ordering::Relaxed) {
            return None;
        }
        let limit = learned_memory(peak);
        self.limit.store(limit, Ordering::Relaxed);
        Some((limit, peak))
    }

    /// No limit any more (the original does not fail the same way under it).
    pub fn clear(&self) {
        self.fix(0);
    }

    /// A limit of `bytes` (0: none), never learned (`--memory`).
    pub fn fix(&self, bytes: u64) {
        self.learned.store(true, Ordering::Relaxed);
        self.limit.store(bytes, Ordering::Relaxed);
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

    #[test]
    fn memory_is_learned_once_from_the_largest_peak() {
        let m = MemoryLimit::default();
        assert_eq!(m.get(), None);
        assert_eq!(m.learn(), None, "nothing seen yet");
        m.observe(Some(4 << 20));
        m.observe(None);
        m.observe(Some(100 << 20));
        m.observe(Some(8 << 20));
        assert_eq!(m.learn(), Some((1600 << 20, 100 << 20)));
        assert_eq!(m.get(), Some(1600 << 20));
        m.observe(Some(1 << 40));
        assert_eq!(m.learn(), None);
        assert_eq!(m.get(), Some(1600 << 20));
        m.clear();
        assert_eq!(m.get(), None);

        let small = MemoryLimit::default();
        small.observe(Some(3 << 20));
        assert_eq!(small.learn().map(|p| p.0), Some(MEMORY_FLOOR));
    }
}

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
//! A test binary's run has a CPU-time limit beside it ([`TimeLimit::with_cpu`]):
//! [`LEARNED_FACTOR`] times the original's largest CPU time, at least [`CPU_FLOOR`].
//! A loaded machine stretches a run's wall time, not the CPU time it uses, so the
//! CPU limit needs no margin for the load and can stop a loop far sooner than the
//! wall limit does (a FlexBuffers reader's test of 5 ms on the original: 571 of
//! 1 540 checks stopped at the 0.5 s wall limit, 286 of its 300 s, where a cut
//! sends the walk around a cycle; issue 28, session 37).
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

/// The least learned CPU-time limit: the kernel counts CPU time in ticks of 10 ms,
/// and a test binary's start-up and a reader's work on a few hundred KB take a few
/// milliseconds of it, whatever the load.
pub const CPU_FLOOR: Duration = Duration::from_millis(100);

/// The time limit of a predicate's runs (shared by its workers).
#[derive(Debug, Default)]
pub struct TimeLimit {
    /// The fixed limit (`--timeout`), and the most a learned one may be.
    cap: Option<Duration>,
    /// Set once by [`TimeLimit::learn`].
    learned: OnceLock<Duration>,
    /// The slowest run seen before the limit was learned.
    slowest: Mutex<Option<Duration>>,
    /// Whether runs get a CPU-time limit too ([`TimeLimit::with_cpu`]).
    cpu: bool,
    /// The largest CPU time of a run seen before the limit was learned.
    most_cpu: Mutex<Option<Duration>>,
    /// Set by [`TimeLimit::learn`] when `cpu`.
    cpu_learned: OnceLock<Duration>,
}

impl TimeLimit {
    /// A limit of `cap` until one is learned.
    pub fn new(cap: Option<Duration>) -> TimeLimit {
        TimeLimit {
            cap,
            ..TimeLimit::default()
        }
    }

    /// The same, with a CPU-time limit learned beside the wall-time one (for a
    /// program run directly, whose CPU time is its own: a test binary).
    pub fn with_cpu(cap: Option<Duration>) -> TimeLimit {
        TimeLimit {
            cpu: true,
            ..TimeLimit::new(cap)
        }
    }

    /// The limit of the next run.
    pub fn get(&self) -> Option<Duration> {
        self.learned.get().copied().or(self.cap)
    }

    /// The CPU-time limit of the next run: none until learned.
    pub fn cpu(&self) -> Option<Duration> {
        self.cpu_learned.get().copied()
    }

    /// Records how long a limited run took, and the CPU time it used when it ended
    /// by itself (ignored once the limit is learned).
    pub fn observe(&self, elapsed: Duration, cpu: Option<Duration>) {
        if self.learned.get().is_none() {
            let mut s = self.slowest.lock().unwrap_or_else(|e| e.into_inner());
            *s = Some(s.map_or(elapsed, |t| t.max(elapsed)));
            if let Some(cpu) = cpu {
                let mut m = self.most_cpu.lock().unwrap_or_else(|e| e.into_inner());
                *m = Some(m.map_or(cpu, |t| t.max(cpu)));
            }
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
        let most_cpu = *self.most_cpu.lock().unwrap_or_else(|e| e.into_inner());
        if let (true, Some(most)) = (self.cpu, most_cpu) {
            let cpu = (most * LEARNED_FACTOR).max(CPU_FLOOR);
            // Only where it stops a run sooner than the wall limit.
            if cpu < limit {
                let _ = self.cpu_learned.set(cpu);
            }
        }
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
        l.observe(ms(80), None);
        l.observe(ms(300), None);
        l.observe(ms(120), None);
        assert_eq!(l.learn(), Some((ms(3000), ms(300))));
        assert_eq!(l.get(), Some(ms(3000)));
        // Learned once: later runs do not move it.
        l.observe(Duration::from_secs(50), None);
        assert_eq!(l.learn(), None);
        assert_eq!(l.get(), Some(ms(3000)));

        let fast = TimeLimit::new(Some(Duration::from_secs(60)));
        fast.observe(ms(10), None);
        assert_eq!(fast.learn().map(|p| p.0), Some(LEARNED_FLOOR));

        assert_eq!(fast.cpu(), None, "no CPU limit unless asked");

        let cpu = TimeLimit::with_cpu(Some(Duration::from_secs(60)));
        cpu.observe(ms(9), Some(ms(4)));
        cpu.observe(ms(30), Some(ms(25)));
        cpu.observe(ms(20), None);
        assert_eq!(cpu.learn(), Some((LEARNED_FLOOR, ms(30))));
        assert_eq!(cpu.cpu(), Some(ms(250)));
        let tiny = TimeLimit::with_cpu(None);
        tiny.observe(ms(5), Some(ms(2)));
        tiny.learn();
        assert_eq!(tiny.cpu(), Some(CPU_FLOOR));
        // Not where the wall limit stops a run first.
        let busy = TimeLimit::with_cpu(None);
        busy.observe(ms(100), Some(ms(190)));
        busy.learn();
        assert_eq!(busy.cpu(), None);

        let slow = TimeLimit::new(Some(Duration::from_secs(60)));
        slow.observe(Duration::from_secs(30), None);
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

//! Parallel evaluation: N worker threads, each with its own private scratch
//! directory, fed one candidate at a time.
//!
//! The pool is pipelined: the scheduler starts a run on an idle worker and later waits
//! for the result of the one run it needs next, while the others (speculative runs)
//! go on. Nothing here decides anything: verdicts go to the cache, and the scheduler
//! only acts on the verdict of the candidate it asked about, so the result does not
//! depend on how many workers there are or on which run ends first.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::Scope;

use crate::cache::Key;
use crate::exec::{private_tempdir, Scratch};
use crate::predicate::{CancelFlag, Predicate, PredicateError, RunEnv, Verdict};

struct Job<C> {
    cand: C,
    cancel: CancelFlag,
}

struct Done {
    worker: usize,
    result: Result<Verdict, PredicateError>,
}

struct Running {
    key: Key,
    /// Cancels this run only.
    abort: CancelFlag,
    /// Aborted on purpose (its flag is also cancelled when the whole reduction is).
    aborted: bool,
}

/// A finished run: the candidate's key and its verdict. `aborted`: stopped on
/// purpose before it had a verdict (an aborted run that ended with one is not).
pub(crate) struct Finished {
    pub(crate) key: Key,
    pub(crate) result: Result<Verdict, PredicateError>,
    pub(crate) aborted: bool,
}

pub(crate) struct Workers<C> {
    busy: Vec<Option<Running>>,
    jobs: Vec<mpsc::Sender<Job<C>>>,
    done: mpsc::Receiver<Done>,
    /// Scratch directories; dropped (removed) only after every run has ended.
    dirs: Vec<Scratch>,
}

impl<C: Send + 'static> Workers<C> {
    /// Creates the scratch directories and starts `jobs` worker threads in `scope`.
    pub(crate) fn new<'scope, 'env>(
        jobs: usize,
        parent: Option<&Path>,
        predicate: &'env dyn Predicate<C>,
        scope: &'scope Scope<'scope, 'env>,
    ) -> std::io::Result<Workers<C>> {
        let root = private_tempdir(parent, "cargo-minimize-")?;
        let mut dirs = vec![root];
        for i in 1..jobs {
            dirs.push(private_tempdir(Some(dirs[0].path()), &format!("w{i}-"))?);
        }
        let (done_tx, done) = mpsc::channel::<Done>();
        let mut senders = Vec::new();
        for (worker, dir) in dirs.iter().enumerate() {
            let (tx, rx) = mpsc::channel::<Job<C>>();
            senders.push(tx);
            let scratch: PathBuf = dir.path().join("work");
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                while let Ok(job) = rx.recv() {
                    let _ = std::fs::create_dir_all(&scratch);
                    let env = RunEnv {
                        worker,
                        scratch: &scratch,
                        cancel: &job.cancel,
                    };
                    // A panicking predicate must still answer, or the scheduler
                    // would wait for this run forever.
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        predicate.test(&job.cand, &env)
                    }))
                    .unwrap_or_else(|_| {
                        Err(PredicateError::Other("the predicate panicked".into()))
                    });
                    if done_tx.send(Done { worker, result }).is_err() {
                        break;
                    }
                }
            });
        }
        Ok(Workers {
            busy: (0..jobs).map(|_| None).collect(),
            jobs: senders,
            done,
            dirs,
        })
    }
}

impl<C> Workers<C> {
    pub(crate) fn len(&self) -> usize {
        self.busy.len()
    }

    /// An idle worker, if any.
    pub(crate) fn idle(&self) -> Option<usize> {
        self.busy.iter().position(Option::is_none)
    }

    /// Is a run of the candidate with this key under way, even an aborted one (which
    /// may still end with a verdict)?
    pub(crate) fn has(&self, key: &Key) -> bool {
        self.busy.iter().flatten().any(|r| &r.key == key)
    }

    /// Number of runs under way.
    pub(crate) fn in_flight(&self) -> usize {
        self.busy.iter().flatten().count()
    }

    /// Starts a run of `cand` on idle worker `w`.
    pub(crate) fn start(&mut self, w: usize, key: Key, cand: C, cancel: &CancelFlag) {
        debug_assert!(self.busy[w].is_none());
        let abort = cancel.child();
        let job = Job {
            cand,
            cancel: abort.clone(),
        };
        if self.jobs[w].send(job).is_ok() {
            self.busy[w] = Some(Running {
                key,
                abort,
                aborted: false,
            });
        }
    }

    /// Waits for the next run to end (`None` when none is under way).
    pub(crate) fn wait_one(&mut self) -> Option<Finished> {
        if self.in_flight() == 0 {
            return None;
        }
        let done = self.done.recv().ok()?;
        let running = self.busy[done.worker].take().expect("a run was under way");
        Some(Finished {
            key: running.key,
            aborted: running.aborted && done.result.is_err(),
            result: done.result,
        })
    }

    /// Stops the runs under way whose key `keep` does not accept (their results
    /// come back as aborted).
    pub(crate) fn abort_unless(&mut self, keep: impl Fn(&Key) -> bool) {
        for r in self.busy.iter_mut().flatten() {
            if !keep(&r.key) {
                r.abort.cancel();
                r.aborted = true;
            }
        }
    }

    /// Runs `f` on this thread in a scratch directory of its own (work besides
    /// tests, such as asking the compiler for warnings), beside the runs under way.
    pub(crate) fn with_diag<T>(&self, cancel: &CancelFlag, f: impl FnOnce(&RunEnv<'_>) -> T) -> T {
        let scratch = self.dirs[0].path().join("diag");
        let _ = std::fs::create_dir_all(&scratch);
        f(&RunEnv {
            worker: self.busy.len(),
            scratch: &scratch,
            cancel,
        })
    }
}

impl<C> Drop for Workers<C> {
    fn drop(&mut self) {
        // Stop what is still running and wait for it, so that no process writes
        // into a scratch directory while it is removed.
        self.abort_unless(|_| false);
        while self.wait_one().is_some() {}
    }
}

//! Parallel evaluation: N worker threads, each with its own private scratch
//! directory, fed one candidate at a time.
//!
//! The pool is pipelined: the scheduler starts a run on an idle worker and later waits
//! for the result of the one run it needs next, while the others (speculative runs)
//! go on. Nothing here decides anything: verdicts go to the cache, and the scheduler
//! only acts on the verdict of the candidate it asked about, so the result does not
//! depend on how many workers there are or on which run ends first.

use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc};
use std::thread::Scope;

use crate::cache::Key;
use crate::case::content_key;
use crate::exec::{private_tempdir, Scratch};
use crate::predicate::{CancelFlag, Predicate, PredicateError, RunEnv, Verdict};

/// What a worker does.
pub(crate) enum Task<C> {
    /// Test a candidate.
    Test(C),
    /// Compute a form of a case, whose key is given (the `usize`th of
    /// [`crate::Reduction::forms`]), and test it.
    Form(C, Key, usize),
}

/// Hooks for a virtual clock (`shared/examples/scaling.rs`; [`crate::Config::pacer`],
/// `None` in real reductions): the pool says when a worker is handed a run, when it
/// hands a result back, and when the scheduler blocks waiting for one and wakes. A
/// simulation whose checks "take" time on a clock of its own learns from them when
/// every thread waits, the only moment that clock may jump. They decide nothing.
pub trait Pacer: Send + Sync + std::fmt::Debug {
    /// A worker is about to be handed a run (on the scheduler's thread).
    fn handed(&self);
    /// A worker has handed a result back (on the worker's thread; the scheduler
    /// may have received it already).
    fn returned(&self);
    /// The scheduler is about to block until a result comes back.
    fn waiting(&self);
    /// The scheduler has received a result and goes on.
    fn received(&self);
}

struct Job<C> {
    task: Task<C>,
    cancel: CancelFlag,
}

struct Done<C> {
    worker: usize,
    result: Result<Verdict, PredicateError>,
    /// For a [`Task::Form`]: the form with its key (`None`: no other form).
    form: Option<Option<(Key, C)>>,
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
pub(crate) struct Finished<C> {
    pub(crate) key: Key,
    pub(crate) result: Result<Verdict, PredicateError>,
    pub(crate) aborted: bool,
    /// For a [`Task::Form`]: the form it computed, with its key (`None`: no other
    /// form); `result` is then the form's verdict.
    pub(crate) form: Option<Option<(Key, C)>>,
}

pub(crate) struct Workers<C> {
    busy: Vec<Option<Running>>,
    jobs: Vec<mpsc::Sender<Job<C>>>,
    done: mpsc::Receiver<Done<C>>,
    /// Whether there is a `finish` for [`Task::Form`].
    forms: bool,
    /// Scratch directories; dropped (removed) only after every run has ended.
    dirs: Vec<Scratch>,
    pacer: Option<Arc<dyn Pacer>>,
}

/// What makes one form (the function of a [`crate::Form`]).
pub(crate) type MakeForm<'f, C> = dyn Fn(&C, &RunEnv<'_>) -> Option<C> + Send + Sync + 'f;

/// Where a [`Task::Form`] gets the form, and how the worker keys it.
pub(crate) struct FormMaker<'env, C> {
    /// The forms, in order ([`crate::Reduction::forms`]).
    pub(crate) forms: Vec<&'env MakeForm<'env, C>>,
    pub(crate) fingerprint: Vec<u8>,
}

impl<C: crate::case::Case> Workers<C> {
    /// Creates the scratch directories and starts `jobs` worker threads in `scope`.
    pub(crate) fn new<'scope, 'env>(
        jobs: usize,
        parent: Option<&Path>,
        predicate: &'env dyn Predicate<C>,
        forms: Option<FormMaker<'env, C>>,
        pacer: Option<Arc<dyn Pacer>>,
        scope: &'scope Scope<'scope, 'env>,
    ) -> std::io::Result<Workers<C>> {
        let can_form = forms.is_some();
        let forms = forms.map(std::sync::Arc::new);
        let root = private_tempdir(parent, "cargo-minimize-")?;
        let mut dirs = vec![root];
        for i in 1..jobs {
            dirs.push(private_tempdir(Some(dirs[0].path()), &format!("w{i}-"))?);
        }
        let (done_tx, done) = mpsc::channel::<Done<C>>();
        let mut senders = Vec::new();
        for (worker, dir) in dirs.iter().enumerate() {
            let (tx, rx) = mpsc::channel::<Job<C>>();
            senders.push(tx);
            let scratch: PathBuf = dir.path().join("work");
            let done_tx = done_tx.clone();
            let forms = forms.clone();
            let pacer = pacer.clone();
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
                    let guard = |f: &dyn Fn() -> Result<Verdict, PredicateError>| {
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(
                            |_| Err(PredicateError::Other("the predicate panicked".into())),
                        )
                    };
                    let (result, form) = match job.task {
                        Task::Test(cand) => (guard(&|| predicate.test(&cand, &env)), None),
                        Task::Form(base, base_key, i) => {
                            let maker =
                                forms.as_deref().expect("forms are asked for with a finish");
                            let form = (maker.forms[i])(&base, &env)
                                .map(|c| (content_key(&maker.fingerprint, &c), c))
                                .filter(|(k, _)| *k != base_key);
                            let result = match &form {
                                Some((_, c)) => guard(&|| predicate.test(c, &env)),
                                None => Err(PredicateError::Other("no other form".into())),
                            };
                            (result, Some(form))
                        }
                    };
                    let sent = done_tx.send(Done {
                        worker,
                        result,
                        form,
                    });
                    if let Some(p) = &pacer {
                        p.returned();
                    }
                    if sent.is_err() {
                        break;
                    }
                }
            });
        }
        Ok(Workers {
            busy: (0..jobs).map(|_| None).collect(),
            jobs: senders,
            done,
            forms: can_form,
            dirs,
            pacer,
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

    /// Whether [`Task::Form`] can be asked for.
    pub(crate) fn makes_forms(&self) -> bool {
        self.forms
    }

    /// Starts `task` on idle worker `w`; `key` names it (the candidate's key, for a
    /// test).
    pub(crate) fn start(&mut self, w: usize, key: Key, task: Task<C>, cancel: &CancelFlag) {
        debug_assert!(self.busy[w].is_none());
        let abort = cancel.child();
        let job = Job {
            task,
            cancel: abort.clone(),
        };
        // Before the hand-over: the worker may be done with the run before `send`
        // returns. (A send fails only if the worker's thread is gone, which does not
        // happen while the pool lives: it ends when its channel closes.)
        if let Some(p) = &self.pacer {
            p.handed();
        }
        if self.jobs[w].send(job).is_ok() {
            self.busy[w] = Some(Running {
                key,
                abort,
                aborted: false,
            });
        }
    }

    /// Waits for the next run to end (`None` when none is under way).
    pub(crate) fn wait_one(&mut self) -> Option<Finished<C>> {
        if self.in_flight() == 0 {
            return None;
        }
        if let Some(p) = &self.pacer {
            p.waiting();
        }
        let done = self.done.recv().ok();
        if let Some(p) = &self.pacer {
            p.received();
        }
        let done = done?;
        let running = self.busy[done.worker].take().expect("a run was under way");
        Some(Finished {
            key: running.key,
            aborted: running.aborted && done.result.is_err(),
            result: done.result,
            form: done.form,
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

//! Parallel evaluation: N workers, each with its own private scratch directory,
//! testing a batch of candidates concurrently.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::exec::{private_tempdir, Scratch};
use crate::predicate::{CancelFlag, Predicate, PredicateError, RunEnv, Verdict};

pub(crate) struct Workers {
    dirs: Vec<Scratch>,
}

impl Workers {
    pub(crate) fn new(jobs: usize, parent: Option<&Path>) -> std::io::Result<Workers> {
        let root = private_tempdir(parent, "cargo-minimize-")?;
        let mut dirs = vec![root];
        for i in 1..jobs {
            dirs.push(private_tempdir(Some(dirs[0].path()), &format!("w{i}-"))?);
        }
        Ok(Workers { dirs })
    }

    pub(crate) fn len(&self) -> usize {
        self.dirs.len()
    }

    /// Runs `f` in worker 0's scratch directory (work besides tests, such as asking
    /// the compiler for warnings).
    pub(crate) fn with_first<T>(&self, cancel: &CancelFlag, f: impl FnOnce(&RunEnv<'_>) -> T) -> T {
        let scratch = self.dirs[0].path().join("work");
        let _ = std::fs::create_dir_all(&scratch);
        f(&RunEnv {
            worker: 0,
            scratch: &scratch,
            cancel,
        })
    }

    /// Tests every candidate; results in input order.
    pub(crate) fn eval<C: Sync>(
        &self,
        predicate: &dyn Predicate<C>,
        cands: &[&C],
        cancel: &CancelFlag,
    ) -> Vec<Result<Verdict, PredicateError>> {
        let run = |w: usize, c: &C| {
            let scratch = self.dirs[w].path().join("work");
            let _ = std::fs::create_dir_all(&scratch);
            predicate.test(
                c,
                &RunEnv {
                    worker: w,
                    scratch: &scratch,
                    cancel,
                },
            )
        };
        if self.dirs.len() == 1 || cands.len() == 1 {
            return cands.iter().map(|c| run(0, c)).collect();
        }
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<Result<Verdict, PredicateError>>>> =
            Mutex::new((0..cands.len()).map(|_| None).collect());
        std::thread::scope(|s| {
            for w in 0..self.dirs.len().min(cands.len()) {
                let (next, results, run) = (&next, &results, &run);
                s.spawn(move || loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= cands.len() {
                        break;
                    }
                    let r = run(w, cands[i]);
                    results.lock().expect("no panics while holding the lock")[i] = Some(r);
                });
            }
        });
        results
            .into_inner()
            .expect("workers finished")
            .into_iter()
            .map(|r| r.expect("every index ran"))
            .collect()
    }
}

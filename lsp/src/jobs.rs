//! A minimize job on a worker thread: runs the engine's [`Job`] with an observer that
//! turns engine events into progress messages for the main loop, and catches panics.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;
use minimize_engine::{CancelFlag, Event, Job, JobError, JobErrorKind, JobResult, JobSpec};

/// What a job tells the main loop.
#[derive(Debug)]
pub(crate) enum JobMsg {
    /// A progress report.
    Progress {
        job: u64,
        message: String,
        percentage: u32,
    },
    /// The job ended.
    Done {
        job: u64,
        outcome: Box<Result<JobResult, JobError>>,
    },
}

/// Starts `spec` on a new thread.
pub(crate) fn spawn(
    job: u64,
    spec: JobSpec,
    cancel: CancelFlag,
    tx: Sender<JobMsg>,
) -> JoinHandle<()> {
    std::thread::Builder::new()
        .name(format!("minimize-job-{job}"))
        .spawn(move || {
            let progress_tx = tx.clone();
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let mut last = Instant::now() - Duration::from_secs(1);
                let mut observer = |e: &Event<'_>| {
                    let (message, percentage) = match e {
                        Event::Progress(p) => (
                            format!(
                                "{} → {} bytes ({:.0}%), {} tests, pass {}",
                                p.initial_size,
                                p.size,
                                100.0 * p.size as f64 / p.initial_size.max(1) as f64,
                                p.runs,
                                p.pass
                            ),
                            percent(p.initial_size, p.size),
                        ),
                        Event::Note(n) => (n.to_string(), 0),
                        Event::Warning(w) => (format!("warning: {w}"), 0),
                        _ => return,
                    };
                    // At most five reports a second, notes always.
                    if matches!(e, Event::Progress(_))
                        && last.elapsed() < Duration::from_millis(200)
                    {
                        return;
                    }
                    last = Instant::now();
                    let _ = progress_tx.send(JobMsg::Progress {
                        job,
                        message,
                        percentage,
                    });
                };
                let mut j = Job::prepare(spec)?;
                j.check_original(&mut observer, &cancel)?;
                j.run(&mut observer, &cancel)
            }));
            let outcome = outcome.unwrap_or_else(|p| {
                let what = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                Err(JobError::new(
                    JobErrorKind::Internal,
                    format!("the job panicked: {what}"),
                ))
            });
            let _ = tx.send(JobMsg::Done {
                job,
                outcome: Box::new(outcome),
            });
        })
        .expect("cannot start a thread")
}

/// How far along the reduction is, as a percentage that only grows (the share of
/// the original removed so far), below 100 until the end.
fn percent(initial: usize, size: usize) -> u32 {
    let removed = initial.saturating_sub(size) as f64 / initial.max(1) as f64;
    ((removed * 100.0) as u32).min(99)
}

#[cfg(test)]
mod tests {
    #[test]
    fn percent_grows_and_stays_below_100() {
        assert_eq!(super::percent(100, 100), 0);
        assert_eq!(super::percent(100, 50), 50);
        assert_eq!(super::percent(100, 0), 99);
    }
}

//! A minimize job on a worker thread: runs the engine's [`Job`] with an observer that
//! turns engine events into short progress messages for the main loop (the long
//! text of a note or a warning goes with them, for the log), and catches panics.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;
use minimize_engine::{CancelFlag, Event, Job, JobError, JobErrorKind, JobResult, JobSpec};

use crate::progress::{percent, short};

/// What a job tells the main loop.
#[derive(Debug)]
pub(crate) enum JobMsg {
    /// A progress report: `percentage` `None` for a note or a warning; `detail`
    /// the whole text when the message is shorter than what the engine said.
    Progress {
        job: u64,
        message: String,
        percentage: Option<u32>,
        detail: Option<String>,
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
                    let (message, percentage, detail) = match e {
                        Event::Progress(p) => (
                            format!(
                                "{} → {} bytes, {} checks, {}",
                                p.initial_size, p.size, p.runs, p.pass
                            ),
                            Some(percent(p.initial_size, p.size)),
                            None,
                        ),
                        // The signature is long: a line of the log, not of a status bar.
                        Event::Note(n) if n.starts_with("bug signature:") => (
                            "the original shows the bug; reducing".to_string(),
                            None,
                            Some(n.to_string()),
                        ),
                        Event::Note(n) => (n.to_string(), None, Some(n.to_string())),
                        Event::Warning(w) => {
                            (format!("warning: {w}"), None, Some(format!("warning: {w}")))
                        }
                        _ => return,
                    };
                    // At most five reports a second, notes always.
                    if matches!(e, Event::Progress(_))
                        && last.elapsed() < Duration::from_millis(200)
                    {
                        return;
                    }
                    last = Instant::now();
                    let message = short(&message);
                    let detail = detail.filter(|d| *d != message);
                    let _ = progress_tx.send(JobMsg::Progress {
                        job,
                        message,
                        percentage,
                        detail,
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

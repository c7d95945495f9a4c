//! A job's life: the engine's `JobSpec` for a request, the start (a progress token,
//! the worker thread), progress reports, and the end (handed to `delivery.rs`).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use lsp_types::{
    notification::{self as notif},
    request as req, ProgressToken, WorkDoneProgressCreateParams,
};
use minimize_engine::job::{CacheChoice, OutputChoice, Target};
use minimize_engine::predicate::CrateSource;
use minimize_engine::{CancelFlag, JobError, JobResult, JobSpec};

use crate::actions::Request as Minimize;
use crate::crash::IceFile;
use crate::jobs;
use crate::progress::Progress;
use crate::server::{Pending, Place, RunningJob, Server, Subject};

/// The spec of `request`, what it is about, and where its result goes.
fn job_spec(s: &Server, request: &Minimize, job: u64) -> Result<(JobSpec, Subject, Place), String> {
    let st = &s.settings;
    let (target, extra, subject) = match request {
        Minimize::IceFile { path, .. } => (
            Target::IceFile {
                path: path.clone(),
                edition: None,
                crate_type: None,
            },
            &st.rustc_flags,
            Subject {
                file: path.clone(),
                root: None,
            },
        ),
        Minimize::IceCrate { root, file, .. } => (
            Target::IceCrate {
                root: root.clone(),
                build: false,
            },
            &st.cargo_flags,
            Subject {
                file: file.clone(),
                root: Some(root.clone()),
            },
        ),
        Minimize::Test { root, test, file } => (
            Target::TestSources {
                root: root.clone(),
                test: test.clone(),
            },
            &st.cargo_flags,
            Subject {
                file: file.clone(),
                root: Some(root.clone()),
            },
        ),
    };
    if !subject.file.exists() {
        return Err(format!("{}: no such file", subject.file.display()));
    }
    let mut spec = JobSpec::new(target);
    if let Minimize::IceFile { tool, .. } | Minimize::IceCrate { tool, .. } = request {
        spec.tool = *tool;
    }
    spec.extra = extra.iter().map(OsString::from).collect();
    spec.env = st
        .env
        .iter()
        .map(|(k, v)| (OsString::from(k), OsString::from(v)))
        .collect();
    if let Some(secs) = st.timeout {
        spec.timeout = Duration::from_secs_f64(secs.max(0.01));
        spec.learn_timeout = false;
    }
    // For the bug report actions.
    spec.report = true;
    if st.jobs > 0 {
        spec.jobs = st.jobs;
    }
    spec.cache = match st.cache_dir.as_deref() {
        Some("off") => CacheChoice::Off,
        Some(d) => CacheChoice::Disk(Some(d.into())),
        None => CacheChoice::Disk(None),
    };
    // The result is built in a private directory and placed beside the original
    // at the end (`delivery.rs`): the user's files are never written during a run,
    // and a cancelled run does not replace a smaller result.
    let dir = s.scratch.path().join(format!("job-{job}"));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let place = match &subject.root {
        None => {
            let name = subject.file.file_name().expect("a file");
            Place::File {
                built: dir.join(name),
                target: minimize_engine::job::min_name(&subject.file),
            }
        }
        Some(root) => {
            let source = CrateSource::new(root);
            let tree = source.tree();
            let name = format!(
                "{}.min",
                tree.file_name().unwrap_or_default().to_string_lossy()
            );
            Place::Crate {
                built: dir.join(&name),
                target: tree.with_file_name(name),
            }
        }
    };
    spec.output = OutputChoice::Path(match &place {
        Place::File { built, .. } | Place::Crate { built, .. } => built.clone(),
    });
    Ok((spec, subject, place))
}

/// Where the result of a crate job will be shown: the copy of `file` in the
/// result tree `target` of the tree that held `root`.
pub(crate) fn copy_in(target: &Path, root: &Path, file: &Path) -> PathBuf {
    let source = CrateSource::new(root);
    let rel = std::path::absolute(file)
        .ok()
        .and_then(|f| f.strip_prefix(source.tree()).ok().map(Path::to_path_buf))
        .unwrap_or_default();
    target.join(rel)
}

fn title(request: &Minimize) -> String {
    match request {
        Minimize::Test { test, .. } => format!("Minimizing failing test `{test}`"),
        Minimize::IceCrate { root, tool, .. } => format!(
            "Minimizing the {} in crate `{}`",
            match tool {
                minimize_engine::predicate::Tool::Rustc => "ICE",
                minimize_engine::predicate::Tool::Clippy => "clippy crash",
                minimize_engine::predicate::Tool::Rustdoc => "rustdoc crash",
            },
            root.file_name().unwrap_or_default().to_string_lossy()
        ),
        Minimize::IceFile { path, .. } => format!(
            "Minimizing {}",
            path.file_name().unwrap_or_default().to_string_lossy()
        ),
    }
}

/// Starts a job; its id and where its result will be, as the command's answer.
pub(crate) fn start(
    s: &mut Server,
    request: Minimize,
    token: Option<ProgressToken>,
    ice_file: Option<(PathBuf, IceFile)>,
) -> Result<serde_json::Value, String> {
    let job = s.next_job;
    let (spec, subject, place) = job_spec(s, &request, job)?;
    let target = match &place {
        Place::File { target, .. } | Place::Crate { target, .. } => target.clone(),
    };
    if let Some(other) = s.jobs.values().find(|j| match &j.place {
        Place::File { target: t, .. } | Place::Crate { target: t, .. } => *t == target,
    }) {
        return Err(format!(
            "{} is being minimized already (cancel that first)",
            other.subject.file.display()
        ));
    }
    s.next_job += 1;
    let shown = match (&place, &subject.root) {
        (Place::Crate { target, .. }, Some(root)) => copy_in(target, root, &subject.file),
        _ => target.clone(),
    };
    let progress = match token {
        Some(t) => Progress::new(Some(t), true),
        None if s.caps.work_done_progress => {
            let t = ProgressToken::String(format!("cargo-minimize/job/{job}"));
            s.send_request::<req::WorkDoneProgressCreate>(
                WorkDoneProgressCreateParams { token: t.clone() },
                Pending::ProgressCreate { job },
            );
            Progress::new(Some(t), false)
        }
        None => Progress::new(None, false),
    };
    let cancel = CancelFlag::new();
    let thread = jobs::spawn(job, spec, cancel.clone(), s.job_tx.clone());
    let title = title(&request);
    s.jobs.insert(
        job,
        RunningJob {
            cancel,
            thread: Some(thread),
            progress,
            subject,
            place,
            ice_file,
        },
    );
    let begin = s
        .jobs
        .get_mut(&job)
        .and_then(|j| j.progress.begin(title.clone(), "checking the original"));
    send_progress(s, begin);
    Ok(serde_json::json!({
        "job": job,
        "title": title,
        "output": shown,
        "token": s.jobs[&job].progress.token(),
    }))
}

fn send_progress(s: &Server, p: Option<lsp_types::ProgressParams>) {
    if let Some(p) = p {
        s.notify::<notif::Progress>(p);
    }
}

/// A progress report of `job`.
pub(crate) fn report(s: &mut Server, job: u64, message: &str, percentage: Option<u32>) {
    let p = s
        .jobs
        .get_mut(&job)
        .and_then(|j| j.progress.report(message, percentage));
    send_progress(s, p);
}

/// The client answered `window/workDoneProgress/create` for `job`.
pub(crate) fn token_answered(s: &mut Server, job: u64, ok: bool) {
    let Some(j) = s.jobs.get_mut(&job) else {
        return;
    };
    if !ok {
        j.progress.refused();
        return;
    }
    for p in j.progress.acknowledged() {
        s.notify::<notif::Progress>(p);
    }
}

/// Asks jobs to stop: `job`, or all of them; how many were asked.
pub(crate) fn cancel(s: &mut Server, id: lsp_server::RequestId, job: Option<u64>) {
    let mut stopping = Vec::new();
    for (jid, j) in &s.jobs {
        if job.is_none_or(|want| want == *jid) {
            j.cancel.cancel();
            stopping.push(*jid);
        }
    }
    if stopping.is_empty() {
        s.send(lsp_server::Response::new_ok(id, 0));
    } else {
        // Answered when the jobs have ended, after their `cargo-minimize/finished`:
        // a client that handles a reply before the messages that came with it
        // (Eglot 1.9's jsonrpc leaves them unread until the server writes again)
        // still sees the end of the job.
        let n = stopping.len();
        s.cancel_replies.push((id, stopping, n));
    }
}

/// Answers the cancel requests that waited for `job` (and no other job).
fn answer_cancels(s: &mut Server, job: u64) {
    let mut done = Vec::new();
    s.cancel_replies.retain_mut(|(id, jobs, n)| {
        jobs.retain(|j| *j != job);
        if jobs.is_empty() {
            done.push(lsp_server::Response::new_ok(id.clone(), *n));
            false
        } else {
            true
        }
    });
    for r in done {
        s.send(r);
    }
}

/// The job ended: progress `end`, then the result delivered.
pub(crate) fn on_done(s: &mut Server, job: u64, outcome: Result<JobResult, JobError>) {
    let Some(mut j) = s.jobs.remove(&job) else {
        return;
    };
    if let Some(t) = j.thread.take() {
        let _ = t.join();
    }
    let end_message = match &outcome {
        Ok(r) if r.summary.cancelled => format!(
            "cancelled: kept the best so far, {} → {} bytes",
            r.summary.initial_size, r.summary.final_size
        ),
        Ok(r) => format!(
            "done: {} → {} bytes, {} checks{}",
            r.summary.initial_size,
            r.summary.final_size,
            r.predicate_runs,
            if r.summary.one_minimal {
                ", 1-minimal"
            } else {
                ""
            }
        ),
        Err(e) => format!("failed: {}", e.message),
    };
    let end = j.progress.end(&end_message);
    send_progress(s, end);
    crate::delivery::deliver(s, job, j, outcome);
    answer_cancels(s, job);
}

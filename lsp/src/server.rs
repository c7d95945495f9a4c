//! The main loop: one closed event enum (a message from the client, a message from
//! a job, or a task the server set itself), dispatched to plain handler functions
//! (`dispatch.rs`, `handlers/`), and the state they share. Jobs run on worker
//! threads; the loop never blocks on them, so other requests are answered while a
//! reduction runs.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::thread::JoinHandle;

use anyhow::Result;
use crossbeam_channel::{select, unbounded, Receiver, Sender};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use lsp_types::{
    notification::{self as notif, Notification as _},
    request as req, InitializeParams, LogMessageParams, MessageType, ServerInfo, ShowMessageParams,
};
use minimize_engine::CancelFlag;

use crate::caps::{self, ClientCaps};
use crate::crash::IceFile;
use crate::jobs::JobMsg;
use crate::progress::Progress;
use crate::settings::Settings;

/// Everything the main loop reacts to.
pub(crate) enum Event {
    Lsp(Message),
    Job(JobMsg),
    Task(Task),
}

/// Work the server schedules for itself.
#[derive(Debug)]
pub(crate) enum Task {
    /// Read a crash file that appeared (`attempt` counts the reads of a file not
    /// yet complete).
    ReadIceFile { path: PathBuf, attempt: u32 },
}

/// What a job is about: the file the action was asked on, and the crate root for
/// a job on a crate (every file in it belongs to the job).
#[derive(Clone, Debug)]
pub(crate) struct Subject {
    pub(crate) file: PathBuf,
    pub(crate) root: Option<PathBuf>,
}

impl Subject {
    /// `true` when `path` is this job's file, or in its crate.
    pub(crate) fn covers(&self, path: &std::path::Path) -> bool {
        path == self.file || self.root.as_deref().is_some_and(|r| path.starts_with(r))
    }
}

/// Where a result is built (in the server's private directory) and where it goes
/// at the end (beside the original).
#[derive(Clone, Debug)]
pub(crate) enum Place {
    /// One file: `built` becomes `target` (`NAME_min.rs`).
    File { built: PathBuf, target: PathBuf },
    /// A crate: the tree `built` becomes `target` (`NAME.min/`).
    Crate { built: PathBuf, target: PathBuf },
}

pub(crate) struct RunningJob {
    pub(crate) cancel: CancelFlag,
    pub(crate) thread: Option<JoinHandle<()>>,
    pub(crate) progress: Progress,
    pub(crate) subject: Subject,
    pub(crate) place: Place,
    /// The crash file that started the job, if one did.
    pub(crate) ice_file: Option<(PathBuf, IceFile)>,
}

/// A job that ended with a result.
pub(crate) struct FinishedJob {
    pub(crate) job: u64,
    pub(crate) subject: Subject,
    /// The result: the file, or the crate's tree.
    pub(crate) result: PathBuf,
    /// The file shown to the user.
    pub(crate) shown: PathBuf,
    pub(crate) report: Option<String>,
}

impl FinishedJob {
    /// `true` when `path` is this job's file, in its crate, or its result.
    pub(crate) fn covers(&self, path: &std::path::Path) -> bool {
        self.subject.covers(path) || path == self.shown || path.starts_with(&self.result)
    }
}

/// An answer we wait for from the client.
pub(crate) enum Pending {
    ProgressCreate {
        job: u64,
    },
    /// The user's answer to "rustc crashed … Minimize a repro?".
    CrashOffer {
        root: PathBuf,
        ice: PathBuf,
        parsed: IceFile,
    },
    Other,
}

/// The answers of the crash question.
pub(crate) const CRASH_MINIMIZE: &str = "Minimize a repro";
pub(crate) const CRASH_OPEN: &str = "Open the crash file";
pub(crate) const CRASH_DISMISS: &str = "Not now";

/// Finished jobs remembered for their reports.
const KEEP_FINISHED: usize = 32;

pub(crate) struct Server {
    pub(crate) sender: Sender<Message>,
    pub(crate) caps: ClientCaps,
    pub(crate) settings: Settings,
    pub(crate) folders: Vec<PathBuf>,
    pub(crate) jobs: HashMap<u64, RunningJob>,
    pub(crate) finished: Vec<FinishedJob>,
    pub(crate) next_job: u64,
    next_request: u64,
    pub(crate) pending: HashMap<RequestId, Pending>,
    pub(crate) job_tx: Sender<JobMsg>,
    pub(crate) task_tx: Sender<Task>,
    pub(crate) shutting_down: bool,
    pub(crate) scratch: scratch_dir::Dir,
    /// Crash files already read (or being read).
    pub(crate) ice_seen: HashSet<PathBuf>,
    /// `cargo-minimize.cancel` requests answered once their jobs have ended (see
    /// [`crate::lifecycle::cancel`]): the request, the jobs still running, how many
    /// it cancelled.
    pub(crate) cancel_replies: Vec<(lsp_server::RequestId, Vec<u64>, usize)>,
}

/// A private directory for results in progress (removed at exit).
pub(crate) mod scratch_dir {
    use minimize_engine::exec::{private_tempdir, sweep_abandoned, Scratch};

    /// The directory (removed when dropped).
    pub(crate) struct Dir(Scratch);

    impl Dir {
        /// Also removes what servers killed without cleaning up left behind.
        pub(crate) fn new() -> std::io::Result<Dir> {
            sweep_abandoned();
            Ok(Dir(private_tempdir(None, "cargo-minimize-lsp-")?))
        }

        pub(crate) fn path(&self) -> &std::path::Path {
            self.0.path()
        }
    }
}

/// Serves `connection` until `exit`; returns the exit code the protocol asks for.
pub fn serve(connection: Connection) -> Result<i32> {
    let (id, params) = connection.initialize_start()?;
    let init: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let (settings, settings_error) = match init.initialization_options.as_ref() {
        Some(v) => match Settings::default().merged(v) {
            Ok(s) => (s, None),
            Err(e) => (Settings::default(), Some(e)),
        },
        None => (Settings::default(), None),
    };
    let result = serde_json::json!({
        "capabilities": caps::server_capabilities(),
        "serverInfo": ServerInfo { name: "cargo-minimize".into(), version: Some(env!("CARGO_PKG_VERSION").into()) },
    });
    connection.initialize_finish(id, result)?;
    let (job_tx, job_rx) = unbounded();
    let (task_tx, task_rx) = unbounded();
    let mut server = Server {
        sender: connection.sender.clone(),
        caps: caps::client_caps(&init),
        settings,
        folders: caps::folders(&init),
        jobs: HashMap::new(),
        finished: Vec::new(),
        next_job: 1,
        next_request: 1,
        pending: HashMap::new(),
        job_tx,
        task_tx,
        shutting_down: false,
        scratch: scratch_dir::Dir::new()?,
        ice_seen: HashSet::new(),
        cancel_replies: Vec::new(),
    };
    if let Some(e) = settings_error {
        server.show_message(MessageType::ERROR, format!("cargo-minimize: {e}"));
    }
    crate::handlers::watched_files::register(&mut server);
    let code = server.main_loop(&connection.receiver, &job_rx, &task_rx);
    server.stop_all_jobs();
    Ok(code)
}

impl Server {
    fn main_loop(
        &mut self,
        lsp: &Receiver<Message>,
        job_rx: &Receiver<JobMsg>,
        task_rx: &Receiver<Task>,
    ) -> i32 {
        loop {
            let event = select! {
                recv(lsp) -> m => match m {
                    Ok(m) => Event::Lsp(m),
                    Err(_) => return 1, // the client went away without `exit`
                },
                recv(job_rx) -> m => Event::Job(m.expect("the server holds a sender")),
                recv(task_rx) -> m => Event::Task(m.expect("the server holds a sender")),
            };
            match event {
                Event::Lsp(Message::Notification(n)) if n.method == notif::Exit::METHOD => {
                    return if self.shutting_down { 0 } else { 1 };
                }
                Event::Lsp(Message::Request(r)) => crate::dispatch::on_request(self, r),
                Event::Lsp(Message::Notification(n)) => crate::dispatch::on_notification(self, n),
                Event::Lsp(Message::Response(r)) => crate::dispatch::on_response(self, r),
                Event::Job(JobMsg::Progress {
                    job,
                    message,
                    percentage,
                    detail,
                }) => {
                    if let Some(d) = detail {
                        self.log(d);
                    }
                    crate::lifecycle::report(self, job, &message, percentage);
                }
                Event::Job(JobMsg::Done { job, outcome }) => {
                    crate::lifecycle::on_done(self, job, *outcome)
                }
                Event::Task(Task::ReadIceFile { path, attempt }) => {
                    crate::handlers::watched_files::read_ice_file(self, path, attempt)
                }
            }
        }
    }

    pub(crate) fn send(&self, m: impl Into<Message>) {
        let _ = self.sender.send(m.into());
    }

    pub(crate) fn send_request<R: req::Request>(&mut self, params: R::Params, pending: Pending) {
        let id = RequestId::from(format!("cargo-minimize/{}", self.next_request));
        self.next_request += 1;
        self.pending.insert(id.clone(), pending);
        self.send(Request::new(id, R::METHOD.to_string(), params));
    }

    pub(crate) fn notify<N: notif::Notification>(&self, params: N::Params) {
        self.send(Notification::new(N::METHOD.to_string(), params));
    }

    pub(crate) fn show_message(&self, typ: MessageType, message: String) {
        self.notify::<notif::ShowMessage>(ShowMessageParams { typ, message });
    }

    /// A line in the client's log of this server.
    pub(crate) fn log(&self, message: String) {
        self.notify::<notif::LogMessage>(LogMessageParams {
            typ: MessageType::LOG,
            message: format!("cargo-minimize: {message}"),
        });
    }

    /// Remembers a finished job with a report (one per subject, the latest).
    pub(crate) fn remember(&mut self, f: FinishedJob) {
        if f.report.is_none() {
            return;
        }
        self.finished
            .retain(|o| o.subject.file != f.subject.file || o.subject.root != f.subject.root);
        self.finished.push(f);
        if self.finished.len() > KEEP_FINISHED {
            self.finished.remove(0);
        }
    }

    pub(crate) fn stop_all_jobs(&mut self) {
        for j in self.jobs.values() {
            j.cancel.cancel();
        }
        for j in self.jobs.values_mut() {
            if let Some(t) = j.thread.take() {
                let _ = t.join();
            }
        }
        // The cancels that waited for them: their jobs have ended.
        for (id, _, n) in std::mem::take(&mut self.cancel_replies) {
            self.send(lsp_server::Response::new_ok(id, n));
        }
    }
}

//! The main loop: one closed event enum (a message from the client, or a message
//! from a job), plain handler functions, and the state they share. Jobs run on
//! worker threads; the loop never blocks on them, so other requests are answered
//! while a reduction runs.

use std::collections::HashMap;
use std::ffi::OsString;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::Result;
use crossbeam_channel::{select, unbounded, Receiver, Sender};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{
    notification::{self as notif, Notification as _},
    request::{self as req, Request as _},
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams,
    CodeActionProviderCapability, Command, CreateFile, CreateFileOptions, DocumentChangeOperation,
    DocumentChanges, ExecuteCommandOptions, ExecuteCommandParams, InitializeParams, MessageType,
    NumberOrString, OneOf, OptionalVersionedTextDocumentIdentifier, Position, ProgressParams,
    ProgressParamsValue, ProgressToken, Range, ResourceOp, ResourceOperationKind,
    ServerCapabilities, ServerInfo, ShowDocumentParams, ShowMessageParams, TextDocumentEdit,
    TextEdit, Url, WorkDoneProgress, WorkDoneProgressBegin, WorkDoneProgressCreateParams,
    WorkDoneProgressEnd, WorkDoneProgressReport, WorkspaceEdit,
};
use minimize_engine::job::{CacheChoice, OutputChoice, Target};
use minimize_engine::{CancelFlag, JobError, JobErrorKind, JobResult, JobSpec};

use crate::actions::{self, Request as Minimize};
use crate::jobs::{self, JobMsg};
use crate::settings::Settings;

/// Runs a minimize job; the argument is the code action's request object.
pub const COMMAND_MINIMIZE: &str = "cargo-minimize.minimize";
/// Returns the Markdown bug report of the last finished job.
pub const COMMAND_REPORT: &str = "cargo-minimize.report";
/// Cancels every running job (the best result so far is kept).
pub const COMMAND_CANCEL: &str = "cargo-minimize.cancel";

/// Everything the main loop reacts to.
enum Event {
    Lsp(Message),
    Job(JobMsg),
}

/// What the client can do, from `initialize`.
#[derive(Default)]
struct ClientCaps {
    work_done_progress: bool,
    show_document: bool,
    create_files: bool,
}

struct RunningJob {
    request: RequestId,
    cancel: CancelFlag,
    thread: Option<JoinHandle<()>>,
    token: Option<ProgressToken>,
    /// `false` until the client answered `window/workDoneProgress/create`.
    token_ready: bool,
    queued: Vec<WorkDoneProgress>,
    request_cancelled: bool,
    /// The file to write the result to (one file), or to open (a crate).
    target_file: PathBuf,
    single_file: bool,
}

/// An answer we wait for from the client.
enum Pending {
    ProgressCreate {
        job: u64,
    },
    /// The job's answer waits until the file exists in the client.
    ApplyEdit {
        path: PathBuf,
        text: String,
        answer: Box<Option<Response>>,
    },
    Other,
}

struct Server {
    sender: Sender<Message>,
    caps: ClientCaps,
    settings: Settings,
    jobs: HashMap<u64, RunningJob>,
    next_job: u64,
    next_request: u64,
    pending: HashMap<RequestId, Pending>,
    last_report: Option<String>,
    job_tx: Sender<JobMsg>,
    shutting_down: bool,
    scratch: tempfile_dir::Dir,
}

/// A private directory for results in progress (removed at exit).
mod tempfile_dir {
    use minimize_engine::exec::{private_tempdir, sweep_abandoned, Scratch};

    /// The directory (removed when dropped).
    pub(super) struct Dir(Scratch);

    impl Dir {
        /// Also removes what servers killed without cleaning up left behind.
        pub(super) fn new() -> std::io::Result<Dir> {
            sweep_abandoned();
            Ok(Dir(private_tempdir(None, "cargo-minimize-lsp-")?))
        }

        pub(super) fn path(&self) -> &std::path::Path {
            self.0.path()
        }
    }
}

/// Serves `connection` until `exit`; returns the exit code the protocol asks for.
pub fn serve(connection: Connection) -> Result<i32> {
    let (id, params) = connection.initialize_start()?;
    let init: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let caps = client_caps(&init);
    let settings = init
        .initialization_options
        .as_ref()
        .map(Settings::from_value)
        .transpose()
        .unwrap_or_default()
        .unwrap_or_default();
    let result = serde_json::json!({
        "capabilities": server_capabilities(),
        "serverInfo": ServerInfo { name: "cargo-minimize".into(), version: Some(env!("CARGO_PKG_VERSION").into()) },
    });
    connection.initialize_finish(id, result)?;
    let (job_tx, job_rx) = unbounded();
    let mut server = Server {
        sender: connection.sender.clone(),
        caps,
        settings,
        jobs: HashMap::new(),
        next_job: 1,
        next_request: 1,
        pending: HashMap::new(),
        last_report: None,
        job_tx,
        shutting_down: false,
        scratch: tempfile_dir::Dir::new()?,
    };
    let code = server.main_loop(&connection.receiver, &job_rx);
    server.stop_all_jobs();
    Ok(code)
}

fn client_caps(init: &InitializeParams) -> ClientCaps {
    let c = &init.capabilities;
    let window = c.window.as_ref();
    let ws = c.workspace.as_ref();
    ClientCaps {
        work_done_progress: window.and_then(|w| w.work_done_progress).unwrap_or(false),
        show_document: window
            .and_then(|w| w.show_document.as_ref())
            .is_some_and(|s| s.support),
        create_files: ws.and_then(|w| w.apply_edit).unwrap_or(false)
            && ws.and_then(|w| w.workspace_edit.as_ref()).is_some_and(|e| {
                e.document_changes.unwrap_or(false)
                    && e.resource_operations
                        .as_ref()
                        .is_some_and(|ops| ops.contains(&ResourceOperationKind::Create))
            }),
    }
}

fn server_capabilities() -> ServerCapabilities {
    ServerCapabilities {
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![
                COMMAND_MINIMIZE.into(),
                COMMAND_REPORT.into(),
                COMMAND_CANCEL.into(),
            ],
            work_done_progress_options: Default::default(),
        }),
        ..Default::default()
    }
}

fn error(id: RequestId, code: ErrorCode, message: impl Into<String>) -> Response {
    Response::new_err(id, code as i32, message.into())
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown panic".into())
}

impl Server {
    fn main_loop(&mut self, lsp: &Receiver<Message>, job_rx: &Receiver<JobMsg>) -> i32 {
        loop {
            let event = select! {
                recv(lsp) -> m => match m {
                    Ok(m) => Event::Lsp(m),
                    Err(_) => return 1, // the client went away without `exit`
                },
                recv(job_rx) -> m => Event::Job(m.expect("the server holds a sender")),
            };
            match event {
                Event::Lsp(Message::Notification(n)) if n.method == notif::Exit::METHOD => {
                    return if self.shutting_down { 0 } else { 1 };
                }
                Event::Lsp(Message::Request(r)) => self.on_request(r),
                Event::Lsp(Message::Notification(n)) => self.on_notification(n),
                Event::Lsp(Message::Response(r)) => self.on_response(r),
                Event::Job(JobMsg::Progress {
                    job,
                    message,
                    percentage,
                }) => self.report_progress(
                    job,
                    WorkDoneProgress::Report(WorkDoneProgressReport {
                        cancellable: Some(true),
                        message: Some(message),
                        percentage: Some(percentage),
                    }),
                ),
                Event::Job(JobMsg::Done { job, outcome }) => self.on_job_done(job, *outcome),
            }
        }
    }

    fn send(&self, m: impl Into<Message>) {
        let _ = self.sender.send(m.into());
    }

    fn send_request<R: req::Request>(&mut self, params: R::Params, pending: Pending) {
        let id = RequestId::from(format!("cargo-minimize/{}", self.next_request));
        self.next_request += 1;
        self.pending.insert(id.clone(), pending);
        self.send(Request::new(id, R::METHOD.to_string(), params));
    }

    fn notify<N: notif::Notification>(&self, params: N::Params) {
        self.send(Notification::new(N::METHOD.to_string(), params));
    }

    fn show_message(&self, typ: MessageType, message: String) {
        self.notify::<notif::ShowMessage>(ShowMessageParams { typ, message });
    }

    // ---- requests ----

    fn on_request(&mut self, r: Request) {
        let id = r.id.clone();
        if self.shutting_down {
            self.send(error(
                id,
                ErrorCode::InvalidRequest,
                "the server is shutting down",
            ));
            return;
        }
        let result = catch_unwind(AssertUnwindSafe(|| self.dispatch(r)));
        match result {
            Ok(Some(resp)) => self.send(resp),
            Ok(None) => {} // answered later (a running job)
            Err(p) => {
                let msg = format!("internal error: a handler panicked: {}", panic_message(&*p));
                self.show_message(MessageType::ERROR, msg.clone());
                self.send(error(id, ErrorCode::InternalError, msg));
            }
        }
    }

    /// Handles one request; `None` when the answer comes later.
    fn dispatch(&mut self, r: Request) -> Option<Response> {
        let id = r.id.clone();
        match r.method.as_str() {
            req::Shutdown::METHOD => {
                self.shutting_down = true;
                self.stop_all_jobs();
                Some(Response::new_ok(id, ()))
            }
            req::CodeActionRequest::METHOD => Some(match serde_json::from_value(r.params) {
                Ok(p) => Response::new_ok(id, self.code_actions(p)),
                Err(e) => error(id, ErrorCode::InvalidParams, e.to_string()),
            }),
            req::ExecuteCommand::METHOD => match serde_json::from_value(r.params) {
                Ok(p) => self.execute_command(id, p),
                Err(e) => Some(error(id, ErrorCode::InvalidParams, e.to_string())),
            },
            _ => Some(error(
                id,
                ErrorCode::MethodNotFound,
                format!("unknown method `{}`", r.method),
            )),
        }
    }

    fn code_actions(&self, p: CodeActionParams) -> Vec<CodeActionOrCommand> {
        let Ok(path) = p.text_document.uri.to_file_path() else {
            return Vec::new();
        };
        if path.extension().is_none_or(|e| e != "rs") {
            return Vec::new();
        }
        // The file as saved: that is what the compiler sees.
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Vec::new();
        };
        let root = path
            .parent()
            .and_then(minimize_engine::job::find_crate_root);
        actions::offers(&path, &text, p.range.start.line as usize, root.as_deref())
            .into_iter()
            .map(|o| {
                CodeActionOrCommand::CodeAction(CodeAction {
                    title: o.title.clone(),
                    kind: Some(CodeActionKind::EMPTY),
                    command: Some(Command {
                        title: o.title,
                        command: COMMAND_MINIMIZE.into(),
                        arguments: Some(vec![
                            serde_json::to_value(&o.request).expect("serializable")
                        ]),
                    }),
                    ..Default::default()
                })
            })
            .collect()
    }

    fn execute_command(&mut self, id: RequestId, p: ExecuteCommandParams) -> Option<Response> {
        match p.command.as_str() {
            COMMAND_REPORT => Some(match &self.last_report {
                Some(r) => Response::new_ok(id, r),
                None => error(
                    id,
                    ErrorCode::InvalidRequest,
                    "no minimized result yet: run a minimize action first",
                ),
            }),
            COMMAND_CANCEL => {
                let n = self.jobs.len();
                for j in self.jobs.values() {
                    j.cancel.cancel();
                }
                Some(Response::new_ok(id, n))
            }
            COMMAND_MINIMIZE => {
                let arg = p.arguments.into_iter().next().unwrap_or_default();
                let request: Minimize = match serde_json::from_value(arg) {
                    Ok(r) => r,
                    Err(e) => {
                        return Some(error(
                            id,
                            ErrorCode::InvalidParams,
                            format!("bad argument to {COMMAND_MINIMIZE}: {e}"),
                        ))
                    }
                };
                self.start_job(id, request, p.work_done_progress_params.work_done_token)
            }
            "cargo-minimize.debug.panic"
                if std::env::var_os("CARGO_MINIMIZE_LSP_TEST_HOOKS").is_some() =>
            {
                panic!("requested by the test hook")
            }
            other => Some(error(
                id,
                ErrorCode::InvalidParams,
                format!("unknown command `{other}`"),
            )),
        }
    }

    fn job_spec(&self, request: &Minimize, job: u64) -> Result<(JobSpec, PathBuf, bool), String> {
        let s = &self.settings;
        let (target, extra, file, single) = match request {
            Minimize::IceFile { path } => (
                Target::IceFile {
                    path: path.clone(),
                    edition: None,
                    crate_type: None,
                },
                &s.rustc_flags,
                path.clone(),
                true,
            ),
            Minimize::IceCrate { root, file } => (
                Target::IceCrate {
                    root: root.clone(),
                    build: false,
                },
                &s.cargo_flags,
                file.clone(),
                false,
            ),
            Minimize::Test { root, test, file } => (
                Target::TestSources {
                    root: root.clone(),
                    test: test.clone(),
                },
                &s.cargo_flags,
                file.clone(),
                false,
            ),
        };
        if !file.exists() {
            return Err(format!("{}: no such file", file.display()));
        }
        let mut spec = JobSpec::new(target);
        spec.extra = extra.iter().map(OsString::from).collect();
        spec.env = s
            .env
            .iter()
            .map(|(k, v)| (OsString::from(k), OsString::from(v)))
            .collect();
        spec.timeout = Duration::from_secs_f64(s.timeout.max(0.01));
        // For the "Copy bug report" command.
        spec.report = true;
        if s.jobs > 0 {
            spec.jobs = s.jobs;
        }
        spec.cache = match s.cache_dir.as_deref() {
            Some("off") => CacheChoice::Off,
            Some(d) => CacheChoice::Disk(Some(d.into())),
            None => CacheChoice::Disk(None),
        };
        if single {
            // The result is built in a private file and handed to the client at the
            // end (`workspace/applyEdit`), or written beside the original.
            let dir = self.scratch.path().join(format!("job-{job}"));
            std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
            spec.output = OutputChoice::Path(dir.join(file.file_name().expect("a file")));
        }
        Ok((spec, file, single))
    }

    fn start_job(
        &mut self,
        id: RequestId,
        request: Minimize,
        token: Option<ProgressToken>,
    ) -> Option<Response> {
        let job = self.next_job;
        self.next_job += 1;
        let (spec, file, single) = match self.job_spec(&request, job) {
            Ok(x) => x,
            Err(e) => return Some(error(id, ErrorCode::InvalidParams, e)),
        };
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let title = match &request {
            Minimize::Test { test, .. } => format!("Minimizing failing test `{test}`"),
            Minimize::IceCrate { root, .. } => format!(
                "Minimizing the ICE in crate `{}`",
                root.file_name().unwrap_or_default().to_string_lossy()
            ),
            Minimize::IceFile { .. } => format!("Minimizing {name}"),
        };
        let (token, ready) = match token {
            Some(t) => (Some(t), true),
            None if self.caps.work_done_progress => {
                let t = ProgressToken::String(format!("cargo-minimize/job/{job}"));
                self.send_request::<req::WorkDoneProgressCreate>(
                    WorkDoneProgressCreateParams { token: t.clone() },
                    Pending::ProgressCreate { job },
                );
                (Some(t), false)
            }
            None => (None, false),
        };
        let cancel = CancelFlag::new();
        let thread = jobs::spawn(job, spec, cancel.clone(), self.job_tx.clone());
        self.jobs.insert(
            job,
            RunningJob {
                request: id,
                cancel,
                thread: Some(thread),
                token,
                token_ready: ready,
                queued: Vec::new(),
                request_cancelled: false,
                target_file: if single {
                    minimize_engine::job::min_name(&file)
                } else {
                    file
                },
                single_file: single,
            },
        );
        self.report_progress(
            job,
            WorkDoneProgress::Begin(WorkDoneProgressBegin {
                title,
                cancellable: Some(true),
                message: Some("checking the original".into()),
                percentage: Some(0),
            }),
        );
        None
    }

    fn report_progress(&mut self, job: u64, value: WorkDoneProgress) {
        let Some(j) = self.jobs.get_mut(&job) else {
            return;
        };
        let Some(token) = j.token.clone() else {
            return;
        };
        if !j.token_ready {
            // Only the begin and the latest report are worth keeping.
            if matches!(value, WorkDoneProgress::Report(_)) {
                j.queued
                    .retain(|v| !matches!(v, WorkDoneProgress::Report(_)));
            }
            j.queued.push(value);
            return;
        }
        self.notify::<notif::Progress>(ProgressParams {
            token,
            value: ProgressParamsValue::WorkDone(value),
        });
    }

    // ---- notifications ----

    fn on_notification(&mut self, n: Notification) {
        match n.method.as_str() {
            notif::Cancel::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp_types::CancelParams>(n.params) else {
                    return;
                };
                let id = match p.id {
                    NumberOrString::Number(i) => RequestId::from(i),
                    NumberOrString::String(s) => RequestId::from(s),
                };
                for j in self.jobs.values_mut() {
                    if j.request == id {
                        j.request_cancelled = true;
                        j.cancel.cancel();
                    }
                }
            }
            notif::WorkDoneProgressCancel::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::WorkDoneProgressCancelParams>(n.params)
                else {
                    return;
                };
                for j in self.jobs.values() {
                    if j.token.as_ref() == Some(&p.token) {
                        j.cancel.cancel();
                    }
                }
            }
            notif::DidChangeConfiguration::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidChangeConfigurationParams>(n.params)
                else {
                    return;
                };
                match Settings::from_value(&p.settings) {
                    Ok(s) => self.settings = s,
                    Err(e) => self.show_message(MessageType::ERROR, format!("cargo-minimize: {e}")),
                }
            }
            _ => {} // notifications we do not know are ignored, as the protocol says
        }
    }

    // ---- responses to our requests ----

    fn on_response(&mut self, r: Response) {
        let Some(pending) = self.pending.remove(&r.id) else {
            return;
        };
        match pending {
            Pending::ProgressCreate { job } => {
                let Some(j) = self.jobs.get_mut(&job) else {
                    return;
                };
                if r.error.is_some() {
                    j.token = None;
                    j.queued.clear();
                    return;
                }
                j.token_ready = true;
                let queued = std::mem::take(&mut j.queued);
                for v in queued {
                    self.report_progress(job, v);
                }
            }
            Pending::ApplyEdit { path, text, answer } => {
                let applied = r
                    .result
                    .as_ref()
                    .and_then(|v| v.get("applied"))
                    .and_then(|v| v.as_bool())
                    .unwrap_or(false);
                if applied {
                    self.show_result(&path, false);
                } else {
                    self.write_and_show(&path, &text);
                }
                if let Some(answer) = *answer {
                    self.send(answer);
                }
            }
            Pending::Other => {}
        }
    }

    // ---- the end of a job ----

    fn on_job_done(&mut self, job: u64, outcome: Result<JobResult, JobError>) {
        let Some(j) = self.jobs.get_mut(&job) else {
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
                "done: {} → {} bytes, {} tests",
                r.summary.initial_size, r.summary.final_size, r.predicate_runs
            ),
            Err(e) => format!("failed: {}", first_line(&e.message)),
        };
        self.report_progress(
            job,
            WorkDoneProgress::End(WorkDoneProgressEnd {
                message: Some(end_message),
            }),
        );
        let j = self.jobs.remove(&job).expect("looked up above");
        match outcome {
            Ok(result) => {
                self.last_report = result.report.clone();
                let value = serde_json::json!({
                    "output": j.target_file,
                    "inputBytes": result.summary.initial_size,
                    "outputBytes": result.summary.final_size,
                    "predicateRuns": result.predicate_runs,
                    "cacheHits": result.summary.cache_hits,
                    "seconds": result.summary.elapsed.as_secs_f64(),
                    "cancelled": result.summary.cancelled,
                    "signature": result.signature.as_ref().map(|s| s.display()),
                });
                let answer = if j.request_cancelled {
                    error(
                        j.request.clone(),
                        ErrorCode::RequestCanceled,
                        format!(
                            "cancelled; the best result so far is in {}",
                            j.target_file.display()
                        ),
                    )
                } else {
                    Response::new_ok(j.request.clone(), value)
                };
                // The answer goes out once the client has the file.
                if let Some(answer) = self.deliver(&j, &result, answer) {
                    self.send(answer);
                }
            }
            Err(e) => {
                let code = match e.kind {
                    JobErrorKind::Cancelled => ErrorCode::RequestCanceled,
                    JobErrorKind::Internal => ErrorCode::InternalError,
                    _ if j.request_cancelled => ErrorCode::RequestCanceled,
                    _ => ErrorCode::RequestFailed,
                };
                self.show_message(MessageType::ERROR, format!("cargo-minimize: {}", e.message));
                self.send(error(j.request, code, e.message));
            }
        }
    }

    /// Hands the result to the client: a new file through `workspace/applyEdit`
    /// when it can create files, else written here; then shown. Returns `answer`
    /// when it can go out now, `None` when it waits for the client's reply.
    fn deliver(
        &mut self,
        j: &RunningJob,
        result: &JobResult,
        answer: Response,
    ) -> Option<Response> {
        if !j.single_file {
            // A crate: the job wrote the whole reduced crate beside the original.
            let file = result
                .output
                .join(j.target_file.file_name().unwrap_or_default());
            let shown = find_in(&result.output, &j.target_file).unwrap_or(file);
            self.show_result(&shown, true);
            return Some(answer);
        }
        let text = result
            .best
            .files()
            .next()
            .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
            .unwrap_or_default();
        let path = j.target_file.clone();
        if self.caps.create_files {
            if let Ok(uri) = Url::from_file_path(&path) {
                let edit = WorkspaceEdit {
                    document_changes: Some(DocumentChanges::Operations(vec![
                        DocumentChangeOperation::Op(ResourceOp::Create(CreateFile {
                            uri: uri.clone(),
                            options: Some(CreateFileOptions {
                                overwrite: Some(true),
                                ignore_if_exists: None,
                            }),
                            annotation_id: None,
                        })),
                        DocumentChangeOperation::Edit(TextDocumentEdit {
                            text_document: OptionalVersionedTextDocumentIdentifier {
                                uri,
                                version: None,
                            },
                            edits: vec![OneOf::Left(TextEdit {
                                range: Range::new(Position::new(0, 0), Position::new(0, 0)),
                                new_text: text.clone(),
                            })],
                        }),
                    ])),
                    ..Default::default()
                };
                self.send_request::<req::ApplyWorkspaceEdit>(
                    lsp_types::ApplyWorkspaceEditParams {
                        label: Some(format!("cargo-minimize: create {}", path.display())),
                        edit,
                    },
                    Pending::ApplyEdit {
                        path,
                        text,
                        answer: Box::new(Some(answer)),
                    },
                );
                return None;
            }
        }
        self.write_and_show(&path, &text);
        Some(answer)
    }

    fn write_and_show(&mut self, path: &Path, text: &str) {
        match minimize_engine::write_atomic(path, text.as_bytes()) {
            Ok(()) => self.show_result(path, true),
            Err(e) => self.show_message(
                MessageType::ERROR,
                format!("cargo-minimize: cannot write {}: {e}", path.display()),
            ),
        }
    }

    /// Opens `path` in the editor, or says where it is.
    fn show_result(&mut self, path: &Path, written_here: bool) {
        if self.caps.show_document {
            if let Ok(uri) = Url::from_file_path(path) {
                self.send_request::<req::ShowDocument>(
                    ShowDocumentParams {
                        uri,
                        external: Some(false),
                        take_focus: Some(true),
                        selection: None,
                    },
                    Pending::Other,
                );
                return;
            }
        }
        let verb = if written_here { "written to" } else { "in" };
        self.show_message(
            MessageType::INFO,
            format!(
                "cargo-minimize: the minimized repro is {verb} {}",
                path.display()
            ),
        );
    }

    fn stop_all_jobs(&mut self) {
        for j in self.jobs.values() {
            j.cancel.cancel();
        }
        for j in self.jobs.values_mut() {
            if let Some(t) = j.thread.take() {
                let _ = t.join();
            }
        }
    }
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// The copy of `original` inside a reduced crate at `out` (same path relative to
/// the crate root).
fn find_in(out: &Path, original: &Path) -> Option<PathBuf> {
    let root = original
        .parent()
        .and_then(minimize_engine::job::find_crate_root)?;
    let rel = std::path::absolute(original).ok()?;
    let rel = rel.strip_prefix(&root).ok()?;
    let p = out.join(rel);
    p.exists().then_some(p)
}

//! Capabilities: what the client can do (from `initialize`), what the server
//! offers, and the server's commands.

use std::path::PathBuf;

use lsp_types::{
    CodeActionProviderCapability, ExecuteCommandOptions, InitializeParams, ServerCapabilities,
};

/// Runs a minimize job; the argument is the code action's request object. Answered
/// as soon as the job has started (`{job, output}`); the result comes with the
/// `cargo-minimize/finished` notification.
pub const COMMAND_MINIMIZE: &str = "cargo-minimize.minimize";
/// Returns the Markdown bug report of a finished job (`{job}`), or of the last one.
pub const COMMAND_REPORT: &str = "cargo-minimize.report";
/// Writes the bug report of a finished job (`{job}`) to `NAME.report.md` beside its
/// result and shows it; returns the path.
pub const COMMAND_OPEN_REPORT: &str = "cargo-minimize.openReport";
/// Cancels one job (`{job}`) or every running job (no argument); the best result
/// so far is kept. Returns how many jobs were asked to stop.
pub const COMMAND_CANCEL: &str = "cargo-minimize.cancel";

/// The notification that carries a job's result (or its error) at its end.
pub const NOTIFICATION_FINISHED: &str = "cargo-minimize/finished";

/// What the client can do, from `initialize`.
#[derive(Debug, Default)]
pub(crate) struct ClientCaps {
    pub(crate) work_done_progress: bool,
    pub(crate) show_document: bool,
    /// `workspace/didChangeWatchedFiles` can be registered dynamically.
    pub(crate) watch_files: bool,
    /// The client handles `cargo-minimize/finished` itself (shows the result and
    /// errors): no `window/showMessage` for them
    /// (`experimental.cargoMinimize.finishedNotification`).
    pub(crate) handles_finished: bool,
    /// The client can put a bug report on the clipboard when it runs
    /// `cargo-minimize.report` from a code action
    /// (`experimental.cargoMinimize.copyReport`).
    pub(crate) copy_report: bool,
}

pub(crate) fn client_caps(init: &InitializeParams) -> ClientCaps {
    let c = &init.capabilities;
    let window = c.window.as_ref();
    let ws = c.workspace.as_ref();
    let ours = c.experimental.as_ref().and_then(|e| e.get("cargoMinimize"));
    let flag = |name: &str| {
        ours.and_then(|o| o.get(name))
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    };
    ClientCaps {
        work_done_progress: window.and_then(|w| w.work_done_progress).unwrap_or(false),
        show_document: window
            .and_then(|w| w.show_document.as_ref())
            .is_some_and(|s| s.support),
        watch_files: ws
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|d| d.dynamic_registration)
            .unwrap_or(false),
        handles_finished: flag("finishedNotification"),
        copy_report: flag("copyReport"),
    }
}

/// The workspace folders (or the root) the client opened.
pub(crate) fn folders(init: &InitializeParams) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = init
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|f| f.uri.to_file_path().ok())
        .collect();
    #[allow(deprecated)] // `rootUri`: what clients without folders send
    if let Some(root) = init.root_uri.as_ref().and_then(|u| u.to_file_path().ok()) {
        if !v.contains(&root) {
            v.push(root);
        }
    }
    v
}

pub(crate) fn server_capabilities() -> ServerCapabilities {
    ServerCapabilities {
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![
                COMMAND_MINIMIZE.into(),
                COMMAND_REPORT.into(),
                COMMAND_OPEN_REPORT.into(),
                COMMAND_CANCEL.into(),
            ],
            work_done_progress_options: Default::default(),
        }),
        ..Default::default()
    }
}

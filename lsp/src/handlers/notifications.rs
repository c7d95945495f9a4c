//! Notifications from the client: `window/workDoneProgress/cancel` (stops the job
//! of that token) and `workspace/didChangeConfiguration` (merges settings).

use lsp_types::{DidChangeConfigurationParams, MessageType, WorkDoneProgressCancelParams};

use crate::server::Server;

pub(crate) fn progress_cancel(s: &mut Server, p: WorkDoneProgressCancelParams) {
    for j in s.jobs.values() {
        if j.progress.token() == Some(&p.token) {
            j.cancel.cancel();
        }
    }
}

/// Merges the settings the client sent into the current ones: an empty or `null`
/// object changes nothing (Eglot sends `{}` right after `initialized`).
pub(crate) fn configuration(s: &mut Server, p: DidChangeConfigurationParams) {
    match s.settings.merged(&p.settings) {
        Ok(new) => s.settings = new,
        Err(e) => s.show_message(MessageType::ERROR, format!("cargo-minimize: {e}")),
    }
}

//! Dispatch: which handler a request, a notification or a response to one of our
//! requests goes to. A panicking request handler is an `InternalError` answer and
//! a message, not a dead server.

use std::panic::{catch_unwind, AssertUnwindSafe};

use lsp_server::{ErrorCode, Notification, Request, RequestId, Response};
use lsp_types::{
    notification::{self as notif, Notification as _},
    request::{self as req, Request as _},
    MessageType,
};
use serde::de::DeserializeOwned;

use crate::handlers;
use crate::server::{Pending, Server};

pub(crate) fn error(id: RequestId, code: ErrorCode, message: impl Into<String>) -> Response {
    Response::new_err(id, code as i32, message.into())
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown panic".into())
}

/// The params of `r` as a `P`, or the `InvalidParams` answer.
fn params<P: DeserializeOwned>(id: &RequestId, v: serde_json::Value) -> Result<P, Response> {
    serde_json::from_value(v)
        .map_err(|e| error(id.clone(), ErrorCode::InvalidParams, e.to_string()))
}

pub(crate) fn on_request(s: &mut Server, r: Request) {
    let id = r.id.clone();
    if s.shutting_down {
        s.send(error(
            id,
            ErrorCode::InvalidRequest,
            "the server is shutting down",
        ));
        return;
    }
    match catch_unwind(AssertUnwindSafe(|| handle_request(s, r))) {
        Ok(Some(resp)) => s.send(resp),
        // Answered later (a cancel, when its job has ended).
        Ok(None) => {}
        Err(p) => {
            let msg = format!("internal error: a handler panicked: {}", panic_message(&*p));
            s.show_message(MessageType::ERROR, msg.clone());
            s.send(error(id, ErrorCode::InternalError, msg));
        }
    }
}

fn handle_request(s: &mut Server, r: Request) -> Option<Response> {
    let id = r.id.clone();
    if r.method == req::ExecuteCommand::METHOD
        && r.params.get("command").and_then(|c| c.as_str()) == Some(crate::caps::COMMAND_CANCEL)
    {
        let args = r.params.get("arguments").cloned().unwrap_or_default();
        let args = args.as_array().cloned().unwrap_or_default();
        return match handlers::execute_command::job_arg(&args) {
            Ok(job) => {
                crate::lifecycle::cancel(s, id, job);
                None
            }
            Err((code, message)) => Some(error(id, code, message)),
        };
    }
    Some(match r.method.as_str() {
        req::Shutdown::METHOD => {
            s.shutting_down = true;
            s.stop_all_jobs();
            Response::new_ok(id, ())
        }
        req::CodeActionRequest::METHOD => match params(&id, r.params) {
            Ok(p) => Response::new_ok(id, handlers::code_action::handle(s, p)),
            Err(e) => e,
        },
        req::ExecuteCommand::METHOD => match params(&id, r.params) {
            Ok(p) => match handlers::execute_command::handle(s, p) {
                Ok(v) => Response::new_ok(id, v),
                Err((code, message)) => error(id, code, message),
            },
            Err(e) => e,
        },
        _ => error(
            id,
            ErrorCode::MethodNotFound,
            format!("unknown method `{}`", r.method),
        ),
    })
}

pub(crate) fn on_notification(s: &mut Server, n: Notification) {
    fn parse<P: DeserializeOwned>(n: Notification) -> Option<P> {
        serde_json::from_value(n.params).ok()
    }
    match n.method.as_str() {
        notif::WorkDoneProgressCancel::METHOD => {
            if let Some(p) = parse(n) {
                handlers::notifications::progress_cancel(s, p);
            }
        }
        notif::DidChangeConfiguration::METHOD => {
            if let Some(p) = parse(n) {
                handlers::notifications::configuration(s, p);
            }
        }
        notif::DidChangeWatchedFiles::METHOD => {
            if let Some(p) = parse(n) {
                handlers::watched_files::changed(s, p);
            }
        }
        // `$/cancelRequest`: every request is answered at once (a job's result comes
        // with `cargo-minimize/finished`), so there is nothing left to cancel. Other
        // notifications we do not know are ignored, as the protocol says.
        _ => {}
    }
}

pub(crate) fn on_response(s: &mut Server, r: Response) {
    let Some(pending) = s.pending.remove(&r.id) else {
        return;
    };
    match pending {
        Pending::ProgressCreate { job } => {
            crate::lifecycle::token_answered(s, job, r.error.is_none())
        }
        Pending::CrashOffer { root, ice, parsed } => {
            let choice = r
                .result
                .as_ref()
                .and_then(|v| v.get("title"))
                .and_then(|t| t.as_str())
                .map(str::to_string);
            handlers::watched_files::answered(s, choice.as_deref(), root, ice, parsed);
        }
        Pending::Other => {}
    }
}

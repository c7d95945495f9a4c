//! `workspace/executeCommand`: every command is answered at once but `cancel`.
//! `minimize` answers when its job has started (`{job, output, title, token}`); the
//! result comes at the job's end with `cargo-minimize/finished`. `cancel` is
//! answered (the number of jobs it stopped) when they have ended and their
//! `cargo-minimize/finished` has gone out, within a second (see
//! [`crate::lifecycle::cancel`]; dispatched before this handler).

use lsp_server::ErrorCode;
use lsp_types::{ExecuteCommandParams, MessageType};
use serde_json::Value;

use crate::actions::Request as Minimize;
use crate::caps::{COMMAND_CANCEL, COMMAND_MINIMIZE, COMMAND_OPEN_REPORT, COMMAND_REPORT};
use crate::delivery;
use crate::server::{FinishedJob, Server};

type Answer = Result<Value, (ErrorCode, String)>;

/// The `job` of an argument `{job: N}`; `None` without one.
pub(crate) fn job_arg(args: &[Value]) -> Result<Option<u64>, (ErrorCode, String)> {
    match args.first() {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.get("job").and_then(Value::as_u64) {
            Some(j) => Ok(Some(j)),
            None => Err((
                ErrorCode::InvalidParams,
                format!("expected an argument {{\"job\": N}}, got {v}"),
            )),
        },
    }
}

/// The finished job `job` (the last one when `None`) with its report.
fn finished(s: &Server, job: Option<u64>) -> Result<&FinishedJob, (ErrorCode, String)> {
    let found = match job {
        Some(id) => s.finished.iter().find(|f| f.job == id),
        None => s.finished.iter().max_by_key(|f| f.job),
    };
    found.filter(|f| f.report.is_some()).ok_or_else(|| {
        (
            ErrorCode::InvalidRequest,
            "no minimized result yet: run a minimize action first".to_string(),
        )
    })
}

pub(crate) fn handle(s: &mut Server, p: ExecuteCommandParams) -> Answer {
    match p.command.as_str() {
        COMMAND_MINIMIZE => {
            let arg = p.arguments.into_iter().next().unwrap_or_default();
            let request: Minimize = serde_json::from_value(arg).map_err(|e| {
                (
                    ErrorCode::InvalidParams,
                    format!("bad argument to {COMMAND_MINIMIZE}: {e}"),
                )
            })?;
            crate::lifecycle::start(
                s,
                request,
                p.work_done_progress_params.work_done_token,
                None,
            )
            .map_err(|e| (ErrorCode::InvalidParams, e))
        }
        COMMAND_REPORT => {
            let f = finished(s, job_arg(&p.arguments)?)?;
            Ok(Value::String(f.report.clone().unwrap_or_default()))
        }
        COMMAND_OPEN_REPORT => {
            let f = finished(s, job_arg(&p.arguments)?)?;
            let path = delivery::report_path(&f.result);
            let report = f.report.clone().unwrap_or_default();
            minimize_engine::write_atomic(&path, report.as_bytes()).map_err(|e| {
                (
                    ErrorCode::RequestFailed,
                    format!("cannot write {}: {e}", path.display()),
                )
            })?;
            if !delivery::show_document(s, &path) {
                s.show_message(
                    MessageType::INFO,
                    format!("cargo-minimize: the bug report is in {}", path.display()),
                );
            }
            Ok(serde_json::to_value(&path).expect("a path"))
        }
        COMMAND_CANCEL => unreachable!("dispatched to lifecycle::cancel"),
        "cargo-minimize.debug.panic"
            if std::env::var_os("CARGO_MINIMIZE_LSP_TEST_HOOKS").is_some() =>
        {
            panic!("requested by the test hook")
        }
        other => Err((
            ErrorCode::InvalidParams,
            format!("unknown command `{other}`"),
        )),
    }
}

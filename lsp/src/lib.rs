//! `minimize-lsp`: the language server of cargo-minimize (`cargo minimize lsp`).
//!
//! It offers "Minimize this ICE" and "Minimize failing test `NAME`" code actions,
//! "Cancel minimization" while one runs and "Open bug report" after;
//! `workspace/executeCommand` starts the job on a worker thread and answers at once;
//! `$/progress` (percentages that only rise) and cancellation
//! (`window/workDoneProgress/cancel`, the cancel command) follow; at the end the
//! server writes `NAME_min.rs` itself, opens it (`window/showDocument`), says so
//! (`window/showMessage`) and sends `cargo-minimize/finished` with the result. It
//! also watches for rustc's crash files and offers to minimize the crate that
//! crashed. Only this crate knows LSP types.

// Stdout is the protocol's channel and stderr the client's log: nothing prints.
#![deny(clippy::print_stdout, clippy::print_stderr, clippy::dbg_macro)]

mod actions;
mod caps;
mod crash;
mod delivery;
mod dispatch;
mod handlers;
mod jobs;
mod lifecycle;
mod progress;
mod server;
mod settings;
mod transport;

pub use caps::{
    COMMAND_CANCEL, COMMAND_MINIMIZE, COMMAND_OPEN_REPORT, COMMAND_REPORT, NOTIFICATION_FINISHED,
};
pub use server::serve;

/// Runs the server on stdin/stdout until `exit` (or the end of stdin). Returns the
/// process exit code: 0 after `shutdown` then `exit`, 1 otherwise (as the protocol
/// says).
pub fn run_stdio() -> anyhow::Result<i32> {
    let (connection, io) = transport::stdio();
    let code = serve(connection)?;
    io.join();
    Ok(code)
}

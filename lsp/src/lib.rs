//! `minimize-lsp`: the language server of cargo-minimize (`cargo minimize lsp`).
//!
//! It offers "Minimize this ICE" and "Minimize failing test `NAME`" code actions;
//! `workspace/executeCommand` runs the job on a worker thread with `$/progress`,
//! cancellation (`$/cancelRequest`, `window/workDoneProgress/cancel`), and at the
//! end creates `NAME_min.rs` (`workspace/applyEdit`) and opens it
//! (`window/showDocument`), falling back to writing the file and
//! `window/showMessage` for clients without those. Only this crate knows LSP types.

mod actions;
mod jobs;
mod server;
mod settings;
mod transport;

pub use server::{serve, COMMAND_CANCEL, COMMAND_MINIMIZE, COMMAND_REPORT};

/// Runs the server on stdin/stdout until `exit` (or the end of stdin). Returns the
/// process exit code: 0 after `shutdown` then `exit`, 1 otherwise (as the protocol
/// says).
pub fn run_stdio() -> anyhow::Result<i32> {
    let (connection, io) = transport::stdio();
    let code = serve(connection)?;
    io.join();
    Ok(code)
}

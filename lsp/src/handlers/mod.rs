//! Handlers: one file per kind of message, plain functions over the server state.

pub(crate) mod code_action;
pub(crate) mod execute_command;
pub(crate) mod notifications;
pub(crate) mod watched_files;

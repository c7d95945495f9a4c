//! `textDocument/codeAction`: "Cancel minimization" while a job runs on the file;
//! the minimize actions of `actions.rs` otherwise; "Open bug report" (and "Copy bug
//! report" for a client that can) once a job on the file, or giving it, finished.

use std::path::Path;

use lsp_types::{CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, Command};
use serde_json::json;

use crate::actions;
use crate::caps::{COMMAND_CANCEL, COMMAND_MINIMIZE, COMMAND_OPEN_REPORT, COMMAND_REPORT};
use crate::server::{Place, Server};

fn action(title: String, command: &str, argument: serde_json::Value) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title: title.clone(),
        kind: Some(CodeActionKind::EMPTY),
        command: Some(Command {
            title,
            command: command.into(),
            arguments: Some(vec![argument]),
        }),
        ..Default::default()
    })
}

fn name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

pub(crate) fn handle(s: &Server, p: CodeActionParams) -> Vec<CodeActionOrCommand> {
    let Ok(path) = p.text_document.uri.to_file_path() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut running: Vec<_> = s
        .jobs
        .iter()
        .filter(|(_, j)| {
            j.subject.covers(&path)
                || match &j.place {
                    Place::File { target, .. } => path == *target,
                    Place::Crate { target, .. } => path.starts_with(target),
                }
        })
        .collect();
    running.sort_by_key(|(id, _)| **id);
    for (id, j) in &running {
        out.push(action(
            format!("Cancel minimization of `{}`", name(&j.subject.file)),
            COMMAND_CANCEL,
            json!({ "job": id }),
        ));
    }
    if running.is_empty() && path.extension().is_some_and(|e| e == "rs") {
        // The file as saved: that is what the compiler sees.
        if let Ok(text) = std::fs::read_to_string(&path) {
            let root = path
                .parent()
                .and_then(minimize_engine::job::find_crate_root);
            out.extend(
                actions::offers(
                    &path,
                    &text,
                    p.range.start.line as usize,
                    root.as_deref(),
                    s.settings.tool,
                )
                .into_iter()
                .map(|o| {
                    action(
                        o.title,
                        COMMAND_MINIMIZE,
                        serde_json::to_value(&o.request).expect("serializable"),
                    )
                }),
            );
        }
    }
    if let Some(f) = s
        .finished
        .iter()
        .rev()
        .find(|f| f.report.is_some() && f.covers(&path))
    {
        let of = name(&f.shown);
        out.push(action(
            format!("Open bug report (`{of}`)"),
            COMMAND_OPEN_REPORT,
            json!({ "job": f.job }),
        ));
        if s.caps.copy_report {
            out.push(action(
                format!("Copy bug report (`{of}`)"),
                COMMAND_REPORT,
                json!({ "job": f.job }),
            ));
        }
    }
    out
}

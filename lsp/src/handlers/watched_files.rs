//! The crash watcher: `workspace/didChangeWatchedFiles` registered dynamically for
//! rustc's crash files (`**/rustc-ice-*.txt`); when one appears, the server reads
//! it (a moment later, so that rustc has finished writing it), and asks with
//! `window/showMessageRequest` whether to minimize a repro of the crate that
//! crashed; "Minimize a repro" starts that job.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lsp_types::{
    request as req, DidChangeWatchedFilesParams, FileChangeType, MessageActionItem, MessageType,
    Registration, RegistrationParams, ShowMessageRequestParams,
};

use crate::actions::Request as Minimize;
use crate::crash::{self, IceFile};
use crate::server::{Pending, Server, Task, CRASH_DISMISS, CRASH_MINIMIZE, CRASH_OPEN};

/// The glob the client watches.
pub(crate) const ICE_GLOB: &str = "**/rustc-ice-*.txt";
/// Reads of a crash file that is not complete yet, 300 ms apart.
const READ_ATTEMPTS: u32 = 10;

/// Registers the watcher when the client can register it dynamically.
pub(crate) fn register(s: &mut Server) {
    if !s.caps.watch_files {
        return;
    }
    let options = serde_json::json!({
        "watchers": [{ "globPattern": ICE_GLOB, "kind": 3 }], // created | changed
    });
    s.send_request::<req::RegisterCapability>(
        RegistrationParams {
            registrations: vec![Registration {
                id: "cargo-minimize/rustc-ice".into(),
                method: "workspace/didChangeWatchedFiles".into(),
                register_options: Some(options),
            }],
        },
        Pending::Other,
    );
}

fn read_later(s: &Server, path: PathBuf, attempt: u32) {
    let tx = s.task_tx.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        let _ = tx.send(Task::ReadIceFile { path, attempt });
    });
}

pub(crate) fn changed(s: &mut Server, p: DidChangeWatchedFilesParams) {
    for c in p.changes {
        if c.typ == FileChangeType::DELETED {
            continue;
        }
        let Ok(path) = c.uri.to_file_path() else {
            continue;
        };
        if crash::is_ice_file(&path) && s.ice_seen.insert(path.clone()) {
            read_later(s, path, 1);
        }
    }
}

/// Reads a crash file and asks the user about it.
pub(crate) fn read_ice_file(s: &mut Server, path: PathBuf, attempt: u32) {
    let parsed = std::fs::read_to_string(&path).ok().and_then(|t| {
        IceFile::parse(&t).filter(|_| t.contains("end of query stack") || attempt >= 3)
    });
    let Some(parsed) = parsed else {
        if attempt < READ_ATTEMPTS {
            read_later(s, path, attempt + 1);
        } else {
            s.log(format!("{}: not a crash file rustc wrote", path.display()));
        }
        return;
    };
    let Some(root) = crash::crate_dir(&path, &s.folders) else {
        s.log(format!("{}: no crate around it", path.display()));
        return;
    };
    offer(s, &path, root, parsed);
}

fn offer(s: &mut Server, ice: &Path, root: PathBuf, parsed: IceFile) {
    // One question per crate at a time (rust-analyzer may crash rustc again and
    // again), none while its crate is being minimized.
    let asked = s
        .pending
        .values()
        .any(|p| matches!(p, Pending::CrashOffer { root: r, .. } if *r == root));
    let running = s
        .jobs
        .values()
        .any(|j| j.subject.root.as_deref() == Some(root.as_path()));
    if asked || running {
        s.log(format!(
            "rustc crashed again: {} (not asked)",
            ice.display()
        ));
        return;
    }
    let mut actions = vec![MessageActionItem {
        title: CRASH_MINIMIZE.into(),
        properties: Default::default(),
    }];
    if s.caps.show_document {
        actions.push(MessageActionItem {
            title: CRASH_OPEN.into(),
            properties: Default::default(),
        });
    }
    actions.push(MessageActionItem {
        title: CRASH_DISMISS.into(),
        properties: Default::default(),
    });
    s.log(format!(
        "rustc crashed: {} (crate {})",
        ice.display(),
        root.display()
    ));
    s.send_request::<req::ShowMessageRequest>(
        ShowMessageRequestParams {
            typ: MessageType::WARNING,
            message: parsed.question(&root),
            actions: Some(actions),
        },
        Pending::CrashOffer {
            root,
            ice: ice.to_path_buf(),
            parsed,
        },
    );
}

/// The user chose `choice` (`None`: dismissed) for the crash file `ice`.
pub(crate) fn answered(
    s: &mut Server,
    choice: Option<&str>,
    root: PathBuf,
    ice: PathBuf,
    parsed: IceFile,
) {
    match choice {
        Some(CRASH_MINIMIZE) => {
            let request = Minimize::IceCrate {
                file: crash::main_file(&root),
                root,
                tool: parsed.tool,
            };
            if let Err(e) = crate::lifecycle::start(s, request, None, Some((ice, parsed))) {
                s.show_message(MessageType::ERROR, format!("cargo-minimize: {e}"));
            }
        }
        Some(CRASH_OPEN) => {
            crate::delivery::show_document(s, &ice);
        }
        _ => {}
    }
}

//! The end of a job: the result placed beside the original (written by the server
//! itself, atomically, never left to the client to save), unless the job was
//! cancelled and an earlier result there is smaller; then shown
//! (`window/showDocument`), said (`window/showMessage`, unless the client handles
//! the notification itself) and sent as `cargo-minimize/finished`. Also the bug
//! report files of `cargo-minimize.openReport`.

use std::path::{Path, PathBuf};

use lsp_types::{request as req, MessageType, ShowDocumentParams, Url};
use minimize_engine::{JobError, JobErrorKind, JobResult};
use serde_json::json;

use crate::caps::NOTIFICATION_FINISHED;
use crate::crash;
use crate::server::{FinishedJob, Pending, Place, RunningJob, Server};

/// Where a result went.
struct Placed {
    /// The file or the crate tree.
    result: PathBuf,
    /// The file to show.
    shown: PathBuf,
    /// Bytes of the result in place (the `.rs` files of a crate).
    bytes: u64,
    /// The job was cancelled and the earlier result there was not larger: kept.
    kept_earlier: bool,
}

/// The bytes of the `.rs` files under `dir` (`target/` left out).
fn rs_bytes(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut n = 0;
    for e in entries.flatten() {
        let p = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() && e.file_name() != "target" => n += rs_bytes(&p),
            Ok(t) if t.is_file() && p.extension().is_some_and(|x| x == "rs") => {
                n += e.metadata().map(|m| m.len()).unwrap_or(0)
            }
            _ => {}
        }
    }
    n
}

/// Copies the tree `src` to `dest` (files, directories, symbolic links).
fn copy_tree(src: &Path, dest: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dest)?;
    for e in std::fs::read_dir(src)? {
        let e = e?;
        let to = dest.join(e.file_name());
        let t = e.file_type()?;
        if t.is_dir() {
            copy_tree(&e.path(), &to)?;
        } else if t.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(e.path())?, &to)?;
        } else {
            std::fs::copy(e.path(), &to)?;
        }
    }
    Ok(())
}

/// Replaces the tree `target` with a copy of `built`: the copy is made beside it
/// under a hidden name, then renamed into place.
fn replace_tree(built: &Path, target: &Path, job: u64) -> std::io::Result<()> {
    let name = target
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let tag = format!("{}-{job}", std::process::id());
    let staging = target.with_file_name(format!(".{name}.cargo-minimize-new-{tag}"));
    let old = target.with_file_name(format!(".{name}.cargo-minimize-old-{tag}"));
    let _ = std::fs::remove_dir_all(&staging);
    copy_tree(built, &staging)?;
    if target.exists() {
        std::fs::rename(target, &old)?;
        if let Err(e) = std::fs::rename(&staging, target) {
            let _ = std::fs::rename(&old, target);
            return Err(e);
        }
        let _ = std::fs::remove_dir_all(&old);
    } else {
        std::fs::rename(&staging, target)?;
    }
    Ok(())
}

fn place_file(result: &JobResult, target: &Path) -> std::io::Result<Placed> {
    let bytes = result
        .best
        .files()
        .next()
        .map(|(_, b)| b.to_vec())
        .unwrap_or_default();
    let earlier = std::fs::metadata(target).ok().map(|m| m.len());
    let kept_earlier = result.summary.cancelled && earlier.is_some_and(|n| n <= bytes.len() as u64);
    if !kept_earlier {
        minimize_engine::write_atomic(target, &bytes)?;
    }
    Ok(Placed {
        result: target.to_path_buf(),
        shown: target.to_path_buf(),
        bytes: if kept_earlier {
            earlier.unwrap_or(0)
        } else {
            bytes.len() as u64
        },
        kept_earlier,
    })
}

fn place_tree(
    result: &JobResult,
    j: &RunningJob,
    built: &Path,
    target: &Path,
    job: u64,
) -> std::io::Result<Placed> {
    let new = rs_bytes(built);
    let earlier = target.is_dir().then(|| rs_bytes(target));
    let kept_earlier = result.summary.cancelled && earlier.is_some_and(|n| n <= new);
    if !kept_earlier {
        replace_tree(built, target, job)?;
    }
    // The crate's place in the tree (the engine may have narrowed a workspace to
    // the package that crashes), and the file the action was asked on in it.
    let crate_dir = result
        .output
        .strip_prefix(built)
        .map(|rel| target.join(rel))
        .unwrap_or_else(|_| target.to_path_buf());
    let shown = j
        .subject
        .root
        .as_deref()
        .map(|root| crate::lifecycle::copy_in(target, root, &j.subject.file))
        .filter(|p| p.is_file())
        .unwrap_or_else(|| crash::main_file(&crate_dir));
    Ok(Placed {
        result: target.to_path_buf(),
        shown,
        bytes: if kept_earlier {
            earlier.unwrap_or(0)
        } else {
            new
        },
        kept_earlier,
    })
}

fn kind_name(k: JobErrorKind) -> &'static str {
    match k {
        JobErrorKind::Usage => "usage",
        JobErrorKind::BadInput => "badInput",
        JobErrorKind::NotInteresting => "notInteresting",
        JobErrorKind::Flaky => "flaky",
        JobErrorKind::Output => "output",
        JobErrorKind::Internal => "internal",
        JobErrorKind::Cancelled => "cancelled",
    }
}

fn failed(s: &Server, job: u64, e: &JobError) {
    if !s.caps.handles_finished {
        s.show_message(MessageType::ERROR, format!("cargo-minimize: {}", e.message));
    }
    s.send(lsp_server::Notification::new(
        NOTIFICATION_FINISHED.into(),
        json!({
            "job": job,
            "cancelled": e.kind == JobErrorKind::Cancelled,
            "error": { "kind": kind_name(e.kind), "message": e.message },
        }),
    ));
}

/// Asks the client to open `path`; `false` when it cannot.
pub(crate) fn show_document(s: &mut Server, path: &Path) -> bool {
    if !s.caps.show_document {
        return false;
    }
    let Ok(uri) = Url::from_file_path(path) else {
        return false;
    };
    s.send_request::<req::ShowDocument>(
        ShowDocumentParams {
            uri,
            external: Some(false),
            take_focus: Some(true),
            selection: None,
        },
        Pending::Other,
    );
    true
}

/// Places and announces the result of `job`.
pub(crate) fn deliver(
    s: &mut Server,
    job: u64,
    j: RunningJob,
    outcome: Result<JobResult, JobError>,
) {
    let (built, target) = match &j.place {
        Place::File { built, target } | Place::Crate { built, target } => {
            (built.clone(), target.clone())
        }
    };
    let placed = outcome.as_ref().map_err(Clone::clone).and_then(|r| {
        match &j.place {
            Place::File { .. } => place_file(r, &target),
            Place::Crate { .. } => place_tree(r, &j, &built, &target, job),
        }
        .map_err(|e| {
            JobError::new(
                JobErrorKind::Output,
                format!("cannot write the result to {}: {e}", target.display()),
            )
        })
    });
    if let Some(dir) = built.parent() {
        let _ = std::fs::remove_dir_all(dir);
    }
    let (result, placed) = match (outcome, placed) {
        (Ok(r), Ok(p)) => (r, p),
        (_, Err(e)) | (Err(e), _) => return failed(s, job, &e),
    };
    let report = result.report.clone().map(|mut r| {
        if let Some((path, ice)) = &j.ice_file {
            r.push_str(&ice.markdown(path));
        }
        r
    });
    let has_report = report.is_some();
    s.remember(FinishedJob {
        job,
        subject: j.subject.clone(),
        result: placed.result.clone(),
        shown: placed.shown.clone(),
        report,
    });
    show_document(s, &placed.shown);
    let sum = &result.summary;
    if !s.caps.handles_finished {
        let at = placed.shown.display();
        let message = if placed.kept_earlier {
            format!(
                "cargo-minimize: cancelled at {} bytes; kept the earlier, smaller result ({} bytes) in {at}",
                sum.final_size, placed.bytes
            )
        } else if sum.cancelled {
            format!(
                "cargo-minimize: cancelled; the best so far ({} → {} bytes) is in {at}",
                sum.initial_size, sum.final_size
            )
        } else {
            format!(
                "cargo-minimize: {} → {} bytes in {} checks; the minimized repro is in {at}",
                sum.initial_size, sum.final_size, result.predicate_runs
            )
        };
        s.show_message(MessageType::INFO, message);
    }
    s.send(lsp_server::Notification::new(
        NOTIFICATION_FINISHED.into(),
        json!({
            "job": job,
            "output": placed.shown,
            "result": placed.result,
            "inputBytes": sum.initial_size,
            "outputBytes": placed.bytes,
            "predicateRuns": result.predicate_runs,
            "cacheHits": sum.cache_hits,
            "seconds": sum.elapsed.as_secs_f64(),
            "cancelled": sum.cancelled,
            "oneMinimal": sum.one_minimal,
            "keptEarlier": placed.kept_earlier,
            "signature": result.signature.as_ref().map(|s| s.display()),
            "report": has_report,
        }),
    ));
}

/// Where the bug report of a result goes: `NAME_min.report.md` beside
/// `NAME_min.rs`, `NAME.min.report.md` beside the tree `NAME.min/`.
pub(crate) fn report_path(result: &Path) -> PathBuf {
    let name = result
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let stem = match name.strip_suffix(".rs") {
        Some(stem) if !result.is_dir() => stem.to_string(),
        _ => name,
    };
    result.with_file_name(format!("{stem}.report.md"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_paths() {
        assert_eq!(
            report_path(Path::new("/w/repro_min.rs")),
            Path::new("/w/repro_min.report.md")
        );
        assert_eq!(
            report_path(Path::new("/nonexistent/kit.min")),
            Path::new("/nonexistent/kit.min.report.md")
        );
    }

    #[test]
    fn trees_are_replaced_whole() {
        let d = tempfile::tempdir().unwrap();
        let built = d.path().join("built");
        std::fs::create_dir_all(built.join("src")).unwrap();
        std::fs::write(built.join("src/lib.rs"), "fn a() {}").unwrap();
        let target = d.path().join("kit.min");
        std::fs::create_dir_all(target.join("src")).unwrap();
        std::fs::write(target.join("src/old.rs"), "x").unwrap();
        replace_tree(&built, &target, 1).unwrap();
        assert!(!target.join("src/old.rs").exists());
        assert_eq!(rs_bytes(&target), 9);
        let left: Vec<_> = std::fs::read_dir(d.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
    }
}

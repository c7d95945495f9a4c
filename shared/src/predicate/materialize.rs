//! Writing a candidate where a check builds it, shared by the predicates that
//! compile: a fresh directory for one file, or a worker's copy of the crate
//! (copied once per worker, then brought to the case: files it dropped removed,
//! files it needs again restored, its own files written).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::crate_copy::AbsentFiles;
use super::{CrateSource, PredicateError};
use crate::testcase::TestCase;

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> PredicateError {
    let path = path.display().to_string();
    move |source| PredicateError::Io { path, source }
}

/// `case` written into a fresh `scratch/case/` (with an empty `out/` for the
/// compiler's output); returns that directory.
pub(crate) fn fresh_dir(case: &TestCase, scratch: &Path) -> Result<PathBuf, PredicateError> {
    let dir = scratch.join("case");
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(io(&dir))?;
    }
    std::fs::create_dir_all(dir.join("out")).map_err(io(&dir))?;
    case.write_to(&dir).map_err(io(&dir))?;
    Ok(dir)
}

/// The build copies of one crate, one per worker scratch directory.
#[derive(Debug)]
pub(crate) struct CrateCopies {
    source: CrateSource,
    prepared: Mutex<Vec<PathBuf>>,
    absent: AbsentFiles,
}

impl CrateCopies {
    pub(crate) fn new(source: CrateSource) -> CrateCopies {
        CrateCopies {
            source,
            prepared: Mutex::new(Vec::new()),
            absent: Default::default(),
        }
    }

    /// The crate in `scratch/crate/` as `case` says, with `overlay` written before
    /// the case's own files (so that a case holding the same file wins); returns
    /// the crate's directory in the copy.
    pub(crate) fn materialize(
        &self,
        case: &TestCase,
        scratch: &Path,
        overlay: &[(PathBuf, Vec<u8>)],
    ) -> Result<PathBuf, PredicateError> {
        let tree = scratch.join("crate");
        let dir = self.source.crate_in(&tree);
        let mut prepared = self.prepared.lock().expect("not poisoned");
        if !prepared.contains(&dir) {
            self.source.copy_for_build(&tree).map_err(io(&tree))?;
            prepared.push(dir.clone());
        }
        drop(prepared);
        self.absent
            .apply(&self.source, &dir, case)
            .map_err(io(&dir))?;
        for (path, bytes) in overlay {
            let target = dir.join(path);
            if std::fs::read(&target).ok().as_deref() != Some(bytes.as_slice()) {
                std::fs::write(&target, bytes).map_err(io(&target))?;
            }
        }
        case.write_to(&dir).map_err(io(&dir))?;
        Ok(dir)
    }
}

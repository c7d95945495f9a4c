//! Where the best case so far goes: written atomically after every improvement, so
//! that Ctrl-C or a crash never loses the progress made.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::testcase::TestCase;

/// Receives every improvement.
pub trait Sink<C> {
    /// Persists `best`. An error aborts the reduction.
    fn commit(&mut self, best: &C) -> std::io::Result<()>;
}

/// A sink that keeps nothing (simulations, in-memory use).
pub struct NullSink;

impl<C> Sink<C> for NullSink {
    fn commit(&mut self, _best: &C) -> std::io::Result<()> {
        Ok(())
    }
}

/// Writes a one-file case to a file, or a multi-file case into a directory.
pub struct FileSink {
    dest: PathBuf,
}

impl FileSink {
    /// A sink writing to `dest`.
    pub fn new(dest: impl Into<PathBuf>) -> FileSink {
        FileSink { dest: dest.into() }
    }
}

impl Sink<TestCase> for FileSink {
    fn commit(&mut self, best: &TestCase) -> std::io::Result<()> {
        write_case(best, &self.dest)
    }
}

/// Writes `case` to `dest`: the file itself for a one-file case, else a directory
/// tree (each file written atomically; files that are gone, see
/// [`TestCase::is_gone`], are removed).
pub fn write_case(case: &TestCase, dest: &Path) -> std::io::Result<()> {
    let files: Vec<_> = case.files().collect();
    if files.len() == 1 && !dest.is_dir() {
        return write_atomic(dest, files[0].1);
    }
    fs::create_dir_all(dest)?;
    for p in case.absent() {
        crate::testcase::remove_gone(dest, p)?;
    }
    for (p, b) in &files {
        if case.is_gone(p, b) {
            crate::testcase::remove_gone(dest, p)?;
        } else {
            write_atomic(&dest.join(p), b)?;
        }
    }
    Ok(())
}

/// Copies the tree `src` to `dest`: its directories, its symbolic links
/// (recreated) and its files through `file(from, to)` (a plain copy, or a rewrite);
/// the entries `skip` names (by name, and whether it is a directory) are left out.
/// The one directory walker of the crate copies, the target seeds and the
/// standalone checks.
pub(crate) fn copy_tree(
    src: &Path,
    dest: &Path,
    skip: &dyn Fn(&std::ffi::OsStr, bool) -> bool,
    file: &mut dyn FnMut(&Path, &Path) -> std::io::Result<()>,
) -> std::io::Result<()> {
    fs::create_dir_all(dest)?;
    for entry in fs::read_dir(src)? {
        let entry = entry?;
        let name = entry.file_name();
        let ty = entry.file_type()?;
        if skip(&name, ty.is_dir()) {
            continue;
        }
        let to = dest.join(&name);
        if ty.is_dir() {
            copy_tree(&entry.path(), &to, skip, file)?;
        } else if ty.is_symlink() {
            let link = fs::read_link(entry.path())?;
            let _ = fs::remove_file(&to);
            std::os::unix::fs::symlink(link, &to)?;
        } else if ty.is_file() {
            file(&entry.path(), &to)?;
        }
    }
    Ok(())
}

/// Writes `bytes` to `path` through a temp file in the same directory and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".cargo-minimize-")
        .tempfile_in(dir)?;
    // A temp file is created 0600; the result is an ordinary file of the user's
    // (keep the mode of a file it replaces).
    let mode = fs::metadata(path)
        .map(|m| m.permissions())
        .unwrap_or_else(|_| {
            use std::os::unix::fs::PermissionsExt;
            fs::Permissions::from_mode(0o644)
        });
    tmp.as_file().set_permissions(mode)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_data()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("x_min.rs");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            fs::metadata(&p).unwrap().permissions().mode() & 0o777,
            0o644
        );
        assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1);
    }

    #[test]
    fn crate_goes_into_a_directory() {
        let d = tempfile::tempdir().unwrap();
        let case = TestCase::from_files([
            ("src/lib.rs".into(), b"a".to_vec()),
            ("Cargo.toml".into(), b"b".to_vec()),
        ]);
        write_case(&case, &d.path().join("out")).unwrap();
        assert_eq!(fs::read(d.path().join("out/src/lib.rs")).unwrap(), b"a");
    }
}

//! A warm start for per-worker cargo target directories. Each worker builds in its
//! own copy of the crate with its own target directory; built from scratch, every
//! worker would compile all dependencies again (half a minute for a crate with a
//! few dependencies). Instead, the first finished build's target directory, which
//! is the job's first check of the original, run alone before any worker starts,
//! becomes the seed: a new target directory starts as a copy of it, so cargo
//! reuses the compiled dependencies and rebuilds only the crate itself (its path
//! differs).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The seed target directory, once a build has finished.
#[derive(Debug, Default)]
pub(crate) struct TargetSeed {
    seed: Mutex<Option<PathBuf>>,
}

impl TargetSeed {
    /// Before a build into `target`: if `target` does not exist yet and a seed
    /// does, copy the seed there. A failed copy is removed, and the build then
    /// simply starts from scratch.
    pub(crate) fn prepare(&self, target: &Path) {
        if target.exists() {
            return;
        }
        let Some(seed) = self.seed.lock().expect("not poisoned").clone() else {
            return;
        };
        if seed == target || copy_tree(&seed, target).is_err() {
            let _ = std::fs::remove_dir_all(target);
        }
    }

    /// After a build into `target` finished: the first one becomes the seed.
    pub(crate) fn offer(&self, target: &Path) {
        let mut seed = self.seed.lock().expect("not poisoned");
        if seed.is_none() && target.is_dir() {
            *seed = Some(target.to_path_buf());
        }
    }
}

/// Copies a directory tree (files with their modification times, directories and
/// symbolic links).
fn copy_tree(src: &Path, dest: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dest)?;
    for entry in std::fs::read_dir(src)? {
        let entry = entry?;
        let ty = entry.file_type()?;
        let to = dest.join(entry.file_name());
        if ty.is_dir() {
            copy_tree(&entry.path(), &to)?;
        } else if ty.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(entry.path())?, &to)?;
        } else {
            // Cargo compares modification times: without the originals, every
            // compiled dependency counts as stale and is rebuilt.
            std::fs::copy(entry.path(), &to)?;
            let modified = entry.metadata()?.modified()?;
            std::fs::File::options()
                .write(true)
                .open(&to)?
                .set_modified(modified)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_finished_build_seeds_later_ones() {
        let tmp = tempfile::tempdir().unwrap();
        let seed = TargetSeed::default();
        let a = tmp.path().join("a/target");
        seed.prepare(&a);
        assert!(!a.exists(), "nothing to copy yet");
        std::fs::create_dir_all(a.join("debug/deps")).unwrap();
        let rlib = a.join("debug/deps/libx.rlib");
        std::fs::write(&rlib, b"rlib").unwrap();
        let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        std::fs::File::options()
            .write(true)
            .open(&rlib)
            .unwrap()
            .set_modified(old)
            .unwrap();
        seed.offer(&a);
        let b = tmp.path().join("b/target");
        seed.prepare(&b);
        let copied = b.join("debug/deps/libx.rlib");
        assert_eq!(std::fs::read(&copied).unwrap(), b"rlib");
        assert_eq!(std::fs::metadata(&copied).unwrap().modified().unwrap(), old);
        // A later build does not replace the seed; an existing target is left alone.
        std::fs::write(b.join("debug/deps/liby.rlib"), b"y").unwrap();
        seed.offer(&b);
        let c = tmp.path().join("c/target");
        seed.prepare(&c);
        assert!(!c.join("debug/deps/liby.rlib").exists());
        seed.prepare(&b);
        assert!(b.join("debug/deps/liby.rlib").exists());
    }
}

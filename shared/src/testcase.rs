//! `TestCase`: one file or a set of files (a crate), as bytes keyed by relative path.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sha2::{Digest, Sha256};

use crate::case::Case;
use crate::tokens::count_tokens;

/// `true` for a Rust source file, which the Rust passes look at.
pub fn is_rust(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "rs")
}

/// A set of files, each a byte sequence, addressed by a relative path.
///
/// Files are shared (`Arc`) so that candidates that only touch one file of a crate
/// are cheap to build.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TestCase {
    files: Vec<(PathBuf, Arc<Vec<u8>>)>,
    /// Files that are not part of the case but that it does without: a crate's
    /// README, licences or CI files, which the copies a check runs in hold unless
    /// they are removed ([`TestCase::without_files`]). Empty during reduction.
    absent: Vec<PathBuf>,
}

impl TestCase {
    /// A case made of one file.
    pub fn single(name: impl Into<PathBuf>, bytes: Vec<u8>) -> TestCase {
        TestCase {
            files: vec![(name.into(), Arc::new(bytes))],
            absent: Vec::new(),
        }
    }

    /// A case from `(relative path, contents)` pairs; sorted by path.
    pub fn from_files(files: impl IntoIterator<Item = (PathBuf, Vec<u8>)>) -> TestCase {
        let map: BTreeMap<PathBuf, Vec<u8>> = files.into_iter().collect();
        TestCase {
            files: map.into_iter().map(|(p, b)| (p, Arc::new(b))).collect(),
            absent: Vec::new(),
        }
    }

    /// This case without the files at `paths` (relative, outside the case's own
    /// files), which writing it removes from the place it is written to.
    pub fn without_files(&self, paths: impl IntoIterator<Item = PathBuf>) -> TestCase {
        let mut absent = self.absent.clone();
        absent.extend(paths);
        absent.sort();
        absent.dedup();
        TestCase {
            files: self.files.clone(),
            absent,
        }
    }

    /// The files this case does without (see [`TestCase::without_files`]).
    pub fn absent(&self) -> &[PathBuf] {
        &self.absent
    }

    /// The files, in path order.
    pub fn files(&self) -> impl Iterator<Item = (&Path, &[u8])> {
        self.files.iter().map(|(p, b)| (p.as_path(), b.as_slice()))
    }

    /// The contents of the file at `path`.
    pub fn get(&self, path: &Path) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, b)| b.as_slice())
    }

    /// The index of the file at `path`.
    pub fn index_of(&self, path: &Path) -> Option<usize> {
        self.files.iter().position(|(p, _)| p == path)
    }

    /// The relative path of file `i`.
    pub fn path(&self, i: usize) -> &Path {
        &self.files[i].0
    }

    /// `true` when file `path` with contents `bytes` stands for a file that is gone:
    /// an empty `.rs` file of a case with several files. Such a file is not written
    /// (a stale copy is removed), so `mod m;` without `m.rs` fails as it would for
    /// the user, and results carry no empty files. (`crate_case` reads an empty `.rs`
    /// file of the original as a single newline, so it is not gone from the start.)
    pub fn is_gone(&self, path: &Path, bytes: &[u8]) -> bool {
        self.files.len() > 1 && bytes.is_empty() && path.extension().is_some_and(|x| x == "rs")
    }

    /// Writes every file under `root`, creating directories as needed; files that
    /// are gone (see [`TestCase::is_gone`]) are removed instead, with the
    /// directories that removing them leaves empty (up to `root`).
    pub fn write_to(&self, root: &Path) -> io::Result<()> {
        for p in &self.absent {
            remove_gone(root, p)?;
        }
        for (p, b) in &self.files {
            let dest = root.join(p);
            if self.is_gone(p, b) {
                remove_gone(root, p)?;
                continue;
            }
            if let Some(parent) = dest.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::write(dest, b.as_slice())?;
        }
        Ok(())
    }
}

/// Binary: a NUL byte or invalid UTF-8.
pub(crate) fn is_binary(text: &[u8]) -> bool {
    text.contains(&0) || std::str::from_utf8(text).is_err()
}

impl Case for TestCase {
    type Item = u8;

    fn is_syntax(&self, i: usize) -> bool {
        is_rust(self.path(i))
    }

    fn seq_count(&self) -> usize {
        self.files.len()
    }
    /// The starts of a text file's lines (none for binary files).
    fn boundaries(&self, i: usize) -> Vec<usize> {
        let bytes = self.seq(i);
        if is_binary(bytes) {
            return Vec::new();
        }
        (bytes.iter().enumerate())
            .filter(|&(at, &b)| b == b'\n' && at + 1 < bytes.len())
            .map(|(at, _)| at + 1)
            .collect()
    }
    fn seq(&self, i: usize) -> &[u8] {
        &self.files[i].1
    }
    fn with_seq(&self, i: usize, items: Vec<u8>) -> Self {
        let mut files = self.files.clone();
        files[i].1 = Arc::new(items);
        TestCase {
            files,
            absent: self.absent.clone(),
        }
    }
    /// The bytes, and each file that is there by its path: the same code in one
    /// file is smaller than in two (so a module inlined with a few bytes of
    /// `mod m { .. }` around it is progress).
    fn cost(&self) -> usize {
        let files: usize = (self.files.iter())
            .filter(|(_, b)| !b.is_empty())
            .map(|(p, _)| p.as_os_str().len() + 1)
            .sum();
        self.size() + files
    }
    /// Tokens of the text files. A binary file has none: its bytes are not words
    /// and punctuation, and a byte lowered to 0 inside a run of high bytes (which
    /// the tokenizer reads as one word) is a simpler file, not three tokens more.
    fn tokens(&self) -> usize {
        (self.files.iter())
            .filter(|(_, b)| !is_binary(b))
            .map(|(_, b)| count_tokens(b))
            .sum()
    }
    fn same_but_blanks(&self, other: &Self) -> bool {
        let squash = |b: &[u8]| -> Vec<u8> {
            b.iter()
                .copied()
                .filter(|c| !c.is_ascii_whitespace())
                .collect()
        };
        self.files.len() == other.files.len()
            && (self.files.iter().zip(&other.files))
                .all(|((p, a), (q, b))| p == q && squash(a) == squash(b))
    }
    fn lex_cmp(&self, other: &Self) -> Ordering {
        let a = self.files.iter().map(|(p, b)| (p, b.as_slice()));
        let b = other.files.iter().map(|(p, b)| (p, b.as_slice()));
        a.cmp(b)
            .then_with(|| other.absent.len().cmp(&self.absent.len()))
    }
    fn digest_into(&self, h: &mut Sha256) {
        h.update((self.files.len() as u64).to_le_bytes());
        for (p, b) in &self.files {
            let p = p.to_string_lossy();
            h.update((p.len() as u64).to_le_bytes());
            h.update(p.as_bytes());
            h.update((b.len() as u64).to_le_bytes());
            h.update(b.as_slice());
        }
        // Nothing for a case without absent files, so their digests stay as they were.
        for p in &self.absent {
            let p = p.to_string_lossy();
            h.update(b"absent");
            h.update((p.len() as u64).to_le_bytes());
            h.update(p.as_bytes());
        }
    }
}

/// Removes `path`; a file that is not there is fine.
/// Removes the file `root/path` of a case, which is gone, and the directories that
/// leaves empty, up to `root`.
pub(crate) fn remove_gone(root: &Path, path: &Path) -> io::Result<()> {
    let dest = root.join(path);
    remove_if_present(&dest)?;
    let mut dir = dest.parent();
    while let Some(d) = dir.filter(|d| *d != root && d.starts_with(root)) {
        // Fails, and stops, at the first directory that is not empty.
        if fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
    Ok(())
}

pub(crate) fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::{content_key, is_smaller};

    #[test]
    fn smaller_counts_bytes_then_tokens_then_lex() {
        let a = TestCase::single("a", b"fn f() {}".to_vec());
        let b = TestCase::single("a", b"fn f(){}".to_vec());
        assert!(is_smaller(&b, &a));
        let x = TestCase::single("a", b"x = 1000".to_vec());
        let y = TestCase::single("a", b"x = 9999".to_vec());
        assert!(is_smaller(&x, &y));
        assert!(is_smaller(
            &TestCase::single("a", b"aa bb".to_vec()),
            &TestCase::single("a", b"aa+bb".to_vec())
        ));
        assert!(is_smaller(
            &TestCase::single("a", b"x = 1".to_vec()),
            &TestCase::single("a", b"x = 9".to_vec())
        ));
    }

    #[test]
    fn empty_rust_files_of_a_crate_are_gone() {
        let tmp = tempfile::tempdir().unwrap();
        let files = |m: &[u8]| {
            TestCase::from_files([
                ("src/lib.rs".into(), b"mod m;".to_vec()),
                ("src/m.rs".into(), m.to_vec()),
                ("notes.txt".into(), Vec::new()),
            ])
        };
        files(b"fn f() {}").write_to(tmp.path()).unwrap();
        assert!(tmp.path().join("src/m.rs").exists());
        let emptied = files(b"");
        assert!(emptied.is_gone(Path::new("src/m.rs"), b""));
        assert!(!emptied.is_gone(Path::new("notes.txt"), b""));
        emptied.write_to(tmp.path()).unwrap();
        assert!(
            !tmp.path().join("src/m.rs").exists(),
            "a stale copy is removed"
        );
        assert!(tmp.path().join("notes.txt").exists());
        // Directories left empty go too, up to the root, not further.
        let nested = |t: &[u8]| {
            TestCase::from_files([
                ("src/lib.rs".into(), b"fn f() {}".to_vec()),
                ("tests/util/mod.rs".into(), t.to_vec()),
                ("benches/b.rs".into(), t.to_vec()),
                ("benches/data.txt".into(), b"x".to_vec()),
            ])
        };
        nested(b"fn g() {}").write_to(tmp.path()).unwrap();
        nested(b"").write_to(tmp.path()).unwrap();
        assert!(!tmp.path().join("tests").exists());
        assert!(tmp.path().join("benches/data.txt").exists());
        assert!(tmp.path().join("src/lib.rs").exists() && tmp.path().exists());
        // A single file is never gone: an empty file is a valid case.
        let one = TestCase::single("a.rs", Vec::new());
        assert!(!one.is_gone(Path::new("a.rs"), b""));
    }

    #[test]
    fn digest_separates_paths_and_contents() {
        let a = TestCase::from_files([("a".into(), b"bc".to_vec())]);
        let b = TestCase::from_files([("ab".into(), b"c".to_vec())]);
        assert_ne!(content_key(b"", &a), content_key(b"", &b));
    }
}

//! The on-disk verdict store: one small file per key under the user cache directory,
//! written to a temp file and renamed (safe under crashes and concurrent runs), with
//! a bound on the number of entries (oldest evicted first).

use std::fs;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::Key;
use crate::verdict::Verdict;

const MAGIC: &[u8; 4] = b"cmv1";

/// Settings of the disk store.
#[derive(Clone, Debug)]
pub struct DiskStoreConfig {
    /// Root directory. `None`: `$XDG_CACHE_HOME/cargo-minimize` (via `directories`).
    pub dir: Option<PathBuf>,
    /// Maximum number of entries kept; older ones are evicted when exceeded.
    pub max_entries: usize,
}

impl Default for DiskStoreConfig {
    fn default() -> Self {
        DiskStoreConfig {
            dir: None,
            max_entries: 200_000,
        }
    }
}

/// A directory of verdicts.
#[derive(Debug)]
pub struct DiskStore {
    root: PathBuf,
}

impl DiskStore {
    /// The default cache directory of the user.
    pub fn default_dir() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "cargo-minimize")
            .map(|d| d.cache_dir().to_path_buf())
    }

    /// Opens (creating it, mode 0700) the store, evicting old entries when over the bound.
    pub fn open(config: &DiskStoreConfig) -> std::io::Result<DiskStore> {
        let base = match &config.dir {
            Some(d) => d.clone(),
            None => Self::default_dir()
                .ok_or_else(|| std::io::Error::other("no home directory for the cache"))?,
        };
        let root = base.join("verdicts-v1");
        fs::create_dir_all(&root)?;
        fs::set_permissions(&base, fs::Permissions::from_mode(0o700))?;
        fs::set_permissions(&root, fs::Permissions::from_mode(0o700))?;
        let store = DiskStore { root };
        store.evict(config.max_entries)?;
        Ok(store)
    }

    /// The root directory of the entries.
    pub fn root(&self) -> &Path {
        &self.root
    }

    fn path(&self, key: &Key) -> PathBuf {
        let h = hex::encode(key);
        self.root.join(&h[..2]).join(&h[2..])
    }

    /// Reads a verdict. `Err` carries a warning about a damaged entry (which is
    /// removed and treated as missing).
    pub fn get(&self, key: &Key) -> Result<Option<Verdict>, String> {
        let path = self.path(key);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read cache entry {}: {e}", path.display())),
        };
        match decode(&bytes, key) {
            Some(v) => Ok(Some(v)),
            None => {
                let _ = fs::remove_file(&path);
                Err(format!("ignored a damaged cache entry {}", path.display()))
            }
        }
    }

    /// Stores a verdict atomically.
    pub fn put(&self, key: &Key, v: Verdict) -> std::io::Result<()> {
        let path = self.path(key);
        let dir = path.parent().expect("entry has a parent");
        fs::create_dir_all(dir)?;
        let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
        tmp.write_all(&encode(key, v))?;
        tmp.persist(&path).map_err(|e| e.error)?;
        Ok(())
    }

    /// Removes the oldest entries until at most `max` remain.
    fn evict(&self, max: usize) -> std::io::Result<()> {
        let mut entries = Vec::new();
        for shard in fs::read_dir(&self.root)? {
            let shard = shard?;
            if !shard.file_type()?.is_dir() {
                continue;
            }
            for e in fs::read_dir(shard.path())? {
                let e = e?;
                let mtime = e.metadata().and_then(|m| m.modified()).ok();
                entries.push((mtime, e.path()));
            }
        }
        if entries.len() <= max {
            return Ok(());
        }
        entries.sort();
        let target = max - max / 10; // leave room so eviction is rare
        let excess = entries.len() - target;
        for (_, p) in entries.into_iter().take(excess) {
            let _ = fs::remove_file(p);
        }
        Ok(())
    }
}

fn encode(key: &Key, v: Verdict) -> Vec<u8> {
    let mut out = Vec::with_capacity(38);
    out.extend_from_slice(MAGIC);
    out.push(v.to_byte());
    out.push(key[0] ^ key[31] ^ v.to_byte());
    out
}

fn decode(bytes: &[u8], key: &Key) -> Option<Verdict> {
    if bytes.len() != 6 || &bytes[..4] != MAGIC {
        return None;
    }
    let v = Verdict::from_byte(bytes[4])?;
    (bytes[5] == key[0] ^ key[31] ^ bytes[4]).then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(dir: &Path, max: usize) -> DiskStore {
        DiskStore::open(&DiskStoreConfig {
            dir: Some(dir.to_path_buf()),
            max_entries: max,
        })
        .unwrap()
    }

    #[test]
    fn roundtrip_and_damage() {
        let tmp = tempfile::tempdir().unwrap();
        let s = store(tmp.path(), 100);
        let k = [7u8; 32];
        assert_eq!(s.get(&k), Ok(None));
        s.put(&k, Verdict::Interesting).unwrap();
        assert_eq!(s.get(&k), Ok(Some(Verdict::Interesting)));
        fs::write(s.path(&k), b"cmv").unwrap();
        assert!(s.get(&k).is_err());
        assert_eq!(s.get(&k), Ok(None));
        let mode = fs::metadata(tmp.path()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }

    #[test]
    fn bounded() {
        let tmp = tempfile::tempdir().unwrap();
        let s = store(tmp.path(), 1000);
        for i in 0..50u8 {
            s.put(&[i; 32], Verdict::NotInteresting).unwrap();
        }
        let s = store(tmp.path(), 20);
        let n: usize = fs::read_dir(s.root())
            .unwrap()
            .map(|d| fs::read_dir(d.unwrap().path()).unwrap().count())
            .sum();
        assert!(n <= 20, "{n}");
    }
}

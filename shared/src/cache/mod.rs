//! The verdict cache: content-hash keys, an in-memory map for the run, and an
//! optional disk store that makes re-runs and resumed runs nearly free.

mod disk;

use std::collections::HashMap;

pub use disk::{DiskStore, DiskStoreConfig};

use crate::verdict::Verdict;

/// A SHA-256 key over (predicate fingerprint, rendered case).
pub type Key = [u8; 32];

/// Memory cache in front of an optional disk store.
pub struct VerdictCache {
    mem: HashMap<Key, Verdict>,
    disk: Option<DiskStore>,
    warnings: Vec<String>,
}

impl VerdictCache {
    /// A cache backed by `disk` when given.
    pub fn new(disk: Option<DiskStore>) -> VerdictCache {
        VerdictCache {
            mem: HashMap::new(),
            disk,
            warnings: Vec::new(),
        }
    }

    /// Looks a key up, memory first.
    pub fn get(&mut self, key: &Key) -> Option<Verdict> {
        if let Some(v) = self.mem.get(key) {
            return Some(*v);
        }
        let disk = self.disk.as_ref()?;
        match disk.get(key) {
            Ok(Some(v)) => {
                self.mem.insert(*key, v);
                Some(v)
            }
            Ok(None) => None,
            Err(w) => {
                self.warnings.push(w);
                None
            }
        }
    }

    /// Whether a verdict for `key` is in memory (every verdict of this run is).
    pub fn in_memory(&self, key: &Key) -> bool {
        self.mem.contains_key(key)
    }

    /// Records a verdict in memory, and on disk unless it is a timeout: that
    /// depends on the machine's load and on the limit of a check, which may be
    /// learned anew by the next run (`predicate/limit.rs`).
    pub fn put(&mut self, key: Key, v: Verdict) {
        self.mem.insert(key, v);
        if v == Verdict::Timeout {
            return;
        }
        if let Some(disk) = &self.disk {
            if let Err(e) = disk.put(&key, v) {
                self.warnings
                    .push(format!("cannot write to the verdict cache: {e}"));
            }
        }
    }

    /// Warnings collected since the last call (damaged entries, write failures).
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Number of verdicts held in memory.
    pub fn len(&self) -> usize {
        self.mem.len()
    }

    /// `true` when nothing is cached in memory.
    pub fn is_empty(&self) -> bool {
        self.mem.is_empty()
    }
}

//! The script predicate (the C-Reduce convention): exit 0 means interesting; the
//! candidate's path is the last argument; the run happens in the worker's private
//! scratch directory and the timeout kills the whole process group.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use sha2::{Digest, Sha256};

use super::{Predicate, PredicateError, RunEnv, Verdict};
use crate::case::Case;
use crate::exec::{self, CommandSpec, ExecError, RunLimits};
use crate::testcase::TestCase;

/// Configuration of a script predicate.
#[derive(Clone, Debug)]
pub struct ScriptConfig {
    /// The program to run (a path, or a name looked up in `PATH`).
    pub program: OsString,
    /// Arguments before the candidate's path.
    pub args: Vec<OsString>,
    /// Extra environment.
    pub env: Vec<(OsString, OsString)>,
    /// Time limit of one run.
    pub timeout: Option<Duration>,
    /// Treat a timeout as the bug itself (for hangs).
    pub timeout_is_interesting: bool,
}

/// Runs a user script on each candidate.
pub struct ScriptPredicate {
    config: ScriptConfig,
    /// The limit of a check: `config.timeout` until learned (see [`super::limit`]).
    limit: super::TimeLimit,
    /// The memory limit of a run: none until learned.
    memory: super::MemoryLimit,
}

impl ScriptPredicate {
    /// A predicate running `config`. A relative program path containing a slash is
    /// made absolute, since the script runs in a scratch directory.
    pub fn new(mut config: ScriptConfig) -> ScriptPredicate {
        let p = PathBuf::from(&config.program);
        if p.components().count() > 1 && p.is_relative() {
            if let Ok(abs) = std::path::absolute(&p) {
                config.program = abs.into_os_string();
            }
        }
        ScriptPredicate {
            limit: super::TimeLimit::new(config.timeout),
            memory: super::MemoryLimit::default(),
            config,
        }
    }

    /// The command that tests `candidate` (for "rerun by hand" messages).
    pub fn command_for(&self, candidate: &Path, cwd: &Path) -> CommandSpec {
        let mut spec = CommandSpec::new(&self.config.program, cwd)
            .args(&self.config.args)
            .arg(candidate);
        spec.env = self.config.env.clone();
        spec
    }

    /// Writes `case` into `scratch/case` (emptied first) and returns the path to
    /// pass to the script: the file for a one-file case, else the directory.
    pub fn materialize(case: &TestCase, scratch: &Path) -> Result<PathBuf, PredicateError> {
        let dir = scratch.join("case");
        let io = |source| PredicateError::Io {
            path: dir.display().to_string(),
            source,
        };
        if dir.exists() {
            fs::remove_dir_all(&dir).map_err(io)?;
        }
        fs::create_dir_all(&dir).map_err(io)?;
        case.write_to(&dir).map_err(io)?;
        Ok(if case.seq_count() == 1 {
            dir.join(case.path(0))
        } else {
            dir
        })
    }
}

impl Predicate<TestCase> for ScriptPredicate {
    fn time_limit(&self) -> Option<&super::TimeLimit> {
        Some(&self.limit)
    }

    fn memory_limit(&self) -> Option<&super::MemoryLimit> {
        Some(&self.memory)
    }

    fn fingerprint(&self) -> Vec<u8> {
        let mut h = Sha256::new();
        h.update(b"script\0");
        h.update(self.config.program.as_encoded_bytes());
        if let Ok(bytes) = fs::read(&self.config.program) {
            h.update(Sha256::digest(bytes));
        }
        for a in &self.config.args {
            h.update(b"\0");
            h.update(a.as_encoded_bytes());
        }
        for (k, v) in &self.config.env {
            h.update(b"\0env\0");
            h.update(k.as_encoded_bytes());
            h.update(b"=");
            h.update(v.as_encoded_bytes());
        }
        h.update(format!(
            "{:?}{}",
            self.config.timeout, self.config.timeout_is_interesting
        ));
        h.finalize().to_vec()
    }

    fn test(&self, case: &TestCase, env: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
        let path = Self::materialize(case, env.scratch)?;
        let spec = self.command_for(&path, &env.scratch.join("case"));
        let limits = RunLimits {
            timeout: self.limit.get(),
            cpu: None,
            max_output: 64 << 10,
            memory: self.memory.get(),
        };
        let spec = spec.temp_dir(env.temp_dir());
        let done = match exec::run(&spec, &limits, env.cancel) {
            Err(ExecError::Cancelled) => return Err(PredicateError::Cancelled),
            r => r?,
        };
        self.limit.observe(done.elapsed, done.cpu);
        self.memory.observe(done.max_rss);
        Ok(if done.timed_out {
            if self.config.timeout_is_interesting {
                Verdict::Interesting
            } else {
                Verdict::Timeout
            }
        } else if self.config.timeout_is_interesting {
            Verdict::NotInteresting
        } else if done.code == Some(0) {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }
}

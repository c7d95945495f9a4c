//! The one place that spawns processes: own process group, parent-death signal,
//! output captured through unlinked temp files, timeouts and cancellation that kill
//! the whole process group.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A command to run.
#[derive(Clone, Debug)]
pub struct CommandSpec {
    /// The program (looked up in `PATH` when it has no slash).
    pub program: OsString,
    /// Its arguments; never interpreted by a shell.
    pub args: Vec<OsString>,
    /// Working directory.
    pub cwd: PathBuf,
    /// Extra environment variables.
    pub env: Vec<(OsString, OsString)>,
    /// A private directory for the process's temporary files (`TMPDIR`), created
    /// before the run and removed after it: a compiler or linker killed at a timeout
    /// or an abort leaves its temporary files there instead of in the system's
    /// temporary directory. Not part of the command shown to users.
    pub temp_dir: Option<PathBuf>,
    /// Environment set for the run but not shown to users: what a proxy that is
    /// bypassed would have set (see `predicate::toolchain`). `env` overrides it.
    pub quiet_env: Vec<(OsString, OsString)>,
}

impl CommandSpec {
    /// `program` run in `cwd` with no arguments.
    pub fn new(program: impl Into<OsString>, cwd: impl Into<PathBuf>) -> CommandSpec {
        CommandSpec {
            program: program.into(),
            args: Vec::new(),
            cwd: cwd.into(),
            env: Vec::new(),
            temp_dir: None,
            quiet_env: Vec::new(),
        }
    }
    /// Runs with `TMPDIR` set to `dir` (see [`CommandSpec::temp_dir`]).
    pub fn temp_dir(mut self, dir: impl Into<PathBuf>) -> CommandSpec {
        self.temp_dir = Some(dir.into());
        self
    }
    /// Appends an argument.
    pub fn arg(mut self, a: impl AsRef<OsStr>) -> CommandSpec {
        self.args.push(a.as_ref().to_owned());
        self
    }
    /// Appends arguments.
    pub fn args<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(mut self, args: I) -> CommandSpec {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }
    /// Sets an environment variable.
    pub fn env(mut self, k: impl AsRef<OsStr>, v: impl AsRef<OsStr>) -> CommandSpec {
        self.env
            .push((k.as_ref().to_owned(), v.as_ref().to_owned()));
        self
    }
    /// The command as a shell-quoted line, for messages ("rerun this by hand").
    pub fn display(&self) -> String {
        let mut parts: Vec<String> = self
            .env
            .iter()
            .map(|(k, v)| format!("{}={}", k.to_string_lossy(), quote(v)))
            .collect();
        parts.push(quote(&self.program));
        parts.extend(self.args.iter().map(|a| quote(a)));
        parts.join(" ")
    }
}

/// Quotes an argument for display in a POSIX shell.
pub fn quote(s: &OsStr) -> String {
    let s = s.to_string_lossy();
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        s.into_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// How a finished process ended.
#[derive(Clone, Debug, Default)]
pub struct Finished {
    /// Exit code, when it exited normally.
    pub code: Option<i32>,
    /// Signal number, when it was killed by one (and not by our timeout).
    pub signal: Option<i32>,
    /// `true` when we killed it at the timeout.
    pub timed_out: bool,
    /// Captured standard output (at most `RunLimits::max_output` bytes, the tail).
    pub stdout: Vec<u8>,
    /// Captured standard error (idem).
    pub stderr: Vec<u8>,
    /// Wall time.
    pub elapsed: Duration,
    /// The peak resident memory of the process (or of its largest descendant that
    /// it waited for), in bytes, when it ended by itself.
    pub max_rss: Option<u64>,
    /// The CPU time (user and system) of the process and of the descendants it
    /// waited for, when it ended by itself.
    pub cpu: Option<Duration>,
}

/// Limits of one run.
#[derive(Clone, Debug)]
pub struct RunLimits {
    /// Kill the process group after this long.
    pub timeout: Option<Duration>,
    /// Kill the process group once the process itself (all its threads, not its
    /// children) has used this much CPU time: a loop is stopped at it whatever the
    /// machine's load, which stretches wall time but not CPU time. Counts as a
    /// timeout. Polled every 10 ms, in the kernel's clock ticks.
    pub cpu: Option<Duration>,
    /// Keep at most this many bytes of each output stream.
    pub max_output: usize,
    /// The most data memory (`RLIMIT_DATA`: the heap and private writable
    /// mappings) the process and its children may map, in bytes: beyond it an
    /// allocation fails at once (a check learns it: `predicate/limit.rs`).
    pub memory: Option<u64>,
}

impl Default for RunLimits {
    fn default() -> Self {
        RunLimits {
            timeout: None,
            cpu: None,
            max_output: 4 << 20,
            memory: None,
        }
    }
}

/// Failures to run a process at all.
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    /// The program could not be started.
    #[error("cannot run `{program}`: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// Waiting for or reading from the process failed.
    #[error("error while running `{program}`: {source}")]
    Wait {
        /// The program.
        program: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// Cancelled by the user; the process group was killed.
    #[error("cancelled")]
    Cancelled,
}

/// Runs `spec` to completion (or timeout / cancellation), in its own process group.
/// After it ends, whatever is left of its process group is killed too.
/// Runs a short query of a tool (`rustc -vV`, `cargo metadata`) to its end, or for
/// at most `timeout`: its standard output when it exits with 0, else `None`.
pub fn query(spec: &CommandSpec, timeout: Duration) -> Option<Vec<u8>> {
    let limits = RunLimits {
        timeout: Some(timeout),
        cpu: None,
        max_output: 64 << 20,
        memory: None,
    };
    let done = run(spec, &limits, &CancelFlag::new()).ok()?;
    (done.code == Some(0)).then_some(done.stdout)
}

pub fn run(
    spec: &CommandSpec,
    limits: &RunLimits,
    cancel: &CancelFlag,
) -> Result<Finished, ExecError> {
    let program = spec.program.to_string_lossy().into_owned();
    let wait_err = |source| ExecError::Wait {
        program: program.clone(),
        source,
    };
    let out = tempfile::tempfile().map_err(wait_err)?;
    let err = tempfile::tempfile().map_err(wait_err)?;
    // The one place that spawns a process (see `clippy.toml`).
    #[allow(clippy::disallowed_methods)]
    let mut cmd = Command::new(&spec.program);
    cmd.args(&spec.args)
        .current_dir(&spec.cwd)
        .stdin(Stdio::null())
        .stdout(out.try_clone().map_err(wait_err)?)
        .stderr(err.try_clone().map_err(wait_err)?)
        .process_group(0);
    for (k, v) in spec.quiet_env.iter().chain(&spec.env) {
        cmd.env(k, v);
    }
    if let Some(dir) = &spec.temp_dir {
        std::fs::create_dir_all(dir).map_err(wait_err)?;
        cmd.env("TMPDIR", dir);
    }
    let result = run_spawned(cmd, limits, cancel, &program, out, err);
    if let Some(dir) = &spec.temp_dir {
        let _ = std::fs::remove_dir_all(dir);
    }
    result
}

fn run_spawned(
    mut cmd: Command,
    limits: &RunLimits,
    cancel: &CancelFlag,
    program: &str,
    out: File,
    err: File,
) -> Result<Finished, ExecError> {
    let program = program.to_owned();
    let wait_err = |source| ExecError::Wait {
        program: program.clone(),
        source,
    };
    let memory = limits.memory.map(|m| libc::rlimit {
        rlim_cur: m as libc::rlim_t,
        rlim_max: m as libc::rlim_t,
    });
    // SAFETY: prctl and setrlimit are async-signal-safe; they only set the child's
    // own flags and limits.
    unsafe {
        cmd.pre_exec(move || {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if let Some(limit) = &memory {
                if libc::setrlimit(libc::RLIMIT_DATA, limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    let start = Instant::now();
    let mut child = cmd.spawn().map_err(|source| ExecError::Spawn {
        program: program.clone(),
        source,
    })?;
    let pgid = child.id() as i32;
    // A waiter thread blocks in `wait`, so the end of the process is seen at once
    // (polling with sleeps added ~8 ms per run, about a tenth of a small compile);
    // this loop wakes every 1 ms for cancellation (a speculative run that is no
    // longer wanted holds its worker until then) and the timeout.
    // It waits with `wait4` for the peak memory, which `Child::wait` does not give.
    let (tx, rx) = std::sync::mpsc::channel();
    let waiter = std::thread::spawn(move || {
        let _ = tx.send(wait_with_usage(&mut child));
    });
    let tick = Duration::from_millis(1);
    let mut timed_out = false;
    let mut next_cpu_poll = start + CPU_POLL;
    let done = loop {
        let step = match limits.timeout {
            Some(t) => t.saturating_sub(start.elapsed()).min(tick),
            None => tick,
        };
        match rx.recv_timeout(step) {
            Ok(Ok(done)) => break done,
            Ok(Err(e)) => {
                kill_group(pgid);
                let _ = waiter.join();
                return Err(wait_err(e));
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                kill_group(pgid);
                let _ = waiter.join();
                return Err(wait_err(std::io::Error::other("the waiter thread ended")));
            }
        }
        if cancel.is_cancelled() {
            kill_group(pgid);
            let _ = waiter.join();
            return Err(ExecError::Cancelled);
        }
        let over_cpu = limits.cpu.is_some_and(|limit| {
            let now = Instant::now();
            now >= next_cpu_poll && {
                next_cpu_poll = now + CPU_POLL;
                cpu_time(pgid).is_some_and(|used| used >= limit)
            }
        });
        if over_cpu || limits.timeout.is_some_and(|t| start.elapsed() >= t) {
            timed_out = true;
            kill_group(pgid);
            match rx.recv() {
                Ok(r) => break r.map_err(wait_err)?,
                Err(_) => return Err(wait_err(std::io::Error::other("the waiter thread ended"))),
            }
        }
    };
    let _ = waiter.join();
    kill_group(pgid);
    let elapsed = start.elapsed();
    let (status, max_rss, cpu) = done;
    Ok(Finished {
        code: status.code(),
        signal: if timed_out { None } else { status.signal() },
        max_rss: (!timed_out).then_some(max_rss),
        cpu: (!timed_out).then_some(cpu),
        timed_out,
        stdout: read_tail(out, limits.max_output).map_err(wait_err)?,
        stderr: read_tail(err, limits.max_output).map_err(wait_err)?,
        elapsed,
    })
}

/// How often a run under a CPU limit has its CPU time read.
const CPU_POLL: Duration = Duration::from_millis(10);

/// The CPU time (user and system, all threads) the live process `pid` has used so
/// far, from `/proc/PID/stat` (fields 14 and 15, in clock ticks).
fn cpu_time(pid: i32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_ascii_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    // SAFETY: plain libc call without arguments.
    let hz = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).ok()?;
    Some(Duration::from_millis((utime + stime) * 1000 / hz.max(1)))
}

/// Waits for `child` to end: its exit status, its peak resident memory in bytes
/// (`ru_maxrss`, which Linux gives in KiB) and its CPU time.
fn wait_with_usage(child: &mut Child) -> std::io::Result<(ExitStatus, u64, Duration)> {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data, for which all zeros is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: plain syscall on our own child, with valid pointers.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            let rss = u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024;
            let time = |t: libc::timeval| {
                Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
                    + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
            };
            let cpu = time(usage.ru_utime) + time(usage.ru_stime);
            return Ok((ExitStatus::from_raw(status), rss, cpu));
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

fn kill_group(pgid: i32) {
    // SAFETY: plain syscall; ESRCH (no such group) is expected and ignored.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
    }
}

fn read_tail(mut f: File, max: usize) -> std::io::Result<Vec<u8>> {
    let len = f.seek(SeekFrom::End(0))?;
    let start = len.saturating_sub(max as u64);
    f.seek(SeekFrom::Start(start))?;
    let mut buf = Vec::with_capacity((len - start) as usize);
    f.read_to_end(&mut buf)?;
    Ok(buf)
}

/// A private scratch directory (0700), removed when dropped. A top-level one (no
/// `parent`) holds `.owner.lock`, locked for as long as this value lives, so that a
/// run killed with SIGKILL, which cannot remove its directory, leaves one that
/// [`sweep_abandoned`] recognises and removes.
pub fn private_tempdir(parent: Option<&Path>, prefix: &str) -> std::io::Result<Scratch> {
    use std::os::unix::fs::PermissionsExt;
    let mut b = tempfile::Builder::new();
    b.prefix(prefix);
    let dir = match parent {
        Some(p) => b.tempdir_in(p)?,
        None => b.tempdir()?,
    };
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700))?;
    let lock = match parent {
        Some(_) => None,
        None => {
            // Locked before it becomes visible under its final name, so a sweep never
            // sees an unlocked lock file of a live run.
            let tmp = dir.path().join(".owner.lock.new");
            let f = std::fs::File::create(&tmp)?;
            f.try_lock().map_err(std::io::Error::other)?;
            std::fs::rename(&tmp, dir.path().join(LOCK))?;
            Some(f)
        }
    };
    Ok(Scratch { dir, _lock: lock })
}

const LOCK: &str = ".owner.lock";

/// A scratch directory from [`private_tempdir`].
#[derive(Debug)]
pub struct Scratch {
    dir: tempfile::TempDir,
    _lock: Option<std::fs::File>,
}

impl Scratch {
    /// Where it is.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

/// Removes the scratch directories (`cargo-minimize-*` in the temp directory) of runs
/// that died without cleaning up: those whose `.owner.lock` nobody holds any more.
/// Directories of live runs, and any without a lock file, are left alone.
pub fn sweep_abandoned() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        if !name.to_string_lossy().starts_with("cargo-minimize-")
            || !e.file_type().is_ok_and(|t| t.is_dir())
        {
            continue;
        }
        let dir = e.path();
        let Ok(f) = std::fs::File::open(dir.join(LOCK)) else {
            continue;
        };
        if f.try_lock().is_ok() {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// A shared cancellation flag. Cancelling kills running predicate processes.
#[derive(Clone, Default, Debug)]
pub struct CancelFlag {
    own: Arc<AtomicBool>,
    /// A child flag is also cancelled when its parent is.
    parent: Option<Box<CancelFlag>>,
}

impl CancelFlag {
    /// A fresh, uncancelled flag.
    pub fn new() -> CancelFlag {
        CancelFlag::default()
    }
    /// A flag cancelled by `self` or by its own `cancel` (which leaves `self` alone):
    /// for stopping one run without stopping the reduction.
    pub fn child(&self) -> CancelFlag {
        CancelFlag {
            own: Arc::new(AtomicBool::new(false)),
            parent: Some(Box::new(self.clone())),
        }
    }
    /// Requests cancellation.
    pub fn cancel(&self) {
        self.own.store(true, Ordering::SeqCst);
    }
    /// `true` once cancellation was requested.
    pub fn is_cancelled(&self) -> bool {
        self.own.load(Ordering::SeqCst) || self.parent.as_ref().is_some_and(|p| p.is_cancelled())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> CommandSpec {
        CommandSpec::new("sh", std::env::temp_dir())
            .arg("-c")
            .arg(script)
    }

    #[test]
    fn captures_output_and_code() {
        let r = run(
            &sh("echo out; echo err >&2; exit 3"),
            &RunLimits::default(),
            &CancelFlag::new(),
        )
        .unwrap();
        assert_eq!(r.code, Some(3));
        assert_eq!(r.stdout, b"out\n");
        assert_eq!(r.stderr, b"err\n");
        assert!(!r.timed_out);
    }

    #[test]
    fn temporary_files_of_a_killed_process_go_with_its_temp_dir() {
        let base = tempfile::tempdir().unwrap();
        let tmp = base.path().join("tmp");
        let r = run(
            &sh("mktemp; exec sleep 10").temp_dir(&tmp),
            &RunLimits {
                timeout: Some(Duration::from_millis(300)),
                cpu: None,
                max_output: 1 << 10,
                memory: None,
            },
            &CancelFlag::new(),
        )
        .unwrap();
        assert!(r.timed_out);
        let made = String::from_utf8(r.stdout).unwrap();
        assert!(made.starts_with(tmp.to_str().unwrap()), "{made}");
        assert!(!tmp.exists(), "the temp dir outlived the run");
    }

    #[test]
    fn reports_signals() {
        let r = run(
            &sh("kill -SEGV $$"),
            &RunLimits::default(),
            &CancelFlag::new(),
        )
        .unwrap();
        assert_eq!(r.signal, Some(libc::SIGSEGV));
    }

    #[test]
    fn a_memory_limit_fails_big_allocations_and_the_peak_is_measured() {
        let alloc = |mib: u32, memory: Option<u64>| {
            let code = format!("b = b'x' * ({mib} << 20); print(b[-1])");
            let limits = RunLimits {
                memory,
                ..RunLimits::default()
            };
            let spec = CommandSpec::new("python3", ".").args(["-c", &code]);
            run(&spec, &limits, &CancelFlag::new()).unwrap()
        };
        let free = alloc(64, None);
        assert_eq!(free.code, Some(0));
        let rss = free.max_rss.unwrap();
        assert!((64 << 20..1 << 30).contains(&rss), "{rss}");
        let limited = alloc(512, Some(256 << 20));
        assert_ne!(limited.code, Some(0));
        let err = String::from_utf8_lossy(&limited.stderr);
        assert!(err.contains("MemoryError"), "{err}");
        assert_eq!(alloc(64, Some(256 << 20)).code, Some(0));
    }

    #[test]
    fn a_cpu_limit_stops_a_loop_and_not_a_wait() {
        let limits = RunLimits {
            timeout: Some(Duration::from_secs(20)),
            cpu: Some(Duration::from_millis(200)),
            ..RunLimits::default()
        };
        let spin = run(&sh("while :; do :; done"), &limits, &CancelFlag::new()).unwrap();
        assert!(spin.timed_out);
        assert!(spin.elapsed < Duration::from_secs(10), "{:?}", spin.elapsed);
        // Waiting uses no CPU time: only the wall limit would stop it.
        let wait = run(&sh("sleep 0.5"), &limits, &CancelFlag::new()).unwrap();
        assert!(!wait.timed_out && wait.code == Some(0));
        assert!(
            wait.cpu.unwrap() < Duration::from_millis(200),
            "{:?}",
            wait.cpu
        );
        let busy = run(
            &sh("i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"),
            &RunLimits::default(),
            &CancelFlag::new(),
        )
        .unwrap();
        assert!(busy.cpu.unwrap() > Duration::ZERO);
    }

    #[test]
    fn spawn_failure_is_an_error() {
        let e = run(
            &CommandSpec::new("/nonexistent/prog", "/"),
            &RunLimits::default(),
            &CancelFlag::new(),
        );
        assert!(matches!(e, Err(ExecError::Spawn { .. })));
    }

    #[test]
    fn quoting() {
        assert_eq!(quote(OsStr::new("a b")), "'a b'");
        assert_eq!(quote(OsStr::new("it's")), r"'it'\''s'");
        assert_eq!(quote(OsStr::new("-Zfoo=1")), "-Zfoo=1");
    }
}

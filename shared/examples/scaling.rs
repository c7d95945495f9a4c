//! How a reduction scales with workers, measured with the real scheduler and the
//! real default passes on the shapes of the project's corpora, where each check
//! "takes" a fixed time on a virtual clock: the predicate answers at once, in
//! process, but its worker sleeps `--check-ms` of simulated time. The clock jumps
//! only when every thread waits (the workers asleep, the scheduler blocked for a
//! verdict), which it learns from the pool's [`Pacer`] hooks; the engine's own
//! work (parsing, rendering, deciding) takes no simulated time, and is reported
//! apart, in real seconds. A run stopped by the scheduler (no longer wanted) ends
//! at the simulated moment it is stopped, as a real check's process is killed at
//! once. `--sleep` instead sleeps for real (wall time; for cross-checking).
//!
//! Shapes: `rust` (a ~40 KB Rust file, as `tools/bench_parallel.py` buries the ICEs
//! of `tests/ices/` in 2 000 lines: a buried trigger, interesting while the
//! trigger's tokens survive and the file parses, as rustc crashes only on code that
//! parses; the predicate says where the failure is, `trigger`, as an ICE's query
//! stack does for `rust-focus`, and the compile for unused-code warnings that
//! `rust-unused` asks for takes one check's time on the scheduler's thread and
//! finds nothing, as for an ICE before lints run; configured as the `--ice` job is)
//! and `text` (a ~160 KB line-oriented input with the trigger in the middle, the
//! failing-test corpus's inputs, `tools/corpus/test-bugs`; interesting while the
//! trigger's two lines survive; configured as `--test --input` on a non-Rust file).
//!
//! `cargo run --release -p minimize-engine --example scaling [-- --check-ms 40]
//! [--jobs 1,2,4,8,16,32,64] [--shape rust|text] [--sleep] [--json PATH]`
//!
//! Prints per shape and `-j`: checks run (started; a stopped one counts), the
//! simulated time in checks (`time / check time`), the speed-up over `-j 1`, the
//! bound on it from the checks alone (`j × checks at -j 1 / checks at -j`: the
//! speed-up if every worker were busy all the time), how many checks' time the
//! busy workers were fewer than `j` (in check times: the time with `k` < `j`
//! workers busy, weighted by `j - k` over `j`), the runs stopped, the compiles for
//! warnings on the scheduler's thread, the engine's real seconds (the run's wall
//! time; the checks take none), and whether the result is byte-identical to
//! `-j 1`'s; on stderr, at `-j 2`, the passes where a worker was idle. Ties on the
//! clock are broken by worker number, so every number but the engine's seconds is
//! the same on every run.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use minimize_engine::passes::default_for_files;
use minimize_engine::predicate::{Focus, Unused};
use minimize_engine::syntax::ParseCheck;
use minimize_engine::{
    reduce, CancelFlag, Case, Config, Event, NullSink, Observer, Pacer, Predicate, PredicateError,
    Reduction, RunEnv, TestCase, Verdict, VerdictCache,
};

/// Simulated time: threads doing real work hold the clock still; it jumps to the
/// next wake-up when none does. Times in microseconds.
#[derive(Debug, Default)]
struct VirtualClock {
    state: Mutex<ClockState>,
    woke: Condvar,
}

#[derive(Debug)]
struct ClockState {
    now: u64,
    /// Threads doing real work: the scheduler unless it waits for a verdict, and
    /// the workers handed a run that are not asleep.
    active: i64,
    /// The scheduler is blocked until a verdict comes back.
    waiting: bool,
    /// Verdicts handed back and not yet received.
    undelivered: i64,
    sleepers: Vec<Sleeper>,
    woken: Vec<u64>,
    next_id: u64,
    /// Simulated time with `k` workers' checks under way, by the pass running and
    /// `k` (the scheduler's own compiles are not counted in `k`).
    by_busy: BTreeMap<(&'static str, usize), u64>,
    /// The pass running (from the scheduler's events).
    pass: &'static str,
}

#[derive(Debug)]
struct Sleeper {
    id: u64,
    until: u64,
    cancel: Option<CancelFlag>,
    /// `RunEnv::worker`: the worker, or past the last one, the scheduler.
    slot: usize,
    worker: bool,
}

impl Default for ClockState {
    fn default() -> Self {
        ClockState {
            now: 0,
            // The scheduler's thread, which starts the reduction.
            active: 1,
            waiting: false,
            undelivered: 0,
            sleepers: Vec::new(),
            woken: Vec::new(),
            next_id: 0,
            by_busy: BTreeMap::new(),
            pass: "",
        }
    }
}

impl ClockState {
    /// When no thread does real work and no verdict waits for the scheduler: wakes
    /// the sleepers whose run was stopped (now), else moves the clock to the next
    /// wake-up.
    fn advance(&mut self) -> bool {
        if self.active > 0 || (self.waiting && self.undelivered > 0) {
            return false;
        }
        let mut stopped: Vec<(usize, u64)> = (self.sleepers.iter())
            .filter(|s| s.cancel.as_ref().is_some_and(CancelFlag::is_cancelled))
            .map(|s| (s.slot, s.id))
            .collect();
        stopped.sort();
        let stopped: Vec<u64> = stopped.into_iter().map(|(_, id)| id).collect();
        let due: Vec<u64> = if let Some(id) = stopped.first() {
            vec![*id]
        } else {
            // One at a time, the lowest-numbered worker first among those due at the
            // same moment: verdicts come back in the same order on every run.
            let Some((next, _, id)) = (self.sleepers.iter())
                .map(|s| (s.until, s.slot, s.id))
                .min()
            else {
                return false;
            };
            let busy = self.sleepers.iter().filter(|s| s.worker).count();
            *(self.by_busy.entry((self.pass, busy)).or_default()) += next - self.now;
            self.now = next;
            vec![id]
        };
        self.sleepers.retain(|s| !due.contains(&s.id));
        self.active += due.len() as i64;
        self.woken.extend(due);
        true
    }
}

impl VirtualClock {
    fn with(&self, f: impl FnOnce(&mut ClockState)) {
        let mut st = self.state.lock().unwrap();
        f(&mut st);

        if st.advance() {
            self.woke.notify_all();
        }
    }

    /// Sleeps `d` of simulated time, or until `cancel` is set (then `false`).
    fn sleep(&self, d: Duration, cancel: Option<&CancelFlag>, slot: usize, worker: bool) -> bool {
        let mut st = self.state.lock().unwrap();
        let id = st.next_id;
        st.next_id += 1;
        let until = st.now + d.as_micros() as u64;
        st.sleepers.push(Sleeper {
            id,
            until,
            cancel: cancel.cloned(),
            slot,
            worker,
        });
        st.active -= 1;
        if st.advance() {
            self.woke.notify_all();
        }
        while !st.woken.contains(&id) {
            st = self.woke.wait(st).unwrap();
        }
        st.woken.retain(|w| *w != id);
        st.now >= until
    }
}

/// Tells the clock which pass runs.
struct PassWatch(Option<Arc<VirtualClock>>);

impl Observer for PassWatch {
    fn on_event(&mut self, e: &Event<'_>) {
        if let (Event::PassStarted { pass, .. }, Some(c)) = (e, &self.0) {
            c.state.lock().unwrap().pass = pass;
        }
    }
}

impl Pacer for VirtualClock {
    fn handed(&self) {
        self.with(|s| s.active += 1);
    }
    fn returned(&self) {
        self.with(|s| {
            s.active -= 1;
            s.undelivered += 1;
        });
    }
    fn waiting(&self) {
        self.with(|s| {
            s.active -= 1;
            s.waiting = true;
        });
    }
    fn received(&self) {
        self.with(|s| {
            s.active += 1;
            s.waiting = false;
            s.undelivered -= 1;
        });
    }
}

/// A ~40 KB Rust file of ordinary items with `trigger` in the middle.
fn rust_input(trigger: &str) -> String {
    let mut out = String::from("//! Inventory management utilities.\n\nuse std::fmt;\n\n");
    let item = |i: usize| {
        match i % 4 {
        0 => format!(
            "/// A record of kind {i}.\n#[derive(Debug, Clone)]\npub struct Record{i} {{\n    pub id: u32,\n    pub name: String,\n}}\n\nimpl Record{i} {{\n    pub fn new(id: u32) -> Self {{\n        Self {{ id, name: format!(\"item-{{}}\", id) }}\n    }}\n}}\n\n"
        ),
        1 => format!(
            "pub fn compute_{i}(xs: &[i64]) -> i64 {{\n    let mut acc = 0;\n    for (k, x) in xs.iter().enumerate() {{\n        if k % {m} == 0 {{\n            acc += x * 3;\n        }} else {{\n            acc -= x;\n        }}\n    }}\n    acc\n}}\n\n",
            m = i % 5 + 2
        ),
        2 => format!(
            "pub enum State{i} {{\n    Idle,\n    Busy(u32),\n    Done {{ code: i64 }},\n}}\n\npub fn describe_{i}(s: State{i}) -> &'static str {{\n    match s {{\n        State{i}::Idle => \"idle\",\n        State{i}::Busy(_) => \"busy\",\n        State{i}::Done {{ .. }} => \"done\",\n    }}\n}}\n\n"
        ),
        _ => format!(
            "pub trait Shape{i} {{\n    fn area(&self) -> f64;\n}}\n\npub struct Square{i}(pub f64);\n\nimpl Shape{i} for Square{i} {{\n    fn area(&self) -> f64 {{\n        self.0 * self.0\n    }}\n}}\n\n"
        ),
    }
    };
    let mut i = 0;
    while out.len() < 20_000 {
        out.push_str(&item(i));
        i += 1;
    }
    out.push_str(trigger);
    out.push('\n');
    while out.len() < 40_000 {
        out.push_str(&item(i));
        i += 1;
    }
    out.push_str("pub struct Report;\n\nimpl fmt::Display for Report {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n        write!(f, \"report\")\n    }\n}\n");
    out
}

/// A ~160 KB YAML-like input with `trigger` (two lines) in the middle.
fn text_input(trigger: &str) -> String {
    let mut out = String::new();
    let mut i = 0;
    while out.len() < 80_000 {
        out.push_str(&format!(
            "- id: {i}\n  name: item-{i}\n  tags: [a{}, b{}]\n  weight: {}.5\n",
            i % 7,
            i % 11,
            i % 13
        ));
        i += 1;
    }
    out.push_str(trigger);
    while out.len() < 160_000 {
        out.push_str(&format!(
            "- id: {i}\n  name: item-{i}\n  tags: [a{}, b{}]\n  weight: {}.5\n",
            i % 7,
            i % 11,
            i % 13
        ));
        i += 1;
    }
    out
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect()
}

/// The check: answers in process, "taking" `check` on the virtual clock (or for
/// real, without one).
struct Check {
    needles: Vec<&'static str>,
    /// The file must parse (as rustc needs it to, to crash past the parser).
    parses: Option<ParseCheck>,
    check: Duration,
    clock: Option<Arc<VirtualClock>>,
    stopped: AtomicUsize,
    diag: AtomicUsize,
    /// What an ICE's query stack would name (`rust-focus`).
    focus: Vec<String>,
}

impl Check {
    fn take_time(&self, env: &RunEnv<'_>, worker: bool) -> bool {
        match &self.clock {
            Some(c) => c.sleep(self.check, Some(env.cancel), env.worker, worker),
            None => {
                std::thread::sleep(self.check);
                true
            }
        }
    }
}

impl Predicate<TestCase> for Check {
    fn fingerprint(&self) -> Vec<u8> {
        b"scaling".to_vec()
    }
    fn test(&self, c: &TestCase, env: &RunEnv<'_>) -> Result<Verdict, PredicateError> {
        // Even a run stopped before it began goes through the clock, which ends it
        // at the next moment the clock would move: when it was stopped does not
        // depend on how the threads were scheduled.
        if !self.take_time(env, true) {
            self.stopped.fetch_add(1, Ordering::Relaxed);
            return Err(PredicateError::Cancelled);
        }
        let text = squash(&String::from_utf8_lossy(c.seq(0)));
        let yes = self.needles.iter().all(|n| text.contains(n))
            && self.parses.as_ref().is_none_or(|p| p.admits(c));
        Ok(if yes {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }
    fn unused(
        &self,
        _c: &TestCase,
        env: &RunEnv<'_>,
    ) -> Result<Option<Vec<Unused>>, PredicateError> {
        if self.focus.is_empty() {
            return Ok(None);
        }
        self.diag.fetch_add(1, Ordering::Relaxed);
        if !self.take_time(env, false) {
            return Err(PredicateError::Cancelled);
        }
        Ok(Some(Vec::new()))
    }
    fn focus(&self) -> Focus {
        Focus {
            names: self.focus.clone(),
            ..Focus::default()
        }
    }
}

#[derive(Clone)]
struct Run {
    checks: usize,
    diag: usize,
    stopped: u64,
    /// Simulated (or, with `--sleep`, wall) time in seconds.
    secs: f64,
    /// The run's wall time (with the virtual clock: the engine's own work).
    engine_secs: f64,
    /// Simulated seconds with `k` workers busy, by pass and `k`.
    by_busy: BTreeMap<(&'static str, usize), f64>,
    result: Vec<u8>,
}

fn run(shape: &str, jobs: usize, check: Duration, virtual_time: bool) -> Run {
    let rust = shape == "rust";
    let (name, input, needles): (&str, String, Vec<&'static str>) = if rust {
        (
            "bug.rs",
            rust_input(
                "pub trait Source {\n    type Out;\n}\n\npub fn trigger<T: Source<Out = T>>(x: T) -> T {\n    let y = x;\n    y\n}\n",
            ),
            vec!["trait", "typeOut", "Out=", "lety=x"],
        )
    } else {
        (
            "big.yaml",
            text_input("- id: &anchor\n  name: *anchor [\n"),
            vec!["&anchor", "*anchor["],
        )
    };
    let squashed = squash(&input);
    assert!(
        needles.iter().all(|n| squashed.contains(n)),
        "the {shape} input must be interesting"
    );
    let case = TestCase::single(name, input.into_bytes());
    let clock = virtual_time.then(|| Arc::new(VirtualClock::default()));
    let pred = Check {
        needles,
        parses: rust.then(|| ParseCheck::new(&case)),
        check,
        clock: clock.clone(),
        stopped: AtomicUsize::new(0),
        diag: AtomicUsize::new(0),
        focus: if rust {
            vec!["trigger".into()]
        } else {
            Vec::new()
        },
    };
    // As `job/reduction.rs` configures `--ice` on a Rust file and `--test --input`
    // on another file (no formatting, no final check: neither is the reduction's).
    let reduction = Reduction {
        predicate: &pred,
        passes: default_for_files(!rust),
        config: Config {
            jobs,
            verify_original: false,
            final_check: false,
            initial_quota: usize::MAX,
            adaptive_restart: false,
            fallbacks: rust,
            bets: rust,
            pacer: clock.clone().map(|c| c as Arc<dyn Pacer>),
            ..Config::default()
        },
        cache: VerdictCache::new(None),
        cancel: CancelFlag::new(),
        admit: None,
        forms: Vec::new(),
    };
    let start = Instant::now();
    let mut watch = PassWatch(clock.clone());
    let out = reduce(case, reduction, &mut watch, &mut NullSink)
        .expect("an in-process reduction cannot fail");
    let wall = start.elapsed().as_secs_f64();
    let (secs, by_busy) = match &clock {
        Some(c) => {
            let st = c.state.lock().unwrap();
            let by = (st.by_busy.iter())
                .map(|(k, t)| (*k, *t as f64 / 1e6))
                .collect();
            (st.now as f64 / 1e6, by)
        }
        None => (wall, BTreeMap::new()),
    };
    Run {
        checks: out.summary.runs as usize,
        diag: pred.diag.load(Ordering::Relaxed),
        stopped: pred.stopped.load(Ordering::Relaxed) as u64,
        secs,
        engine_secs: wall,
        by_busy,
        result: out.best.seq(0).to_vec(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let check = Duration::from_millis(value("--check-ms").map_or(40, |v| v.parse().unwrap()));
    let virtual_time = !args.iter().any(|a| a == "--sleep");
    let jobs: Vec<usize> = value("--jobs")
        .unwrap_or_else(|| "1,2,4,8,16,32,64".into())
        .split(',')
        .map(|j| j.parse().unwrap())
        .collect();
    let shapes: Vec<String> = match value("--shape") {
        Some(s) => vec![s],
        None => vec!["rust".into(), "text".into()],
    };
    let unit = check.as_secs_f64();
    println!(
        "check time {} ms ({}); engine work real\n",
        check.as_millis(),
        if virtual_time {
            "simulated"
        } else {
            "sleeping"
        }
    );
    println!("| shape | -j | checks | time (checks) | speed-up | bound (all workers busy) | idle workers (checks) | stopped runs | warning compiles | engine s (real) | same result as -j 1 |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    let mut rows = Vec::new();
    for shape in &shapes {
        let mut base: Option<Run> = None;
        for &j in &jobs {
            let r = run(shape, j, check, virtual_time);
            let b = base.get_or_insert_with(|| r.clone()).clone();
            // Every worker busy all the time: the time is checks × check time / j.
            let bound = j as f64 * b.checks as f64 / r.checks as f64;
            // Worker-time left idle, in checks: (j - k) / j of the time with k busy;
            // the time is then checks / j (stopped runs counted whole) plus this.
            let idle_in = |pass: Option<&str>| -> f64 {
                (r.by_busy.iter())
                    .filter(|((p, _), _)| pass.is_none_or(|q| q == *p))
                    .map(|((_, k), t)| (j - k.min(&j)) as f64 / j as f64 * t / unit)
                    .sum()
            };
            let idle = idle_in(None);
            let mut by_busy: BTreeMap<usize, f64> = BTreeMap::new();
            let mut by_pass: BTreeMap<&str, (f64, f64)> = BTreeMap::new();
            for ((p, k), t) in &r.by_busy {
                *by_busy.entry(*k).or_default() += t / unit;
                by_pass.entry(p).or_default().0 += t / unit;
            }
            for (p, v) in by_pass.iter_mut() {
                v.1 = idle_in(Some(p));
            }
            let same = r.result == b.result;
            println!(
                "| {shape} | {j} | {} | {:.1} | {:.2} | {:.1} | {:.1} | {} | {} | {:.1} | {} |",
                r.checks,
                r.secs / unit,
                b.secs / r.secs,
                bound,
                idle,
                r.stopped,
                r.diag,
                r.engine_secs,
                if same { "yes" } else { "NO" }
            );
            if j == 2 && virtual_time {
                // Where the time goes at -j 2, by pass.
                let mut passes: Vec<_> = by_pass.iter().collect();
                passes.sort_by(|a, b| b.1 .1.total_cmp(&a.1 .1));
                for (p, (t, idle)) in passes.iter().filter(|(_, (_, i))| *i > 0.0) {
                    eprintln!(
                        "{shape} -j 2: {p:>18}: time {t:>5.1} checks, idle worker {idle:>4.1}"
                    );
                }
            }
            rows.push(serde_json::json!({
                "shape": shape,
                "jobs": j,
                "checks": r.checks,
                "stopped_runs": r.stopped,
                "warning_compiles": r.diag,
                "time_in_checks": r.secs / unit,
                "speedup": b.secs / r.secs,
                "bound_from_checks": bound,
                "idle_worker_checks": idle,
                "time_in_checks_by_busy_workers": by_busy.iter()
                    .map(|(k, t)| (k.to_string(), *t))
                    .collect::<BTreeMap<_, _>>(),
                "time_and_idle_in_checks_by_pass": by_pass.iter()
                    .map(|(p, (t, i))| (p.to_string(), serde_json::json!({"time": t, "idle": i})))
                    .collect::<BTreeMap<_, _>>(),
                "engine_real_seconds": r.engine_secs,
                "result_bytes": r.result.len(),
                "same_result_as_j1": same,
            }));
        }
    }
    if let Some(path) = value("--json") {
        let doc = serde_json::json!({
            "command": args[1..].join(" "),
            "check_ms": check.as_millis() as u64,
            "clock": if virtual_time { "simulated" } else { "sleep" },
            "rows": rows,
        });
        std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap() + "\n").unwrap();
    }
}

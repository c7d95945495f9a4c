//! How a reduction scales with workers, measured with the real scheduler and the
//! real default passes on the shapes of the project's corpora, where each check
//! "takes" a fixed time: the predicate sleeps `--check-ms` (a sleeping worker uses
//! no core, so 64 workers can be simulated on 2 cores; the engine's own work —
//! parsing, rendering, deciding — runs for real and is what is left over).
//!
//! Shapes: `rust` (a ~40 KB Rust file with a buried trigger, the ICE corpus's
//! inputs; interesting while the trigger's tokens survive and the file parses) and
//! `text` (a ~160 KB line-oriented input with the trigger in the middle, the
//! failing-test inputs; interesting while the trigger's two lines survive).
//!
//! `cargo run --release -p minimize-engine --example scaling [-- --check-ms 40]
//! [--jobs 1,2,4,8,16,32,64] [--shape rust|text]`
//! Prints per shape and `-j`: checks run, wall seconds, speed-up over `-j 1`, the
//! bound on it from the checks alone (`j × checks at -j 1 / checks at -j`: the
//! speed-up if every worker were busy all the time with no wasted speculation), and
//! whether the result is byte-identical to `-j 1`'s.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use minimize_engine::passes::{default_for_files, BET_ON_SUCCESS_ON_RUST, FALLBACK_ON_RUST};
use minimize_engine::syntax::ParseCheck;
use minimize_engine::{
    reduce, CancelFlag, Case, Config, FnPredicate, NullObserver, NullSink, Reduction, TestCase,
    VerdictCache,
};

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

struct Run {
    checks: usize,
    secs: f64,
    result: Vec<u8>,
}

fn run(shape: &str, jobs: usize, check: Duration) -> Run {
    let (name, input, needles): (&str, String, Vec<&str>) = match shape {
        "rust" => (
            "bug.rs",
            rust_input(
                "pub trait Source {\n    type Out;\n}\n\npub fn trigger<T: Source<Out = T>>(x: T) -> T {\n    let y = x;\n    y\n}\n",
            ),
            vec!["trait", "typeOut", "Out=", "letyy"],
        ),
        _ => (
            "big.yaml",
            text_input("- id: &anchor\n  name: *anchor [\n"),
            vec!["&anchor", "*anchor["],
        ),
    };
    let calls = AtomicUsize::new(0);
    let pred = FnPredicate::new("scaling", |c: &TestCase| {
        calls.fetch_add(1, Ordering::Relaxed);
        std::thread::sleep(check);
        let text = squash(&String::from_utf8_lossy(c.seq(0)));
        needles.iter().all(|n| text.contains(n))
    });
    let case = TestCase::single(name, input.into_bytes());
    let rust = shape == "rust";
    let admit = ParseCheck::new(&case);
    let reduction = Reduction {
        predicate: &pred,
        passes: default_for_files(false),
        config: Config {
            jobs,
            verify_original: false,
            final_check: false,
            initial_quota: usize::MAX,
            adaptive_restart: false,
            fallback: if rust {
                FALLBACK_ON_RUST.to_vec()
            } else {
                Vec::new()
            },
            bet_on_success: if rust {
                BET_ON_SUCCESS_ON_RUST.to_vec()
            } else {
                Vec::new()
            },
            ..Config::default()
        },
        cache: VerdictCache::new(None),
        cancel: CancelFlag::new(),
        admit: rust.then(|| {
            Box::new(move |c: &TestCase| admit.admits(c)) as minimize_engine::Admit<'_, TestCase>
        }),
        finish: None,
    };
    let start = Instant::now();
    let out = reduce(case, reduction, &mut NullObserver, &mut NullSink)
        .expect("an in-process reduction cannot fail");
    Run {
        checks: calls.load(Ordering::Relaxed),
        secs: start.elapsed().as_secs_f64(),
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
    let jobs: Vec<usize> = value("--jobs")
        .unwrap_or_else(|| "1,2,4,8,16,32,64".into())
        .split(',')
        .map(|j| j.parse().unwrap())
        .collect();
    let shapes: Vec<String> = match value("--shape") {
        Some(s) => vec![s],
        None => vec!["rust".into(), "text".into()],
    };
    println!(
        "check time {} ms (sleeping); engine work real\n",
        check.as_millis()
    );
    println!("| shape | -j | checks | seconds | speed-up | bound (all workers busy) | same result as -j 1 |");
    println!("|---|---:|---:|---:|---:|---:|---|");
    for shape in &shapes {
        let mut base: Option<Run> = None;
        for &j in &jobs {
            let r = run(shape, j, check);
            let b = base.get_or_insert_with(|| Run {
                checks: r.checks,
                secs: r.secs,
                result: r.result.clone(),
            });
            // Every worker busy all the time: the wall time is checks × time / j.
            let bound = j as f64 * b.checks as f64 / r.checks as f64;
            println!(
                "| {shape} | {j} | {} | {:.1} | {:.2} | {:.1} | {} |",
                r.checks,
                r.secs,
                b.secs / r.secs,
                bound,
                if r.result == b.result { "yes" } else { "NO" }
            );
        }
    }
}

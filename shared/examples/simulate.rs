//! Simulation benchmark of the engine: no processes, an in-process predicate, and a
//! count of predicate calls.
//!
//! (a) The "unique subset" model of seeds/adaptive-delta-debugging against classic
//!     ddmin, Lithium and adaptive ddmin written as in the seeds.
//! (b) The condition table of seeds/hypothesis-simplifier-notebook (lists of 64-bit
//!     integers), with the notebook's final simplifier ported as a baseline.
//!
//! `cargo run --release -p minimize-engine --example simulate [-- --json] [--seeds N]
//! [--examples N] [--only CONDITION] [--data-seed N]` (`--data-seed` draws other
//! examples for (b), to see how much a worst case owes to the draw).

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};

use md5::{Digest, Md5};
use minimize_engine::passes::{default_for_int_lists, default_for_lists};
use minimize_engine::{
    reduce, CancelFlag, Config, FnPredicate, NullObserver, NullSink, Reduction, VerdictCache,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const N: usize = 1000;
const FRACTIONS: [f64; 6] = [0.01, 0.05, 0.1, 0.25, 0.5, 0.9];
const EXAMPLES: usize = 1000;
const MAX_COUNT: usize = 5000;

// ---------- baselines, written as in the seeds ----------

fn ddmin(mut t: Vec<u32>, p: &mut dyn FnMut(&[u32]) -> bool) -> Vec<u32> {
    let mut block = t.len() / 2;
    while block > 0 {
        let prev = t.clone();
        let mut i = 0;
        while i < t.len() {
            let mut a = t.clone();
            a.drain(i..(i + block).min(t.len()));
            if p(&a) {
                t = a;
            } else {
                i += block;
            }
        }
        if t == prev {
            block /= 2;
        }
    }
    t
}

fn lithium(mut t: Vec<u32>, p: &mut dyn FnMut(&[u32]) -> bool) -> Vec<u32> {
    let mut chunk = if t.len() <= 2 {
        1
    } else {
        1 << (t.len() - 1).ilog2()
    };
    loop {
        let mut removed = false;
        let mut i = 0;
        while i < t.len() {
            let mut a = t.clone();
            a.drain(i..(i + chunk).min(t.len()));
            if p(&a) {
                t = a;
                removed = true;
            } else {
                i += chunk;
            }
        }
        if chunk > 1 {
            chunk /= 2;
        } else if !removed {
            return t;
        }
    }
}

fn seed_find_change_point(f: &mut dyn FnMut(usize) -> bool, lo: usize, hi: usize) -> usize {
    let base = f(lo);
    let linear_cap = (hi + 1).min(lo + 6);
    for i in lo + 1..linear_cap {
        if f(i) != base {
            return i - 1;
        }
    }
    // exponential_probe then binary_search from the same post.
    let mut lo = linear_cap - 1;
    if lo >= hi {
        return hi;
    }
    let mut gap = 1;
    let bad;
    loop {
        let probe = lo + gap;
        if probe >= hi {
            if f(hi) == base {
                return hi;
            }
            bad = hi;
            break;
        }
        if f(probe) == base {
            lo = probe;
            gap *= 2;
        } else {
            bad = probe;
            break;
        }
    }
    let mut hi = bad;
    while hi > lo + 1 {
        let mid = (lo + hi) / 2;
        if f(mid) == base {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

fn adaptive_ddmin(mut t: Vec<u32>, p: &mut dyn FnMut(&[u32]) -> bool) -> Vec<u32> {
    let mut prev: Option<Vec<u32>> = None;
    while prev.as_ref() != Some(&t) {
        prev = Some(t.clone());
        let mut i = 0;
        while i < t.len() {
            let cur = t.clone();
            let mut deletable = |k: usize| {
                let mut a = cur[..i].to_vec();
                a.extend_from_slice(&cur[i + k..]);
                p(&a)
            };
            let k = seed_find_change_point(&mut deletable, 0, cur.len() - i);
            if k > 0 {
                t.drain(i..i + k);
            }
            i += 1;
        }
    }
    t
}

// ---------- the notebook's "multi pass with variable restart" ----------

fn shrink_integer(n: u64) -> Vec<u64> {
    let mut out = vec![];
    if n == 0 {
        return out;
    }
    let mut probe: u128 = 1;
    for k in 0..64 {
        probe = 1u128 << k;
        if probe >= n as u128 {
            break;
        }
        out.push((probe - 1) as u64);
    }
    probe /= 2;
    loop {
        probe = (probe + n as u128) / 2;
        out.push(probe as u64);
        if probe == n as u128 - 1 {
            break;
        }
    }
    out
}

fn notebook_shrink(start: Vec<u64>, p: &mut dyn FnMut(&[u64]) -> bool) -> Vec<u64> {
    type Shrinker = Box<dyn Fn(&[u64]) -> Vec<Vec<u64>>>;
    let mut seen: HashSet<Vec<u64>> = HashSet::new();
    let mut ls = start;
    let mut max_per_run = 10i64;
    loop {
        let mut shrinks = 0i64;
        let mut shrinkers: Vec<Shrinker> = vec![
            Box::new(|ls: &[u64]| {
                let mut out = vec![];
                let mut i = 1;
                while i < ls.len() {
                    out.push(ls[..i].to_vec());
                    i *= 2;
                }
                out
            }),
            Box::new(|ls: &[u64]| {
                (0..ls.len())
                    .map(|i| [&ls[..i], &ls[i + 1..]].concat())
                    .collect()
            }),
            Box::new(|ls: &[u64]| {
                let mut values: Vec<u64> = ls.to_vec();
                values.sort_unstable();
                values.dedup();
                values.pop();
                values
                    .iter()
                    .map(|&v| ls.iter().map(|&l| v.min(l)).collect())
                    .collect()
            }),
            Box::new(|ls: &[u64]| {
                let mut groups: Vec<(u64, Vec<usize>)> = vec![];
                for (i, &v) in ls.iter().enumerate() {
                    match groups.iter_mut().find(|g| g.0 == v) {
                        Some(g) => g.1.push(i),
                        None => groups.push((v, vec![i])),
                    }
                }
                let mut out = vec![];
                for (v, idx) in groups {
                    if idx.len() > 1 {
                        for w in shrink_integer(v) {
                            let mut s = ls.to_vec();
                            for &i in &idx {
                                s[i] = w;
                            }
                            out.push(s);
                        }
                    }
                }
                out
            }),
        ];
        for i in 0..ls.len() {
            shrinkers.push(Box::new(move |ls: &[u64]| {
                if i >= ls.len() {
                    return vec![];
                }
                shrink_integer(ls[i])
                    .into_iter()
                    .map(|w| {
                        let mut s = ls.to_vec();
                        s[i] = w;
                        s
                    })
                    .collect()
            }));
        }
        for shrink in &shrinkers {
            while shrinks < max_per_run {
                let mut progressed = false;
                for s in shrink(&ls) {
                    if !seen.insert(s.clone()) {
                        continue;
                    }
                    if p(&s) {
                        shrinks += 1;
                        ls = s;
                        progressed = true;
                        break;
                    }
                }
                if !progressed {
                    break;
                }
            }
        }
        if max_per_run > 1 {
            max_per_run -= 2;
        }
        if shrinks == 0 {
            return ls;
        }
    }
}

// ---------- our engine ----------

fn ours<T: minimize_engine::Element + std::hash::Hash + std::fmt::Debug>(
    start: Vec<T>,
    passes: Vec<Box<dyn minimize_engine::Pass<Vec<T>>>>,
    p: &(dyn Fn(&[T]) -> bool + Sync),
) -> (Vec<T>, usize) {
    let calls = AtomicUsize::new(0);
    let cancel = CancelFlag::new();
    if std::env::var_os("SIM_TRACE").is_some() {
        eprintln!("START");
    }
    let pred = FnPredicate::new("sim", |c: &Vec<T>| {
        if calls.fetch_add(1, Ordering::Relaxed) + 1 > MAX_COUNT {
            cancel.cancel();
        }
        let r = p(c);
        if std::env::var_os("SIM_TRACE").is_some() {
            eprintln!("{} {:?}", if r { "Y" } else { "n" }, c);
        }
        r
    });
    let config = Config {
        jobs: 1,
        verify_original: false,
        final_check: false,
        initial_quota: std::env::var("SIM_QUOTA")
            .ok()
            .and_then(|q| q.parse().ok())
            .unwrap_or(Config::default().initial_quota),
        ..Config::default()
    };
    let reduction = Reduction {
        predicate: &pred,
        passes,
        config,
        cache: VerdictCache::new(None),
        cancel: cancel.clone(),
        admit: None,
        forms: Vec::new(),
    };
    let out = if std::env::var_os("SIM_TRACE").is_some() {
        reduce(start, reduction, &mut TraceObserver, &mut NullSink)
    } else {
        reduce(start, reduction, &mut NullObserver, &mut NullSink)
    }
    .expect("in-process reduction cannot fail");
    if std::env::var_os("SIM_DEBUG").is_some()
        && calls.load(Ordering::Relaxed)
            > std::env::var("SIM_DEBUG")
                .unwrap()
                .parse::<usize>()
                .unwrap()
    {
        eprintln!(
            "calls={} rounds={} result={:?}",
            calls.load(Ordering::Relaxed),
            out.summary.rounds,
            out.best
        );
        for p in &out.summary.passes {
            eprintln!(
                "  {:20} tests={:5} runs={:5} successes={:4} removed={}",
                p.name, p.tests, p.runs, p.successes, p.removed
            );
        }
    }
    (out.best, calls.load(Ordering::Relaxed))
}

/// Under `SIM_TRACE`, marks which pass runs and which one found each improvement.
struct TraceObserver;

impl minimize_engine::Observer for TraceObserver {
    fn on_event(&mut self, event: &minimize_engine::Event<'_>) {
        match event {
            minimize_engine::Event::PassStarted { pass, round } => {
                eprintln!("PASS {pass} {round}")
            }
            minimize_engine::Event::Improved { pass, size } => eprintln!("IMPROVED {pass} {size}"),
            _ => {}
        }
    }
}

fn counted<T: Clone>(
    f: impl FnOnce(&mut dyn FnMut(&[T]) -> bool) -> Vec<T>,
    p: &dyn Fn(&[T]) -> bool,
) -> (Vec<T>, usize) {
    let mut calls = 0;
    let r = f(&mut |x: &[T]| {
        calls += 1;
        p(x)
    });
    (r, calls)
}

// ---------- (a) unique subset ----------

struct SubsetRow {
    fraction: f64,
    ddmin: f64,
    lithium: f64,
    adaptive: f64,
    ours: f64,
}

fn unique_subset(seeds: u64) -> Vec<SubsetRow> {
    let mut rows = vec![];
    for &f in &FRACTIONS {
        let mut sums = [0usize; 4];
        for seed in 0..seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 7919 + (f * 1000.0) as u64);
            let m = ((N as f64) * f).round() as usize;
            let mut idx: Vec<u32> = (0..N as u32).collect();
            for i in 0..m {
                let j = rng.random_range(i..N);
                idx.swap(i, j);
            }
            let mut want = vec![false; N];
            for &i in &idx[..m] {
                want[i as usize] = true;
            }
            let mut expect: Vec<u32> = idx[..m].to_vec();
            expect.sort_unstable();
            let p = |x: &[u32]| x.iter().filter(|&&e| want[e as usize]).count() == m;
            let start: Vec<u32> = (0..N as u32).collect();
            let runs: [(Vec<u32>, usize); 4] = [
                counted(|q| ddmin(start.clone(), q), &p),
                counted(|q| lithium(start.clone(), q), &p),
                counted(|q| adaptive_ddmin(start.clone(), q), &p),
                ours(start.clone(), default_for_lists(), &p),
            ];
            for (k, (res, calls)) in runs.iter().enumerate() {
                assert_eq!(
                    res, &expect,
                    "algorithm {k} at fraction {f} seed {seed} is not 1-minimal"
                );
                sums[k] += calls;
            }
        }
        let mean = |k: usize| sums[k] as f64 / seeds as f64;
        rows.push(SubsetRow {
            fraction: f,
            ddmin: mean(0),
            lithium: mean(1),
            adaptive: mean(2),
            ours: mean(3),
        });
    }
    rows
}

// ---------- (b) notebook conditions ----------

type Cond = (&'static str, fn(&[u64]) -> bool);

fn repr(xs: &[u64]) -> String {
    format!(
        "[{}]",
        xs.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn conditions() -> Vec<Cond> {
    vec![
        ("length >= 2", |xs| xs.len() >= 2),
        ("sum >= 500", |xs| {
            xs.iter().map(|&x| x as u128).sum::<u128>() >= 500
        }),
        ("sum >= 3", |xs| {
            xs.iter().map(|&x| x as u128).sum::<u128>() >= 3
        }),
        ("At least 10 by 5", |xs| {
            xs.iter().filter(|&&t| t >= 5).count() >= 10
        }),
        ("10 distinct elements", |xs| {
            xs.iter().collect::<HashSet<_>>().len() >= 10
        }),
        ("First > Second", |xs| xs.len() >= 2 && xs[0] > xs[1]),
        ("Size > max & 63", |xs| {
            !xs.is_empty() && xs.len() as u64 > (xs.iter().max().unwrap() & 63)
        }),
        ("Messy", |xs| Md5::digest(repr(xs).as_bytes())[0] < 16),
    ]
}

struct NotebookRow {
    condition: &'static str,
    target: usize,
    notebook_worst: usize,
    notebook_mean: f64,
    worst: usize,
    mean: f64,
    simpler_or_equal: usize,
    mean_len: f64,
    notebook_mean_len: f64,
}

fn complexity(xs: &[u64]) -> (usize, u128) {
    (xs.len(), xs.iter().map(|&x| x as u128).sum())
}

fn notebook(examples: usize, only: Option<&str>, data_seed: u64) -> Vec<NotebookRow> {
    let targets = [6, 35, 6, 73, 131, 1168, 600, 824];
    let mut rows = vec![];
    for ((name, cond), target) in conditions().into_iter().zip(targets) {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let mut rng =
            ChaCha8Rng::seed_from_u64(name.bytes().map(u64::from).sum::<u64>() + data_seed);
        let mut data = vec![];
        while data.len() < examples {
            let len = rng.random_range(0..=100);
            let xs: Vec<u64> = (0..len).map(|_| rng.random()).collect();
            if cond(&xs) {
                data.push(xs);
            }
        }
        let (mut worst, mut total, mut nb_worst, mut nb_total, mut simpler, mut len, mut nb_len) =
            (0, 0, 0, 0, 0, 0, 0);
        for xs in &data {
            let p = |x: &[u64]| cond(x);
            let (res, calls) = ours(xs.clone(), default_for_int_lists(), &p);
            assert!(cond(&res), "{name}: result not interesting");
            let (nb, nb_calls) = counted(|q| notebook_shrink(xs.clone(), q), &p);
            worst = worst.max(calls);
            total += calls;
            nb_worst = nb_worst.max(nb_calls);
            nb_total += nb_calls;
            if complexity(&res) <= complexity(&nb) {
                simpler += 1;
            }
            len += res.len();
            nb_len += nb.len();
        }
        let n = data.len() as f64;
        rows.push(NotebookRow {
            condition: name,
            target,
            notebook_worst: nb_worst,
            notebook_mean: nb_total as f64 / n,
            worst,
            mean: total as f64 / n,
            simpler_or_equal: simpler,
            mean_len: len as f64 / n,
            notebook_mean_len: nb_len as f64 / n,
        });
    }
    rows
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let json = args.iter().any(|a| a == "--json");
    let arg = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let seeds = arg("--seeds", 20);
    let examples = arg("--examples", EXAMPLES as u64) as usize;

    // `--only CONDITION`: just that row of (b), and no (a).
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .map(String::as_str);
    let subset = if only.is_some() {
        vec![]
    } else {
        unique_subset(seeds)
    };
    println!("## (a) Unique subset, n = {N}, mean predicate calls over {seeds} seeds\n");
    println!(
        "| fraction | ddmin | Lithium | adaptive ddmin | ours | ours / ddmin | ours / Lithium |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for r in &subset {
        println!(
            "| {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} |",
            r.fraction,
            r.ddmin,
            r.lithium,
            r.adaptive,
            r.ours,
            r.ours / r.ddmin,
            r.ours / r.lithium
        );
    }
    let nb = notebook(examples, only, arg("--data-seed", 0));
    println!("\n## (b) Notebook conditions, {examples} examples each, predicate calls\n");
    println!("| condition | target (notebook best) | notebook port worst | notebook port mean | ours worst | ours mean | ours as simple or simpler | mean length ours / notebook |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for r in &nb {
        println!(
            "| {} | {} | {} | {:.1} | {} | {:.1} | {}/{} | {:.2} / {:.2} |",
            r.condition,
            r.target,
            r.notebook_worst,
            r.notebook_mean,
            r.worst,
            r.mean,
            r.simpler_or_equal,
            examples,
            r.mean_len,
            r.notebook_mean_len
        );
    }
    if json {
        let doc = serde_json::json!({
            "unique_subset": subset.iter().map(|r| serde_json::json!({
                "fraction": r.fraction, "ddmin": r.ddmin, "lithium": r.lithium, "adaptive": r.adaptive, "ours": r.ours,
            })).collect::<Vec<_>>(),
            "notebook": nb.iter().map(|r| serde_json::json!({
                "condition": r.condition, "worst": r.worst, "mean": r.mean, "target": r.target,
                "notebook_port_worst": r.notebook_worst, "as_simple": r.simpler_or_equal,
            })).collect::<Vec<_>>(),
        });
        println!("{doc}");
    }
}

//! Tidy checks of the workspace's own sources (as rust-analyzer's `tidy.rs`): the
//! architecture's invariants that a compiler lint does not cover.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The source files of the three crates (not their tests).
fn sources() -> Vec<PathBuf> {
    let ws = workspace();
    ["shared/src", "cargo-minimize/src", "lsp/src"]
        .iter()
        .flat_map(|d| rust_files(&ws.join(d)))
        .collect()
}

/// The sources, their tests, examples and benchmarks.
fn all_rust_files() -> Vec<PathBuf> {
    let ws = workspace();
    let mut files = sources();
    for d in [
        "shared/tests",
        "shared/examples",
        "cargo-minimize/tests",
        "lsp/tests",
    ] {
        if ws.join(d).is_dir() {
            files.extend(rust_files(&ws.join(d)));
        }
    }
    files
}

/// Code of a file without its `#[cfg(test)] mod tests` (which may reach anywhere); none
/// in a `tests.rs`, such a module in a file of its own.
fn non_test_code(path: &Path) -> String {
    // A module's tests in a file of their own (`#[cfg(test)] mod tests;`).
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

#[test]
fn no_source_file_is_over_800_lines() {
    let long: Vec<String> = all_rust_files()
        .into_iter()
        .filter_map(|p| {
            let n = std::fs::read_to_string(&p).unwrap().lines().count();
            (n > 800).then(|| format!("{} ({n} lines)", p.display()))
        })
        .collect();
    assert!(long.is_empty(), "split these files: {long:#?}");
}

#[test]
fn every_source_file_says_what_it_is_for() {
    let bare: Vec<String> = all_rust_files()
        .into_iter()
        .filter(|p| !std::fs::read_to_string(p).unwrap().starts_with("//!"))
        .map(|p| p.display().to_string())
        .collect();
    assert!(bare.is_empty(), "no `//!` line at the top: {bare:#?}");
}

#[test]
fn only_exec_spawns_processes() {
    let spawning: Vec<String> = sources()
        .into_iter()
        .filter(|p| !p.ends_with("shared/src/exec.rs"))
        .filter(|p| {
            let code = non_test_code(p);
            code.contains("Command::new(") || code.contains("MetadataCommand::new")
        })
        .map(|p| p.display().to_string())
        .collect();
    assert!(spawning.is_empty(), "spawn through `exec`: {spawning:#?}");
}

/// A check runs only where a run environment is made: the engine's workers (the
/// reduction's one choke point hands them candidates) and `job/check.rs` (the
/// job's own checks, around the reduction). Anywhere else a `RunEnv { .. }` would
/// be a third way to run a check.
#[test]
fn checks_run_only_through_the_workers_and_the_jobs_check() {
    let allowed = ["shared/src/schedule/workers.rs", "shared/src/job/check.rs"];
    let running: Vec<String> = sources()
        .into_iter()
        .filter(|p| !allowed.iter().any(|a| p.ends_with(a)))
        .filter(|p| non_test_code(p).contains("RunEnv {"))
        .map(|p| p.display().to_string())
        .collect();
    assert!(
        running.is_empty(),
        "run checks through `JobCheck`: {running:#?}"
    );
}

/// The engine's top-level modules and whom each one uses (`crate::m`, names the
/// crate root re-exports from `m`, `super::m` in a top-level file), tests aside.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = workspace().join("shared/src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let mut modules = BTreeSet::new();
    for e in std::fs::read_dir(&src).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        if name != "lib" && (p.is_dir() || p.extension().is_some_and(|x| x == "rs")) {
            modules.insert(name);
        }
    }
    // `pub use m::{A, B};` / `pub use m::A;` at the root: A and B stand for m.
    let mut reexported: BTreeMap<String, String> = BTreeMap::new();
    let re = regex::Regex::new(r"pub use (\w+)::(?:\{([^}]*)\}|(\w+));").unwrap();
    let word = regex::Regex::new(r"\w+").unwrap();
    for c in re.captures_iter(&lib) {
        let names = c.get(2).or(c.get(3)).unwrap().as_str();
        for n in word.find_iter(names) {
            reexported.insert(n.as_str().to_string(), c[1].to_string());
        }
    }
    let path = regex::Regex::new(r"crate::(\w+)|crate::\{([^}]*)\}").unwrap();
    let sup = regex::Regex::new(r"super::(\w+)").unwrap();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in &modules {
        let dir = src.join(m);
        let files = if dir.is_dir() {
            rust_files(&dir)
        } else {
            vec![src.join(format!("{m}.rs"))]
        };
        let uses = graph.entry(m.clone()).or_default();
        for f in files {
            let code = non_test_code(&f);
            let mut names: Vec<String> = Vec::new();
            for c in path.captures_iter(&code) {
                match (c.get(1), c.get(2)) {
                    (Some(n), _) => names.push(n.as_str().to_string()),
                    (_, Some(list)) => names.extend(
                        word.find_iter(list.as_str())
                            .map(|n| n.as_str().to_string()),
                    ),
                    _ => {}
                }
            }
            let top = f == src.join(format!("{m}.rs")) || f == dir.join("mod.rs");
            if top {
                names.extend(sup.captures_iter(&code).map(|c| c[1].to_string()));
            }
            for n in names {
                let n = reexported.get(&n).cloned().unwrap_or(n);
                if modules.contains(&n) && n != *m {
                    uses.insert(n);
                }
            }
        }
    }
    graph
}

/// Data flows one way (front end → job → schedule → passes / predicate → exec): the
/// engine's top-level modules form no cycle.
#[test]
fn the_engines_modules_form_no_cycle() {
    let graph = module_graph();
    // Depth-first search for a back edge, reporting the cycle it closes.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut cycle = path[i..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for n in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(n, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        if let Some(cycle) = visit(m, &graph, &mut Vec::new(), &mut done) {
            panic!("import cycle: {}\n{graph:#?}", cycle.join(" -> "));
        }
    }
    // The checker sees edges at all (it would pass vacuously otherwise).
    assert!(graph["schedule"].contains("passes"), "{graph:#?}");
    assert!(graph["job"].contains("schedule"), "{graph:#?}");
}

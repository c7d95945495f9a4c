//! A crate's result made self-contained (issue 31): after the first reduction, a
//! crate whose manifest still names dependencies the bug needs is offered, one
//! transformation at a time, in forms without them, each checked and then reduced
//! again by the same engine (so every candidate goes through its choke point):
//!
//! 1. **Macros expanded.** The crate as `rustc -Zunpretty=expanded` prints it (run
//!    through `cargo rustc`, `RUSTC_BOOTSTRAP=1`): one file with every module
//!    inline and every macro call, derive and proc-macro attribute replaced by its
//!    expansion, so that proc-macro dependencies are no longer needed. The
//!    injected prelude goes; the unstable library features the expansion uses are
//!    enabled (`#![feature(..)]`, as `cargo check` names them).
//! 2. **Dependencies inlined.** Each remaining (non-proc-macro) dependency, expanded
//!    the same way with the features cargo resolved for it, becomes `pub mod NAME
//!    { .. }` of the root file: its `crate::` paths become `crate::NAME::`, the
//!    crate's `NAME::` and `::NAME::` paths become `crate::NAME::`, `extern crate
//!    NAME as X` becomes `use crate::NAME as X`; its crate-level attributes go (its
//!    `#![feature]`s move to the root); its own dependencies take its place in the
//!    manifest, pinned to the versions and features cargo resolved. Repeated while
//!    dependencies remain and the bug survives.
//!
//! A transformation the bug does not survive is dropped; the result is then the
//! one before it. After each accepted one, the manifest is tidied again (the
//! dependencies no longer used go).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use ra_ap_syntax::ast::{self, AstNode};
use ra_ap_syntax::SyntaxKind;
use toml_edit::DocumentMut;

use super::{internal, manifest, output_error, Check, Job, JobError, Target};
use crate::case::Case;
use crate::exec::{CommandSpec, RunLimits};
use crate::output::{write_case, FileSink};
use crate::predicate::CancelFlag;
use crate::report::{Event, Observer, Summary};
use crate::schedule::{reduce, EngineError};
use crate::testcase::TestCase;

/// Rounds of dependency inlining (a dependency's own dependencies come in the next).
const MAX_INLINE_ROUNDS: usize = 4;

impl Job {
    /// Makes the crate's result `best` self-contained where the bug allows (see the
    /// module docs). Returns the result as written to the output.
    pub(super) fn self_contained(
        &mut self,
        mut best: TestCase,
        summary: &mut Summary,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<TestCase, JobError> {
        if !matches!(
            (&self.spec.target, &self.check),
            (Target::IceCrate { .. }, Check::Ice(_))
        ) || self.output_tree.is_none()
            || summary.cancelled
        {
            return Ok(best);
        }
        let Some(root_file) = root_file(&best) else {
            return Ok(best);
        };
        let manifest_path = self.output.join("Cargo.toml");
        let read_manifest = || std::fs::read_to_string(&manifest_path).ok();
        let needs = |text: &str| !manifest::dependency_names(text).is_empty();
        if !read_manifest().is_some_and(|t| needs(&t)) {
            return Ok(best);
        }
        let work = self.scratch.path().join("standalone");

        // 1. Macros expanded, when there are any (else expansion changes nothing).
        if has_macros(&best) {
            self.expand_macros(&mut best, &root_file, &work, summary, observer, cancel)?;
        }

        // 2. Dependencies inlined, a level at a time.
        for _ in 0..MAX_INLINE_ROUNDS {
            let Some(manifest) = read_manifest().filter(|t| needs(t)) else {
                break;
            };
            if summary.cancelled || cancel.is_cancelled() {
                break;
            }
            let copy = self.copy_of_output(&work).map_err(internal)?;
            let Some((text, new_manifest, names)) = inlined(
                &copy,
                &best,
                &root_file,
                &manifest,
                self.spec.timeout,
                cancel,
            ) else {
                break;
            };
            observer.on_event(&Event::Note(&format!(
                "trying the result with {} inlined as module{}",
                names.join(", "),
                if names.len() == 1 { "" } else { "s" }
            )));
            let cand = only_file(&best, &root_file, text);
            match self.reduce_from(cand, &new_manifest, summary, observer, cancel)? {
                Some(b) => {
                    best = b;
                    best = self.tidy_manifest(best, summary, observer, cancel)?;
                    // Inlined code may bring macro calls (`derive`s of its own).
                    if has_macros(&best) && read_manifest().is_some_and(|t| needs(&t)) {
                        self.expand_macros(
                            &mut best, &root_file, &work, summary, observer, cancel,
                        )?;
                    }
                }
                None => break,
            }
        }
        Ok(best)
    }

    /// Step 1 of [`Job::self_contained`] on `best` (replaced when the bug survives).
    fn expand_macros(
        &mut self,
        best: &mut TestCase,
        root_file: &Path,
        work: &Path,
        summary: &mut Summary,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<(), JobError> {
        let manifest_path = self.output.join("Cargo.toml");
        observer.on_event(&Event::Note(
            "the result still needs dependencies: trying it with its macros expanded",
        ));
        let copy = self.copy_of_output(work).map_err(internal)?;
        let Some(text) = expanded(&copy, root_file, None, self.spec.timeout, cancel) else {
            return Ok(());
        };
        let text = with_features_enabled(
            &copy,
            root_file,
            &clean_crate_root(&text),
            self.spec.timeout,
            cancel,
        );
        let cand = only_file(best, root_file, text);
        let manifest = std::fs::read_to_string(&manifest_path).unwrap_or_default();
        if let Some(b) = self.reduce_from(cand, &manifest, summary, observer, cancel)? {
            *best = self.tidy_manifest(b, summary, observer, cancel)?;
        }
        Ok(())
    }

    /// The output crate (the best so far and its manifest, with the workspace the
    /// output holds it in) copied to `work/crate`; returns the crate's directory
    /// in the copy.
    fn copy_of_output(&self, work: &Path) -> std::io::Result<PathBuf> {
        let dest = work.join("crate");
        if dest.exists() {
            std::fs::remove_dir_all(&dest)?;
        }
        match &self.output_tree {
            Some((_, tree)) if self.output.starts_with(tree) => {
                copy_tree(tree, &dest)?;
                Ok(dest.join(self.output.strip_prefix(tree).unwrap_or(Path::new(""))))
            }
            _ => {
                copy_tree(&self.output, &dest)?;
                Ok(dest)
            }
        }
    }

    /// Reduces from `start` (a transformation of the result) with `manifest` as the
    /// crate's manifest: `None` (and everything as it was) when `start` does not
    /// show the bug; else the reduced result, written with its manifest.
    fn reduce_from(
        &mut self,
        start: TestCase,
        manifest: &str,
        summary: &mut Summary,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<Option<TestCase>, JobError> {
        let Check::Ice(p) = &mut self.check else {
            return Ok(None);
        };
        let before = self.manifest_in_place.clone();
        p.set_overlay(vec![(
            PathBuf::from("Cargo.toml"),
            manifest.as_bytes().to_vec(),
        )]);
        let passes = self.passes()?;
        let cache = self.open_cache(observer);
        let mut reduction = self.reduction(passes, cache, cancel);
        // The start is checked first, through the engine like every candidate.
        reduction.config.verify_original = true;
        let mut sink = StagedSink {
            inner: FileSink::new(&self.output),
            manifest: (self.output.join("Cargo.toml"), manifest.to_string()),
            started: false,
        };
        let outcome = reduce(start, reduction, observer, &mut sink);
        let outcome = match outcome {
            Ok(o) => o,
            Err(EngineError::OriginalNotInteresting(_)) => {
                let Check::Ice(p) = &mut self.check else {
                    unreachable!("matched above")
                };
                p.set_overlay(
                    before
                        .map(|m| vec![(PathBuf::from("Cargo.toml"), m.into_bytes())])
                        .unwrap_or_default(),
                );
                summary.runs += 1;
                observer.on_event(&Event::Note("the bug does not show so: kept as it was"));
                return Ok(None);
            }
            Err(e) => return Err(self.engine_error(e)),
        };
        summary.runs += outcome.summary.runs;
        summary.cache_hits += outcome.summary.cache_hits;
        summary.diagnostic_runs += outcome.summary.diagnostic_runs;
        summary.rejected += outcome.summary.rejected;
        summary.elapsed += outcome.summary.elapsed;
        summary.cancelled |= outcome.summary.cancelled;
        self.manifest_in_place = Some(manifest.to_string());
        let best = outcome.best;
        // The accepted start itself may never have been written (no improvement).
        write_case(&best, &self.output).map_err(|e| output_error(e, &self.output))?;
        self.write_manifest_in_place()?;
        Ok(Some(best))
    }
}

/// The sink of a reduction from a transformation: the manifest is written with the
/// first improvement (the transformation is accepted then).
struct StagedSink {
    inner: FileSink,
    manifest: (PathBuf, String),
    started: bool,
}

impl crate::output::Sink<TestCase> for StagedSink {
    fn commit(&mut self, case: &TestCase) -> std::io::Result<()> {
        if !self.started {
            crate::output::write_atomic(&self.manifest.0, self.manifest.1.as_bytes())?;
            self.started = true;
        }
        self.inner.commit(case)
    }
}

/// Does a Rust file of `case` call a macro or carry an outer attribute (a derive, a
/// proc-macro attribute)?
fn has_macros(case: &TestCase) -> bool {
    case.files().any(|(p, b)| {
        crate::syntax::is_rust(p)
            && crate::syntax::parse(b).is_some_and(|root| {
                root.descendants().any(|n| {
                    n.kind() == SyntaxKind::MACRO_CALL
                        || ast::Attr::cast(n).is_some_and(|a| a.excl_token().is_none())
                })
            })
    })
}

/// The crate root of a result: `src/lib.rs`, else `src/main.rs`.
fn root_file(case: &TestCase) -> Option<PathBuf> {
    ["src/lib.rs", "src/main.rs"]
        .iter()
        .map(PathBuf::from)
        .find(|p| case.get(p).is_some_and(|b| !case.is_gone(p, b)))
}

/// `case` with `text` as `root` and every other Rust file gone (a build script
/// stays: it is not part of the crate's code).
fn only_file(case: &TestCase, root: &Path, text: String) -> TestCase {
    let mut out = case.clone();
    for i in 0..case.seq_count() {
        let p = case.path(i);
        if p == root {
            out = out.with_seq(i, text.clone().into_bytes());
        } else if p.extension().is_some_and(|x| x == "rs") && p != Path::new("build.rs") {
            out = out.with_seq(i, Vec::new());
        }
    }
    out
}

fn copy_tree(src: &Path, dest: &Path) -> std::io::Result<()> {
    crate::output::copy_tree(
        src,
        dest,
        &|name, _| name == "target" || name == ".git",
        &mut |from, to| std::fs::copy(from, to).map(drop),
    )
}

/// `cargo` with `args` in `dir` (`RUSTC_BOOTSTRAP=1`, no colour): its output.
fn cargo(
    dir: &Path,
    args: &[&str],
    timeout: Duration,
    cancel: &CancelFlag,
) -> Option<crate::exec::Finished> {
    let spec: CommandSpec = crate::predicate::toolchain::Cargo::resolve(dir)
        .command(dir)
        .args(args)
        .env("RUSTC_BOOTSTRAP", "1")
        .env("CARGO_TERM_COLOR", "never")
        .env("RUSTC_ICE", "0");
    let limits = RunLimits {
        timeout: Some(timeout.max(Duration::from_secs(60))),
        cpu: None,
        max_output: 64 << 20,
        memory: None,
    };
    crate::exec::run(&spec, &limits, cancel).ok()
}

/// The expansion of the crate in `dir` (its library when `root` is `src/lib.rs`,
/// else its binary), or of its dependency `package` (`name@version`).
fn expanded(
    dir: &Path,
    root: &Path,
    package: Option<&str>,
    timeout: Duration,
    cancel: &CancelFlag,
) -> Option<String> {
    let mut args = vec!["rustc", "--quiet"];
    if let Some(p) = package {
        args.extend(["-p", p, "--lib"]);
    } else if root.ends_with("lib.rs") {
        args.push("--lib");
    } else {
        args.push("--bins");
    }
    args.extend(["--", "-Zunpretty=expanded"]);
    let done = cargo(dir, &args, timeout, cancel)?;
    if done.code != Some(0) || done.stdout.is_empty() {
        return None;
    }
    String::from_utf8(done.stdout).ok()
}

/// Lines the compiler injects into every crate (the prelude, `extern crate std`),
/// which a recompile injects again.
fn is_injected(line: &str) -> bool {
    let line = line.trim();
    line == "#![feature(prelude_import)]"
        || line == "#[prelude_import]"
        || line == "extern crate compiler_builtins as _;"
        || (line.starts_with("use ") && line.contains("::prelude::rust_"))
        || matches!(
            line,
            "extern crate std;"
                | "extern crate core;"
                | "#[macro_use] extern crate std;"
                | "#[macro_use] extern crate core;"
        )
}

/// The expanded text of a crate root without what the compiler injects.
fn clean_crate_root(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        // `#[macro_use]` on its own line before `extern crate std;`.
        if line.trim() == "#[macro_use]"
            && lines
                .peek()
                .is_some_and(|n| matches!(n.trim(), "extern crate std;" | "extern crate core;"))
        {
            lines.next();
            continue;
        }
        if is_injected(line) {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    if out.contains("::alloc::") && !out.contains("extern crate alloc") {
        out.push_str("extern crate alloc;\n");
    }
    out
}

/// `text` as the root of the crate in `dir`, with `#![feature(..)]` for the unstable
/// library features `cargo check` says it uses (up to two rounds).
fn with_features_enabled(
    dir: &Path,
    root: &Path,
    text: &str,
    timeout: Duration,
    cancel: &CancelFlag,
) -> String {
    let mut text = text.to_string();
    let mut added = BTreeSet::new();
    for _ in 0..2 {
        if std::fs::write(dir.join(root), &text).is_err() {
            break;
        }
        for entry in std::fs::read_dir(dir.join("src"))
            .into_iter()
            .flatten()
            .flatten()
        {
            let p = entry.path();
            if p != dir.join(root) && p.extension().is_some_and(|x| x == "rs") {
                let _ = std::fs::remove_file(&p);
            } else if p.is_dir() {
                let _ = std::fs::remove_dir_all(&p);
            }
        }
        let Some(done) = cargo(dir, &["check", "--quiet"], timeout, cancel) else {
            break;
        };
        let stderr = String::from_utf8_lossy(&done.stderr);
        let wanted: BTreeSet<String> = unstable_features(&stderr)
            .into_iter()
            .filter(|f| !added.contains(f))
            .collect();
        if wanted.is_empty() {
            break;
        }
        text = format!(
            "#![feature({})]\n{text}",
            wanted.iter().cloned().collect::<Vec<_>>().join(", ")
        );
        added.extend(wanted);
    }
    text
}

/// The features named by "use of unstable library feature `X`" errors.
fn unstable_features(stderr: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for marker in [
        "use of unstable library feature `",
        "use of unstable library feature '",
    ] {
        for part in stderr.split(marker).skip(1) {
            let name: String = part
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

/// The crate root `root` of `case` with every dependency of `manifest` that is a
/// library inlined as a module (see the module docs), and the manifest without
/// them and with their own dependencies; `None` when there is nothing to inline.
fn inlined(
    dir: &Path,
    case: &TestCase,
    root: &Path,
    manifest: &str,
    timeout: Duration,
    cancel: &CancelFlag,
) -> Option<(String, String, Vec<String>)> {
    let out = cargo(
        dir,
        &["metadata", "--format-version=1", "--quiet"],
        timeout,
        cancel,
    )?;
    let metadata =
        cargo_metadata::MetadataCommand::parse(String::from_utf8(out.stdout).ok()?).ok()?;
    let resolve = metadata.resolve.as_ref()?;
    // The package in `dir` (in a workspace, `resolve.root` is the root's).
    let here = dir.join("Cargo.toml");
    let root_id = metadata
        .packages
        .iter()
        .find(|p| p.manifest_path.as_std_path().canonicalize().ok() == here.canonicalize().ok())
        .map(|p| &p.id)
        .or(resolve.root.as_ref())?;
    let node = |id: &cargo_metadata::PackageId| resolve.nodes.iter().find(|n| &n.id == id);
    let package = |id: &cargo_metadata::PackageId| metadata.packages.iter().find(|p| &p.id == id);
    let normal = |d: &cargo_metadata::NodeDep| {
        d.dep_kinds
            .iter()
            .any(|k| k.kind == cargo_metadata::DependencyKind::Normal)
    };
    let is_lib = |p: &cargo_metadata::Package| {
        p.targets.iter().any(|t| {
            t.kind.iter().any(|k| {
                matches!(
                    k,
                    cargo_metadata::TargetKind::Lib | cargo_metadata::TargetKind::RLib
                )
            })
        })
    };
    let declared = manifest::dependency_names(manifest);
    let mut text = String::from_utf8(case.get(root)?.to_vec()).ok()?;
    let mut names = Vec::new();
    let mut features = BTreeSet::new();
    let mut added: Vec<(String, toml_edit::Item)> = Vec::new();
    let mut removed = Vec::new();
    for dep in &node(root_id)?.deps {
        if !normal(dep) {
            continue;
        }
        let Some(pkg) = package(&dep.pkg) else {
            continue;
        };
        if !is_lib(pkg) {
            continue;
        }
        // The key in the manifest: the dependency's name or its rename.
        let Some(key) = declared
            .iter()
            .find(|k| k.replace('-', "_") == dep.name)
            .cloned()
        else {
            continue;
        };
        let spec = format!("{}@{}", pkg.name, pkg.version);
        let Some(expansion) = expanded(dir, root, Some(&spec), timeout, cancel) else {
            continue;
        };
        let Some((module, feats)) =
            super::inline::as_module(&clean_crate_root(&expansion), &dep.name)
        else {
            continue;
        };
        text = super::inline::rewrite_uses(&text, &dep.name)?;
        text.push_str(&module);
        features.extend(feats);
        names.push(dep.name.clone());
        removed.push(key);
        // Its own dependencies, as cargo resolved them.
        for sub in &node(&dep.pkg)?.deps {
            if !normal(sub) {
                continue;
            }
            let Some(sp) = package(&sub.pkg) else {
                continue;
            };
            let mut t = toml_edit::InlineTable::new();
            if sp.name.as_str() != sub.name {
                t.insert("package", sp.name.as_str().into());
            }
            match &sp.source {
                Some(s) if s.is_crates_io() => {
                    t.insert("version", format!("={}", sp.version).into());
                }
                None => {
                    let path = sp.manifest_path.parent()?.as_str().to_string();
                    t.insert("path", path.into());
                }
                Some(_) => continue,
            }
            t.insert("default-features", false.into());
            let feats: toml_edit::Array = node(&sub.pkg)?
                .features
                .iter()
                .map(|f| f.to_string())
                .collect();
            if !feats.is_empty() {
                t.insert("features", feats.into());
            }
            added.push((sub.name.clone(), toml_edit::value(t)));
        }
    }
    if names.is_empty() {
        return None;
    }
    if !features.is_empty() {
        text = format!(
            "#![feature({})]\n{text}",
            features.into_iter().collect::<Vec<_>>().join(", ")
        );
    }
    if text.contains("::alloc::") && !text.contains("extern crate alloc") {
        text.push_str("extern crate alloc;\n");
    }
    let manifest = manifest::without(manifest, &removed).unwrap_or_else(|| manifest.to_string());
    let mut doc = manifest.parse::<DocumentMut>().ok()?;
    if !added.is_empty() {
        let deps = doc
            .entry("dependencies")
            .or_insert(toml_edit::table())
            .as_table_like_mut()?;
        for (name, item) in added {
            if deps.get(&name).is_none() {
                deps.insert(&name, item);
            }
        }
    }
    Some((text, doc.to_string(), names))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_injected_prelude_goes_and_alloc_comes_when_used() {
        let text = "#![feature(prelude_import)]\n#![feature(x)]\nextern crate std;\n#[prelude_import]\nuse std::prelude::rust_2021::*;\nfn f() -> String { ::alloc::fmt::format(format_args!(\"\")) }\n";
        assert_eq!(
            clean_crate_root(text),
            "#![feature(x)]\nfn f() -> String { ::alloc::fmt::format(format_args!(\"\")) }\nextern crate alloc;\n"
        );
    }

    #[test]
    fn unstable_library_features_are_read_from_errors() {
        let stderr = "error[E0658]: use of unstable library feature `fmt_helpers_for_derive`\nerror[E0658]: use of unstable library feature `structural_match`: x\n";
        assert_eq!(
            unstable_features(stderr).into_iter().collect::<Vec<_>>(),
            ["fmt_helpers_for_derive", "structural_match"]
        );
    }
}

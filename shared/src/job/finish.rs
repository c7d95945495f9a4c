//! After the reduction: the delivered form (rustfmt, tidied blank lines), a crate's
//! tidied `Cargo.toml`, and the Markdown bug report (one more check of the result
//! for its output; `rustc` on a one-file crate alone).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::check::JobCheck;
use super::settings::{Base, Rendered, Settle};
use super::{
    manifest, Check, FirstRun, Job, JobError, MAX_SINGLE_DEPENDENCY_TRIES, REPORT_OUTPUT_LINES,
};
use crate::case::Case;
use crate::output::write_case;
use crate::passes::Change;
use crate::predicate::{CancelFlag, IcePredicate};
use crate::report::{
    excerpt, failure_line, markdown, without_scratch_paths, Event, Observer, ReportInput, Summary,
};
use crate::testcase::TestCase;

impl Job {
    /// The Markdown bug report on the result `best`: its files, the command, the
    /// output of one more check of it (else the original's), and for a one-file
    /// crate the `rustc` command alone when it shows the bug. Its checks are
    /// counted in `summary`.
    pub(super) fn bug_report(
        &self,
        best: &TestCase,
        first: &FirstRun,
        alone: Option<&str>,
        summary: &mut Summary,
        cancel: &CancelFlag,
    ) -> String {
        let output = self.result_output(best, summary, cancel);
        let output = without_scratch_paths(
            output.as_deref().unwrap_or(&first.tail),
            self.scratch.path(),
        );
        // As printed (the signature's paths and numbers are normalized), from the
        // whole output: the excerpt may leave the panic's lines out.
        let failure = match self.check {
            // The difference, as the signature says it (the outputs are the program's).
            Check::Miscompile(_) => None,
            _ => failure_line(&output),
        }
        .or_else(|| first.signature.as_ref().map(|s| s.display()))
        .unwrap_or_default();
        let output = excerpt(&output, REPORT_OUTPUT_LINES);
        self.report(best, first, &output, &failure, alone)
    }

    /// A crate's result with a tidier manifest: without what only describes the
    /// package and the targets of files that are gone ([`manifest::without_extras`]),
    /// together with the files that are neither sources nor manifests and that no
    /// remaining source or manifest names ([`unneeded_files`]: README, licences, CI
    /// files; if that check fails, the manifest alone is tried), without its build script (the `build` key and the file) when the bug does
    /// not need it, then without the dependencies it no longer needs: all of them
    /// at once, else one at a time (the first [`MAX_SINGLE_DEPENDENCY_TRIES`]). The
    /// engine runs these candidates (`settings.rs`: the items are ids, the plan the
    /// `choices` pass's), each a check of the final sources with that manifest; one
    /// that keeps the bug is written to the output by the sink (so the result as
    /// written was checked). Returns the result's
    /// files, without the build script when it went.
    pub(super) fn tidy_manifest(
        &self,
        best: TestCase,
        summary: &mut Summary,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<TestCase, JobError> {
        let path = self.output.join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Ok(best);
        };
        // `cfg(feature = "std")` (not `#![feature(...)]`).
        let uses_features = best.files().any(|(p, b)| {
            let text = String::from_utf8_lossy(b);
            crate::syntax::is_rust(p) && (text.contains("feature =") || text.contains("feature="))
        });
        let extras = manifest::without_extras(
            &text,
            |p| {
                let kept = (0..best.seq_count()).find(|&i| best.path(i) == p);
                match kept {
                    Some(i) => !best.is_gone(p, best.seq(i)),
                    None if self.output.join(p).is_dir() => (0..best.seq_count()).any(|i| {
                        let q = best.path(i);
                        q.starts_with(p) && !best.is_gone(q, best.seq(i))
                    }),
                    None => self.output.join(p).is_file(),
                }
            },
            uses_features,
        );
        let build_script = |text: &str, best: &TestCase| {
            manifest::without_build_script(text).and_then(|(cand, script)| {
                let i = (0..best.seq_count()).find(|&i| best.path(i) == script)?;
                (!best.is_gone(&script, best.seq(i))).then(|| (cand, best.with_seq(i, Vec::new())))
            })
        };
        let unneeded = match &self.output_tree {
            Some((source, _)) => {
                unneeded_files(source.root(), &best, extras.as_deref().unwrap_or(&text))
            }
            None => Vec::new(),
        };
        if extras.is_none()
            && unneeded.is_empty()
            && build_script(&text, &best).is_none()
            && manifest::dependency_names(&text).is_empty()
        {
            self.drop_lock_file(&text);
            return Ok(best);
        }
        observer.on_event(&Event::Note(
            "tidying Cargo.toml: removing what the result does not need",
        ));
        // The items: the manifest's extras, the unneeded documents, the other
        // unneeded files, the build script, each dependency.
        const EXTRAS: u64 = 0;
        const DOCUMENTS: u64 = 1;
        const OTHERS: u64 = 2;
        const BUILD: u64 = 3;
        const DEPENDENCIES: u64 = 4;
        let (documents, others): (Vec<PathBuf>, Vec<PathBuf>) =
            unneeded.iter().cloned().partition(|p| is_document(p));
        // Documents apart only when there are both.
        let (documents, others) = if documents.is_empty() || others.is_empty() {
            (Vec::new(), unneeded.clone())
        } else {
            (documents, others)
        };
        let names = manifest::dependency_names(&text);
        let mut items = Vec::new();
        items.extend(extras.is_some().then_some(EXTRAS));
        items.extend((!documents.is_empty()).then_some(DOCUMENTS));
        items.extend((!others.is_empty()).then_some(OTHERS));
        items.extend(build_script(&text, &best).is_some().then_some(BUILD));
        items.extend((0..names.len() as u64).map(|k| DEPENDENCIES + k));
        // The plan: the extras with every unneeded file, else with the documents
        // alone, else alone; the build script; the dependencies all at once, else
        // one at a time (the first few).
        let has = |id: u64| items.contains(&id);
        let mut first = Vec::new();
        if !unneeded.is_empty() {
            first.push(Change::remove(
                [EXTRAS, DOCUMENTS, OTHERS].into_iter().filter(|&i| has(i)),
            ));
            if has(DOCUMENTS) {
                first.push(Change::remove(
                    [EXTRAS, DOCUMENTS].into_iter().filter(|&i| has(i)),
                ));
            }
        }
        if has(EXTRAS) {
            first.push(Change::remove([EXTRAS]));
        }
        let deps: Vec<u64> = (0..names.len() as u64).map(|k| DEPENDENCIES + k).collect();
        let mut plan = vec![first];
        if has(BUILD) {
            plan.push(vec![Change::remove([BUILD])]);
        }
        plan.push(vec![Change::remove(deps.iter().copied())]);
        if names.len() > 1 {
            plan.extend(
                (deps.iter().take(MAX_SINGLE_DEPENDENCY_TRIES)).map(|&d| vec![Change::remove([d])]),
            );
        }
        plan.retain(|step| !step.is_empty() && step.iter().all(|c| !c.remove.is_empty()));
        // What a list of items stands for: the files and the manifest's text.
        let tidied = |ids: &[u64]| -> (TestCase, String) {
            let gone = |id: u64| has(id) && !ids.contains(&id);
            let mut text = text.clone();
            if gone(EXTRAS) {
                text.clone_from(extras.as_ref().expect("an item only when there are extras"));
            }
            let mut removed = Vec::new();
            if gone(DOCUMENTS) {
                removed.extend(documents.iter().cloned());
            }
            if gone(OTHERS) {
                removed.extend(others.iter().cloned());
            }
            let mut files = best.without_files(removed);
            if gone(BUILD) {
                if let Some((cand, script)) = manifest::without_build_script(&text) {
                    if let Some(i) = (0..files.seq_count()).find(|&i| files.path(i) == script) {
                        files = files.with_seq(i, Vec::new());
                    }
                    text = cand;
                }
            }
            let absent: Vec<String> = (names.iter().enumerate())
                .filter(|&(k, _)| gone(DEPENDENCIES + k as u64))
                .map(|(_, n)| n.clone())
                .collect();
            if !absent.is_empty() {
                if let Some(cand) = manifest::without(&text, &absent) {
                    text = cand;
                }
            }
            (files, text)
        };
        let render = |ids: &[u64]| {
            let (files, text) = tidied(ids);
            Rendered {
                case: TestCase::from_files(
                    files
                        .files()
                        .map(|(p, b)| (p.to_path_buf(), b.to_vec()))
                        .chain([(PathBuf::from("Cargo.toml"), text.into_bytes())]),
                )
                .without_files(files.absent().iter().cloned()),
                settings: None,
            }
        };
        let mut context = super::settings::digest(&best);
        context.extend(format!("{text:?}{extras:?}{unneeded:?}").as_bytes());
        let settle = Settle {
            name: "manifest",
            base: Base::Plain(self.check.predicate()),
            items: items.clone(),
            plan,
            render: &render,
            context,
        };
        // Each improvement is written: the result as written was checked.
        let mut commit = |ids: &[u64]| {
            let (files, text) = tidied(ids);
            write_case(&files, &self.output)?;
            crate::output::write_atomic(&path, text.as_bytes())
        };
        let kept = self.settle(settle, &mut commit, summary, observer, cancel)?;
        let (files, text) = tidied(&kept);
        self.drop_lock_file(&text);
        Ok(files)
    }

    /// A package without dependencies (its manifest `text`) needs no lock file
    /// (cargo writes one with the package alone): it goes. A workspace's stays.
    fn drop_lock_file(&self, text: &str) {
        if manifest::dependency_names(text).is_empty()
            && self
                .output_tree
                .as_ref()
                .is_some_and(|(source, _)| source.root() == source.tree())
        {
            let _ = std::fs::remove_file(self.output.join("Cargo.lock"));
        }
    }

    /// `var` as the checks see it: set for the job, else inherited.
    pub(super) fn env_var(&self, var: &str) -> Option<OsString> {
        (self.spec.env.iter().rev())
            .find(|(k, _)| k == var)
            .map(|(_, v)| v.clone())
            .or_else(|| std::env::var_os(var))
    }

    /// For a crate's result that is one Rust file with nothing in its manifest
    /// that cargo would add (no dependencies, build script, proc-macro or extra
    /// cargo arguments): the `rustc` command that shows the same ICE on that file
    /// alone, run once to make sure (with `RUSTFLAGS` as flags). `None` otherwise.
    pub(super) fn rustc_alone(
        &self,
        best: &TestCase,
        summary: &mut Summary,
        cancel: &CancelFlag,
    ) -> Option<String> {
        let (Check::Ice(crate_check), Some((source, _))) = (&self.check, &self.output_tree) else {
            return None;
        };
        let manifest = std::fs::read_to_string(self.output.join("Cargo.toml")).ok()?;
        let mut files = best.files().filter(|(p, b)| !best.is_gone(p, b));
        let (path, bytes) = files.next()?;
        let crate_type = match path.to_str()? {
            "src/lib.rs" => "lib",
            "src/main.rs" => "bin",
            _ => return None,
        };
        if files.next().is_some()
            || !self.spec.extra.is_empty()
            || !manifest::plain_for_rustc(&manifest)
        {
            return None;
        }
        let rustflags = self.env_var("RUSTFLAGS").unwrap_or_default();
        // The crate's own name, as cargo gives it.
        let name = manifest::package_name(&manifest)
            .map(|n| OsString::from(format!("--crate-name={}", n.replace('-', "_"))));
        let config = crate::predicate::IceConfig {
            tool: self.spec.tool,
            compile: crate::predicate::Compile::Rustc {
                rustc: self.spec.tool.program(),
                edition: source.edition().unwrap_or_else(|| "2015".into()),
                crate_type: crate_type.into(),
            },
            flags: (name.into_iter())
                .chain(
                    rustflags
                        .to_string_lossy()
                        .split_whitespace()
                        .map(OsString::from),
                )
                .collect(),
            // `RUSTFLAGS` are flags here (rustc does not read the variable).
            env: (self.spec.env.iter())
                .filter(|(k, _)| k != "RUSTFLAGS")
                .cloned()
                .collect(),
            timeout: Some(self.spec.timeout),
            mode: self.spec.mode,
            hang: false,
        };
        let mut alone = IcePredicate::new(config);
        alone.expect(crate_check.expected()?.clone());
        let case = TestCase::single(path, bytes.to_vec());
        let check = JobCheck::new(self.scratch.path(), "alone", cancel).ok()?;
        let interesting = check.shows(&alone, &case, &mut summary.runs).ok()?;
        interesting.then(|| {
            let command = alone.command(&case, Path::new(".")).display();
            // As a user types it: the crash-report variables the checks set are
            // left out, the one the bug needs is put in.
            let command = command
                .replace("RUSTC_ICE=0 ", "")
                .replace("RUST_BACKTRACE=0 ", "")
                .replace(" --out-dir ./out", "")
                .replace(" ./src/", " src/");
            match self.env_var("RUSTC_BOOTSTRAP").filter(|v| !v.is_empty()) {
                Some(v) if !command.contains("RUSTC_BOOTSTRAP=") => {
                    format!("RUSTC_BOOTSTRAP={} {command}", crate::exec::quote(&v))
                }
                _ => command,
            }
        })
    }

    /// The output of one more check of the result, for the report;
    /// `None` when the check does not show the bug this time (or has no output).
    fn result_output(
        &self,
        best: &TestCase,
        summary: &mut Summary,
        cancel: &CancelFlag,
    ) -> Option<String> {
        if matches!(self.check, Check::Script(_)) {
            return None;
        }
        summary.runs += 1;
        // A crate's result as written: its sources and its tidied manifest.
        let manifest = (self.output_tree.as_ref())
            .and_then(|_| std::fs::read(self.output.join("Cargo.toml")).ok());
        let best = &TestCase::from_files(
            (best.files())
                .map(|(p, b)| (p.to_path_buf(), b.to_vec()))
                .chain(manifest.map(|m| (PathBuf::from("Cargo.toml"), m))),
        );
        let check = JobCheck::new(self.scratch.path(), "report", cancel).ok()?;
        let env = check.env();
        let output = match &self.check {
            Check::Ice(p) => {
                let probe = p.probe(best, &env).ok()?;
                p.verdict(&probe)
                    .is_interesting()
                    .then(|| String::from_utf8_lossy(&probe.finished.stderr).into_owned())
            }
            Check::Test(p) => {
                let probe = p.probe(best, &env).ok()?;
                p.verdict(&probe).is_interesting().then(|| {
                    let out = [
                        probe.finished.stdout.as_slice(),
                        probe.finished.stderr.as_slice(),
                    ]
                    .concat();
                    String::from_utf8_lossy(&out).into_owned()
                })
            }
            Check::Miscompile(p) => {
                let probe = p.probe(best, &env).ok()?;
                let [a, b] = probe
                    .outputs
                    .as_ref()
                    .filter(|_| p.verdict(&probe).is_interesting())?;
                let sides = &p.config().sides;
                Some(format!(
                    "with {}:\n{a}\n\nwith {}:\n{b}",
                    sides[0].label, sides[1].label
                ))
            }
            Check::Script(_) => None,
        }?;
        Some(output)
    }

    fn report(
        &self,
        best: &TestCase,
        first: &FirstRun,
        output: &str,
        failure: &str,
        alone: Option<&str>,
    ) -> String {
        let mut files: Vec<(String, Vec<u8>)> = Vec::new();
        if self.output_tree.is_some() {
            // A crate: its manifest says the edition and the dependencies.
            if let Ok(toml) = std::fs::read(self.output.join("Cargo.toml")) {
                files.push(("Cargo.toml".into(), toml));
            }
        }
        files.extend(
            best.files()
                .map(|(p, b)| (p.display().to_string(), b.to_vec())),
        );
        if let Check::Test(p) = &self.check {
            if let Some(input) = &p.config().input {
                files = test_input_files(&p.config().root, &p.config().test, input, files);
            }
        }
        let (version, command) = match &self.check {
            Check::Ice(p) => (
                p.version().to_string(),
                p.command(best, Path::new(".")).display(),
            ),
            Check::Test(p) => (String::new(), p.user_command()),
            Check::Script(_) => (String::new(), first.command.clone()),
            Check::Miscompile(p) => (p.version().to_string(), miscompile_commands(p, best)),
        };
        // The environment the bug needs, as set for this run (not shown by the
        // command, which inherits it).
        let prefix = |vars: &[&str], command: &str| {
            let mut prefix = String::new();
            for var in vars {
                if let Some(v) = self.env_var(var).filter(|v| !v.is_empty()) {
                    if !command.contains(&format!("{var}=")) {
                        prefix.push_str(&format!("{var}={} ", crate::exec::quote(&v)));
                    }
                }
            }
            prefix
        };
        let alone = alone.map(|c| format!("{}{c}", prefix(&["RUSTC_BOOTSTRAP"], c)));
        let prefix = prefix(&["RUSTC_BOOTSTRAP", "RUSTFLAGS"], &command);
        // Each line is a command (a miscompilation has two).
        let command = (command.lines())
            .map(|line| format!("{prefix}{line}"))
            .collect::<Vec<_>>()
            .join("\n");
        markdown(&ReportInput {
            title: match &self.check {
                Check::Ice(p) => match p.config().tool {
                    crate::predicate::Tool::Rustc => "Internal compiler error",
                    crate::predicate::Tool::Clippy => "Clippy crash",
                    crate::predicate::Tool::Rustdoc => "Rustdoc crash",
                },
                Check::Test(_) => "Test failure",
                Check::Script(_) => "Reproduction",
                Check::Miscompile(_) => "Miscompilation (wrong code)",
            },
            version_command: match &self.check {
                Check::Ice(p) => match p.config().tool {
                    crate::predicate::Tool::Rustc => "rustc -vV",
                    crate::predicate::Tool::Clippy => {
                        "clippy-driver --version && clippy-driver -vV"
                    }
                    crate::predicate::Tool::Rustdoc => "rustdoc -vV",
                },
                _ => "rustc -vV",
            },
            files,
            language: if self.is_rust { "rust" } else { "" },
            command: &command.replace(" --out-dir ./out", ""),
            version: &version,
            message: failure,
            output_tail: output,
            alone,
        })
    }
}

/// The commands that show a miscompilation of `best`: each build, then its run.
fn miscompile_commands(p: &crate::predicate::MiscompilePredicate, best: &TestCase) -> String {
    let mut lines = Vec::new();
    for side in 0..2 {
        let build = p
            .build_command(best, Path::new("."), Path::new(""), side)
            .display();
        let run = match p.config().build {
            crate::predicate::miscompile::Build::Rustc { .. } => {
                let binary = (build.split_whitespace().last()).unwrap_or_default();
                format!("./{}", binary.trim_start_matches("./"))
            }
            crate::predicate::miscompile::Build::Cargo { .. } => {
                let release = if side == 1 { " --release" } else { "" };
                format!("cargo run --quiet{release}")
            }
        };
        lines.push(format!("{build} && {run}"));
    }
    lines.join("\n")
}

/// The files of the crate at `root` (relative paths) that a build most likely does
/// not need: not Rust sources (those are the case), not `Cargo.toml`, `Cargo.lock`
/// or a toolchain file, not under `.cargo/`, `target/`, `.git/` or another package's
/// directory, and not named (by file name) in a remaining Rust file of `best` or in
/// `manifest`: a README, licences, CI settings, data of tests that are gone.
pub(super) fn unneeded_files(root: &Path, best: &TestCase, manifest: &str) -> Vec<PathBuf> {
    // A `rust-toolchain` file is not kept: with rustup it chooses the compiler, so
    // the check of the result without it tells whether the bug needs that choice.
    const KEEP: [&str; 2] = ["Cargo.toml", "Cargo.lock"];
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let (name, p) = (e.file_name(), e.path());
            let Ok(ty) = e.file_type() else { continue };
            if ty.is_dir() {
                let skip = ["target", ".git", ".cargo"].iter().any(|n| name == *n)
                    || p.join("Cargo.toml").exists();
                if !skip {
                    walk(root, &p, out);
                }
            } else if ty.is_file()
                && !KEEP.iter().any(|n| name == *n)
                && p.extension().is_none_or(|x| x != "rs")
            {
                out.push(p.strip_prefix(root).expect("under root").to_path_buf());
            }
        }
    }
    let mut files = Vec::new();
    walk(root, root, &mut files);
    let texts: Vec<String> = (best.files())
        .filter(|(p, b)| crate::syntax::is_rust(p) && !best.is_gone(p, b))
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .chain([manifest.to_owned()])
        .collect();
    files.retain(|p| {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        !texts.iter().any(|t| t.contains(name.as_ref()))
    });
    files.sort();
    files
}

/// A file no build reads unless told to: a README, licence, change log or other
/// Markdown file, or anything hidden at the top (`.github/`, `.gitignore`).
fn is_document(path: &Path) -> bool {
    let first = path
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy());
    let name = path.file_name().map(|n| n.to_string_lossy().to_uppercase());
    first.is_some_and(|f| f.starts_with('.'))
        || name.is_some_and(|n| {
            [
                "README",
                "LICENSE",
                "LICENCE",
                "COPYING",
                "CHANGELOG",
                "NOTICE",
                "AUTHORS",
            ]
            .iter()
            .any(|d| n.starts_with(d))
                || n.ends_with(".MD")
        })
}

/// The files of a report on a test's input: the crate's manifest (its
/// dependencies, pinned), the file that defines the test, and the reduced input
/// under the name the test reads it by (`reduced`: the input as the only file).
fn test_input_files(
    root: &Path,
    test: &str,
    input: &Path,
    reduced: Vec<(String, Vec<u8>)>,
) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    if let Ok(toml) = std::fs::read(root.join("Cargo.toml")) {
        files.push(("Cargo.toml".into(), toml));
    }
    let short = test.rsplit("::").next().unwrap_or(test);
    if let Ok(sources) = crate::predicate::ice::crate_case(root) {
        let defines = sources.files().find(|(_, b)| {
            let text = String::from_utf8_lossy(b);
            text.contains(&format!("fn {short}("))
        });
        if let Some((p, b)) = defines {
            files.push((p.display().to_string(), b.to_vec()));
        }
    }
    let content = reduced
        .into_iter()
        .next()
        .map(|(_, c)| c)
        .unwrap_or_default();
    files.push((input.display().to_string(), content));
    files
}

/// `case` with every Rust file tidied: trailing blanks of lines removed, runs of
/// blank lines collapsed into one, none at the start, one newline at the end.
pub(super) fn tidy_blank_lines(case: &TestCase) -> TestCase {
    let mut out = case.clone();
    for i in 0..case.seq_count() {
        let (p, text) = (case.path(i), case.seq(i));
        if !crate::syntax::is_rust(p) || case.is_gone(p, text) {
            continue;
        }
        let mut tidy = Vec::with_capacity(text.len());
        let mut blank_run = true; // no blank lines at the start
        for line in text.split(|&b| b == b'\n') {
            let end = line
                .iter()
                .rposition(|b| !b.is_ascii_whitespace())
                .map_or(0, |e| e + 1);
            if end == 0 {
                if !blank_run {
                    tidy.push(b'\n');
                }
                blank_run = true;
            } else {
                tidy.extend_from_slice(&line[..end]);
                tidy.push(b'\n');
                blank_run = false;
            }
        }
        while tidy.ends_with(b"\n\n") {
            tidy.pop();
        }
        if tidy == b"\n" {
            tidy.clear();
        }
        out = out.with_seq(i, tidy);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unneeded_files_are_those_no_source_or_manifest_names() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        for f in [
            "Cargo.toml",
            "Cargo.lock",
            "README.md",
            "LICENSE-MIT",
            ".github/workflows/ci.yml",
            "data/used.txt",
            "data/old.bin",
            "src/lib.rs",
            "member/Cargo.toml",
            "member/README.md",
            ".cargo/config.toml",
            "rust-toolchain.toml",
        ] {
            std::fs::create_dir_all(root.join(f).parent().unwrap()).unwrap();
            std::fs::write(root.join(f), "x").unwrap();
        }
        let best = TestCase::from_files([
            (
                "src/lib.rs".into(),
                b"const S: &str = include_str!(\"../data/used.txt\");".to_vec(),
            ),
            ("src/gone.rs".into(), b"".to_vec()),
        ]);
        let files = unneeded_files(root, &best, "[package]\nlicense-file = \"LICENSE-MIT\"\n");
        let files: Vec<_> = files.iter().map(|p| p.to_str().unwrap()).collect();
        assert_eq!(
            files,
            [
                ".github/workflows/ci.yml",
                "README.md",
                "data/old.bin",
                "rust-toolchain.toml"
            ]
        );
        let documents: Vec<_> = files.iter().filter(|p| is_document(Path::new(p))).collect();
        assert_eq!(documents, [&".github/workflows/ci.yml", &"README.md"]);
    }

    #[test]
    fn tidy_collapses_blank_lines_in_rust_files_only() {
        let case = TestCase::from_files([
            (
                "src/a.rs".into(),
                b"\n\nfn a() {}   \n\n\n\nfn b() {}\n\n\n".to_vec(),
            ),
            ("data.txt".into(), b"x\n\n\ny\n".to_vec()),
            ("src/b.rs".into(), b" \n\n".to_vec()),
        ]);
        let t = tidy_blank_lines(&case);
        let file = |name: &str| {
            let i = (0..t.seq_count()).find(|&i| t.path(i) == Path::new(name));
            t.seq(i.expect("file kept"))
        };
        assert_eq!(file("src/a.rs"), b"fn a() {}\n\nfn b() {}\n");
        assert_eq!(file("data.txt"), b"x\n\n\ny\n");
        assert_eq!(file("src/b.rs"), b"");
        let single = TestCase::single("x.rs", b"fn main() {}".to_vec());
        assert_eq!(tidy_blank_lines(&single).seq(0), b"fn main() {}\n");
    }
}

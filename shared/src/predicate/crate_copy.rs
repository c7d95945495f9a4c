//! Copies of a crate for the workers and the output: the whole workspace the crate
//! belongs to, so that relative `path` dependencies, `workspace = true` fields, the
//! workspace's `Cargo.lock` and its `.cargo/` configuration work in the copy as they do
//! in the original. `path` dependencies that point outside the copied tree are made
//! absolute in the copy's manifests. Cargo configuration files in the directories
//! above the copied tree (which cargo reads when it builds the original, and would not
//! find above a copy in a scratch directory) are merged into the build copies'
//! `.cargo/config.toml` by cargo's own rule.

use std::path::{Component, Path, PathBuf};

use toml_edit::{DocumentMut, Item, TableLike};

/// A crate and the directory tree that is copied to build it elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrateSource {
    /// The crate's directory (holding its `Cargo.toml`), absolute.
    root: PathBuf,
    /// The directory copied: the root of the workspace the crate belongs to, or the
    /// crate's own directory.
    tree: PathBuf,
    /// Cargo configuration files in the directories above `tree`, the farthest first
    /// (`$CARGO_HOME`'s left out: cargo reads it wherever it runs).
    outside_configs: Vec<PathBuf>,
}

impl CrateSource {
    /// The crate at `root` (absolute), inside the workspace found above it, if any.
    pub fn new(root: &Path) -> CrateSource {
        let root = normalize(&std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf()));
        let tree = workspace_root(&root).unwrap_or_else(|| root.clone());
        let outside_configs = outside_configs(&tree);
        CrateSource {
            root,
            tree,
            outside_configs,
        }
    }

    /// The crate's directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The directory that is copied (the workspace root, or the crate's directory).
    pub fn tree(&self) -> &Path {
        &self.tree
    }

    /// The crate's place inside a copy of the tree at `copy`.
    pub fn crate_in(&self, copy: &Path) -> PathBuf {
        let rel = self
            .root
            .strip_prefix(&self.tree)
            .expect("the crate is in its tree");
        if rel.as_os_str().is_empty() {
            copy.to_path_buf()
        } else {
            copy.join(rel)
        }
    }

    /// The crate's edition: `package.edition`, or the workspace's
    /// `workspace.package.edition` when it says `edition.workspace = true`.
    pub fn edition(&self) -> Option<String> {
        let own = read_manifest(&self.root)?;
        let edition = own.get("package")?.get("edition")?;
        if let Some(e) = edition.as_str() {
            return Some(e.to_string());
        }
        if edition.get("workspace").and_then(|w| w.as_bool()) == Some(true) {
            let ws = read_manifest(&self.tree)?;
            let e = ws.get("workspace")?.get("package")?.get("edition")?;
            return e.as_str().map(String::from);
        }
        None
    }

    /// Copies the tree (without `target/` and `.git/`) to `dest` and returns the
    /// crate's place in the copy.
    pub fn copy_to(&self, dest: &Path) -> std::io::Result<PathBuf> {
        copy_dir(&self.tree, &self.tree, dest)?;
        Ok(self.crate_in(dest))
    }

    /// An error naming the first cargo configuration file above the tree that does not
    /// parse (cargo itself refuses to build the original then).
    pub fn check_outside_configs(&self) -> Result<(), String> {
        for file in &self.outside_configs {
            let text = std::fs::read_to_string(file).map_err(|e| {
                format!(
                    "cannot read the cargo configuration {}: {e}",
                    file.display()
                )
            })?;
            text.parse::<DocumentMut>().map_err(|e| {
                format!(
                    "the cargo configuration {} does not parse: {e}",
                    file.display()
                )
            })?;
        }
        Ok(())
    }

    /// [`copy_to`](Self::copy_to) for a build somewhere else (a worker's scratch
    /// directory): the cargo configuration of the directories above the tree is
    /// merged into the copy's own, which keeps precedence (tables merge, arrays are
    /// joined with the deeper file's items last, the deeper file's other values win).
    /// The relative paths of those outside files are made absolute first
    /// ([`config_paths_absolute`]), so that they name what they name for the original.
    pub fn copy_for_build(&self, dest: &Path) -> std::io::Result<PathBuf> {
        let dir = self.copy_to(dest)?;
        if self.outside_configs.is_empty() {
            return Ok(dir);
        }
        let cargo_dir = dest.join(".cargo");
        let own = ["config", "config.toml"]
            .into_iter()
            .map(|n| cargo_dir.join(n))
            .find(|p| p.is_file());
        let mut merged = DocumentMut::new();
        for file in self.outside_configs.iter().chain(own.as_ref()) {
            let text = std::fs::read_to_string(file)?;
            let mut doc: DocumentMut = text.parse().map_err(|e| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("{}: {e}", file.display()),
                )
            })?;
            if Some(file) != own.as_ref() {
                // Cargo resolves a relative path of a configuration file from the
                // directory holding its `.cargo/`, which the copy does not have.
                let base = file.parent().and_then(Path::parent).unwrap_or(file);
                config_paths_absolute(&mut doc, base);
            }
            merge_config(merged.as_table_mut(), doc.as_table());
        }
        std::fs::create_dir_all(&cargo_dir)?;
        let to = own.unwrap_or_else(|| cargo_dir.join("config.toml"));
        std::fs::write(to, merged.to_string())?;
        Ok(dir)
    }
}

/// The files outside the case that each build copy of a crate is without at the
/// moment (`TestCase::absent`): a copy that goes on to a case that needs one of
/// them again gets it back from the original.
#[derive(Debug, Default)]
pub(crate) struct AbsentFiles {
    by_copy: std::sync::Mutex<Vec<(PathBuf, Vec<PathBuf>)>>,
}

impl AbsentFiles {
    /// Brings the copy of the crate at `dir` to the set of files `case` does
    /// without: removes those, and restores from `source` the ones the previous
    /// case there did without and this one needs.
    pub(crate) fn apply(
        &self,
        source: &CrateSource,
        dir: &Path,
        case: &crate::testcase::TestCase,
    ) -> std::io::Result<()> {
        let now = case.absent();
        let restore: Vec<PathBuf> = {
            let mut by_copy = self.by_copy.lock().expect("not poisoned");
            match by_copy.iter_mut().find(|(d, _)| d == dir) {
                Some((_, before)) => {
                    let restore = (before.iter())
                        .filter(|p| !now.contains(p))
                        .cloned()
                        .collect();
                    *before = now.to_vec();
                    restore
                }
                None if now.is_empty() => Vec::new(),
                None => {
                    by_copy.push((dir.to_path_buf(), now.to_vec()));
                    Vec::new()
                }
            }
        };
        for p in &restore {
            let dest = dir.join(p);
            if let Some(parent) = dest.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::copy(source.root().join(p), dest)?;
        }
        for p in now {
            crate::testcase::remove_gone(dir, p)?;
        }
        Ok(())
    }
}

/// The cargo configuration files cargo reads in the directories above `tree`
/// (`DIR/.cargo/config`, else `DIR/.cargo/config.toml`), the farthest first, without
/// `$CARGO_HOME`'s.
fn outside_configs(tree: &Path) -> Vec<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| directories::BaseDirs::new().map(|b| b.home_dir().join(".cargo")))
        .and_then(|h| h.canonicalize().ok());
    let mut found: Vec<PathBuf> = tree
        .ancestors()
        .skip(1)
        .map(|d| d.join(".cargo"))
        .filter(|c| home.is_none() || c.canonicalize().ok() != home)
        .filter_map(|c| {
            ["config", "config.toml"]
                .into_iter()
                .map(|n| c.join(n))
                .find(|p| p.is_file())
        })
        .collect();
    found.reverse();
    found
}

/// Makes the relative paths of the cargo configuration `doc`, read from
/// `BASE/.cargo/`, absolute, by cargo's rules ("config-relative paths"): paths of
/// files and directories always; the path of a program only when it has a `/` (a
/// bare name is looked up on `PATH`); `[env]` values only with `relative = true`;
/// `build.target` only when it names a `.json` target specification.
fn config_paths_absolute(doc: &mut DocumentMut, base: &Path) {
    fn fix_one(v: &mut toml_edit::Value, base: &Path, when: fn(&str) -> bool) {
        let Some(s) = v.as_str() else { return };
        if Path::new(s).is_absolute() || !when(s) {
            return;
        }
        let abs = normalize(&base.join(s)).to_string_lossy().into_owned();
        let decor = v.decor().clone();
        *v = toml_edit::Value::from(abs);
        *v.decor_mut() = decor;
    }
    fn fix(value: Option<&mut Item>, base: &Path, when: fn(&str) -> bool) {
        match value {
            Some(Item::Value(toml_edit::Value::Array(a))) => {
                a.iter_mut().for_each(|v| fix_one(v, base, when))
            }
            Some(Item::Value(v)) => fix_one(v, base, when),
            _ => {}
        }
    }
    let always: fn(&str) -> bool = |_| true;
    let program: fn(&str) -> bool = |s| s.contains('/');
    let json: fn(&str) -> bool = |s| s.ends_with(".json");
    if let Some(build) = doc.get_mut("build") {
        for key in ["target-dir", "dep-info-basedir"] {
            fix(build.get_mut(key), base, always);
        }
        for key in [
            "rustc",
            "rustc-wrapper",
            "rustc-workspace-wrapper",
            "rustdoc",
        ] {
            fix(build.get_mut(key), base, program);
        }
        fix(build.get_mut("target"), base, json);
    }
    fix(doc.get_mut("paths"), base, always);
    if let Some(linker) = doc.get_mut("host").and_then(|h| h.get_mut("linker")) {
        fix(Some(linker), base, program);
    }
    if let Some(targets) = doc.get_mut("target").and_then(Item::as_table_like_mut) {
        for (_, target) in targets.iter_mut() {
            for key in ["linker", "ar"] {
                fix(target.get_mut(key), base, program);
            }
            // A runner is a program and its arguments: only the program is a path.
            match target.get_mut("runner") {
                Some(Item::Value(toml_edit::Value::Array(a))) => {
                    if let Some(first) = a.get_mut(0) {
                        fix_one(first, base, program);
                    }
                }
                Some(runner) => {
                    if let Some(s) = runner.as_str() {
                        let (prog, args) = s.split_once(' ').unwrap_or((s, ""));
                        if program(prog) && !Path::new(prog).is_absolute() {
                            let prog = normalize(&base.join(prog));
                            let joined = format!("{} {args}", prog.display());
                            *runner = toml_edit::value(joined.trim_end());
                        }
                    }
                }
                None => {}
            }
        }
    }
    if let Some(sources) = doc.get_mut("source").and_then(Item::as_table_like_mut) {
        for (_, source) in sources.iter_mut() {
            for key in ["directory", "local-registry"] {
                fix(source.get_mut(key), base, always);
            }
        }
    }
    if let Some(patches) = doc.get_mut("patch").and_then(Item::as_table_like_mut) {
        for (_, registry) in patches.iter_mut() {
            if let Some(crates) = registry.as_table_like_mut() {
                for (_, dep) in crates.iter_mut() {
                    fix(dep.get_mut("path"), base, always);
                }
            }
        }
    }
    if let Some(env) = doc.get_mut("env").and_then(Item::as_table_like_mut) {
        for (_, var) in env.iter_mut() {
            if var.get("relative").and_then(Item::as_bool) == Some(true) {
                fix(var.get_mut("value"), base, always);
            }
        }
    }
}

/// Merges the cargo configuration `high` into `low`, `high` taking precedence:
/// tables merge key by key, arrays are joined (`high`'s items last), other values
/// are replaced.
fn merge_config(low: &mut dyn TableLike, high: &dyn TableLike) {
    for (key, item) in high.iter() {
        match (low.get_mut(key), item) {
            (Some(l), h) if l.is_table_like() && h.is_table_like() => {
                let (l, h) = (l.as_table_like_mut(), h.as_table_like());
                merge_config(l.expect("a table"), h.expect("a table"));
            }
            (
                Some(Item::Value(toml_edit::Value::Array(l))),
                Item::Value(toml_edit::Value::Array(h)),
            ) => {
                l.extend(h.iter().cloned());
            }
            (_, h) => {
                low.insert(key, h.clone());
            }
        }
    }
}

/// The root of the workspace `root` belongs to, when it is not `root` itself: the
/// `package.workspace` key of its manifest, else the nearest directory above holding a
/// `Cargo.toml` with a `[workspace]` table that does not exclude it (cargo's rule).
fn workspace_root(root: &Path) -> Option<PathBuf> {
    let own = read_manifest(root)?;
    if own.contains_key("workspace") {
        return None;
    }
    if let Some(p) = own
        .get("package")
        .and_then(|p| p.get("workspace"))
        .and_then(|w| w.as_str())
    {
        let ws = normalize(&root.join(p));
        return root.starts_with(&ws).then_some(ws);
    }
    for dir in root.ancestors().skip(1) {
        let Some(doc) = read_manifest(dir) else {
            continue;
        };
        let Some(ws) = doc.get("workspace") else {
            continue;
        };
        let rel = root.strip_prefix(dir).expect("an ancestor");
        let excluded = ws
            .get("exclude")
            .and_then(|e| e.as_array())
            .is_some_and(|a| {
                a.iter()
                    .filter_map(|v| v.as_str())
                    .any(|e| rel.starts_with(normalize(Path::new(e))))
            });
        return (!excluded).then(|| dir.to_path_buf());
    }
    None
}

fn read_manifest(dir: &Path) -> Option<toml_edit::DocumentMut> {
    std::fs::read_to_string(dir.join("Cargo.toml"))
        .ok()?
        .parse()
        .ok()
}

/// `path` without `.` and `..` components (lexically, as cargo joins manifest paths).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

fn copy_dir(tree: &Path, src: &Path, dest: &Path) -> std::io::Result<()> {
    crate::output::copy_tree(
        src,
        dest,
        &|name, _| name == "target" || name == ".git",
        &mut |from, to| {
            let dir = from.parent().unwrap_or(src);
            if from.file_name().is_some_and(|n| n == "Cargo.toml") {
                let text = std::fs::read_to_string(from)?;
                if let Some(fixed) = outside_paths_absolute(&text, dir, tree) {
                    return std::fs::write(to, fixed);
                }
            }
            std::fs::copy(from, to).map(drop)
        },
    )
}

/// Calls `fix` on every entry of a dependency table.
fn visit_deps(table: &mut Item, fix: &mut dyn FnMut(&mut Item)) {
    if let Some(t) = table.as_table_like_mut() {
        for (_, dep) in t.iter_mut() {
            fix(dep);
        }
    }
}

const KINDS: [&str; 3] = ["dependencies", "dev-dependencies", "build-dependencies"];

/// The dependency tables of a package's manifest `doc`: the top-level ones and
/// those under `[target.*]` (not `[workspace.dependencies]` nor `[patch.*]`).
pub(crate) fn dependency_tables(doc: &mut DocumentMut) -> Vec<&mut Item> {
    let mut out = Vec::new();
    let (root, target): (Vec<_>, Vec<_>) = doc
        .iter_mut()
        .filter(|(k, _)| KINDS.contains(&k.get()) || k.get() == "target")
        .partition(|(k, _)| k.get() != "target");
    out.extend(root.into_iter().map(|(_, v)| v));
    for (_, targets) in target {
        let Some(targets) = targets.as_table_like_mut() else {
            continue;
        };
        for (_, platform) in targets.iter_mut() {
            let Some(platform) = platform.as_table_like_mut() else {
                continue;
            };
            for (k, v) in platform.iter_mut() {
                if KINDS.contains(&k.get()) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// The manifest `text` (in directory `dir`) with every relative `path` of a
/// dependency that leads out of `tree` made absolute; `None` when there is none (or
/// the manifest does not parse: it is copied as it is).
fn outside_paths_absolute(text: &str, dir: &Path, tree: &Path) -> Option<String> {
    let mut doc: DocumentMut = text.parse().ok()?;
    let mut changed = false;
    let mut fix = |item: &mut Item| {
        let Some(path) = item.get_mut("path") else {
            return;
        };
        let Some(p) = path.as_str() else {
            return;
        };
        if Path::new(p).is_absolute() {
            return;
        }
        let abs = normalize(&dir.join(p));
        if !abs.starts_with(tree) {
            let value = toml_edit::value(abs.to_string_lossy().into_owned());
            let decor = path.as_value().map(|v| v.decor().clone());
            *path = value;
            if let (Some(decor), Some(v)) = (decor, path.as_value_mut()) {
                *v.decor_mut() = decor;
            }
            changed = true;
        }
    };
    for table in dependency_tables(&mut doc) {
        visit_deps(table, &mut fix);
    }
    if let Some(t) = doc
        .get_mut("workspace")
        .and_then(|w| w.get_mut("dependencies"))
    {
        visit_deps(t, &mut fix);
    }
    if let Some(patches) = doc.get_mut("patch").and_then(|t| t.as_table_like_mut()) {
        for (_, source) in patches.iter_mut() {
            visit_deps(source, &mut fix);
        }
    }
    changed.then(|| doc.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn a_copy_gets_back_the_files_a_later_case_needs() {
        use crate::testcase::TestCase;
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("app");
        write(&root.join("Cargo.toml"), "[package]\nname = \"app\"\n");
        write(&root.join("README.md"), "# app\n");
        write(&root.join("data/x.txt"), "x\n");
        let source = CrateSource::new(&root);
        let copy = source.copy_to(&tmp.path().join("copy")).unwrap();
        let absent = AbsentFiles::default();
        let case = TestCase::from_files([("src/lib.rs".into(), b"fn f() {}".to_vec())]);
        let without = |p: &[&str]| case.without_files(p.iter().map(PathBuf::from));
        absent
            .apply(&source, &copy, &without(&["README.md", "data/x.txt"]))
            .unwrap();
        assert!(!copy.join("README.md").exists() && !copy.join("data").exists());
        absent
            .apply(&source, &copy, &without(&["README.md"]))
            .unwrap();
        assert_eq!(
            std::fs::read_to_string(copy.join("data/x.txt")).unwrap(),
            "x\n"
        );
        assert!(!copy.join("README.md").exists());
        absent.apply(&source, &copy, &case).unwrap();
        assert!(copy.join("README.md").exists() && copy.join("data/x.txt").exists());
        assert!(root.join("README.md").exists() && root.join("data/x.txt").exists());
    }

    #[test]
    fn a_member_is_copied_with_its_workspace() {
        let tmp = tempfile::tempdir().unwrap();
        let ws = tmp.path().join("ws");
        write(
            &ws.join("Cargo.toml"),
            "[workspace]\nmembers = [\"a\", \"b\"]\n[workspace.package]\nedition = \"2018\"\n",
        );
        write(&ws.join("Cargo.lock"), "# lock\n");
        write(&ws.join("a/Cargo.toml"), "[package]\nname = \"a\"\n");
        write(&ws.join("a/src/lib.rs"), "pub fn a() {}\n");
        write(
            &ws.join("b/Cargo.toml"),
            "[package]\nname = \"b\"\nedition.workspace = true\n[dependencies]\na = { path = \"../a\" }\n",
        );
        write(&ws.join("b/src/lib.rs"), "pub fn b() {}\n");
        write(&ws.join("b/target/debug/junk"), "x");
        let source = CrateSource::new(&ws.join("b"));
        assert_eq!(source.tree(), ws);
        assert_eq!(source.edition().as_deref(), Some("2018"));
        let dest = tmp.path().join("copy");
        let b = source.copy_to(&dest).unwrap();
        assert_eq!(b, dest.join("b"));
        assert_eq!(
            std::fs::read_to_string(b.join("src/lib.rs")).unwrap(),
            "pub fn b() {}\n"
        );
        assert!(dest.join("a/src/lib.rs").is_file());
        assert!(dest.join("Cargo.lock").is_file());
        assert!(!b.join("target").exists());
        // `../a` stays inside the copy: the manifest is copied unchanged.
        assert_eq!(
            std::fs::read_to_string(b.join("Cargo.toml")).unwrap(),
            std::fs::read_to_string(ws.join("b/Cargo.toml")).unwrap()
        );
    }

    #[test]
    fn a_standalone_crate_is_its_own_tree_and_outside_paths_become_absolute() {
        let tmp = tempfile::tempdir().unwrap();
        let c = tmp.path().join("proj");
        write(
            &c.join("Cargo.toml"),
            "[package]\nname = \"proj\"\n\n[dependencies]\nhelper = { path = \"../helper\" } # local\nserde = \"1\"\n\n[target.'cfg(unix)'.dev-dependencies.more]\npath = \"../more\"\n",
        );
        write(&c.join("src/main.rs"), "fn main() {}\n");
        let source = CrateSource::new(&c);
        assert_eq!(source.tree(), c);
        assert_eq!(source.edition(), None);
        let dest = tmp.path().join("copy");
        assert_eq!(source.copy_to(&dest).unwrap(), dest);
        let copied = std::fs::read_to_string(dest.join("Cargo.toml")).unwrap();
        let helper = tmp.path().join("helper");
        let more = tmp.path().join("more");
        assert!(
            copied.contains(&format!("path = \"{}\" }} # local", helper.display())),
            "{copied}"
        );
        assert!(
            copied.contains(&format!("path = \"{}\"", more.display())),
            "{copied}"
        );
        assert!(copied.contains("serde = \"1\""), "{copied}");
    }

    #[test]
    fn an_excluded_crate_is_not_a_member() {
        let tmp = tempfile::tempdir().unwrap();
        let ws = tmp.path().join("ws");
        write(
            &ws.join("Cargo.toml"),
            "[workspace]\nmembers = []\nexclude = [\"./scratch\"]\n",
        );
        write(
            &ws.join("scratch/x/Cargo.toml"),
            "[package]\nname = \"x\"\n",
        );
        assert_eq!(
            CrateSource::new(&ws.join("scratch/x")).tree(),
            ws.join("scratch/x")
        );
        write(
            &ws.join("own/Cargo.toml"),
            "[package]\nname = \"own\"\n[workspace]\n",
        );
        assert_eq!(CrateSource::new(&ws.join("own")).tree(), ws.join("own"));
    }

    #[test]
    fn cargo_configuration_above_the_tree_goes_into_build_copies() {
        let tmp = tempfile::tempdir().unwrap();
        let outer = tmp.path().join("outer");
        write(
            &outer.join(".cargo/config.toml"),
            "[build]\nrustflags = [\"--cfg\", \"outer\"]\njobs = 1\n[env]\nA = \"outer\"\nB = \"outer\"\n",
        );
        let c = outer.join("mid/app");
        write(
            &outer.join("mid/.cargo/config"),
            "[env]\nB = \"mid\" # the deeper one wins\n",
        );
        write(&c.join("Cargo.toml"), "[package]\nname = \"app\"\n");
        write(
            &c.join(".cargo/config.toml"),
            "[build]\nrustflags = [\"--cfg\", \"own\"]\n",
        );
        let source = CrateSource::new(&c);
        let dest = tmp.path().join("copy");
        source.copy_for_build(&dest).unwrap();
        let merged: DocumentMut = std::fs::read_to_string(dest.join(".cargo/config.toml"))
            .unwrap()
            .parse()
            .unwrap();
        let flags: Vec<&str> = merged["build"]["rustflags"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|v| v.as_str())
            .collect();
        assert_eq!(flags, ["--cfg", "outer", "--cfg", "own"]);
        assert_eq!(merged["build"]["jobs"].as_integer(), Some(1));
        assert_eq!(merged["env"]["A"].as_str(), Some("outer"));
        assert_eq!(merged["env"]["B"].as_str(), Some("mid"));
        // The user's file is untouched, and a plain copy (the output, which sits
        // beside the original and sees the same files above it) gets nothing added.
        assert_eq!(
            std::fs::read_to_string(c.join(".cargo/config.toml")).unwrap(),
            "[build]\nrustflags = [\"--cfg\", \"own\"]\n"
        );
        let plain = tmp.path().join("plain");
        source.copy_to(&plain).unwrap();
        assert_eq!(
            std::fs::read_to_string(plain.join(".cargo/config.toml")).unwrap(),
            "[build]\nrustflags = [\"--cfg\", \"own\"]\n"
        );
    }

    #[test]
    fn relative_paths_of_outside_configuration_keep_naming_the_same_files() {
        let tmp = tempfile::tempdir().unwrap();
        let outer = tmp.path().join("outer");
        write(
            &outer.join(".cargo/config.toml"),
            r#"paths = ["vendor/a"]
[build]
rustc-wrapper = "tools/wrap.sh" # a program path
rustc = "rustc"
target = ["x86_64-unknown-linux-gnu", "specs/my.json"]
[target.x86_64-unknown-linux-gnu]
runner = "bin/run --flag"
linker = "cc"
[target.'cfg(unix)']
runner = ["scripts/run", "arg/not/a/path"]
[env]
DATA = { value = "data/x", relative = true }
NAME = "plain/text"
[patch.crates-io]
foo = { path = "../foo" }
[source.vendored]
directory = "vendor"
"#,
        );
        let c = outer.join("app");
        write(&c.join("Cargo.toml"), "[package]\nname = \"app\"\n");
        write(
            &c.join(".cargo/config.toml"),
            "[env]\nOWN = { value = \"own/x\", relative = true }\n",
        );
        let dest = tmp.path().join("copy");
        CrateSource::new(&c).copy_for_build(&dest).unwrap();
        let merged: DocumentMut = std::fs::read_to_string(dest.join(".cargo/config.toml"))
            .unwrap()
            .parse()
            .unwrap();
        let o = |rel: &str| outer.join(rel).to_string_lossy().into_owned();
        assert_eq!(merged["paths"][0].as_str(), Some(o("vendor/a").as_str()));
        assert_eq!(
            merged["build"]["rustc-wrapper"].as_str(),
            Some(o("tools/wrap.sh").as_str())
        );
        assert_eq!(merged["build"]["rustc"].as_str(), Some("rustc"));
        assert_eq!(
            merged["build"]["target"][0].as_str(),
            Some("x86_64-unknown-linux-gnu")
        );
        assert_eq!(
            merged["build"]["target"][1].as_str(),
            Some(o("specs/my.json").as_str())
        );
        let gnu = &merged["target"]["x86_64-unknown-linux-gnu"];
        assert_eq!(
            gnu["runner"].as_str(),
            Some(format!("{} --flag", o("bin/run")).as_str())
        );
        assert_eq!(gnu["linker"].as_str(), Some("cc"));
        let unix = &merged["target"]["cfg(unix)"]["runner"];
        assert_eq!(unix[0].as_str(), Some(o("scripts/run").as_str()));
        assert_eq!(unix[1].as_str(), Some("arg/not/a/path"));
        assert_eq!(
            merged["env"]["DATA"]["value"].as_str(),
            Some(o("data/x").as_str())
        );
        assert_eq!(merged["env"]["NAME"].as_str(), Some("plain/text"));
        // The copy's own file is inside the copy: its relative paths stay relative.
        assert_eq!(merged["env"]["OWN"]["value"].as_str(), Some("own/x"));
        assert_eq!(
            merged["patch"]["crates-io"]["foo"]["path"].as_str(),
            Some(tmp.path().join("foo").to_string_lossy().as_ref())
        );
        assert_eq!(
            merged["source"]["vendored"]["directory"].as_str(),
            Some(o("vendor").as_str())
        );
    }
}

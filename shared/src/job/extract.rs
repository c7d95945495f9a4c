//! A workspace member's result taken out of its workspace (issue 31): once the
//! member no longer depends on the other members (they were inlined or dropped),
//! its manifest with what it inherits from the workspace written in
//! (`x.workspace = true` → the workspace's value) and an empty `[workspace]` table
//! is checked alone, in a private directory, with the same cargo command. When it
//! shows the same crash, the output keeps the member alone: the other members and
//! the workspace's files the output copied go.

use std::path::{Path, PathBuf};

use toml_edit::{DocumentMut, Item};

use super::check::JobCheck;
use super::{internal, output_error, Check, Job, JobError, Target};
use crate::predicate::{CancelFlag, Compile, IcePredicate};
use crate::report::{Event, Observer, Summary};
use crate::testcase::TestCase;

impl Job {
    /// Takes the member's result `best` out of its workspace when the bug allows
    /// (see the module docs); one check.
    pub(super) fn extract_member(
        &mut self,
        best: &TestCase,
        summary: &mut Summary,
        observer: &mut dyn Observer,
        cancel: &CancelFlag,
    ) -> Result<(), JobError> {
        let (Target::IceCrate { .. }, Check::Ice(check), Some((source, tree))) =
            (&self.spec.target, &self.check, &self.output_tree)
        else {
            return Ok(());
        };
        if source.root() == source.tree() || summary.cancelled {
            return Ok(());
        }
        let Ok(member) = std::fs::read_to_string(self.output.join("Cargo.toml")) else {
            return Ok(());
        };
        let Ok(workspace) = std::fs::read_to_string(tree.join("Cargo.toml")) else {
            return Ok(());
        };
        let Some(alone) = standalone_manifest(&member, &workspace) else {
            return Ok(());
        };
        let Some(expected) = check.expected().cloned() else {
            return Ok(());
        };
        observer.on_event(&Event::Note(
            "trying the member alone, out of its workspace",
        ));
        let dir = self.scratch.path().join("extract");
        let name = source
            .root()
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "member".into());
        let root = dir.join(&name);
        let _ = std::fs::remove_dir_all(&dir);
        best.write_to(&root).map_err(internal)?;
        crate::output::write_atomic(&root.join("Cargo.toml"), alone.as_bytes())
            .map_err(internal)?;
        let mut config = check.config().clone();
        if let Compile::Cargo { root: r, .. } = &mut config.compile {
            r.clone_from(&root);
        }
        let mut predicate = IcePredicate::new(config);
        predicate.expect(expected);
        let check = JobCheck::new(&dir, "runs", cancel)?;
        let case = TestCase::from_files(
            best.files()
                .filter(|(p, b)| !best.is_gone(p, b))
                .map(|(p, b)| (p.to_path_buf(), b.to_vec())),
        );
        if !check
            .shows(&predicate, &case, &mut summary.runs)
            .unwrap_or(false)
        {
            observer.on_event(&Event::Note(
                "the bug does not show so: the workspace stays",
            ));
            return Ok(());
        }
        // The output keeps the member alone: what else it copied of the workspace
        // goes (only what mirrors the original's tree).
        let member_dir = source
            .root()
            .strip_prefix(source.tree())
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let first = member_dir
            .components()
            .next()
            .map(|c| c.as_os_str().to_owned());
        for entry in std::fs::read_dir(source.tree())
            .map_err(internal)?
            .flatten()
        {
            let name = entry.file_name();
            if Some(&name) == first.as_ref() {
                continue;
            }
            let copied: PathBuf = tree.join(&name);
            if copied.is_dir() {
                let _ = std::fs::remove_dir_all(&copied);
            } else {
                let _ = std::fs::remove_file(&copied);
            }
        }
        // Directories between the output's root and the member that hold other
        // members go too.
        let mut at = tree.clone();
        for c in member_dir.components() {
            let next = c.as_os_str().to_owned();
            for entry in std::fs::read_dir(&at).into_iter().flatten().flatten() {
                if entry.file_name() != next && at != *tree {
                    let p = entry.path();
                    let _ = if p.is_dir() {
                        std::fs::remove_dir_all(&p)
                    } else {
                        std::fs::remove_file(&p)
                    };
                }
            }
            at.push(next);
        }
        let path = self.output.join("Cargo.toml");
        crate::output::write_atomic(&path, alone.as_bytes()).map_err(|e| output_error(e, &path))?;
        let _ = std::fs::remove_file(self.output.join("Cargo.lock"));
        self.manifest_in_place = Some(alone);
        observer.on_event(&Event::Note(
            "the bug shows with the member alone: the rest of the workspace is gone",
        ));
        Ok(())
    }
}

/// The member's manifest `member` as a package of its own: every `workspace =
/// true` resolved from the workspace manifest `workspace` (`[workspace.package]`
/// keys, `[workspace.dependencies]` entries; inherited lints dropped), and an
/// empty `[workspace]`. `None` when it still depends on a path (another member)
/// or something cannot be resolved.
fn standalone_manifest(member: &str, workspace: &str) -> Option<String> {
    let mut doc = member.parse::<DocumentMut>().ok()?;
    let ws = workspace.parse::<DocumentMut>().ok()?;
    let ws = ws.get("workspace")?;
    let inherits = |item: &Item| {
        item.as_table_like()
            .and_then(|t| t.get("workspace"))
            .and_then(Item::as_bool)
            == Some(true)
    };
    if let Some(package) = doc.get_mut("package").and_then(Item::as_table_like_mut) {
        let keys: Vec<String> = package
            .iter()
            .filter(|(_, v)| inherits(v))
            .map(|(k, _)| k.to_string())
            .collect();
        for k in keys {
            let value = ws.get("package").and_then(|p| p.get(&k))?.clone();
            package.insert(&k, value);
        }
    }
    if doc.get("lints").is_some_and(inherits) {
        doc.remove("lints");
    }
    for table in crate::predicate::dependency_tables(&mut doc) {
        let Some(t) = table.as_table_like_mut() else {
            continue;
        };
        let names: Vec<String> = t.iter().map(|(k, _)| k.to_string()).collect();
        for n in names {
            let entry = t.get(&n)?;
            if inherits(entry) {
                let mut base = ws.get("dependencies").and_then(|d| d.get(&n))?.clone();
                // `features` of the member's entry add to the workspace's.
                if let (Some(extra), Some(b)) = (
                    entry.get("features").and_then(Item::as_array).cloned(),
                    base.as_table_like_mut(),
                ) {
                    b.insert("features", toml_edit::value(extra));
                }
                t.insert(&n, base);
            }
            let entry = t.get(&n)?;
            if entry.get("path").is_some() {
                return None;
            }
        }
    }
    doc.insert("workspace", toml_edit::table());
    Some(doc.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_manifest_is_made_standalone() {
        let ws = "[workspace]\nmembers = [\"a\", \"b\"]\n\n[workspace.package]\nedition = \"2021\"\nversion = \"1.2.0\"\n\n[workspace.dependencies]\nitoa = \"1\"\n";
        let member = "[package]\nname = \"a\"\nversion.workspace = true\nedition = { workspace = true }\n\n[dependencies]\nitoa = { workspace = true }\n\n[lints]\nworkspace = true\n";
        let out = standalone_manifest(member, ws).unwrap();
        assert!(out.contains("version = \"1.2.0\""), "{out}");
        assert!(out.contains("edition = \"2021\""), "{out}");
        assert!(out.contains("itoa = \"1\""), "{out}");
        assert!(
            !out.contains("lints") && out.contains("[workspace]"),
            "{out}"
        );
        // Still depending on another member: not yet.
        let member = "[package]\nname = \"a\"\n\n[dependencies]\nb = { path = \"../b\" }\n";
        assert_eq!(standalone_manifest(member, ws), None);
    }
}

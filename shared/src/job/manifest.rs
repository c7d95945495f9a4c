//! The build script and dependencies of a reduced crate's `Cargo.toml`: once the
//! sources are minimal they often need none of them, and a bug report is better
//! without them (nothing to download or build). Candidates for the check, as
//! manifest texts.

use std::path::PathBuf;

use toml_edit::DocumentMut;

/// The manifest `text` without its build script: the `package.build` key removed
/// (cargo then looks for no `build.rs` once the file is gone too), and the script
/// to remove with it (`build.rs` when the key is absent: cargo finds it by name).
/// `None` when the package has no build script to remove (`build = false`, or
/// not a package).
pub(crate) fn without_build_script(text: &str) -> Option<(String, PathBuf)> {
    let mut doc = text.parse::<DocumentMut>().ok()?;
    let package = doc.get_mut("package")?.as_table_like_mut()?;
    let script = match package.get("build") {
        None => return Some((text.to_string(), PathBuf::from("build.rs"))),
        Some(v) => PathBuf::from(v.as_str()?),
    };
    package.remove("build");
    Some((doc.to_string(), script))
}

use crate::predicate::dependency_tables as tables;

/// The names under which the manifest `text` depends on other crates, in order
/// (a name used in several tables appears once).
pub(crate) fn dependency_names(text: &str) -> Vec<String> {
    let Ok(mut doc) = text.parse::<DocumentMut>() else {
        return Vec::new();
    };
    let mut names: Vec<String> = Vec::new();
    for table in tables(&mut doc) {
        if let Some(t) = table.as_table_like() {
            for (name, _) in t.iter() {
                if !names.iter().any(|n| n == name) {
                    names.push(name.to_string());
                }
            }
        }
    }
    names
}

/// The manifest `text` without the dependencies named in `drop` (in every table),
/// and without the features' references to them (`name`, `dep:name`, `name/f`,
/// `name?/f`), so that it still parses for cargo. `None` when nothing changes.
pub(crate) fn without(text: &str, drop: &[String]) -> Option<String> {
    let mut doc = text.parse::<DocumentMut>().ok()?;
    let mut changed = false;
    for table in tables(&mut doc) {
        if let Some(t) = table.as_table_like_mut() {
            for name in drop {
                changed |= t.remove(name).is_some();
            }
        }
    }
    let refers = |v: &str| {
        let v = v.strip_prefix("dep:").unwrap_or(v);
        let name = v.split(['/', '?']).next().unwrap_or(v);
        drop.iter().any(|d| d == name)
    };
    if let Some(features) = doc.get_mut("features").and_then(|f| f.as_table_like_mut()) {
        for (_, list) in features.iter_mut() {
            if let Some(a) = list.as_array_mut() {
                let before = a.len();
                a.retain(|v| !v.as_str().is_some_and(refers));
                if a.len() != before {
                    a.fmt();
                    changed = true;
                }
            }
        }
    }
    changed.then(|| doc.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = r#"[package]
name = "app"
edition = "2021"

[dependencies]
serde = { version = "1", optional = true }
util = { path = "../util" } # local
regex = "1"

[dev-dependencies]
regex = "1"

[target.'cfg(unix)'.dependencies]
libc = "0.2"

[features]
default = ["serde/std", "fast"]
json = ["dep:serde"]
fast = []
"#;

    #[test]
    fn the_build_script_goes_with_its_key() {
        let text =
            "[package]\nname = \"app\"\nbuild = \"gen/main.rs\" # generated\nedition = \"2021\"\n";
        let (cand, script) = without_build_script(text).unwrap();
        assert_eq!(cand, "[package]\nname = \"app\"\nedition = \"2021\"\n");
        assert_eq!(script, PathBuf::from("gen/main.rs"));
        let (cand, script) = without_build_script(MANIFEST).unwrap();
        assert_eq!(
            (cand.as_str(), script),
            (MANIFEST, PathBuf::from("build.rs"))
        );
        assert_eq!(without_build_script("[package]\nbuild = false\n"), None);
        assert_eq!(without_build_script("[workspace]\n"), None);
    }

    #[test]
    fn names_come_from_every_dependency_table_once() {
        assert_eq!(
            dependency_names(MANIFEST),
            ["serde", "util", "regex", "libc"]
        );
        assert!(dependency_names("[package]\nname = \"x\"\n").is_empty());
        assert!(dependency_names("not toml [").is_empty());
    }

    #[test]
    fn dropping_dependencies_drops_the_features_references_to_them() {
        let all = dependency_names(MANIFEST);
        let text = without(MANIFEST, &all).unwrap();
        assert!(dependency_names(&text).is_empty(), "{text}");
        assert!(text.contains("default = [\"fast\"]"), "{text}");
        assert!(text.contains("json = []"), "{text}");
        assert!(
            text.contains("[package]\nname = \"app\"\nedition = \"2021\"\n"),
            "{text}"
        );
        let text = without(MANIFEST, &["regex".to_string()]).unwrap();
        assert_eq!(dependency_names(&text), ["serde", "util", "libc"]);
        assert!(
            text.contains("util = { path = \"../util\" } # local"),
            "{text}"
        );
        assert_eq!(without(MANIFEST, &["nothing".to_string()]), None);
    }
}

//! The Markdown bug report: ready to paste into an issue.

use std::fmt::Write;

/// What goes into a bug report.
pub struct ReportInput<'a> {
    /// The heading.
    pub title: &'a str,
    /// The files of the result: (name, contents).
    pub files: Vec<(String, String)>,
    /// The code fence language.
    pub language: &'a str,
    /// The command that shows the bug.
    pub command: &'a str,
    /// `rustc -vV` (or the tool's version), or empty.
    pub version: &'a str,
    /// The command that printed `version` (`rustc -vV`).
    pub version_command: &'a str,
    /// The failure signature, or empty.
    pub message: &'a str,
    /// The last lines of the failing run's output.
    pub output_tail: &'a str,
    /// A crate's result: the `rustc` command that shows the bug on its one file
    /// alone, when it does.
    pub alone: Option<String>,
}

/// Renders the report.
pub fn markdown(r: &ReportInput<'_>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "### {}\n", r.title);
    // Files the reduction emptied are left out.
    let files: Vec<_> = r
        .files
        .iter()
        .filter(|(_, code)| !code.trim().is_empty())
        .collect();
    for (name, code) in &files {
        if files.len() > 1 {
            let _ = writeln!(s, "`{name}`:\n");
        }
        let language = if name.ends_with(".toml") {
            "toml"
        } else if name.ends_with(".rs") {
            "rust"
        } else {
            r.language
        };
        let _ = writeln!(s, "```{language}\n{}\n```\n", code.trim_end());
    }
    let _ = writeln!(s, "Command:\n\n```sh\n{}\n```\n", r.command);
    if let Some(alone) = &r.alone {
        let _ = writeln!(
            s,
            "Without cargo, on the file alone:\n\n```sh\n{alone}\n```\n"
        );
    }
    if !r.message.is_empty() {
        let _ = writeln!(s, "Failure: `{}`\n", r.message.replace('`', "'"));
    }
    if !r.version.trim().is_empty() {
        let _ = writeln!(
            s,
            "`{}`:\n\n```\n{}\n```\n",
            r.version_command,
            r.version.trim_end()
        );
    }
    if !r.output_tail.trim().is_empty() {
        let _ = writeln!(
            s,
            "<details><summary>Output</summary>\n\n```\n{}\n```\n\n</details>",
            r.output_tail.trim_end()
        );
    }
    s.push_str("\n_Minimized with cargo-minimize._\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emptied_files_are_left_out_and_manifests_are_toml() {
        let files = vec![
            (
                "Cargo.toml".to_string(),
                "[package]\nname = \"b\"\n".to_string(),
            ),
            (
                "src/lib.rs".to_string(),
                "static B: u32 = ();\n".to_string(),
            ),
            ("tests/parse.rs".to_string(), "\n".to_string()),
        ];
        let md = markdown(&ReportInput {
            version_command: "rustc -vV",
            title: "Internal compiler error",
            files,
            language: "rust",
            command: "RUSTC_BOOTSTRAP=1 cargo check",
            version: "",
            message: "",
            output_tail: "",
            alone: Some("rustc --edition=2021 --crate-type=lib src/lib.rs".into()),
        });
        assert!(md.contains("`Cargo.toml`:\n\n```toml\n[package]"), "{md}");
        assert!(md.contains("`src/lib.rs`:\n\n```rust\nstatic B"), "{md}");
        assert!(!md.contains("tests/parse.rs"), "{md}");
        assert!(!md.contains("`rustc -vV`"), "{md}");
        assert!(
            md.contains("on the file alone:\n\n```sh\nrustc --edition=2021 --crate-type=lib src/lib.rs\n```"),
            "{md}"
        );
    }
}

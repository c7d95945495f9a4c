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
    /// `rustc -vV`, or empty.
    pub version: &'a str,
    /// The failure signature, or empty.
    pub message: &'a str,
    /// The last lines of the failing run's output.
    pub output_tail: &'a str,
}

/// Renders the report.
pub fn markdown(r: &ReportInput<'_>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "### {}\n", r.title);
    for (name, code) in &r.files {
        if r.files.len() > 1 {
            let _ = writeln!(s, "`{name}`:\n");
        }
        let _ = writeln!(s, "```{}\n{}\n```\n", r.language, code.trim_end());
    }
    let _ = writeln!(s, "Command:\n\n```sh\n{}\n```\n", r.command);
    if !r.message.is_empty() {
        let _ = writeln!(s, "Failure: `{}`\n", r.message.replace('`', "'"));
    }
    if !r.version.trim().is_empty() {
        let _ = writeln!(s, "`rustc -vV`:\n\n```\n{}\n```\n", r.version.trim_end());
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

//! rustc's crash files (`rustc-ice-<date>-<pid>.txt`, written into the working
//! directory of a crashing rustc unless `RUSTC_ICE=0`): what they say (the panic,
//! the query stack with the items and the crate being compiled), what the server
//! asks the user when one appears, and what the bug report shows of it. Pure
//! functions over text and paths.

use std::path::{Path, PathBuf};

/// What a crash file says.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct IceFile {
    /// Where the compiler panicked (`compiler/rustc_x/src/y.rs:1:2`).
    pub(crate) location: Option<String>,
    /// The panic message (its lines).
    pub(crate) message: Vec<String>,
    /// The query stack, innermost first: (query, description).
    pub(crate) queries: Vec<(String, String)>,
    /// The `rustc version:` line.
    pub(crate) rustc_version: Option<String>,
    /// The tool that crashed: clippy when clippy's crates are in the backtrace,
    /// rustdoc when rustdoc's are (or it panicked in `src/librustdoc`), else rustc.
    pub(crate) tool: minimize_engine::predicate::Tool,
}

/// `true` for a file name rustc gives its crash files.
pub(crate) fn is_ice_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("rustc-ice-") && n.ends_with(".txt"))
}

/// The names quoted in backticks in `s`.
fn quoted(s: &str) -> impl Iterator<Item = &str> {
    s.split('`').skip(1).step_by(2)
}

/// `/rustc/HASH/compiler/x.rs:1:2` → `compiler/x.rs:1:2`.
fn compiler_relative(path: &str) -> String {
    match path.find("compiler/").or_else(|| path.find("library/")) {
        Some(i) => path[i..].to_string(),
        None => path.to_string(),
    }
}

impl IceFile {
    /// Parses a crash file; `None` when it holds no panic or query stack (yet).
    pub(crate) fn parse(text: &str) -> Option<IceFile> {
        use minimize_engine::predicate::Tool;
        let mut ice = IceFile::default();
        let frame = |krate: &str| {
            text.contains(&format!(" - {krate}[")) || text.contains(&format!("<{krate}["))
        };
        ice.tool = if [
            "clippy_lints",
            "clippy_utils",
            "clippy_driver",
            "clippy_config",
        ]
        .iter()
        .any(|k| frame(k))
        {
            Tool::Clippy
        } else if frame("rustdoc") || text.contains("panicked at src/librustdoc/") {
            Tool::Rustdoc
        } else {
            Tool::Rustc
        };
        let mut lines = text.lines().peekable();
        while let Some(l) = lines.next() {
            if let Some(rest) = l.strip_prefix("thread '").and_then(|r| {
                r.split_once("' panicked at ")
                    .map(|(_, at)| at.trim_end_matches(':'))
            }) {
                ice.location = Some(compiler_relative(rest));
                while let Some(m) = lines.peek() {
                    if m.starts_with("stack backtrace:") || m.trim().is_empty() {
                        break;
                    }
                    ice.message.push(m.to_string());
                    lines.next();
                }
            } else if let Some(v) = l.strip_prefix("rustc version: ") {
                ice.rustc_version = Some(v.trim().to_string());
            } else if l.starts_with("query stack during panic:") {
                for q in lines.by_ref() {
                    if q.starts_with("end of query stack") {
                        break;
                    }
                    // `#0 [typeck] type-checking `LIMIT``
                    let Some((name, what)) =
                        q.split_once('[').and_then(|(_, r)| r.split_once("] "))
                    else {
                        continue;
                    };
                    ice.queries
                        .push((name.to_string(), what.trim().to_string()));
                }
            } else if ice.message.is_empty() && ice.location.is_none() {
                // A delayed bug or an error without a panic line.
                if let Some(m) = l.strip_prefix("error: internal compiler error: ") {
                    ice.message.push(m.to_string());
                }
            }
        }
        (!ice.message.is_empty() || !ice.queries.is_empty()).then_some(ice)
    }

    /// The crate rustc was compiling, from the query stack (`... crate `NAME``).
    pub(crate) fn crate_name(&self) -> Option<&str> {
        self.queries.iter().rev().find_map(|(_, what)| {
            let i = what.find("crate `")?;
            quoted(&what[i..]).next()
        })
    }

    /// The innermost query as `name` (`typeck` of `LIMIT`).
    pub(crate) fn query(&self) -> Option<String> {
        let (name, what) = self.queries.first()?;
        Some(match quoted(what).next() {
            Some(item) => format!("`{name}` of `{item}`"),
            None => format!("`{name}`"),
        })
    }

    /// What the server asks when the file appears.
    pub(crate) fn question(&self, crate_dir: &Path) -> String {
        let name = self.crate_name().map(str::to_string).unwrap_or_else(|| {
            crate_dir
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "a crate".into())
        });
        let query = self
            .query()
            .map(|q| format!(" (query {q})"))
            .unwrap_or_default();
        let tool = match self.tool {
            minimize_engine::predicate::Tool::Rustc => "rustc",
            minimize_engine::predicate::Tool::Clippy => "clippy",
            minimize_engine::predicate::Tool::Rustdoc => "rustdoc",
        };
        format!("{tool} crashed while compiling `{name}`{query}. Minimize a repro?")
    }

    /// The crash file's details for a bug report (no backtrace), in Markdown.
    pub(crate) fn markdown(&self, path: &Path) -> String {
        let mut body = String::new();
        if let Some(l) = &self.location {
            body.push_str(&format!("thread 'rustc' panicked at {l}:\n"));
        }
        for m in &self.message {
            body.push_str(m);
            body.push('\n');
        }
        if !self.queries.is_empty() {
            body.push_str("query stack during panic:\n");
            for (i, (name, what)) in self.queries.iter().enumerate() {
                body.push_str(&format!("#{i} [{name}] {what}\n"));
            }
            body.push_str("end of query stack\n");
        }
        let version = self
            .rustc_version
            .as_deref()
            .map(|v| format!(" (rustc {v})"))
            .unwrap_or_default();
        format!(
            "\n### rustc's crash file\n\nThe crash that started this minimization: `{}`{version}\n\n<details><summary>Panic and query stack</summary>\n\n```text\n{body}```\n\n</details>\n",
            path.display()
        )
    }
}

/// The crate a crash file belongs to: the nearest directory with a `Cargo.toml`
/// from the file's directory up, else the workspace folder holding the file.
pub(crate) fn crate_dir(ice: &Path, folders: &[PathBuf]) -> Option<PathBuf> {
    ice.parent()
        .and_then(minimize_engine::job::find_crate_root)
        .or_else(|| {
            folders
                .iter()
                .filter(|f| ice.starts_with(f) && f.join("Cargo.toml").is_file())
                .max_by_key(|f| f.components().count())
                .cloned()
        })
}

/// The file of `root` to open at the end of a crate's minimization: its library
/// or binary root, else its manifest.
pub(crate) fn main_file(root: &Path) -> PathBuf {
    ["src/lib.rs", "src/main.rs"]
        .iter()
        .map(|f| root.join(f))
        .find(|p| p.is_file())
        .unwrap_or_else(|| root.join("Cargo.toml"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ICE: &str = "thread 'rustc' panicked at /rustc-dev/5980/compiler/rustc_hir_typeck/src/method/probe.rs:1112:17:\nassertion `left == right` failed\n  left: Negative\n right: Positive\nstack backtrace:\n   0:     0x7f - <std::backtrace::Backtrace>::create\n\n\nrustc version: 1.95.0 (59807616e 2026-04-14)\nplatform: x86_64-unknown-linux-gnu\n\nquery stack during panic:\n#0 [typeck] type-checking `LIMIT`\n#1 [check_match] match-checking `LIMIT`\n#2 [analysis] running analysis passes on crate `icy`\nend of query stack\n";

    #[test]
    fn parses_a_real_crash_file() {
        let ice = IceFile::parse(ICE).unwrap();
        assert_eq!(
            ice.location.as_deref(),
            Some("compiler/rustc_hir_typeck/src/method/probe.rs:1112:17")
        );
        assert_eq!(ice.message[0], "assertion `left == right` failed");
        assert_eq!(ice.message.len(), 3);
        assert_eq!(ice.queries.len(), 3);
        assert_eq!(ice.crate_name(), Some("icy"));
        assert_eq!(ice.query().as_deref(), Some("`typeck` of `LIMIT`"));
        assert_eq!(
            ice.question(Path::new("/w/icy")),
            "rustc crashed while compiling `icy` (query `typeck` of `LIMIT`). Minimize a repro?"
        );
        let md = ice.markdown(Path::new("/w/rustc-ice-1.txt"));
        assert!(md.contains("`/w/rustc-ice-1.txt` (rustc 1.95.0"));
        assert!(md.contains("#0 [typeck] type-checking `LIMIT`"));
        assert!(!md.contains("Backtrace"));
    }

    #[test]
    fn clippy_and_rustdoc_crashes_are_told_by_their_backtraces() {
        use minimize_engine::predicate::Tool;
        assert_eq!(IceFile::parse(ICE).unwrap().tool, Tool::Rustc);
        // Lines of real crash files of clippy-driver and rustdoc 1.95.
        let clippy = ICE.replace(
            "   0:     0x7f - <std::backtrace::Backtrace>::create\n",
            "  16:     0x55ad8851499f - <clippy_lints[2bd58402bd437290]::transmute::Transmute as rustc_lint[754bcbf59f34f28d]::passes::LateLintPass>::check_expr\n",
        );
        let ice = IceFile::parse(&clippy).unwrap();
        assert_eq!(ice.tool, Tool::Clippy);
        assert!(ice
            .question(Path::new("/w/icy"))
            .starts_with("clippy crashed while compiling `icy`"));
        let rustdoc = "thread 'rustc' panicked at src/librustdoc/clean/auto_trait.rs:263:63:\nno region_name found\nstack backtrace:\n   9:     0x55a9057ac308 - rustdoc[fee93d6a30d105ff]::clean::auto_trait::clean_param_env\n";
        assert_eq!(IceFile::parse(rustdoc).unwrap().tool, Tool::Rustdoc);
    }

    #[test]
    fn incomplete_or_foreign_files() {
        assert_eq!(IceFile::parse(""), None);
        assert_eq!(IceFile::parse("hello\n"), None);
        let ice = IceFile::parse("thread 'rustc' panicked at x.rs:1:1:\nboom\n").unwrap();
        assert_eq!(ice.crate_name(), None);
        assert_eq!(
            ice.question(Path::new("/w/kit")),
            "rustc crashed while compiling `kit`. Minimize a repro?"
        );
        assert!(is_ice_file(Path::new(
            "/a/rustc-ice-2026-01-01T00_00_00-12.txt"
        )));
        assert!(!is_ice_file(Path::new("/a/rustc-ice.rs")));
    }
}

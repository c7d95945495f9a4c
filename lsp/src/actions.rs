//! Which code actions a Rust file offers: "Minimize this ICE" (the crate when the
//! file belongs to one, and the file alone; "Minimize this clippy crash" / "...
//! rustdoc crash" when the `tool` setting says so), and "Minimize failing test
//! `NAME`" when the cursor is in a `#[test]` function. Plain functions over text
//! and paths.

use std::path::{Path, PathBuf};

use minimize_engine::predicate::Tool;
use serde::{Deserialize, Serialize};

/// The argument of the minimize command: what to reduce.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub(crate) enum Request {
    /// One file that crashes rustc (or clippy, rustdoc: `tool`).
    IceFile {
        /// The file.
        path: PathBuf,
        /// The tool that crashes (default: rustc).
        #[serde(default, skip_serializing_if = "is_rustc")]
        tool: Tool,
    },
    /// A crate that crashes `cargo check`/`cargo build` (`cargo clippy`, `cargo doc`).
    IceCrate {
        /// The crate root.
        root: PathBuf,
        /// The file the action was asked on (opened at the end).
        file: PathBuf,
        /// The tool that crashes (default: rustc).
        #[serde(default, skip_serializing_if = "is_rustc")]
        tool: Tool,
    },
    /// The sources of a crate while a test keeps failing the same way.
    Test {
        /// The crate root.
        root: PathBuf,
        /// The test function's name.
        test: String,
        /// The file holding the test (opened at the end).
        file: PathBuf,
    },
}

fn is_rustc(t: &Tool) -> bool {
    *t == Tool::Rustc
}

/// "this ICE", "this clippy crash", "this rustdoc crash".
pub(crate) fn crash_words(tool: Tool) -> &'static str {
    match tool {
        Tool::Rustc => "this ICE",
        Tool::Clippy => "this clippy crash",
        Tool::Rustdoc => "this rustdoc crash",
    }
}

/// One offered action: its title and the command's argument.
#[derive(Debug, PartialEq)]
pub(crate) struct Offer {
    pub(crate) title: String,
    pub(crate) request: Request,
}

/// The `#[test]` function around 0-based `line`, if any: its name (the
/// engine's parser finds it: [`minimize_engine::syntax::test_fn_at`]).
pub(crate) fn test_at(text: &str, line: usize) -> Option<String> {
    // The line's first non-blank character (its start when it has none).
    let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    let rest = text.get(start..)?;
    let indent = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    minimize_engine::syntax::test_fn_at(text, start + indent)
}

/// The actions for `path` (with contents `text`) at 0-based `line`; `crate_root` is
/// the crate the file belongs to, if any; `tool` the tool whose crash is minimized.
pub(crate) fn offers(
    path: &Path,
    text: &str,
    line: usize,
    crate_root: Option<&Path>,
    tool: Tool,
) -> Vec<Offer> {
    let what = crash_words(tool);
    let mut v = Vec::new();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if let Some(root) = crate_root {
        if let Some(test) = test_at(text, line) {
            v.push(Offer {
                title: format!("Minimize failing test `{test}`"),
                request: Request::Test {
                    root: root.to_path_buf(),
                    test,
                    file: path.to_path_buf(),
                },
            });
        }
        let crate_name = root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        v.push(Offer {
            title: format!("Minimize {what} (crate `{crate_name}`)"),
            request: Request::IceCrate {
                root: root.to_path_buf(),
                file: path.to_path_buf(),
                tool,
            },
        });
        v.push(Offer {
            title: format!("Minimize {what} (file `{name}` alone)"),
            request: Request::IceFile {
                path: path.to_path_buf(),
                tool,
            },
        });
    } else {
        v.push(Offer {
            title: format!("Minimize {what}"),
            request: Request::IceFile {
                path: path.to_path_buf(),
                tool,
            },
        });
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    const TESTS: &str = "fn helper() {}\n\n#[test]\nfn parses() {\n    let x = 1;\n    assert!(x == 2);\n}\n\nfn after() {}\n";

    #[test]
    fn finds_the_test_around_the_cursor() {
        assert_eq!(test_at(TESTS, 0), None);
        assert_eq!(test_at(TESTS, 2).as_deref(), Some("parses"));
        assert_eq!(test_at(TESTS, 5).as_deref(), Some("parses"));
        assert_eq!(test_at(TESTS, 6).as_deref(), Some("parses"));
        assert_eq!(test_at(TESTS, 8), None);
        // Braces in strings and comments, attributes between, a nested module.
        let tricky = "mod t {\n    #[tokio::test]\n    #[ignore]\n    async fn braces() {\n        let s = \"}}\"; // }\n        f(s);\n    }\n}\n";
        assert_eq!(test_at(tricky, 1).as_deref(), Some("braces"));
        assert_eq!(test_at(tricky, 5).as_deref(), Some("braces"));
        assert_eq!(test_at(tricky, 6).as_deref(), Some("braces"));
        assert_eq!(test_at(tricky, 7), None);
    }

    #[test]
    fn standalone_file_gets_one_action() {
        let o = offers(Path::new("/t/bug.rs"), "fn main() {}", 0, None, Tool::Rustc);
        assert_eq!(o.len(), 1);
        assert_eq!(o[0].title, "Minimize this ICE");
        assert_eq!(
            o[0].request,
            Request::IceFile {
                path: "/t/bug.rs".into(),
                tool: Tool::Rustc,
            }
        );
        // The request of a rustc crash reads as before; another tool's names it.
        let v = serde_json::to_value(&o[0].request).unwrap();
        assert!(v.get("tool").is_none(), "{v}");
        let o = offers(Path::new("/t/bug.rs"), "", 0, None, Tool::Clippy);
        assert_eq!(o[0].title, "Minimize this clippy crash");
        let v = serde_json::to_value(&o[0].request).unwrap();
        assert_eq!(v["tool"], "clippy");
        assert_eq!(serde_json::from_value::<Request>(v).unwrap(), o[0].request);
    }

    #[test]
    fn crate_file_gets_crate_file_and_test_actions() {
        let o = offers(
            Path::new("/c/src/lib.rs"),
            TESTS,
            4,
            Some(Path::new("/c")),
            Tool::Rustc,
        );
        let titles: Vec<&str> = o.iter().map(|o| o.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "Minimize failing test `parses`",
                "Minimize this ICE (crate `c`)",
                "Minimize this ICE (file `lib.rs` alone)"
            ]
        );
    }

    #[test]
    fn request_json_shape() {
        let r = Request::Test {
            root: "/c".into(),
            test: "t".into(),
            file: "/c/src/lib.rs".into(),
        };
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["kind"], "test");
        assert_eq!(serde_json::from_value::<Request>(v).unwrap(), r);
    }
}

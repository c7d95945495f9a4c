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

/// The `#[test]` function around 0-based `line`, if any: its name.
pub(crate) fn test_at(text: &str, line: usize) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = None;
    for (i, l) in lines.iter().enumerate().take(line + 1) {
        let t = l.trim_start();
        if t.starts_with("#[test]") || t.starts_with("#[tokio::test") {
            found = Some(i);
        }
    }
    let start = found?;
    // The `fn NAME` after the attribute(s).
    let (fn_line, name) = lines
        .iter()
        .enumerate()
        .skip(start)
        .take(8)
        .find_map(|(i, l)| {
            let idx = l.find("fn ")?;
            let rest = &l[idx + 3..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some((i, name))
        })?;
    // The end of its body, by counting braces from the `fn` line.
    let mut depth = 0i64;
    let mut opened = false;
    for (i, l) in lines.iter().enumerate().skip(fn_line) {
        for c in l.chars() {
            match c {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' => depth -= 1,
                _ => {}
            }
        }
        if opened && depth <= 0 {
            return (line <= i).then_some(name);
        }
    }
    Some(name)
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

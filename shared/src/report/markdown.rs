//! The Markdown bug report: ready to paste into an issue.

use std::fmt::Write;

/// What goes into a bug report.
pub struct ReportInput<'a> {
    /// The heading.
    pub title: &'a str,
    /// The files of the result: (name, contents). Binary contents (a NUL byte or
    /// invalid UTF-8) are shown as a hex dump with a command that writes them back.
    pub files: Vec<(String, Vec<u8>)>,
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
    let files: Vec<_> = (r.files.iter())
        .map(|(name, bytes)| (name, bytes, String::from_utf8_lossy(bytes)))
        .filter(|(_, _, code)| !code.trim().is_empty())
        .collect();
    for (name, bytes, code) in &files {
        if crate::testcase::is_binary(bytes) {
            binary(&mut s, name, bytes);
            continue;
        }
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

/// Binary files this long or shorter also get a `printf` command that writes them.
const PRINTF_MAX: usize = 512;

/// A binary file: its hex dump in `xxd`'s layout (`xxd -r` reads it back), and for a
/// short file a POSIX `printf` of octal escapes that writes it.
fn binary(s: &mut String, name: &str, bytes: &[u8]) {
    let n = bytes.len();
    let _ = writeln!(
        s,
        "`{name}` ({n} bytes, binary; `xxd -r` turns the dump back into the file):\n"
    );
    let _ = writeln!(s, "```\n{}```\n", hex_dump(bytes));
    if n <= PRINTF_MAX {
        let _ = writeln!(
            s,
            "To write it:\n\n```sh\nprintf '{}' > {}\n```\n",
            printf_escapes(bytes),
            crate::exec::quote(name.as_ref())
        );
    }
}

/// `bytes` as `xxd` prints them: 16 a line, the offset, groups of two bytes, the
/// printable ASCII.
fn hex_dump(bytes: &[u8]) -> String {
    let mut out = String::new();
    for (i, line) in bytes.chunks(16).enumerate() {
        let mut hex = String::new();
        for (j, b) in line.iter().enumerate() {
            if j > 0 && j % 2 == 0 {
                hex.push(' ');
            }
            let _ = write!(hex, "{b:02x}");
        }
        let ascii: String = (line.iter())
            .map(|&b| {
                if (0x20..0x7f).contains(&b) {
                    b as char
                } else {
                    '.'
                }
            })
            .collect();
        let _ = writeln!(out, "{:08x}: {hex:<39}  {ascii}", i * 16);
    }
    out
}

/// The body of a single-quoted `printf` format that prints `bytes`: printable ASCII
/// as itself (but `'`, `\` and `%`), every other byte as a three-digit octal escape.
fn printf_escapes(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && !b"'\\%".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "\\{b:03o}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emptied_files_are_left_out_and_manifests_are_toml() {
        let files = vec![
            (
                "Cargo.toml".to_string(),
                b"[package]\nname = \"b\"\n".to_vec(),
            ),
            ("src/lib.rs".to_string(), b"static B: u32 = ();\n".to_vec()),
            ("tests/parse.rs".to_string(), b"\n".to_vec()),
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

    #[test]
    fn binary_files_are_a_hex_dump_and_a_printf_that_writes_them() {
        let bytes: Vec<u8> = b"FWS\x00'%\\ab\xff\x00\x01\x02\x03\x04\x05\x06\x07\x08".to_vec();
        let md = markdown(&ReportInput {
            version_command: "rustc -vV",
            title: "Test failure",
            files: vec![("tests/fixtures/big.swf".into(), bytes.clone())],
            language: "",
            command: "cargo test parses",
            version: "",
            message: "",
            output_tail: "",
            alone: None,
        });
        assert!(
            md.contains("`tests/fixtures/big.swf` (19 bytes, binary;"),
            "{md}"
        );
        // xxd's layout, line for line (as `xxd` 2022-01-14 prints these bytes).
        assert!(
            md.contains(
                "00000000: 4657 5300 2725 5c61 62ff 0001 0203 0405  FWS.'%\\ab.......\n\
                 00000010: 0607 08                                  ...\n"
            ),
            "{md}"
        );
        // The printf writes the same bytes (run by the shell).
        let line = md
            .lines()
            .find(|l| l.starts_with("printf '"))
            .expect("printf");
        let format = line
            .strip_prefix("printf '")
            .and_then(|l| l.split("' > ").next())
            .unwrap();
        let sh = crate::exec::CommandSpec::new("sh", std::env::temp_dir())
            .args(["-c", &format!("printf '{format}'")]);
        let out = crate::exec::query(&sh, std::time::Duration::from_secs(30));
        assert_eq!(out, Some(bytes));
        // A binary file is never shown as text.
        assert!(!md.contains("FWS\u{0}"), "{md}");
    }
}

//! Which tool crashes: rustc, clippy or rustdoc. Each is run the way rustc is, on a
//! file (`clippy-driver` and `rustdoc` take rustc's `--edition`, `--crate-type`,
//! `--crate-name` and `--out-dir`) or through cargo on a crate (`cargo clippy`,
//! `cargo doc --no-deps`); their crashes are rustc crashes (a panic on the `rustc`
//! thread, exit code 101) and are matched by the same signature rules.

use std::ffi::OsString;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::exec::CommandSpec;

/// The tool whose crash is reduced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tool {
    /// The compiler (`rustc`; `cargo check` or `cargo build` on a crate).
    #[default]
    Rustc,
    /// Clippy (`clippy-driver`; `cargo clippy` on a crate).
    Clippy,
    /// Rustdoc (`rustdoc`; `cargo doc --no-deps` on a crate).
    Rustdoc,
}

impl Tool {
    /// Every tool, for messages and settings.
    pub const ALL: [Tool; 3] = [Tool::Rustc, Tool::Clippy, Tool::Rustdoc];

    /// `rustc`, `clippy` or `rustdoc`.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Rustc => "rustc",
            Tool::Clippy => "clippy",
            Tool::Rustdoc => "rustdoc",
        }
    }

    /// The tool called `name` (`clippy-driver` and `cargo-clippy` are clippy).
    pub fn from_name(name: &str) -> Option<Tool> {
        match name {
            "rustc" => Some(Tool::Rustc),
            "clippy" | "clippy-driver" | "cargo-clippy" => Some(Tool::Clippy),
            "rustdoc" => Some(Tool::Rustdoc),
            _ => None,
        }
    }

    /// The program run on a file: `$RUSTC` / `$RUSTDOC` when set, else the
    /// toolchain's binary name.
    pub fn program(self) -> OsString {
        match self {
            Tool::Rustc => std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()),
            Tool::Clippy => "clippy-driver".into(),
            Tool::Rustdoc => std::env::var_os("RUSTDOC").unwrap_or_else(|| "rustdoc".into()),
        }
    }

    /// The binary's file name in the toolchain's `bin/`.
    pub fn binary(self) -> &'static str {
        match self {
            Tool::Rustc => "rustc",
            Tool::Clippy => "clippy-driver",
            Tool::Rustdoc => "rustdoc",
        }
    }

    /// The cargo subcommand that runs the tool on a crate (`build`: codegen too).
    pub fn cargo_subcommand(self, build: bool) -> &'static str {
        match self {
            Tool::Rustc if build => "build",
            Tool::Rustc => "check",
            Tool::Clippy => "clippy",
            Tool::Rustdoc => "doc",
        }
    }

    /// The tool's version for reports: `clippy-driver --version` then the compiler
    /// it is built on (`-vV`); `rustc -vV`, `rustdoc -vV`.
    pub fn version(self, program: &OsString) -> String {
        let ask = |arg: &str| {
            let spec = CommandSpec::new(program.clone(), ".").arg(arg);
            crate::exec::query(&spec, Duration::from_secs(60))
                .map(|out| String::from_utf8_lossy(&out).into_owned())
                .unwrap_or_default()
        };
        match self {
            Tool::Clippy => {
                let clippy = ask("--version");
                let rustc = ask("-vV");
                if clippy.is_empty() {
                    rustc
                } else {
                    format!("{}\n{rustc}", clippy.trim_end())
                }
            }
            Tool::Rustc | Tool::Rustdoc => ask("-vV"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_each_tool_reports_its_version() {
        for t in Tool::ALL {
            assert_eq!(Tool::from_name(t.name()), Some(t));
        }
        assert_eq!(Tool::from_name("clippy-driver"), Some(Tool::Clippy));
        assert_eq!(Tool::from_name("miri"), None);
        let clippy = Tool::Clippy.version(&Tool::Clippy.program());
        assert!(clippy.starts_with("clippy "), "{clippy}");
        assert!(clippy.contains("\nrustc "), "{clippy}");
        let rustdoc = Tool::Rustdoc.version(&Tool::Rustdoc.program());
        assert!(rustdoc.starts_with("rustdoc "), "{rustdoc}");
    }
}

#!/usr/bin/env bash
# Runs every test: formatting, clippy, the engine's unit and simulation-backed
# tests, end-to-end tests of the CLI with the real rustc and cargo, in-process
# tests of the LSP server, and end-to-end tests of `cargo minimize lsp` with real
# clients (a Node client on vscode-languageserver-protocol, headless Neovim, batch
# Emacs with Eglot), and the
# VS Code extension: strict type check, lint, unit tests, packaging, and tests in a
# real VS Code (code-server in headless Chromium) with the packaged .vsix.
# Installs what those need first (scripts/install-test-deps.sh,
# scripts/install-vscode-test-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTC_ICE=0
./scripts/install-test-deps.sh
./scripts/install-vscode-test-deps.sh
cargo fmt --all -- --check
cargo clippy --all-targets --release -- -D warnings
cargo test --workspace --release
cargo build --release -p cargo-minimize
(cd tests/lsp && CARGO_MINIMIZE_BIN="$PWD/../../target/release/cargo-minimize" npm test)
(cd vscode-extension && CARGO_MINIMIZE_BIN="$PWD/../target/release/cargo-minimize" npm test)

#!/usr/bin/env bash
# Installs what the end-to-end tests of the language server need beyond Rust:
# the Node client library (npm, pinned by tests/lsp/package-lock.json) and
# Debian's headless Neovim. Idempotent; safe to rerun.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v nvim >/dev/null 2>&1 || scripts/apt-install.sh neovim

(cd tests/lsp && npm ci --no-audit --no-fund --loglevel=error)

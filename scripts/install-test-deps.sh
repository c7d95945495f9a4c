#!/usr/bin/env bash
# Installs what the end-to-end tests of the language server need beyond Rust:
# the Node client library (npm, pinned by tests/lsp/package-lock.json) and
# Debian's headless Neovim. Idempotent; safe to rerun.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nvim >/dev/null 2>&1; then
    echo "installing neovim (apt)"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get -o APT::Sandbox::User=root update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o APT::Sandbox::User=root install -y -qq --no-install-recommends neovim >/dev/null
fi

(cd tests/lsp && npm ci --no-audit --no-fund --loglevel=error)

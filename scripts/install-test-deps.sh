#!/usr/bin/env bash
# Installs what the end-to-end tests of the language server need beyond Rust:
# the Node client library (npm, pinned by tests/lsp/package-lock.json), Debian's
# headless Neovim, and Debian's Emacs with Eglot (and rust-mode) for the batch
# Emacs test. Idempotent; quick when everything is there; safe to rerun.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v nvim >/dev/null 2>&1 || missing+=(neovim)
command -v emacs >/dev/null 2>&1 || missing+=(emacs-nox)
# Eglot and rust-mode as Debian packages (under /usr/share/emacs/site-lisp/elpa*).
for pkg in elpa-eglot elpa-rust-mode; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] || scripts/apt-install.sh "${missing[@]}"

(cd tests/lsp && npm ci --no-audit --no-fund --loglevel=error)

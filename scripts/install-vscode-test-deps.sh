#!/usr/bin/env bash
# Installs a real VS Code for the extension's tests, offline-friendly:
# code-server 4.100.3 (VS Code 1.100.3; newer releases need Node 22) from npm,
# headless Chromium from Debian, and the extension's own npm packages.
# The recipe is the one in ../shared/notes/real-clients.md. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
DEST="${CODE_SERVER_DIR:-$PWD/vscode-extension/.vscode-test/code-server}"

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v rg >/dev/null 2>&1 || need+=(ripgrep)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need+=(libkrb5-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
scripts/apt-install.sh ${need[@]+"${need[@]}"}

if [ ! -x "$DEST/node_modules/.bin/code-server" ] || ! "$DEST/node_modules/.bin/code-server" --version >/dev/null 2>&1; then
    echo "installing code-server 4.100.3 into $DEST"
    rm -rf "$DEST"
    mkdir -p "$DEST"
    (
        cd "$DEST"
        npm init -y >/dev/null
        npm install --no-audit --no-fund --loglevel=error code-server@4.100.3 --ignore-scripts
        npm rebuild argon2 --loglevel=error
        cd node_modules/code-server/lib/vscode
        npm install --no-audit --no-fund --loglevel=error --omit=dev --ignore-scripts
        mkdir -p node_modules/@vscode/ripgrep/bin
        cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
        npm_config_yes=true npm rebuild --loglevel=error
        ln -sfn node_modules node_modules.asar
        (cd bin/remote-cli && ln -sfn code-linux.sh code-server)
        (cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
        (cd extensions && npm install --no-audit --no-fund --loglevel=error --omit=dev)
    )
    "$DEST/node_modules/.bin/code-server" --version
fi

(cd vscode-extension && npm ci --no-audit --no-fund --loglevel=error)

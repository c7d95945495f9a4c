#!/usr/bin/env bash
# Installs the tools the benchmarks compare against (not needed by the tests):
# treereduce-rust 0.4.1 (cargo, into target/bench-tools/bin) and Debian's C-Vise
# (apt). Prints the PATH line to use. Idempotent; safe to rerun.
#
#   ./scripts/install-bench-deps.sh
#   export PATH="$PWD/target/bench-tools/bin:$PATH"
#   cargo build --release -p cargo-minimize
#   tools/bench_treereduce.py        # and tools/bench_crate.py --real, tools/bench_cvise.py
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD/target/bench-tools"

if [ ! -x "$root/bin/treereduce-rust" ]; then
    echo "installing treereduce-rust 0.4.1 (cargo install, a few minutes)"
    cargo install treereduce-rust --version 0.4.1 --locked --root "$root" --quiet
fi

command -v cvise >/dev/null 2>&1 || scripts/apt-install.sh cvise

"$root/bin/treereduce-rust" --version
cvise --version
echo "export PATH=\"$root/bin:\$PATH\""

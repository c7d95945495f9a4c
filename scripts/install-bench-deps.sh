#!/usr/bin/env bash
# Installs the tools the benchmarks compare against (not needed by the tests):
# treereduce-rust 0.4.1 (cargo, into target/bench-tools/bin), Debian's C-Vise
# (apt) and Shrink Ray (the newest `shrinkray` from PyPI, in a Python 3.12 venv at
# target/bench-tools/shrinkray-venv; python3.12 from pyenv or PATH; about 10 minutes:
# it builds llama-cpp-python from source). Prints the PATH line to use. Idempotent;
# safe to rerun.
#
#   ./scripts/install-bench-deps.sh
#   export PATH="$PWD/target/bench-tools/bin:$PATH"
#   cargo build --release -p cargo-minimize
#   tools/bench_treereduce.py        # and tools/bench_crate.py --real, tools/bench_cvise.py,
#                                    # tools/bench_test_bugs.py
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD/target/bench-tools"

if [ ! -x "$root/bin/treereduce-rust" ]; then
    echo "installing treereduce-rust 0.4.1 (cargo install, a few minutes)"
    cargo install treereduce-rust --version 0.4.1 --locked --root "$root" --quiet
fi

command -v cvise >/dev/null 2>&1 || scripts/apt-install.sh cvise

venv="$root/shrinkray-venv"
if ! "$venv/bin/shrinkray" --help >/dev/null 2>&1; then
    py=""
    for c in python3.12 "$HOME/.pyenv/versions"/3.12*/bin/python3.12; do
        if command -v "$c" >/dev/null 2>&1 && "$c" -c 'import sys; assert sys.version_info[:2] == (3, 12)' 2>/dev/null; then
            py="$c"; break
        fi
    done
    [ -n "$py" ] || { echo "Shrink Ray needs Python 3.12 (pyenv install 3.12)" >&2; exit 1; }
    echo "installing shrinkray (pip, Python 3.12 venv; about 10 minutes)"
    rm -rf "$venv"
    "$py" -m venv "$venv"
    "$venv/bin/pip" install --quiet --upgrade shrinkray
fi

"$root/bin/treereduce-rust" --version
cvise --version
echo "shrinkray $("$venv/bin/pip" show shrinkray | sed -n 's/^Version: //p')"
echo "export PATH=\"$root/bin:\$PATH\""

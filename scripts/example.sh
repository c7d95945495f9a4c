#!/usr/bin/env bash
# The main job on the shipped example: a real ICE buried in a 466-line file.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p cargo-minimize
export RUSTC_BOOTSTRAP=1 RUSTC_ICE=0
work=$(mktemp -d)
cp examples/ice-buried/bug.rs "$work/bug.rs"
./target/release/cargo-minimize minimize --ice "$work/bug.rs" --report "$@"
echo "before: $(wc -c < examples/ice-buried/bug.rs) bytes, $(wc -l < examples/ice-buried/bug.rs) lines"
echo "after:  $(wc -c < "$work/bug_min.rs") bytes, $(wc -l < "$work/bug_min.rs") lines ($work/bug_min.rs)"

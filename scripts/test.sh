#!/usr/bin/env bash
# Runs every test (needs only Rust and cargo): formatting, clippy, engine unit and
# simulation-backed tests, and end-to-end tests with the real rustc and cargo.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTC_ICE=0
cargo fmt --all -- --check
cargo clippy --all-targets --release -- -D warnings
cargo test --workspace --release

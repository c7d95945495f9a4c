// cmd: RUSTC_BOOTSTRAP=1 clippy-driver --edition=2021 --crate-type=lib
// ice: explicit deref of non-derefable type
// tool: clippy
// source: https://github.com/rust-lang/rust/issues/149225
#![feature(pin_ergonomics)]
use std::pin::Pin;

pub struct Gauge {
    pub level: u16,
}

pub fn read(&pin const level: Pin<&u16>) -> u16 {
    level + 1
}

pub fn untouched(g: &Gauge) -> u16 {
    g.level
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2024 --crate-type=lib
// ice: only async closures and `iter!` closures are supported currently
// source: rust-lang/rust tests/crashes/124751.rs
#![feature(gen_blocks)]

pub fn make() {
    let _ = async gen || {};
}

pub struct Spare;

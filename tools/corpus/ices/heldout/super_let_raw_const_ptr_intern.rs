// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: the static const safety checks accepted a mutable pointer
// source: rust-lang/rust tests/crashes/142229.rs
#![feature(super_let)]

pub const ANSWER: u8 = 42;

pub const RAW: *const i32 = {
    super let cell = 7;
    &raw const cell
};

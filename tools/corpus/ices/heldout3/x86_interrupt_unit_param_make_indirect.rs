// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: Tried to make Ignore indirect
// source: rust-lang/rust tests/crashes/126418.rs
#![feature(abi_x86_interrupt)]

pub fn helper() -> u8 {
    4
}

pub extern "x86-interrupt" fn on_tick(_frame: ()) {}

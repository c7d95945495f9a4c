// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: has escaping bound vars, so it cannot be wrapped in a dummy binder
// source: rust-lang/rust tests/crashes/135720.rs
#![feature(generic_const_exprs)]

pub type Row<'r> = [i32; LEN];

pub fn scan(_row: Row<()>) {}

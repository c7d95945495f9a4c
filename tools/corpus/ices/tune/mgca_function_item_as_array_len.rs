// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: assertion failed: !parent_args.is_empty()
// source: rust-lang/rust tests/crashes/138088.rs
#![feature(min_generic_const_args)]

pub trait Shape {
    fn corners(&self) -> [u8; Shape::corners];
}

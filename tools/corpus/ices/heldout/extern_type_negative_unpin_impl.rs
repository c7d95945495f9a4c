// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: incoherent impl of negative auto trait
// source: rust-lang/rust tests/crashes/154963.rs
#![feature(extern_types, negative_impls)]

unsafe extern "C" {
    pub type Foreign;
}

impl !Unpin for Foreign {}

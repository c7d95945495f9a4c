// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: late-bound type parameter not allowed on function pointer types
// source: rust-lang/rust tests/crashes/141293.rs
#![feature(unsafe_binders)]

pub struct Marker;

pub type Erased = unsafe<Q> ();

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: should not select host obligation in old solver in intercrate mode
// source: rust-lang/rust tests/crashes/149703.rs
#![feature(const_trait_impl)]

pub struct Marker;

pub trait Shape {
    type Out;
}

impl<F: const FnOnce()> Shape for F {
    type Out = ();
}

pub const LIMIT: u8 = 3;

impl<W> From<<Marker as Shape>::Out> for W {}

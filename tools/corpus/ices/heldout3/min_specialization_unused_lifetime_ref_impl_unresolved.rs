// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: is not fully resolved
// source: rust-lang/rust tests/crashes/103708.rs
#![feature(min_specialization)]

pub struct Marker;

pub trait Describe {
    fn describe();
}

impl<'x, U: ?Sized> Describe for &'x U {
    fn describe() {}
}

impl<'x, U: ?Sized> Describe for U {
    default fn describe() {}
}

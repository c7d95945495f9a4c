// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: Unexpected node Synthetic
// source: rust-lang/rust tests/crashes/148630.rs
#![feature(unboxed_closures)]

pub trait Marker {}

pub trait Maker {
    fn make() -> impl Sized
    where
        for<'q> <() as FnOnce<&'q i32>>::Output: Marker,
    {
    }
}

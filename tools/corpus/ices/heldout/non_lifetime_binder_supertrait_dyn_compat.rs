// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: unexpected bound ty in binder
// source: rust-lang/rust tests/crashes/150545.rs
#![feature(non_lifetime_binders)]

pub trait Base<Z> {}

pub trait Walker: for<Z> Base<Z> {
    type Step;
    fn step(self) -> Self::Step;
}

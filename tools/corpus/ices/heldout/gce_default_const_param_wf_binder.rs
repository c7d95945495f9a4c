// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: has parameters, but no args were provided in instantiate
// source: rust-lang/rust tests/crashes/136416.rs
#![feature(generic_const_exprs)]

pub struct Gauge<const W: usize = {}>
where
    [(); W]:;

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: in param-env: ParamEnv
// source: rust-lang/rust tests/crashes/148629.rs
#![feature(with_negative_coherence)]

pub trait Assoc {
    type Kind;
}

pub struct Plain;

impl<const M: usize> Assoc for [(); M] {}

impl Assoc for Plain {}

impl<const M: usize> Assoc for Plain where <[(); M] as Assoc>::Kind: Clone {}

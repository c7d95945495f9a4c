// cmd: RUSTC_BOOTSTRAP=1 clippy-driver --edition=2021 --crate-type=lib
// ice: can't type-check body of
// tool: clippy
// source: https://github.com/rust-lang/rust-clippy/issues/16691
#![feature(min_generic_const_args)]
pub trait Buffer {
    type const LEN: usize;
}

pub struct Marker;

impl<const K: usize> Buffer for [i16; K] {
    type const LEN: usize = K;
}

pub fn walk<const K: usize>() -> usize {
    let mut total = 0;
    for step in 0..<[i16; K] as Buffer>::LEN {
        total += step;
    }
    total
}

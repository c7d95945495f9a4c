// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Znext-solver=coherence
// ice: during selection but now it is not
// source: rust-lang/rust tests/crashes/142717.rs
#![feature(inherent_associated_types)]
#![allow(incomplete_features)]

pub struct Cell<X>(X);

impl<'r> Cell<fn(&'r ())> {
    type Item = &mut Lookahead<J>;
}

pub fn take(_: for<'r> fn(Cell<fn(Cell<fn(&'r ())>::Item)>::Item)) {}

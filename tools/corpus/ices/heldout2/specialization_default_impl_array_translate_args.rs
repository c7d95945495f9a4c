// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: the expected specialization failed to hold
// source: rust-lang/rust issue #132519 (known-bug test, old-solver revision)
#![feature(specialization)]

pub trait Kind {
    type Slot;
}

impl<E> Kind for [E; 0] {}

default impl<E, V> Kind for E where E: IntoIterator<Item = V> {
    type Slot = V;
}

pub fn pick() {
    let v: <[_; 0] as Kind>::Slot = 4;
}

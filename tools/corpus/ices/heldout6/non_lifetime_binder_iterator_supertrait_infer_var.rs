// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: unexpected inference var
// source: rust-lang/rust tests/crashes/130346.rs
#![feature(non_lifetime_binders)]
#![allow(unused)]

pub struct Spare;

trait Source<E>: Iterator<Item = E> {}

pub fn pull(src: &mut impl for<V> Source<V>) {
    let _: Option<u64> = src.next();
}

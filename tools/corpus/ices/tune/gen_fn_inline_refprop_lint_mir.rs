// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2024 --crate-type=lib -Zmir-enable-passes=+Inline -Zmir-enable-passes=+ReferencePropagation -Zlint-mir
// ice: (after pass ReferencePropagation)
// source: rust-lang/rust tests/crashes/149748.rs
#![feature(gen_blocks)]

gen fn echo(v: i32) -> i32 {
    yield v;
    v;
}

pub fn drive() {
    let mut it = echo(9);
    assert_eq!(it.next(), Some(9))
}

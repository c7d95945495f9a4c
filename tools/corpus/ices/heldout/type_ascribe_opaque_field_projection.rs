// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: can't project out of Alias(Opaque
// source: rust-lang/rust tests/crashes/134838.rs
#![feature(type_ascription)]
#![allow(dead_code)]

struct Wrapper(());

pub fn produce() -> impl Sized {
    if false {
        let _ = type_ascribe!(produce(), Wrapper).0;
    }
    Wrapper(())
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: unsized arguments must not be `extern` types
// source: rust-lang/rust tests/crashes/123887.rs
#![feature(extern_types)]
#![feature(unsized_fn_params)]

extern "C" {
    pub type Opaque;
}

pub struct Extra;

impl Opaque {
    pub fn consume(self) {}
}

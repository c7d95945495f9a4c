// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: impl of `Unpin` for a non-adt type
// source: rust-lang/rust tests/crashes/155053.rs
#![feature(extern_types)]
#![feature(pin_ergonomics)]

pub struct Plain(u16);

unsafe extern "C" {
    pub type Handle;
}

impl Unpin for Handle {}

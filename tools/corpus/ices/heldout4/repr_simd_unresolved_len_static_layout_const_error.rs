// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: layout_of: unexpected const
// source: rust-lang/rust tests/crashes/138009.rs
#![feature(min_generic_const_args)]

pub const OTHER: u8 = 1;

#[repr(simd)]
struct Lanes([i64; WIDTH]);

static BUF: Lanes = Lanes();

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: called on const argument's anon const before the const argument was lowered
// source: rust-lang/rust tests/crashes/148614.rs
use std::arch::global_asm;

pub static LEVEL: isize = 7;

global_asm! {
    "{}",
    sym LEVEL::<{}>,
}

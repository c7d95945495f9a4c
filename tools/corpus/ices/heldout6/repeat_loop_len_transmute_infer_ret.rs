// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_middle/src/ty/sty.rs
// source: rust-lang/rust tests/crashes/138361.rs
pub struct Spare;

pub fn spin() {
    [1u8; loop {}];
    std::mem::transmute(9)
}

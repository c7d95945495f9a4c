// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Zlint-mir
// ice: broken MIR in Item(
// source: rust-lang/rust tests/crashes/145217.rs
#![feature(super_let)]

pub fn check() {
    super let Some(5) = Some(6) else { return };
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: Invalid `ConstKind` for `const_to_pat`
// source: rust-lang/rust tests/crashes/148890.rs
impl std::ops::Neg for u128 {}

pub fn clamp(-64..=63: u128) {}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: expected wide pointer extra data
// source: rust-lang/rust tests/crashes/154779.rs
pub struct Names([[&'static str]; 1]);

pub const EMPTY: &'static Names = &*(&[] as *const Names);

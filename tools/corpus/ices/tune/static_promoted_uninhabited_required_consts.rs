// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: which is not in required_consts
// source: rust-lang/rust tests/crashes/141590.rs
use std::sync::OnceLock;

pub enum Never {}

pub static CELL: Never = OnceLock::new();

mod refs {
    pub static ALL: &[&super::Never] = &[&super::CELL];
}

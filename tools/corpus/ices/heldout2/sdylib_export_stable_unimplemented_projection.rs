// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=sdylib
// ice: compiler/rustc_passes/src/check_export.rs
// source: rust-lang/rust tests/crashes/140693.rs
pub struct Unit;

pub trait Carrier {
    type Item;
}

#[export_stable]
pub extern "C" fn accept(_v: <Unit as Carrier>::Item) {}

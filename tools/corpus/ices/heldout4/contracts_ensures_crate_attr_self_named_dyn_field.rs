// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_resolve/src/late/diagnostics.rs
// source: rust-lang/rust tests/crashes/137129.rs
#![core::contracts::ensures]
struct Node {
    inner: dyn Node + 'static,
}
pub fn helper() -> u16 { 12 }

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_hir_analysis/src/hir_ty_lowering/dyn_trait.rs
// source: rust-lang/rust tests/crashes/144241.rs
pub fn build() {
    let _f = |_: dyn ?Sized + !Send| {};
}

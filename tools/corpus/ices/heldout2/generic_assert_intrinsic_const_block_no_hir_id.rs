// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: No HirId for DefId
// source: rust-lang/rust tests/crashes/155482.rs
#![feature(generic_assert)]

pub fn blend() {
    std::arch::x86_64::_mm_shuffle_ps(
        todo!(),
        todo!(),
        const {
            assert!(Y != 7);
        },
    )
}

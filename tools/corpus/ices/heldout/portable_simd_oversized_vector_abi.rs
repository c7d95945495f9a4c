// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin -Copt-level=0
// ice: ABI computation failure should lead to compilation failure
// source: rust-lang/rust tests/crashes/152204.rs
#![feature(portable_simd)]

fn main() {
    if false {
        let _ = core::simd::Simd::<u16, 256>::splat(1);
    }
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Copt-level=0
// ice: compiler/rustc_codegen_llvm/src/context.rs
// source: rust-lang/rust tests/crashes/138008.rs
#![feature(repr_simd)]

const LANES: usize = 32;

#[repr(simd)]
pub struct Packet([u8; LANES]);

pub unsafe fn accept(p: Packet) {}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: builtin derive created an unaligned reference
// source: rust-lang/rust tests/crashes/120873.rs
#[repr(packed)]
pub struct Squeezed<V>(u16, V);

#[derive(PartialEq)]
#[repr(C)]
pub struct Squeezed<V>(u16, V);

// cmd: RUSTC_BOOTSTRAP=1 clippy-driver --edition=2021 --crate-type=lib
// ice: unsized type for `size_of`
// tool: clippy
// source: https://github.com/rust-lang/rust-clippy/issues/16690
#![feature(trivial_bounds)]
pub struct Probe<U>(U);

pub trait Fallback<U: ?Sized> {
    const BYTES: usize = usize::MAX;
}

impl<U: ?Sized> Fallback<U> for U {}

impl<U> Probe<U> {
    const BYTES: usize = size_of::<U>();
}

pub struct Text([u16]);

impl Text {
    pub fn fits() -> bool
    where
        Self: Sized,
    {
        <[u16]>::BYTES == Probe::<Self>::BYTES
    }
}

pub fn unrelated(n: u32) -> u32 {
    n.wrapping_mul(7)
}

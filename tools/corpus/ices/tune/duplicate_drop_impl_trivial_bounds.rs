// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: multiple drop impls found
// source: rust-lang/rust tests/crashes/153947.rs
#![expect(drop_bounds)]

pub struct Guard<E>(E) where [E]: Sized, Self: Drop;

impl<E> Drop for Guard<E> where [E]: Sized, Self: Drop {
    fn drop(&mut self) {}
}

impl<E> Drop for Guard<E> where [E]: Sized, Self: Drop {
    fn drop(&mut self) {}
}

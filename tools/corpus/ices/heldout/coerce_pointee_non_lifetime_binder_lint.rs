// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_lint/src/builtin.rs
// source: rust-lang/rust tests/crashes/153005.rs
#![feature(non_lifetime_binders)]
#![feature(derive_coerce_pointee)]

#[derive(core::marker::CoercePointee)]
#[repr(transparent)]
pub struct SmartRef<'r, #[pointee] P: ?Sized, Extra>
where
    for<W> W: Sized,
{
    target: &'r P,
    extra: core::marker::PhantomData<Extra>,
}

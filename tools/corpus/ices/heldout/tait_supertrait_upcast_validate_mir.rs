// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Zvalidate-mir
// ice: broken MIR in Item(
// source: rust-lang/rust tests/crashes/148094.rs
#![feature(type_alias_impl_trait)]

pub type Secret = impl Sized;

pub trait Upper<V> {}
pub trait Lower: Upper<Secret> {}

#[define_opaque(Secret)]
pub fn widen(x: &dyn Lower) -> &dyn Upper<()> {
    x
}

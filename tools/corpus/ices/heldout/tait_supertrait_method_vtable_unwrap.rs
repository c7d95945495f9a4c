// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_trait_selection/src/traits/vtable.rs
// source: rust-lang/rust tests/crashes/152295.rs
#![feature(type_alias_impl_trait)]

pub type Veil = impl Sized;

pub trait Inner<V> {
    fn inner(&self);
}

pub trait Outer: Inner<Veil> {}

pub fn call_inner(obj: &dyn Outer) {
    obj.inner();
}

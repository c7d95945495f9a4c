// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: Failed to normalize Alias(Projection
// source: rust-lang/rust tests/crashes/137049.rs
#![feature(type_alias_impl_trait)]

use std::marker::PhantomData;

pub trait First {
    type One;
}

impl<X> First for X {
    type One = ();
}

pub trait Second {
    type Two;
}

impl<X: First<One = ()>> Second for PhantomData<X> {
    type Two = ();
}

pub type Hidden<X> = impl Second;

#[define_opaque(Hidden)]
fn make<X>() -> Hidden<X> {
    PhantomData::<X>
}

pub struct Holder<X: First>(<Hidden<X> as Second>::Two);

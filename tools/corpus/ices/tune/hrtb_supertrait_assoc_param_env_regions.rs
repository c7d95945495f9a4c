// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: failed region resolution while normalizing ParamEnv
// source: rust-lang/rust tests/crashes/136661.rs
#![allow(unused)]

pub trait Parent<Z> {}

pub trait Projected {
    type Out;
}

impl Projected for &'static () {
    type Out = ();
}

pub trait Child<R: Projected>: Parent<R::Out> {
    fn act(&self) {}
}

pub trait Unrelated {
    fn act(&self) {}
}

pub fn bounded<W: for<'b> Child<&'b ()>>() {}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: failed to resolve instance for <() as
// source: rust-lang/rust tests/crashes/137190.rs
pub trait Base {
    fn greet(&self) {}
}

pub trait Derived: Base {}

impl Derived for () {}

pub const UPCAST: &dyn Base = &() as &dyn Derived as &dyn Base;

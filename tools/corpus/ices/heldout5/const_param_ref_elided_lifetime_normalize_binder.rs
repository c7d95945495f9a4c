// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: without wrapping in a `Binder`
// source: rust-lang/rust tests/crashes/142382.rs
#![feature(generic_const_parameter_types)]
#![feature(adt_const_params)]
#![feature(unsized_const_params)]
#![allow(incomplete_features)]

struct Holder<'x, const V: &'x u32>;

fn helper() -> u32 {
    11
}

fn produce(&self) -> Holder<3> {
    todo!();
}

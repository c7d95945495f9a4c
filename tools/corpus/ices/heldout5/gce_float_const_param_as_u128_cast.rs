// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: FloatToFloat/FloatToInt cast: source type
// source: rust-lang/rust tests/crashes/125769.rs
#![feature(generic_const_exprs)]
#![allow(incomplete_features)]

trait Shape {}

struct Sized2<const A: usize, const B: u128>;

impl<const R: f64> Shape for Sized2<R, { R as u128 }> {}

pub fn check_shapes() {
    fn wants_shape<S: Shape>() {}

    wants_shape::<Sized2<7, 7>>();
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: assertion failed: self.query_mode == TraitQueryMode::Canonical
// source: rust-lang/rust tests/crashes/148095.rs
use std::ops::Mul;

pub struct Measure<U>(U);

impl<U> Mul<Measure<<f32 as Mul<U>>::Output>> for f32
where
    Measure<Self::Output>:
{
    type Output = ();
    fn mul(self, _: Measure<<f32 as Mul<U>>::Output>) {}
}

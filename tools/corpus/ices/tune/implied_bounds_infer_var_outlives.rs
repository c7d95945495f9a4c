// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: assertion failed: !ty.has_non_region_infer()
// source: rust-lang/rust tests/crashes/135122.rs
pub trait Combine {
    type Result;
    fn combine(_: (), _: Self::Result) {}
}

pub trait Twin<L> {
    type Linked;
}

pub trait Element {
    type Item;
}

impl<M> Twin<i16> for f32 where f32: Twin<M, Linked = M> {}

impl<N> Combine for i64
where
    f32: Twin<N>,
    i8: Element<Item = N>,
{
    type Result = <f32 as Twin<N>>::Linked;
    fn combine(_: Element, _: Self::Result) {}
}

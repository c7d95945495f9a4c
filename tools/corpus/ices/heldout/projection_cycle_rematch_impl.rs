// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: was matchable against
// source: rust-lang/rust tests/crashes/141124.rs
pub struct Unit;

pub trait Leaf {}

pub trait Mapper {
    type Out;
}

impl<K> Mapper for K
where
    K: Leaf,
{
    type Out = <(K,) as Mapper>::Out;
}

impl Leaf for <Unit as Mapper>::Out {}

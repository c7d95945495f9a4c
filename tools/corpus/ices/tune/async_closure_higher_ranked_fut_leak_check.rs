// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: error performing operation: fully_perform
// source: rust-lang/rust tests/crashes/147719.rs
pub trait Node {}

pub struct Pair<F, P>(F, P);

impl<F, P> Pair<F, P> {
    fn build(_: F) -> Self {
        loop {}
    }
}

pub trait Param {}

impl<F, A> Node for Pair<F, A> where A: Param {}
impl<F, Fut, A> Node for Pair<F, (A,)> where F: Fn(&(), A) -> Fut {}

pub fn trigger() {
    let _: &dyn Node = &Pair::<_, (i128,)>::build(async |_: &(), n| 0);
}

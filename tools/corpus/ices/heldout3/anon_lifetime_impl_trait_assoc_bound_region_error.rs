// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_borrowck/src/diagnostics/region_errors.rs
// source: rust-lang/rust tests/crashes/124340.rs
#![feature(anonymous_lifetime_in_impl_trait)]

pub trait Tied<'t> {}

pub trait Source {
    type Item;
    fn pull(self) -> Self::Item;
}

fn pin_together<'t>(_a: &'t u64, _b: impl Tied<'t>) {
    unimplemented!()
}

pub fn run<'t>(r: &'t u64, src: impl Source<Item: Tied<'_>>) {
    pin_together(r, src.pull());
}

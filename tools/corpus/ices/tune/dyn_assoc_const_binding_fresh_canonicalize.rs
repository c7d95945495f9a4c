// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: encountered a fresh type during canonicalization
// source: rust-lang/rust tests/crashes/148632.rs
pub trait Holder<H> {}

pub trait Reflect {
    const ME: dyn Holder<Self>;
}

pub fn look() {
    let _: &dyn Reflect<ME = { 0 }>;
}

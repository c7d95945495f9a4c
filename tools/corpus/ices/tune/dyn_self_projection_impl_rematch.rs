// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: but now is not
// source: rust-lang/rust tests/crashes/149015.rs
pub trait Lookup {
    type Found;
}

pub trait Opaque {}

pub struct Spare;

impl Lookup for <dyn Opaque as Lookup>::Found {
    type Found = ();
}

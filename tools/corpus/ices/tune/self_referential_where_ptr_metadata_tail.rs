// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: `ptr_metadata_ty_or_tail` applied to unexpected type
// source: rust-lang/rust tests/crashes/151069.rs
pub trait Knot {
    type Tied;
}

pub struct Rope;

impl Knot for Rope
where
    <Rope as Knot>::Tied: Knot,
{
    type Tied = ();
}

pub struct Bundle {
    strand: <Rope as Knot>::Tied,
}

pub static BUNDLE: &Bundle = 0;

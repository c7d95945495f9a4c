// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: Missing value for constant, but no error reported?
// source: rust-lang/rust tests/crashes/154556.rs
// The method must share its name with `PartialEq::eq` for the probe to hit the bug.
#![feature(generic_const_exprs)]

pub trait Compare {
    fn eq(self);
}

pub trait Count {
    const TOTAL: usize;
}

impl<C: Count> Compare for C
where
    [(); C::TOTAL]: Sized,
{
    fn eq(self) {}
}

pub fn probe() {
    ().eq(&());
}

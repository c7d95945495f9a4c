// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: bound types encountered in structurally_relate_tys
// source: rust-lang/rust tests/crashes/118038.rs
#![feature(non_lifetime_binders)]

pub fn run() {
    probe::<i16>();
}

fn probe<P>()
where
    for<Q> dyn Fn(P, *const P): Fn(P, *const Q),
{
}

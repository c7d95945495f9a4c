// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: failed to normalize const, but it is not generic
// source: rust-lang/rust tests/crashes/126696.rs
#![feature(generic_const_exprs)]
#![allow(incomplete_features)]

pub struct Unused;

fn twice<const K: usize>(arr: [(); K])
where
    [(); K * 2]:,
{
    arr[0];
    unimplemented!()
}

fn outer<const M: usize>()
where
    [(); (M + 2) * 2]:,
{
    twice([(); { M + 2 }]);
}

pub fn drive() {
    outer::<3>();
}

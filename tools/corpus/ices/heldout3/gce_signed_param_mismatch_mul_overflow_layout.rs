// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: layout mismatch for result of
// source: rust-lang/rust tests/crashes/125520.rs
#![feature(generic_const_exprs)]

pub struct Grid<const W: i64, const H: i64>();

impl<const W: usize, const H: usize> Grid<W, H>
where
    [(); W + (H * 3)]:,
{
    fn make() -> Self {
        Self
    }
}

pub fn start() {
    Grid::<2, 5>::build();
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: invalid asymmetric binary op
// source: rust-lang/rust tests/crashes/121858.rs
#![allow(dead_code)]
#![feature(generic_const_exprs)]

struct Cell<const P: usize, const Q: usize>;

impl<const P: usize, const Q: usize> Cell<P, Q>
where
    [(); P + Q]:,
{
    fn make() -> Self {
        Self
    }
}

fn unrelated(x: u16) -> u16 {
    x.wrapping_mul(3)
}

struct Grid<const W: i64, const H: usize>(Cell<W, { H * 3 }>)
where
    [(); W + (H * 3)]:;

impl<const W: usize, const H: usize> Grid<W, H>
where
    [(); W + (H * 3)]:,
{
    fn build() -> Missing {
        Self(Cell::make())
    }
}

pub fn run() {
    Grid::<4, 2>::build();
}

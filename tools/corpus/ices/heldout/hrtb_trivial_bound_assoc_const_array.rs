// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: Missing value for constant, but no error reported?
// source: rust-lang/rust tests/crashes/135617.rs
pub trait Sized2 {
    const WIDTH: usize;
}

pub fn fill()
where
    for<'w> (): Sized2,
{
    [(); <() as Sized2>::WIDTH];
}

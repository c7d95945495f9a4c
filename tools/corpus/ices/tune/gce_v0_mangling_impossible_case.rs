// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin -Csymbol-mangling-version=v0 -Cdebuginfo=1
// ice: impossible case reached
// source: rust-lang/rust tests/crashes/134479.rs
#![feature(generic_const_exprs)]

struct Slot<const K: usize>;

fn build<const K: usize>() -> Slot<K>
where
    [(); K * 1]: Sized,
{
    Slot
}

fn shrink<const K: usize>() -> Slot<{ K - 1 }>
where
    [(); (K - 1) * 1]: Sized,
{
    build()
}

fn main() {
    shrink::<3>();
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin -Copt-level=0
// ice: collection encountered polymorphic constant
// source: rust-lang/rust tests/crashes/115435.rs
trait Holder {
    type Inner: ?Sized;
}

impl<X: ?Sized> Holder for X {
    type Inner = X;
}

fn measure<V>() {
    std::mem::size_of::<V>();
}

fn relay<V: ?Sized>()
where
    <V as Holder>::Inner: Sized,
{
    measure::<V>();
}

fn main() {
    relay::<dyn Holder<Inner = u32>>();
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: generics_of: unexpected node kind
// source: rust-lang/rust tests/crashes/144888.rs
trait Base {
    type Item;
}

trait Reflect {
    type Item;
}

impl dyn Shape<u8> {}

trait Shape<T>: Base<Item = T>
where
    <Self as Reflect>::Item: Clone,
{
    fn reinterpret(&self) {}
}

impl<T: Base<Item = u8>> Reflect for T {}

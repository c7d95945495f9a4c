// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin -Zprint-type-sizes
// ice: Unexpected type {type error} for `Field` projection
// source: rust-lang/rust tests/crashes/154964.rs
struct Bag<B> {
    inner: (),
}

fn main() {
    |bag: Bag<_>| async { bag.inner };
}

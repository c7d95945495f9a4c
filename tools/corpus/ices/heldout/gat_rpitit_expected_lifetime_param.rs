// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: expected lifetime parameter, but found another generic parameter
// source: rust-lang/rust tests/crashes/140381.rs
pub trait Sink<V> {}

pub trait Borrower {
    type Src<'s>
    where
        Self: 's;
    fn borrow_it(src: Self::Src<'_>) -> impl Sink<Self::Src<'_>>;
}

impl<A, B> Borrower for (A, B) {
    type Src<'s> = ();

    fn borrow_it(src: Self::Src<'_>) -> impl Sink<Self::Src<'_>> {
        src
    }
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: cannot relate bound region
// source: rust-lang/rust tests/crashes/144033.rs
trait Consume {
    fn eat<S>(self, _: S)
    where
        for<'r> &'r S: Iterator<Item = &'r ()>;
}

struct Unused(u8);

impl Consume for () {
    fn eat<S>(self, _: S)
    where
        for<'r> &'r S: Iterator,
    {
        let source = std::iter::empty::<()>().map(|_| &());
        self.eat(source)
    }
}

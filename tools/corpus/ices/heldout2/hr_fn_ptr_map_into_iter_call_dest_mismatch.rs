// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: call dest mismatch
// source: rust-lang/rust issue #131373 (known-bug test, old-solver revision)
trait Guard: 'static {
    type View<'g>;
}

struct Borrowed<'b, S: ?Sized> {
    _inner: &'b S,
}

impl Guard for () {
    type View<'g> = ();
}

impl<'b, S: ?Sized, G: Guard> IntoIterator for Borrowed<'b, S>
where
    &'b S: IntoIterator<Item = &'b G>,
{
    type Item = G::View<'b>;
    type IntoIter = std::iter::Map<<&'b S as IntoIterator>::IntoIter,
        for<'k> fn(&'k G) -> G::View<'k>>;
    fn into_iter(self) -> Self::IntoIter {
        loop {}
    }
}

fn acquire() -> Borrowed<'static, [()]> {
    loop {}
}

pub fn consume() {
    let _ = acquire().into_iter();
}

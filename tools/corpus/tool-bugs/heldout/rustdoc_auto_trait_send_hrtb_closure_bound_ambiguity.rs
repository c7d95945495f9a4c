// cmd: RUSTC_BOOTSTRAP=1 rustdoc --edition=2021
// ice: [Ambiguity]
// tool: rustdoc
// source: https://github.com/rust-lang/rust/issues/110741
pub struct Public<'s, G>(Private<'s, G>)
where
    G: for<'t> Fn(&'t str, &'s i64);

pub struct Private<'s, G>(&'s (), G);

pub fn nothing() {}

unsafe impl<'s, G> Send for Private<'s, G>
where
    G: for<'t> Fn(&'t str, &'s i64)
{}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: no entry for node id
// source: rust-lang/rust issue #122903 (tests/crashes/122903-*.rs, the non-async `self: impl FnMut(...)` version)
pub struct Marker;

impl Widget {
    fn wrap_twice(
        self: impl FnMut(Box<impl FnMut(&mut Self)>),
    ) -> &u8 {
        value
    }
}

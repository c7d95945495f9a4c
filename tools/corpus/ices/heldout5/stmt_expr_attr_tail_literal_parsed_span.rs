// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: can't get the span of an arbitrary parsed attribute
// source: rust-lang/rust tests/crashes/143094.rs
pub struct Meter(u32);

pub fn warm() {
    #[cold]
    9
}

pub fn other() -> Meter {
    Meter(4)
}

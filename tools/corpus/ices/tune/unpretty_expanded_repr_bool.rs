// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Zunpretty=expanded
// ice: unrecognized representation hint
// source: rust-lang/rust tests/crashes/138534.rs
pub struct Filler;

#[repr(bool)]
pub enum Toggle {
    Off,
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: nonscalar layout for layout_scalar_valid_range type
// source: rust-lang/rust tests/crashes/122681.rs
#[derive(Default)]
pub enum Mode {
    #[default]
    Idle,
    Pair(Empty),
}

#[rustc_layout_scalar_valid_range_start(3)]
pub struct Empty;

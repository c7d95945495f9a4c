// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: error performing operation: fully_perform
// source: rust-lang/rust tests/crashes/140123.rs
const fn fresh() -> &'static mut [(); 0] {
    &mut []
}

pub const PAIR: [&mut [(); 0]; 2] = [const { fresh() }; 2];

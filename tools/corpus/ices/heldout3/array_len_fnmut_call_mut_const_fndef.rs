// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: calling const FnDef errored when it shouldn't
// source: rust-lang/rust tests/crashes/117795.rs
pub fn fill() -> u8 {
    let slots = [1u8; FnMut::call_mut(&mut width, ())];
    slots[0]
}

const fn width() -> usize {
    3
}

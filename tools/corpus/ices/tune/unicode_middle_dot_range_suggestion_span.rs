// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: assertion failed: bpos.to_u32() >= mbc.pos.to_u32()
// source: rust-lang/rust issue #155799 (known-bug test)
pub struct Spot;

// U+00B7 MIDDLE DOT recovered as a range operator
pub fn ellipsis() { ··· }

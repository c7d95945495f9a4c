// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: assertion failed: bpos.to_u32() >= mbc.pos.to_u32()
// source: rust-lang/rust tests/crashes/156101.rs
pub fn show() {
    let _ = format_args!(concat!("𐏿", "{g:?#}"));
}

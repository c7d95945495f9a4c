// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: to get the signature of a closure, use
// source: rust-lang/rust tests/crashes/150128.rs
pub fn pick(n: u8) {
    let _ = match n {
        _ => || (),
        _ => || (),
        _ => (|| ()) as unsafe fn,
    };
}

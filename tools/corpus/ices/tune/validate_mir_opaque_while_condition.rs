// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Zvalidate-mir
// ice: unhandled type: Alias(Opaque
// source: rust-lang/rust tests/crashes/140850.rs
pub fn spin() -> impl Sized {
    if false {
        while spin() {}
    }
    loop {}
}

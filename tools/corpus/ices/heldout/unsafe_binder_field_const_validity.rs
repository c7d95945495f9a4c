// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_const_eval/src/interpret/validity.rs
// source: rust-lang/rust tests/crashes/153362.rs
pub struct Thin {
    slot: unsafe<> (),
}

pub const ONE: &Thin = unsafe { std::mem::transmute(b"z".as_ptr()) };

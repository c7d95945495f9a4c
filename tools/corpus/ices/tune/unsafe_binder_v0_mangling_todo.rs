// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin -Copt-level=0
// ice: compiler/rustc_symbol_mangling/src/v0.rs
// source: rust-lang/rust tests/crashes/154367.rs
#![feature(unsafe_binders)]

fn stop<S>() {
    panic!()
}

fn main() {
    stop::<unsafe<'b> &'b ()>();
}

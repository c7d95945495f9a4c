// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_mir_build/src/builder/expr/as_operand.rs
// source: rust-lang/rust tests/crashes/122259.rs
#![feature(unsized_fn_params)]

fn consume(_v: Text) {}

pub fn relay(v: &Text) {
    consume(*v);
}

#[derive(Clone, Copy)]
pub struct Text(str);

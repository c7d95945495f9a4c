// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_const_eval/src/check_consts/check.rs
// source: rust-lang/rust tests/crashes/137187.rs
use std::ops::Add;

pub struct Unused;

const trait Doubler where
    *const Box<Self>: const Add,
{
    fn double(p: *const Box<Self>) -> <*const Box<Self> as Add>::Output {
        p + p
    }
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_middle/src/mir/statement.rs
// source: rust-lang/rust tests/crashes/134587.rs
use std::ops::Add;

pub struct Spare;

pub fn shift_ptr<U>(p: *const U)
where
    *const U: Add<u16>,
{
    p + 3_u16;
}

pub trait Double
where
    *const Self: Add<*const Self>,
{
    extern "C" fn double_ptr(this: *const Self) -> <*const Self as Add<*const Self>>::Output {
        this + this
    }
}

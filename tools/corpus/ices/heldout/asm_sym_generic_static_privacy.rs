// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: node_type: no type for node
// source: rust-lang/rust tests/crashes/148628.rs
use std::arch::asm;

static COUNTER: i32 = 0;

pub unsafe fn touch<W>() {
    asm!("/* {0} */", sym COUNTER::<W>);
}

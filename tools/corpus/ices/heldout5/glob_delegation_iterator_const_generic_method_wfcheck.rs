// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: DefId::expect_local
// source: rust-lang/rust tests/crashes/143498.rs
#![feature(fn_delegation)]
#![feature(iter_next_chunk)]
#![feature(iter_array_chunks)]
#![allow(incomplete_features)]

pub struct Counter(u32);

impl Stream {
    reuse <std::fmt::Display as Iterator>::*;
}

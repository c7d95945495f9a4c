// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2024 --crate-type=lib
// ice: Same capture can't be ByUse and ByValue at the same time
// source: rust-lang/rust tests/crashes/141916.rs
#![allow(incomplete_features)]
#![feature(ergonomic_clones)]

use std::clone::UseCloned;

#[derive(Clone)]
struct Token;

impl UseCloned for Token {}

fn keep_and_return(t: Token) -> Token { async {
    let _copy = t.use;
    t
} }

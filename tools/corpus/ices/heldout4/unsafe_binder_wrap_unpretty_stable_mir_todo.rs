// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Znext-solver -Zunpretty=stable-mir
// ice: compiler/rustc_public/src/unstable/convert/stable/mir.rs
// source: rust-lang/rust issue #130516 (known-bug ui test, unsafe binders, `-Zunpretty=stable-mir`)
#![feature(unsafe_binders)]
#![allow(incomplete_features, dead_code)]

use std::unsafe_binder::{unwrap_binder, wrap_binder};

pub const LIMIT: u32 = 9;

pub fn round_trip(input: u32) -> u32 {
    let boxed: unsafe<> u32 = unsafe { wrap_binder!(input) };
    unsafe { unwrap_binder!(boxed) }
}

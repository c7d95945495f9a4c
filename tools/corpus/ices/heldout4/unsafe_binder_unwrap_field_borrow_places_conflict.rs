// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Znext-solver
// ice: compiler/rustc_borrowck/src/places_conflict.rs
// source: rust-lang/rust issue #130516 (known-bug ui test, unsafe binders, `-Znext-solver`)
#![feature(unsafe_binders)]
#![allow(incomplete_features, dead_code)]

use std::unsafe_binder::unwrap_binder;

pub fn pick(b: unsafe<> Option<u16>) -> u16 {
    unsafe {
        match unwrap_binder!(b) {
            Some(v) if v > 3 => v,
            _ => 7,
        }
    }
}

pub fn swap_halves(mut pair: unsafe<> (u16, u16)) {
    unsafe {
        let left = &mut unwrap_binder!(pair).0;
        let right = &unwrap_binder!(pair).1;
        *left = *right;
    }
}

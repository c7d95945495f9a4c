// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin -Znext-solver -Cpanic=abort -Zsanitizer=kcfi -Cunsafe-allow-abi-mismatch=sanitizer -Zunstable-options -Csymbol-mangling-version=legacy
// ice: compiler/rustc_sanitizers/src/cfi/typeid/itanium_cxx_abi/encode.rs
// source: rust-lang/rust issue #130516 (known-bug ui test, unsafe binders, KCFI sanitizer)
#![feature(unsafe_binders)]
#![allow(incomplete_features, dead_code)]

use std::unsafe_binder::wrap_binder;

fn consume(_: unsafe<'r> &'r u32) {}

fn main() {
    let callee: fn(unsafe<'r> &'r u32) = consume;
    callee(unsafe { wrap_binder!(&42) });
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Znext-solver=globally
// ice: can't type-check body of
// source: rust-lang/rust issue #153831 (reproducer in the issue thread)
#![feature(min_generic_const_args)]

pub struct Unit;

type const LOOPED: () = LOOPED;

pub fn touch() {
    LOOPED;
}

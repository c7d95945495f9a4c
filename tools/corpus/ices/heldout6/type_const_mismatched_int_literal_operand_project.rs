// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: attempting to project to field at offset 0 with size 8 into immediate
// source: rust-lang/rust issue #154750 (reproducer in the issue thread)
#![feature(min_generic_const_args)]

pub struct Marker;

type const WIDTH: usize = 7u32;

pub fn read_width() {
    WIDTH;
}

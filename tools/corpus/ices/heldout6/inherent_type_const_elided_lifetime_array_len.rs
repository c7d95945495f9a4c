// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: unelided lifetime in signature
// source: rust-lang/rust issue #149809 (reproducer in the issue thread)
#![allow(incomplete_features, unused)]
#![feature(inherent_associated_types)]
#![feature(min_generic_const_args)]

pub struct Extra(u8);

struct Holder<'h> {
    slot: &'h (),
}

impl<'h> Holder<'h> {
    fn fill(_: [u16; { Holder::SIZE }]) {}
    type const SIZE: usize = 3;
}

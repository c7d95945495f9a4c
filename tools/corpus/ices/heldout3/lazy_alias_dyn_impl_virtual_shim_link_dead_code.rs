// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin -Clink-dead-code
// ice: is for direct calls only
// source: rust-lang/rust tests/crashes/114198.rs
#![feature(lazy_type_alias)]

type Handle = dyn Greeter + Send;

trait Greeter {
    fn hello(&self) {}
}

impl Greeter for Handle {}

fn main() {}

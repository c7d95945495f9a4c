// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: enum variant discr was too generic to eval
// source: rust-lang/rust tests/crashes/148888.rs
#![feature(type_alias_impl_trait)]

pub type Shade = impl Send;

pub trait Tagged {
    const TAG: u32;
}

impl Tagged for Shade {
    const TAG: u32 = 0;
}

#[repr(u32)]
pub enum Coded {
    First = <Shade as Tagged>::TAG,
}

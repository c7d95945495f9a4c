// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: Mismatched open/close delims
// source: rust-lang/rust tests/crashes/147917.rs
#![feature(custom_inner_attributes)]

pub struct Before;

impl[u16;
    #[cfg_attr]({
        #[cfg_attr] {
            {
                #!
            }
        } !
    })
] {
    #![cfg_eval]
}

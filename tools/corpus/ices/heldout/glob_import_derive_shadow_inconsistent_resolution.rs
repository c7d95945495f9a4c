// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: inconsistent resolution for an import
// source: rust-lang/rust tests/crashes/154296.rs
mod outer {
    mod hidden {
        pub struct Item;
    }
    pub use hidden::*;
    #[derive(Debug)]
    pub struct Item;
}
use outer::*;
use Item;

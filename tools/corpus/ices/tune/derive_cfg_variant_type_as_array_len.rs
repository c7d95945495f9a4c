// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_builtin_macros/src/cfg_eval.rs
// source: rust-lang/rust tests/crashes/148891.rs
macro_rules! define_kinds {
    ($len:ty) => {
        #[derive(Debug)]
        pub enum Lexeme {
            #[cfg(test)]
            Text([u16; $len]),
        }
    };
}

pub struct Unrelated;

define_kinds!(Vec<u8>);

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_mir_build/src/builder/matches/mod.rs
// source: rust-lang/rust tests/crashes/119786.rs
#![feature(type_alias_impl_trait, coroutines)]

pub fn pairs_upvar() {
    type Hidden = impl Copy;
    let held: Hidden = Some((5u64, 9u64));
    let _grab = move || {
        match held {
            None => (),
            Some(yield) => (),
        }
    };
}

pub fn other() -> u8 { 3 }

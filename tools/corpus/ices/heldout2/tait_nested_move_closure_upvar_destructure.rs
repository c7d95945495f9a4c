// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: could not resolve upvar
// source: rust-lang/rust issue #125553 (known-bug test, old-solver revision)
#![feature(type_alias_impl_trait)]

#[derive(Clone, Copy)]
struct Pair(i64);

pub fn outer() {
    type Hidden = impl Copy;
    let pair: Hidden = Pair(5);
    let first = move || {
        let second = move || {
            let Pair(v) = pair;
        };
    };
}

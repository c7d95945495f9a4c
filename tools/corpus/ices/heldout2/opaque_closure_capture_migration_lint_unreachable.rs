// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2018 --crate-type=lib -Wrust-2021-incompatible-closure-captures
// ice: compiler/rustc_hir_typeck/src/upvar.rs
// source: rust-lang/rust issue #155497 (known-bug test, old-solver revision; also tests/crashes/155497.rs)
#![feature(type_alias_impl_trait)]

struct Cell(u64);

pub fn run() {
    type Hid = impl Sized;
    let cell: Hid = Cell(9);
    let grab = move || {
        let Cell(inner) = cell;
    };
}

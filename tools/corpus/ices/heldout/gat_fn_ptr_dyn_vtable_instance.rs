// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin
// ice: failed to resolve instance for <fn(
// source: rust-lang/rust tests/crashes/139120.rs
pub trait Family {
    type Member<'m>;
}

pub struct Unitary {}

impl Family for Unitary {
    type Member<'m> = ();
}

pub trait Callback {
    fn call_it(&self);
}

impl<F: Family> Callback for fn(F, F::Member<'_>) {
    fn call_it(&self) {}
}

fn erase<F: Family>(cb: fn(F, F::Member<'_>)) {
    let _: &dyn Callback = &cb;
}

fn main() {
    erase(|_: Unitary, _| {});
}

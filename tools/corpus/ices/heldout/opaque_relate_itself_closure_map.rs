// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: failure to relate an opaque to itself should result in an error later on
// source: rust-lang/rust tests/crashes/149162.rs
use std::marker::PhantomData;

pub trait Input {
    type Args<'x>;
}

impl Input for () {
    type Args<'x> = ();
}

pub trait Render {}

pub struct Knob<S, G> {
    pub action: G,
    pub marker: PhantomData<S>,
}

impl<G> Render for Knob<(), G> {}

pub fn make_knob<S: Input>(
    _: impl Fn(<S as Input>::Args<'_>),
) -> Knob<S, impl Fn()> {
    Knob {
        action: || (),
        marker: PhantomData,
    }
}

pub fn panel() -> Option<impl Render> {
    Some(()).map(|()| make_knob(|()| {}))
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Znext-solver
// ice: could not replace AliasTerm
// source: rust-lang/rust tests/crashes/155761.rs
pub trait Elem {
    type W;
}

pub trait Handler<E: Elem>: Fn(&E, &E::W) {}

fn nothing() {}

pub struct Hub<E: Elem + ?Sized> {
    handler: Box<dyn Handler<E>>,
}

impl<E: Elem> Hub<dyn Handler<E>> {
    pub fn fire(&self) {
        (self.handler)(nothing(), nothing());
    }
}

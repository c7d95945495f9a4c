// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: is not a subtype of
// source: rust-lang/rust tests/crashes/130524.rs
trait Stage {
    type Out<'s>;
}

trait Forward<In> {}

impl<In, S> Forward<In> for S {}

struct Idle;

pub struct Spare;

impl Stage for Idle {
    type Out<'s> = ();
}

fn build<S: Stage>(_sinks: Vec<Box<dyn for<'s> Forward<<S as Stage>::Out<'s>>>>) -> S {
    todo!()
}

pub fn run() {
    let _stage: Idle = build(vec![Box::new(Idle)]);
}

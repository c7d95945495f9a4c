// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: unexpected ambiguity: CanonicalQueryInput
// source: rust-lang/rust tests/crashes/148511.rs
use std::any::Any;

pub trait Payload {
    type Chunk;
}

impl<P> Payload for P {
    type Chunk = ();
}

pub trait Handler<Req> {
    type Reply: Payload;
}

impl<H, Req> Handler<Req> for H {
    type Reply = ();
}

pub trait BoxHandler<Req>: Handler<Req> {}

impl<H, Req, Rep> BoxHandler<Req> for H
where
    H: Handler<Req, Reply = Rep>,
    Rep: Payload,
{
}

fn build() -> impl BoxHandler<Box<dyn Any>, Reply: Payload> {}

fn install<H, Q>(_h: H)
where
    H: BoxHandler<Q>,
    <H::Reply as Payload>::Chunk: Any,
{
}

pub fn run() {
    install(build());
    let _later = async {};
}

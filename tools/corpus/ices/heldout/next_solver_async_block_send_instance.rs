// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin -Znext-solver=globally
// ice: failed to resolve instance for
// source: rust-lang/rust tests/crashes/140577.rs
use std::future::Future;
use std::pin::Pin;

trait Pool {
    type Handle;
}

impl Pool for &'static () {
    type Handle = ();
}

trait Sift {
    fn sift(self)
    where
        Self: Sized,
    {
    }
}

impl<X> Sift for X where X: Send {}

fn checkout<P: Pool>() -> impl Future + Send {
    let boxed: Pin<Box<dyn Future<Output = P::Handle> + Send>> = todo!();
    boxed
}

fn main() {
    async {
        checkout::<&()>().await;
    }
    .sift();
}

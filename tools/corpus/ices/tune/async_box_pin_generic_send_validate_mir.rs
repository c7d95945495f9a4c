// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Zvalidate-mir
// ice: (after pass CheckForceInline)
// source: rust-lang/rust tests/crashes/146210.rs
use core::future::Future;
use core::pin::Pin;

pub fn spawn_it<V>(captured: V) -> Pin<Box<dyn Future<Output = ()> + Send>> {
    Box::pin(async {
        captured;
    })
}

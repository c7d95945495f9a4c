// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: Expected to find a suitable `Fn`/`FnMut`/`FnOnce` implementation for
// source: rust-lang/rust tests/crashes/146577.rs
trait Lookup {
    type Key;
}

fn apply(g: impl Fn(<() as Lookup>::Key)) {
    (|k| g(k))()
}

pub fn nothing() -> i32 {
    5
}

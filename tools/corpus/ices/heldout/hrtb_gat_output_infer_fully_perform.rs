// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin
// ice: error performing operation: fully_perform
// source: rust-lang/rust tests/crashes/136666.rs
trait Refish<R> {}
struct Probe;
impl<'p> Refish<&'p ()> for Probe {}

trait Lifed {
    type Shape<'s>;
}
impl<'t> Lifed for &'t () {
    type Shape<'s> = &'s ();
}

struct Boxy<G>(G);

trait Missing {}

trait Goal {}
impl<Z> Goal for Z where Z: Missing {}
impl<G> Goal for Boxy<G>
where
    Probe: Refish<G>,
    for<'s> G: Lifed<Shape<'s> = G>,
{
}

fn require<G>()
where
    Boxy<G>: Goal,
{
}

fn main() {
    require();
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin -Cdebuginfo=2 -Copt-level=0
// ice: compiler/rustc_codegen_llvm/src/debuginfo/metadata/type_map.rs
// source: rust-lang/rust issue #129372 (known-bug test, old-solver revision)
pub struct Shell<T>(T);
struct Core;

pub trait Lens {
    type View<'v>;
}
pub trait Source {
    type Origin;
}

pub trait Producer {
    type Made<'m>;

    fn produce(self) -> impl for<'m> FnMut(&'m ()) -> Self::Made<'m>;
}

pub fn drive(p: impl Producer) {
    let _keep = p.produce();
}

fn main() {
    drive(Shell(Core));
}

impl<S: Source> Producer for S
where
    <S as Source>::Origin: Lens,
{
    type Made<'m> = <S::Origin as Lens>::View<'m>;

    fn produce(self) -> impl for<'m> FnMut(&'m ()) -> Self::Made<'m> {
        move |_| loop {}
    }
}

impl<U, B> Source for Shell<B>
where
    B: Source<Origin = U>,
{
    type Origin = U;
}

impl Source for Core {
    type Origin = Core;
}

impl Lens for Core {
    type View<'v> = Self;
}

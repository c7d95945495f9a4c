// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: error performing operation: fully_perform
// source: rust-lang/rust tests/crashes/138707.rs
use core::marker::PhantomData;

pub struct Mirror<M> {
    _m: PhantomData<M>,
}

pub struct Arena {}

pub trait Store<K> {
    type Slab;
}

pub struct Two {}

impl Store<Two> for Arena {
    type Slab = [u8; 2];
}

impl<K> From<K> for Mirror<<Arena as Store<K>>::Slab>
where
    Arena: Store<K>,
{
    fn from(_: K) -> Self {
        todo!()
    }
}

pub fn reflect<G>(two: Two)
where
    Arena: Store<G>,
{
    let _ = Mirror::from(two);
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Copt-level=0 -Cdebuginfo=2
// ice: receiver type has unsupported layout
// source: rust-lang/rust tests/crashes/138564.rs
#![feature(unsize, dispatch_from_dyn, arbitrary_self_types)]

use std::marker::Unsize;
use std::ops::{Deref, DispatchFromDyn};

#[repr(align(16))]
pub struct Handle<P: ?Sized>(*const P);

impl<P: ?Sized> Deref for Handle<P> {
    type Target = P;
    fn deref(&self) -> &P {
        unimplemented!()
    }
}

impl<P: ?Sized + Unsize<Q>, Q: ?Sized> DispatchFromDyn<Handle<Q>> for Handle<P> {}

pub trait Widget {
    fn poke(self: Handle<Self>) {}
}

pub fn address() -> *const () {
    <dyn Widget>::poke as *const ()
}

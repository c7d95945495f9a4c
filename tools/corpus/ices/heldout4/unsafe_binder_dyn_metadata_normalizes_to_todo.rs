// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Znext-solver
// ice: compiler/rustc_next_trait_solver/src/solve/normalizes_to/mod.rs
// source: rust-lang/rust issue #130516 (known-bug ui test, unsafe binders, `-Znext-solver`)
#![feature(unsafe_binders, ptr_metadata)]
#![allow(incomplete_features, dead_code)]

use std::fmt::Display;
use std::mem::ManuallyDrop as Hold;
use std::ptr::{DynMetadata, Pointee};

pub trait Marker<'m> {}

fn meta_matches<Subject: ?Sized + Pointee<Metadata = Meta>, Meta>() {}

pub fn probe<'k>() {
    meta_matches::<unsafe<'b> Hold<(&'b u16, dyn Display)>, DynMetadata<dyn Display>>();
    meta_matches::<unsafe<'b> Hold<dyn Marker<'k> + 'k>, DynMetadata<dyn Marker<'k> + 'k>>();
}

pub struct Unused(pub u8);

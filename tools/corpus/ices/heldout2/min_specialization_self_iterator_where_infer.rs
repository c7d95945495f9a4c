// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: assertion failed: !obligations.has_infer()
// source: rust-lang/rust issue #102252 (known-bug test, old-solver revision)
#![feature(min_specialization, rustc_attrs)]

pub struct Other;

#[rustc_specialization_trait]
pub trait Special {}

struct Looping
where
    Self: Iterator<Item = <Self as Iterator>::Item>, {}

impl Special for Looping {}

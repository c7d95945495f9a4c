// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: should not have been constrained via normalization
// source: rust-lang/rust tests/crashes/126725.rs
type Via<X> = <X as Mapper>::Mapped;

pub trait Mapper {
    type Mapped;
}

impl<'r> Mapper for &'r () {
    type Mapped = &'r u16;
}

pub trait Fetch {
    fn fetch<'r>() -> Via<&'r impl Sized>;
}

impl Fetch for () {
    fn fetch<'r>() -> <&'r Self as Mapper>::Mapped {
        &9
    }
}

// cmd: RUSTC_BOOTSTRAP=1 rustdoc --edition=2021
// ice: no resolutions for a doc link
// tool: rustdoc
// source: https://github.com/rust-lang/rust/issues/158745
mod inner {
    pub struct Widget;
}

#[deprecated(note = "[std::fmt::Alignment::Left]")]
pub use inner::Widget;

#[doc(inline)]
pub use Widget as Gadget;

pub fn size() -> usize {
    4
}

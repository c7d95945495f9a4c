// cmd: RUSTC_BOOTSTRAP=1 rustdoc --edition=2021
// ice: [TrueError]
// tool: rustdoc
// source: https://github.com/rust-lang/rust/issues/149281
#![feature(const_trait_impl, const_default)]
pub struct Shell<V>(Core<V>);

struct Core<V>(V, u8);

pub const fn width() -> u8 {
    12
}

impl<V> Unpin for Core<V> where V: const Default {}

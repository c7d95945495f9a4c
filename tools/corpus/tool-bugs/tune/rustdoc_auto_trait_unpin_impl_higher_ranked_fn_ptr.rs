// cmd: RUSTC_BOOTSTRAP=1 rustdoc --edition=2021
// ice: no region_name found
// tool: rustdoc
// source: https://github.com/rust-lang/rust/issues/123298
pub struct Wrapper<'r>(Hidden<fn(&'r u32) -> bool>);

struct Hidden<F>(F);

pub fn helper() -> usize {
    3
}

impl std::marker::Unpin for Hidden<for<'q> fn(&'q u32) -> bool> {}

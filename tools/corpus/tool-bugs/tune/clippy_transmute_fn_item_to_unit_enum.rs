// cmd: RUSTC_BOOTSTRAP=1 clippy-driver --edition=2021 --crate-type=lib
// ice: node_type: no type for node
// tool: clippy
// source: rust-lang/rust-clippy tests/ui/crashes/ice-17790.rs (https://github.com/rust-lang/rust-clippy/issues/17790)
pub enum Single {
    Only,
}

pub fn describe(s: &Single) -> &'static str {
    match s {
        Single::Only => "only",
    }
}

pub fn convert() {
    let _value: Single = unsafe { std::mem::transmute(convert) };
}

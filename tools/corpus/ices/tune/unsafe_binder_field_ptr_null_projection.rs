// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: compiler/rustc_trait_selection/src/traits/project.rs
// source: rust-lang/rust tests/crashes/154871.rs
pub struct Record {
    field: unsafe<> (),
}

pub fn nothing() {
    std::ptr::null::<Record>;
}

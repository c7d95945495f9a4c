// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib -Znext-solver=globally
// ice: compiler/rustc_trait_selection/src/traits/vtable.rs
// source: rust-lang/rust tests/crashes/153368.rs
pub trait Getter<G> {
    fn get(self) -> G;
}

pub trait Combined: Getter<G> + Getter<u32> {}

pub fn fetch(obj: &dyn Combined) {
    obj.get()
}

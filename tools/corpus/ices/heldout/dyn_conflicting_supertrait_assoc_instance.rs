// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=bin
// ice: failed to resolve instance for <dyn
// source: rust-lang/rust tests/crashes/154662.rs
trait Upper<A> {
    type Item;
}

trait Lower<A, B>: Upper<A, Item = u32> + Upper<B, Item = u64> {
    fn run(&self) {}
}

fn invoke<A, B>(obj: Option<&dyn Lower<A, B>>) {
    if false {
        obj.unwrap().run();
    }
}

fn main() {
    invoke::<u8, u8>(None);
}

// cmd: RUSTC_BOOTSTRAP=1 rustc --edition=2021 --crate-type=lib
// ice: cannot relate region: LUB(
// source: rust-lang/rust issue #127033 (known-bug test, old-solver revision)
struct Disk;

pub trait Store {
    fn persist(token: ()) -> impl std::future::Future + Send;
}

impl Store for Disk {
    fn persist(token: ()) -> impl std::future::Future {
        loop {}
        async {
            &token
        }
    }
}

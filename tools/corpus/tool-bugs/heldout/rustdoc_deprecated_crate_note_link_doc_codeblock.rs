// cmd: RUSTC_BOOTSTRAP=1 rustdoc --edition=2021
// ice: no resolutions for a doc link
// tool: rustdoc
// source: https://github.com/rust-lang/rust/issues/157326
#![deprecated(note = "switch to [Client::connect] please")]
#![doc = "```"]
pub struct Session {
    pub id: u32,
}

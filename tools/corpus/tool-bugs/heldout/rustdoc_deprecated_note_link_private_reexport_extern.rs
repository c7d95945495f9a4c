// cmd: RUSTC_BOOTSTRAP=1 rustdoc --edition=2021
// ice: src/librustdoc/passes/collect_intra_doc_links.rs
// tool: rustdoc
// source: https://github.com/rust-lang/rust/issues/157210
pub mod api {
    pub fn entry() -> u8 {
        1
    }
}

mod hidden {
    #[deprecated = "see [Thing](Alias::method)"]
    pub use std::collections::VecDeque;
}

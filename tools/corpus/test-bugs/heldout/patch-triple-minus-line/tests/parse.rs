//! Parses a big multi-file git diff (a release's changes to Rust, SQL, Markdown and TOML
//! files) with patch 0.7.0.

use patch::Patch;

#[test]
fn parses_big_diff() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.diff");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let hunks = match Patch::from_multiple(&text) {
        Ok(patches) => patches.iter().map(|p| p.hunks.len()).sum(),
        Err(_) => 0,
    };
    std::hint::black_box(hunks);
}

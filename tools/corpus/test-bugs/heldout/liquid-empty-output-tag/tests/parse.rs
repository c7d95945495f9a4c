//! Parses a big Liquid template (a storefront theme's collection page: sections of `for`
//! loops over products, `if`/`elsif`/`else`, `unless`, `case`/`when`, `assign`, `capture`,
//! `cycle`, filters with arguments, comments and `raw` blocks) with liquid 0.10.1.

#[test]
fn parses_big_liquid_template() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.liquid");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let parsed = liquid::parse(&text, liquid::LiquidOptions::default()).is_ok();
    std::hint::black_box(parsed);
}

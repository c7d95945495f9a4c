//! Compiles a big Tera template (a static site's page layout: blocks, for loops, if/elif/else,
//! filters with arguments, tests, set, comments, raw blocks) with tera 1.20.0, as one raw
//! template.

#[test]
fn compiles_big_tera_template() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.html");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut tera = tera::Tera::default();
    let ok = tera.add_raw_template("big.html", &text).is_ok();
    std::hint::black_box(ok);
}

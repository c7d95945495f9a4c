//! Compiles a big TinyTemplate template (an HTML report page) with tinytemplate 1.2.1.

#[test]
fn compiles_big_template() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.tt");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut tt = tinytemplate::TinyTemplate::new();
    let _ = tt.add_template("page", &text);
}

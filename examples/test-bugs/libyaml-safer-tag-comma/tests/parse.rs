//! Loads every document of a big YAML stream with libyaml-safer 0.3.0.

#[test]
fn loads_big_stream() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.yaml");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut input: &[u8] = &bytes;
    let mut parser = libyaml_safer::Parser::new();
    parser.set_input_string(&mut input);
    while let Ok(mut doc) = libyaml_safer::Document::load(&mut parser) {
        if doc.get_root_node().is_none() {
            break;
        }
    }
}

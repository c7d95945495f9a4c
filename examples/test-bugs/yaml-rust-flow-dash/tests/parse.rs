//! Loads a big YAML stream with yaml-rust 0.3.0.

#[test]
fn loads_big_stream() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.yaml");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let _ = yaml_rust::YamlLoader::load_from_str(&text);
}

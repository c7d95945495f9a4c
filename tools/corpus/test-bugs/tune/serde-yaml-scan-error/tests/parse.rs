//! Loads every document of a big YAML stream (a service inventory) with serde_yaml 0.9.0.

use serde::Deserialize;

#[test]
fn loads_big_yaml_stream() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.yaml");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut docs = 0usize;
    for document in serde_yaml::Deserializer::from_str(&text) {
        if serde_yaml::Value::deserialize(document).is_ok() {
            docs += 1;
        }
    }
    std::hint::black_box(docs);
}

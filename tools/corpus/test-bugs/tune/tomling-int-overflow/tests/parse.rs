//! Parses a big TOML document (a service configuration) with tomling 0.1.0.

#[test]
fn parses_big_toml() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.toml");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let _ = tomling::parse(&text);
}

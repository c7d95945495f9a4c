//! Parses a big Luau script (a game module) with full_moon 1.1.0.

#[test]
fn parses_big_luau_script() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.luau");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let result = full_moon::parse_fallible(&text, full_moon::LuaVersion::luau());
    std::hint::black_box(result.errors().len());
}

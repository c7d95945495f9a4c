//! Demangles the symbols of a big symbol list (`nm` output of a Rust firmware image: an
//! address, a type letter and a symbol a line) with rustc-demangle 0.1.5.

#[test]
fn demangles_big_symbol_list() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.nm");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut total = 0usize;
    for line in text.lines() {
        if let Some(symbol) = line.split_whitespace().last() {
            total += rustc_demangle::demangle(symbol).to_string().len();
        }
    }
    std::hint::black_box(total);
}

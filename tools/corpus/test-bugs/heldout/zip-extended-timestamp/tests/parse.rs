//! Opens a big ZIP archive (a source tree, stored) with zip 4.6.1 and reads every entry.

use std::io::Read;

#[test]
fn reads_big_zip_archive() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.zip");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut archive = match zip::ZipArchive::new(std::io::Cursor::new(bytes)) {
        Ok(a) => a,
        Err(_) => return,
    };
    let mut total = 0usize;
    for i in 0..archive.len() {
        if let Ok(mut file) = archive.by_index(i) {
            let mut buf = Vec::new();
            if file.read_to_end(&mut buf).is_ok() {
                total += buf.len();
            }
        }
    }
    std::hint::black_box(total);
}

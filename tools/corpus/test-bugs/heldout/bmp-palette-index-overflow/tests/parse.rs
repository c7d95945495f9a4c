//! Decodes a big 8-bit palette BMP image with bmp 0.5.0 and makes a luma histogram of its
//! pixels, as a thumbnailer would.

#[test]
fn decodes_big_bmp_image() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.bmp");
    let bytes = std::fs::read(path).unwrap_or_default();
    let image = match bmp::from_reader(&mut &bytes[..]) {
        Ok(image) => image,
        Err(_) => return,
    };
    let mut histogram = [0u32; 256];
    for (x, y) in image.coordinates() {
        let p = image.get_pixel(x, y);
        let luma = p.r as u32 * 77 + p.g as u32 * 150 + p.b as u32 * 29;
        histogram[(luma >> 8) as usize] += 1;
    }
    std::hint::black_box(histogram);
}

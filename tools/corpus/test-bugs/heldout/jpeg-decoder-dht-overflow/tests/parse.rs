//! Decodes a big JPEG (a small image with a lot of metadata segments) with
//! jpeg-decoder 0.1.11.

#[test]
fn decodes_big_jpeg() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.jpg");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut decoder = jpeg_decoder::Decoder::new(&bytes[..]);
    let pixels = decoder.decode().unwrap_or_default();
    std::hint::black_box(pixels.len());
}

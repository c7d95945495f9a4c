//! Walks the chunk tree of a big AVI file (RIFF: `hdrl` and `strl` lists of headers, a
//! `movi` list of `rec ` lists of video and audio chunks, an `idx1` index) with riff 1.0.1,
//! reading every chunk that is not a list.

use std::io::Cursor;

fn walk(stream: &mut Cursor<Vec<u8>>, list: &riff::Chunk) -> std::io::Result<usize> {
    let children: Vec<riff::Chunk> = list.iter(stream).collect();
    let mut bytes = 0;
    for child in &children {
        if child.id() == riff::LIST_ID {
            child.read_type(stream)?;
            bytes += walk(stream, child)?;
        } else {
            bytes += child.read_contents(stream)?.len();
        }
    }
    Ok(bytes)
}

fn read_avi(stream: &mut Cursor<Vec<u8>>) -> std::io::Result<usize> {
    let root = riff::Chunk::read(stream, 0)?;
    if root.id() != riff::RIFF_ID || root.read_type(stream)?.as_str() != "AVI " {
        return Ok(0);
    }
    walk(stream, &root)
}

#[test]
fn walks_big_avi_chunks() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.avi");
    let bytes = std::fs::read(path).unwrap_or_default();
    let total = read_avi(&mut Cursor::new(bytes)).unwrap_or(0);
    std::hint::black_box(total);
}

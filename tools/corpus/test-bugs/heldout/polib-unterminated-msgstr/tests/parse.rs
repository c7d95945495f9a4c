//! Parses a big gettext PO catalogue (a web application's Portuguese translation: the
//! header entry, comments, source references, flags, contexts, plural forms, wrapped
//! strings) with polib 0.3.0.

#[test]
fn parses_big_po_catalogue() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.po");
    let bytes = std::fs::read(path).unwrap_or_default();
    let messages = polib::po_file::parse_from_reader(&bytes[..])
        .map(|catalog| catalog.count())
        .unwrap_or(0);
    std::hint::black_box(messages);
}

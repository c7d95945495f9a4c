//! Parses a big list of photo dates (a photo library's "date taken" column, one date a
//! line, in the formats of the cameras and apps that made the photos) with dtparse 1.0.3,
//! as an import tool would.

#[test]
fn parses_big_date_list() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.txt");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let (mut parsed, mut with_offset, mut seconds) = (0usize, 0usize, 0i64);
    for line in text.lines() {
        if let Ok((when, offset)) = dtparse::parse(line) {
            parsed += 1;
            with_offset += offset.is_some() as usize;
            seconds += when.and_utc().timestamp();
        }
    }
    std::hint::black_box((parsed, with_offset, seconds));
}

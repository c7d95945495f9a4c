//! Parses a big mbox (a mailing-list archive: plain-text, multipart/alternative and
//! multipart/mixed messages with attachments, CRLF line ends) with mailparse 0.16.0, one
//! message at a time.

#[test]
fn parses_big_mailbox() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.mbox");
    let data = std::fs::read(path).unwrap_or_default();
    // Each message follows a `From ` separator line; text before the first one (all of
    // it, if there is none) is a message too.
    let mut bounds = Vec::new();
    let (mut start, mut at) = (0, 0);
    while at < data.len() {
        let end = data[at..].iter().position(|&b| b == b'\n').map_or(data.len(), |p| at + p + 1);
        if data[at..].starts_with(b"From ") {
            bounds.push((start, at));
            start = end;
        }
        at = end;
    }
    bounds.push((start, data.len()));
    let mut parts = 0;
    for (start, end) in bounds {
        if start < end {
            if let Ok(mail) = mailparse::parse_mail(&data[start..end]) {
                parts += mail.subparts.len();
            }
        }
    }
    std::hint::black_box(parts);
}

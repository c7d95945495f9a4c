//! Reads every block of a big pcapng capture (a section header, interface descriptions,
//! enhanced packet blocks with options, interface statistics) with pcapng 1.0.0: each raw
//! block in turn, then its typed parse.

use pcapng::block::{parse_block, Block};

#[test]
fn reads_big_pcapng_blocks() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.pcapng");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut rest: &[u8] = &bytes;
    let mut packets = 0usize;
    while !rest.is_empty() {
        let raw = parse_block(rest);
        if !raw.is_done() {
            break;
        }
        let (left, raw) = raw.unwrap();
        rest = left;
        let block = raw.parse();
        if block.is_done() {
            if let (_, Block::EnhancedPacket(p)) = block.unwrap() {
                packets += p.data.len();
            }
        }
    }
    std::hint::black_box(packets);
}

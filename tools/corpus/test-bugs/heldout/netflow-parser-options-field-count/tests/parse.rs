//! Parses a big IPFIX export stream (RFC 7011 messages as a router sends them over UDP:
//! template refreshes with an options template, data sets of IPv4 and IPv6 flow records,
//! options data of the exporting process's statistics) with netflow_parser 0.1.9, message
//! by message, with one parser for the stream (it keeps the templates).

#[test]
fn parses_big_ipfix_stream() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.ipfix");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut parser = netflow_parser::NetflowParser::default();
    let mut pos = 0;
    let mut parsed = 0usize;
    while pos + 4 <= bytes.len() {
        let len = u16::from_be_bytes([bytes[pos + 2], bytes[pos + 3]]) as usize;
        let end = (pos + len.max(16)).min(bytes.len());
        parsed += parser.parse_bytes(&bytes[pos..end]).len();
        pos = end;
    }
    std::hint::black_box(parsed);
}

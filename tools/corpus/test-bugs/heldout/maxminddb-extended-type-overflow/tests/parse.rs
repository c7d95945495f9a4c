//! Reads a big MaxMind DB (an IP intelligence database of IPv4 networks: a search tree of
//! 24-bit records, a data section of maps, arrays, strings shared through pointers, numbers,
//! doubles and booleans, the metadata) with maxminddb 0.30.0, decoding every network's data.

#[test]
fn reads_big_mmdb() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.mmdb");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut decoded = 0usize;
    if let Ok(reader) = maxminddb::Reader::from_source(bytes) {
        if let Ok(networks) = reader.networks(Default::default()) {
            for lookup in networks {
                let Ok(lookup) = lookup else { break };
                if let Ok(Some(_)) = lookup.decode::<serde::de::IgnoredAny>() {
                    decoded += 1;
                }
            }
        }
    }
    std::hint::black_box(decoded);
}

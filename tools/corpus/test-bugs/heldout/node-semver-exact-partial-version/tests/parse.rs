//! Parses the version ranges of a big dependency inventory (a monorepo's workspace packages,
//! their npm dependencies and ranges, tab-separated, one a line) with node-semver 2.0.0.

#[test]
fn parses_big_range_list() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut ok = 0usize;
    for line in text.lines() {
        let range = line.rsplit('\t').next().unwrap_or(line);
        ok += node_semver::Range::parse(range).is_ok() as usize;
    }
    std::hint::black_box(ok);
}

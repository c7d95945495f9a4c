//! Parses every pattern of a big regex list (one pattern a line) with fancy-regex 0.6.0.

#[test]
fn parses_big_pattern_list() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.txt");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut ok = 0usize;
    for line in text.lines() {
        if fancy_regex::Expr::parse_tree(line).is_ok() {
            ok += 1;
        }
    }
    std::hint::black_box(ok);
}

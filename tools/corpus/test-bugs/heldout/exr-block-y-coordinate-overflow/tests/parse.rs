//! Reads a big OpenEXR scan-line image (a crop render: a header, the chunk offset table,
//! one uncompressed scan line a chunk) with exr 1.7.0 and sums its pixels, as a
//! compositing tool's loader would.

use exr::prelude::*;
use std::io::Cursor;

#[test]
fn reads_big_exr_image() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.exr");
    let bytes = std::fs::read(path).unwrap_or_default();
    let image = match read()
        .no_deep_data()
        .largest_resolution_level()
        .all_channels()
        .all_layers()
        .all_attributes()
        .non_parallel()
        .from_buffered(Cursor::new(&bytes[..]))
    {
        Ok(image) => image,
        Err(_) => return,
    };
    let (mut layers, mut samples, mut sum) = (0usize, 0usize, 0f64);
    for layer in &image.layer_data {
        layers += 1;
        for channel in &layer.channel_data.list {
            for value in channel.sample_data.values_as_f32() {
                samples += 1;
                sum += f64::from(value);
            }
        }
    }
    std::hint::black_box((layers, samples, sum));
}

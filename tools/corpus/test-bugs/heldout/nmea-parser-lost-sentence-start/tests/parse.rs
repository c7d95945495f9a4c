//! Replays a big NMEA 0183 log (a GNSS receiver's output during a drive: RMC, VTG, GGA, GSA,
//! GSV, GLL and ZDA sentences) through nmea-parser 0.10.0, line by line, as a tracker would,
//! keeping the last fix and counting the sentences of each kind.

use nmea_parser::{NmeaParser, ParsedMessage};

#[test]
fn replays_big_nmea_log() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/big.nmea");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut parser = NmeaParser::new();
    let (mut fixes, mut satellites, mut others, mut errors) = (0usize, 0usize, 0usize, 0usize);
    let mut last = None;
    for line in text.lines() {
        match parser.parse_sentence(line) {
            Ok(ParsedMessage::Gga(gga)) => {
                fixes += 1;
                last = gga.latitude.zip(gga.longitude);
            }
            Ok(ParsedMessage::Gsv(sats)) => satellites += sats.len(),
            Ok(_) => others += 1,
            Err(_) => errors += 1,
        }
    }
    std::hint::black_box((fixes, satellites, others, errors, last));
}

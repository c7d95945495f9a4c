//! Tests of `counted-runs`, `offset-cuts` and `footer-cuts`.
use super::*;

/// A header with a u16 LE count at 4, then `n` NUL-terminated records of a
/// 4-byte field and a name; record `bad` has the field 1, the others 0.
fn table(n: usize, bad: usize) -> Vec<u8> {
    let mut out = b"TBL\x00".to_vec();
    out.extend((n as u16).to_le_bytes());
    for i in 0..n {
        out.extend([u8::from(i == bad), 0, 0, 0]);
        out.extend(if i == bad { &b""[..] } else { &b"\x01"[..] });
        out.push(0);
    }
    out
}

/// The records of a [`table`], or `None` when it does not read.
fn read(b: &[u8]) -> Option<Vec<(u32, Vec<u8>)>> {
    let n = usize::from(u16::from_le_bytes([*b.get(4)?, *b.get(5)?]));
    let mut at = 6;
    let mut out = Vec::new();
    for _ in 0..n {
        let v = u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?);
        let end = at + 4 + b.get(at + 4..)?.iter().position(|&c| c == 0)?;
        out.push((v, b[at + 4..end].to_vec()));
        at = end + 1;
    }
    Some(out)
}

#[test]
fn runs_are_maximal_and_primitive() {
    let mut text = vec![9u8, 8];
    text.extend([1u8, 2, 3].repeat(5));
    text.extend([0u8; 12]);
    let found = runs(&text);
    assert_eq!(
        found[0],
        Run {
            start: 2,
            period: 3,
            copies: 5
        },
        "{found:?}"
    );
    // Zeros repeat with period 1: no run (a gap's business).
    assert!(found.iter().all(|r| r.period == 3), "{found:?}");
    // A run at the very start has no room for a count before it.
    let at_start = [7u8, 8, 9].repeat(6);
    let first = runs(&at_start)[0];
    assert_eq!(first.start, 0);
    assert!(counts(&at_start, &first).is_empty());
    assert!(fields(&at_start, &[4], 3, |_| true).is_empty());
}

#[test]
fn copies_go_with_their_count() {
    // The first file with an empty name is the bad one, as a reader that
    // looks files up by name finds them (the CAB case of the corpus).
    let pred = |b: &[u8]| {
        read(b).is_some_and(|r| r.iter().find(|(_, name)| name.is_empty()) == Some(&(1, vec![])))
    };
    let data = table(300, 173);
    assert!(pred(&data) && is_binary(&data));
    let pass = || vec![Box::new(COUNTED_RUNS) as Box<dyn Pass<crate::TestCase>>];
    let (out, _) = crate::passes::tests::reduce_one_file("x.bin", data, pass(), pred);
    // The copies before the bad record went with the count; those after it
    // are the same record as the bad one's neighbours and went too.
    assert!(read(&out).is_some_and(|r| r.len() <= 2), "{out:x?}");
    assert!(out.len() <= 6 + 6 + 5, "{out:x?}");
}

#[test]
fn a_gap_goes_with_the_offset_into_it() {
    // A u32 LE offset at 4 to a record after 40 zeros.
    let mut data = b"HDR\x01".to_vec();
    data.extend(48u32.to_le_bytes());
    data.extend([0u8; 40]);
    data.extend(b"\x07REC");
    let pred = |b: &[u8]| {
        b.get(4..8)
            .and_then(|o| b.get(u32::from_le_bytes(o.try_into().ok()?) as usize..))
            .is_some_and(|r| r.starts_with(b"\x07REC"))
    };
    assert!(pred(&data));
    let pass = || vec![Box::new(COUNTED_RUNS) as Box<dyn Pass<crate::TestCase>>];
    let (out, _) = crate::passes::tests::reduce_one_file("x.bin", data, pass(), pred);
    assert_eq!(out, b"HDR\x01\x08\x00\x00\x00\x07REC", "{out:x?}");
}

#[test]
fn a_gap_goes_with_a_length_from_its_field_and_the_length_around_it() {
    // A DWARF-like unit: a u32 LE length of the rest of the file, a version,
    // a u32 LE header length counted from its end, a header of 2 bytes and 60
    // zeros of padding, then the program.
    let mut body = vec![4u8, 0];
    body.extend(62u32.to_le_bytes());
    body.extend([1, 1]);
    body.extend([0u8; 60]);
    body.extend(b"\x07PROGRAM");
    let mut data = (body.len() as u32).to_le_bytes().to_vec();
    data.extend(body);
    let pred = |b: &[u8]| {
        let u32_at = |p: usize| Some(u32::from_le_bytes(b.get(p..p + 4)?.try_into().ok()?));
        let (Some(unit), Some(header)) = (u32_at(0), u32_at(6)) else {
            return false;
        };
        let program = 10 + header as usize;
        unit as usize + 4 == b.len()
            && b.get(10..12) == Some(&[1, 1][..])
            && b.get(program..)
                .is_some_and(|p| p.starts_with(b"\x07PROGRAM"))
    };
    assert!(pred(&data));
    let pass = || vec![Box::new(COUNTED_RUNS) as Box<dyn Pass<crate::TestCase>>];
    let (out, _) = crate::passes::tests::reduce_one_file("x.bin", data, pass(), pred);
    // The padding is gone but for fewer than MIN_GAP zeros (no gap any more).
    assert!(out.len() < 4 + 2 + 4 + 2 + MIN_GAP + 8, "{out:x?}");
}

#[test]
fn footer_cuts_take_what_lies_before_a_footers_target() {
    // A header, 3 000 bytes of data with one needed byte in the middle, an
    // extension area of one byte, and a footer whose u32 LE offset (26 bytes from
    // the end) bounds the data: the reader wants the needed byte within the data
    // and the extension area where the offset says.
    let mut data = b"HDR".to_vec();
    data.extend((3..3_000u32).map(|i| {
        if i == 1_500 {
            0xEE
        } else {
            (i % 200) as u8 + 1
        }
    }));
    let ext = data.len() as u32;
    data.push(b'X');
    data.extend(ext.to_le_bytes());
    data.extend(b"\x00\x00\x00\x00TRUEVISION-XFILE.\x00");
    let pred = |b: &[u8]| {
        let Some(f) = b.len().checked_sub(26) else {
            return false;
        };
        let off = u32::from_le_bytes(b[f..f + 4].try_into().unwrap()) as usize;
        b.starts_with(b"HDR")
            && b.ends_with(b"TRUEVISION-XFILE.\x00")
            && b.get(off..).is_some_and(|r| r.starts_with(b"X"))
            && b[3..off].contains(&0xEE)
    };
    assert!(pred(&data) && is_binary(&data));
    let pass = || vec![Box::new(FOOTER_CUTS) as Box<dyn Pass<crate::TestCase>>];
    let (out, calls) = crate::passes::tests::reduce_one_file("x.bin", data, pass(), pred);
    // The offset stays in the file's second half: the data keeps about as many
    // bytes as follow it (27), out of 2 997.
    assert!(
        pred(&out) && out.len() <= 64,
        "{} bytes: {out:x?}",
        out.len()
    );
    assert!(calls <= 200, "{calls} calls");
}

#[test]
fn offset_cuts_take_what_lies_before_a_headers_target() {
    // A u32 BE offset at 4 to a record 40 000 bytes in; the 8 bytes after the
    // header are needed, the rest before the record is not.
    let mut data = b"HDR\x01".to_vec();
    data.extend(40_000u32.to_be_bytes());
    data.extend(b"KEEPKEEP");
    data.extend((16..40_000u32).map(|i| (i * 7 % 251) as u8 | 0x80));
    data.extend(b"\x07REC");
    let pred = |b: &[u8]| {
        b.get(8..16) == Some(b"KEEPKEEP")
            && b.get(4..8)
                .and_then(|o| b.get(u32::from_be_bytes(o.try_into().ok()?) as usize..))
                .is_some_and(|r| r.starts_with(b"\x07REC"))
    };
    assert!(pred(&data) && is_binary(&data));
    let pass = || vec![Box::new(OFFSET_CUTS) as Box<dyn Pass<crate::TestCase>>];
    let (out, calls) = crate::passes::tests::reduce_one_file("x.bin", data, pass(), pred);
    // Halves until the file is below the size the pass works on.
    assert!(pred(&out) && out.len() < MIN_FILE, "{} bytes", out.len());
    assert!(calls <= 3 * 4, "{calls} calls");
}

#[test]
fn a_payload_goes_with_a_length_in_the_low_bits_of_a_byte() {
    // An SWF-like file: a header, then one record whose u16 LE header holds the
    // code 18 above a 6-bit length (32), then two needed bytes and 30 zeros
    // nobody reads, to the end of the file.
    let mut data = b"HDR\x00".to_vec();
    data.extend(((18u16 << 6) | 32).to_le_bytes());
    data.extend([0x00, 0x8a]);
    data.extend([0u8; 30]);
    let pred = |b: &[u8]| {
        let Some(h) = b.get(4..6) else { return false };
        let h = u16::from_le_bytes([h[0], h[1]]);
        let len = usize::from(h & 0x3f);
        h >> 6 == 18 && b.len() == 6 + len && b.get(6..8) == Some(&[0x00, 0x8a][..])
    };
    assert!(pred(&data));
    let pass = || vec![Box::new(COUNTED_RUNS) as Box<dyn Pass<crate::TestCase>>];
    let (out, calls) = crate::passes::tests::reduce_one_file("x.bin", data, pass(), pred);
    // The zeros go (but for fewer than MIN_GAP: no run of zeros any more) with the
    // low bits lowered as many.
    assert!(pred(&out) && out.len() < 8 + MIN_GAP, "{out:x?}");
    assert!(calls <= 40, "{calls} calls");
}

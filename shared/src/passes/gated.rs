//! `gated-gaps`: a gap and the field that says it is there — two edits at once,
//! where each alone breaks the file. Many formats announce an optional part with
//! bits of a header byte: a flag for its presence, a small field for its size (a
//! GIF's global colour table: bit 7 of the screen descriptor's packed byte says it
//! is there, the low 3 bits that it holds `2 << n` colours; an ID3 tag's extended
//! header; a full box's flags). When nothing reads the part's contents, `zero-bytes`
//! leaves it as a gap of zeros; deleting the gap leaves the byte promising it (the
//! reader takes what follows for it), and lowering the byte leaves zeros where the
//! next part should start. So the gap goes, all but a few of its zeros, with one
//! byte before it lowered.
//!
//! Gaps: the maximal runs of at least [`MIN_GAP`] zeros after at least one byte,
//! longest first. Lowering bytes: the non-zero bytes among the [`WINDOW`] before
//! the gap, nearest first. Values: as a flag, 0 (when more than one bit is set) and
//! each set bit cleared (the highest first); as a size field, the low 2, 3 and 4 bits
//! cleared (a size lowered to its least). Cuts: the gap less `r` zeros, `r` from 0
//! up; what is left is zero fields next to the part (a GIF's background colour index
//! and aspect ratio): at most [`SLACK`] zeros after a flag, tried first (the larger
//! cut), then at most [`KEEP`] after a size field (the part at its least size is left
//! too; a byte has at most three size values).
//! Deleting any `k` bytes of a run of zeros gives the same bytes, so the part's
//! bounds need not be known.
//!
//! Not in the stated neighbourhood of `tools/check_minimal.py`; it only makes
//! results smaller. Binary data files of at most [`MAX_BYTES`] bytes, of a case
//! without source code; at most [`MAX_TESTS`] tests per run of the pass (a last
//! resort, after `counted-records`).

use super::counted::{zero_runs, Budget, Field, Plan, PlanPass, ALONE, MAX_BYTES};

/// The shortest run of zeros taken for a gap.
const MIN_GAP: usize = 24;
/// Flag bytes are looked for among this many bytes before a gap.
const WINDOW: usize = 8;
/// Cuts keep at most this many of a gap's zeros after a flag is lowered.
const SLACK: usize = 4;
/// Cuts keep at most this many of a gap's zeros after a size field is lowered.
const KEEP: usize = 16;
/// Tests per run of the pass.
const MAX_TESTS: usize = 64;

/// The maximal runs of at least [`MIN_GAP`] zeros after at least one byte, as
/// (start, end), longest first.
fn gaps(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = zero_runs(text, MIN_GAP);
    out.retain(|&(start, _)| start >= 1);
    out.sort_by_key(|&(s, e)| (std::cmp::Reverse(e - s), s));
    out
}

/// The values a byte `b` is lowered to: as a flag, 0 (when more than one bit is
/// set) and `b` with each set bit cleared (the highest first); as a size field, with
/// its low 2, 3 and 4 bits cleared. Each value once.
fn lowered(b: u8) -> (Vec<u8>, Vec<u8>) {
    let mut flags = Vec::new();
    if b.count_ones() > 1 {
        flags.push(0);
    }
    flags.extend(
        (0..8)
            .rev()
            .filter(|k| b >> k & 1 == 1)
            .map(|k| b & !(1 << k)),
    );
    let mut sizes: Vec<u8> = Vec::new();
    for v in [2, 3, 4].map(|n| b & !((1u8 << n) - 1)) {
        if v != b && !flags.contains(&v) && !sizes.contains(&v) {
            sizes.push(v);
        }
    }
    (flags, sizes)
}

/// The plans for `text`, in the order they are tried (see the module docs).
fn plans(text: &[u8]) -> Box<dyn Iterator<Item = Plan> + '_> {
    Box::new(gaps(text).into_iter().flat_map(move |(start, end)| {
        let len = end - start;
        (start.saturating_sub(WINDOW)..start)
            .rev()
            .filter(move |&at| text[at] != 0)
            .flat_map(move |at| {
                let field = Field {
                    at,
                    width: 1,
                    big: false,
                    value: u64::from(text[at]),
                };
                let (flags, sizes) = lowered(text[at]);
                let plan = move |r: usize, v: u8| Plan {
                    cut: (start, end - r),
                    field,
                    value: u64::from(v),
                    also: ALONE,
                };
                let by_size = (0..=KEEP.min(len - 1))
                    .flat_map(move |r| sizes.clone().into_iter().map(move |v| plan(r, v)));
                let by_flag = (0..=SLACK.min(len - 1))
                    .flat_map(move |r| flags.clone().into_iter().map(move |v| plan(r, v)));
                by_flag.chain(by_size)
            })
    }))
}

/// The pass (see the module docs).
pub const GATED_GAPS: PlanPass =
    PlanPass::new("gated-gaps", 0..=MAX_BYTES, Budget::Total(MAX_TESTS), plans);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::Pass;
    use crate::testcase::is_binary;

    /// A GIF-like file: a signature, a packed byte whose bit 7 says a table of
    /// `3 << (packed & 7) + 1` bytes follows after two more header bytes, then the
    /// table, then a record `,` and its payload.
    fn file(packed: u8, table: &[u8], payload: &[u8]) -> Vec<u8> {
        let mut out = b"GIF89a\x05\x00".to_vec();
        out.extend([packed, 0, 0]);
        out.extend(table);
        out.push(b',');
        out.extend(payload);
        out
    }

    /// The record's payload, when the file reads (with the table, when `needed`).
    fn read(b: &[u8], needed: bool) -> Option<&[u8]> {
        let packed = *b.get(8)?;
        let mut at = 11;
        if packed & 0x80 != 0 {
            at += 3 << ((packed & 7) + 1);
        } else if needed {
            return None;
        }
        (b.get(at) == Some(&b',')).then(|| &b[at + 1..])
    }

    fn reduce(needed: bool) -> (Vec<u8>, usize) {
        let data = file(0xf7, &[0; 768], b"\x01BAD");
        let pred = move |b: &[u8]| read(b, needed) == Some(&b"\x01BAD"[..]);
        assert!(pred(&data) && is_binary(&data));
        let pass = || vec![Box::new(GATED_GAPS) as Box<dyn Pass<crate::TestCase>>];
        let (out, calls) = crate::passes::tests::reduce_one_file("x.gif", data, pass(), pred);
        assert!(pred(&out), "{out:x?}");
        (out, calls)
    }

    #[test]
    fn a_gap_goes_with_the_flag_that_announces_it() {
        // The flag cleared, the table and its zeros gone: 8 + 3 + 1 + 4 bytes.
        let (out, calls) = reduce(false);
        assert_eq!(out, b"GIF89a\x05\x00\x00\x00\x00,\x01BAD", "{out:x?}");
        assert!(calls <= 24, "{calls} calls");
    }

    #[test]
    fn a_gap_shrinks_with_the_size_field_that_sizes_it() {
        // The table needed: its size field lowered to 0 (2 colours), 6 zeros left.
        let (out, calls) = reduce(true);
        assert_eq!(out.len(), 8 + 3 + 6 + 1 + 4, "{out:x?}");
        assert_eq!(out[8] & 0x87, 0x80, "{out:x?}");
        assert!(calls <= MAX_TESTS, "{calls} calls");
    }

    #[test]
    fn plans_take_the_nearest_byte_first_and_the_fewest_zeros_left() {
        let data = file(0x81, &[0; 30], b"\x01");
        let first: Vec<(usize, (usize, usize), u64)> = plans(&data)
            .take(6)
            .map(|p| (p.field.at, p.cut, p.value))
            .collect();
        // The gap is the two header zeros and the table (9..41); byte 8 is the
        // nearest non-zero byte: 0, then each bit cleared, for the whole gap, then
        // for all of it but one zero.
        assert_eq!(
            first,
            [
                (8, (9, 41), 0),
                (8, (9, 41), 1),
                (8, (9, 41), 0x80),
                (8, (9, 40), 0),
                (8, (9, 40), 1),
                (8, (9, 40), 0x80)
            ]
        );
        assert_eq!(lowered(0x81), (vec![0, 0x01, 0x80], vec![]));
        assert_eq!(lowered(0x04), (vec![0], vec![]));
        assert_eq!(
            lowered(0xf7),
            (
                vec![0, 0x77, 0xb7, 0xd7, 0xe7, 0xf3, 0xf5, 0xf6],
                vec![0xf4, 0xf0]
            )
        );
        // Past SLACK zeros left, only the size values.
        let late: Vec<u64> = plans(&data).skip(5 * 3).take(2).map(|p| p.value).collect();
        assert_eq!(
            late,
            [0, 1],
            "0x81 has no size value: the next byte's plans"
        );
        // No gap in a file without 24 zeros in a row.
        assert!(gaps(b"\x01\x00\x00\x00\x02").is_empty());
    }
}

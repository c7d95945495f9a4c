//! `zero-bytes` and `one-bytes`: the bytes of a binary data file lowered to 0, then
//! to 1, Shrink Ray's byte lowering at the integer search's first two probes
//! (issue 28: "byte lowering toward 0").
//!
//! Deletion leaves a binary file as short as its structure allows, but the bytes
//! that only fill a place (a header's unused fields, a record the reader skips, a
//! payload nobody looks at) keep their original values, and a reader of the bug
//! report cannot tell them from the bytes that matter. Set to 0, they show as
//! filler, and a value that only has to be small enough (a count, a length) may
//! become 0 too. The nonzero bytes are the units of a deletion pass whose cut
//! writes zeros instead of removing bytes ([`Segmenter::cut`]), so the adaptive
//! search zeroes a whole run of filler in one check, and tries each byte that
//! matters on its own.
//!
//! It acts on the files of a case without source code (a test's input, a file
//! given to `--script`), binary ones only (in a text file a NUL byte is another
//! input, not a lower one), with at most [`MAX_UNITS`] nonzero bytes. It is a last
//! resort after the neighbourhood sweeps: it runs on a result that is already as
//! short as they can make it (run before them, it left the corpus's MP4 case at
//! 68 bytes where 64 go: a zeroed byte can be one a deletion needed), and what it
//! changes lets them run again, so the result is still 1-minimal. `one-bytes`
//! follows it: a length or a count that may not be 0 often need not be more than 1
//! (a protobuf field's length 6 → 1, after which the sweeps cut the rest: 9 → 4
//! bytes). No further probes (3, 7, ...; a bisection): each costs about a check per
//! byte that matters, for a value, not a byte.

use std::collections::BTreeMap;

use super::checksums::{checksummed, diff_edits, repair};
use super::neighbours::without_source;
use super::units::{chosen, Segmenter, Span};
use crate::case::Case;
use crate::edit::EditSet;
use crate::testcase::is_binary;

/// Files with more nonzero bytes than this are left alone (the other passes
/// shorten large files first).
pub const MAX_UNITS: usize = 8192;

/// The bytes of binary data files above a value, each a unit that a cut sets to
/// that value: 0 (`zero-bytes`), then 1 (`one-bytes`, the integer search's second
/// probe, for a length or count that may not be 0 but need not be more).
#[derive(Clone)]
pub struct LowerBytes {
    to: u8,
    /// Only the first [`HEADER_BYTES`] bytes of each block of a checksummed chain.
    headers: bool,
}

/// Every nonzero byte set to 0.
pub const ZERO: LowerBytes = LowerBytes {
    to: 0,
    headers: false,
};
/// Every byte above 1 set to 1.
pub const ONE: LowerBytes = LowerBytes {
    to: 1,
    headers: false,
};
/// The nonzero bytes at the start of each block of a checksummed chain
/// (`chunk-fields`) set to 0, its checksum rewritten.
pub const HEADERS: LowerBytes = LowerBytes {
    to: 0,
    headers: true,
};

/// The bytes of a checksummed block that `chunk-fields` lowers: those a fixed
/// layout (a type, a sequence number, sizes, offsets, flags) usually occupies, at
/// the start of the bytes its checksum covers.
pub const HEADER_BYTES: usize = 32;

impl<C: Case<Item = u8>> Segmenter<C> for LowerBytes {
    fn name(&self) -> &'static str {
        match (self.to, self.headers) {
            (_, true) => "chunk-fields",
            (0, false) => "zero-bytes",
            _ => "one-bytes",
        }
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        // Data files count only in a case without source code (in a crate, the
        // files it includes are the crate passes' job).
        if !without_source(case) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for seq in 0..case.seq_count() {
            let text = case.seq(seq);
            if !is_binary(text) {
                continue;
            }
            if self.headers {
                out.extend(
                    header_bytes(text)
                        .into_iter()
                        .filter(|&i| text[i] > self.to)
                        .map(|i| Span {
                            seq,
                            start: i,
                            end: i + 1,
                        }),
                );
                continue;
            }
            out.extend(
                (text.iter().enumerate())
                    .filter(|&(_, &b)| b > self.to)
                    .map(|(i, _)| Span {
                        seq,
                        start: i,
                        end: i + 1,
                    }),
            );
        }
        out
    }
    fn cut(&self, case: &C, spans: &[Span], ranges: &[(usize, usize)]) -> C {
        // Each file's new bytes, then the checksums of its blocks rewritten where
        // the bytes they cover changed (a no-op in a file without them).
        let mut files: BTreeMap<usize, Vec<u8>> = BTreeMap::new();
        for s in chosen(spans, ranges) {
            let bytes = (files.entry(s.seq)).or_insert_with(|| case.seq(s.seq).to_vec());
            bytes[s.start..s.end].fill(self.to);
        }
        let mut set = EditSet::new();
        for (seq, mut new) in files {
            let old = case.seq(seq);
            repair(old, &mut new);
            for e in diff_edits(seq, old, &new).edits() {
                set.push(e.clone());
            }
        }
        case.apply(&set)
    }
}

/// The offsets [`HEADERS`] lowers in `text`: the first [`HEADER_BYTES`] covered
/// bytes of each block of its checksummed chain, but not the block's length field
/// (the deletion passes shorten blocks) nor its checksum.
fn header_bytes(text: &[u8]) -> Vec<usize> {
    let Some((chain, sum)) = checksummed(text) else {
        return Vec::new();
    };
    let layout = chain.0;
    (chain.1.iter())
        .flat_map(|&(a, b)| {
            let field = a + layout.offset..a + layout.offset + layout.width;
            let end = (a + sum.from + HEADER_BYTES).min(b.saturating_sub(4));
            (a + sum.from..end).filter(move |i| !field.contains(i))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::{last_resort, Delete};

    /// A reader that needs a magic, a count of at least 2 and a marker byte
    /// anywhere after them: everything else becomes 0, and the file keeps its size.
    #[test]
    fn filler_becomes_zero_and_what_matters_stays() {
        let pred = |b: &[u8]| {
            b.len() == 40 && b[..2] == [0xCA, 0xFE] && b[2] >= 2 && b[3..].contains(&0x7E)
        };
        let mut data: Vec<u8> = (0..40u32).map(|i| (i * 53 % 251) as u8 | 0x81).collect();
        data[..3].copy_from_slice(&[0xCA, 0xFE, 0x90]);
        data[30] = 0x7E;
        assert!(pred(&data));
        let pass = || vec![last_resort(Delete::new(ZERO, "zero-bytes", MAX_UNITS))];
        let (out, _) = crate::passes::tests::reduce_one_file("x.bin", data.clone(), pass(), pred);
        let mut want = vec![0u8; 40];
        want[..3].copy_from_slice(&[0xCA, 0xFE, 0x90]);
        want[30] = 0x7E;
        assert_eq!(out, want);
        // A length that may not be 0 goes to 1 (after the zeroing).
        let nonzero = |b: &[u8]| pred(b) && b[4] != 0;
        let both = || {
            vec![
                last_resort(Delete::new(ZERO, "zero-bytes", MAX_UNITS)),
                last_resort(Delete::new(ONE, "one-bytes", MAX_UNITS)),
            ]
        };
        let (out, _) =
            crate::passes::tests::reduce_one_file("x.bin", data.clone(), both(), nonzero);
        want[4] = 1;
        assert_eq!(out, want);
        // Text and source code are left alone.
        let text = b"key = 1\n".to_vec();
        let (out, calls) =
            crate::passes::tests::reduce_one_file("x.toml", text.clone(), pass(), |_| true);
        assert_eq!((out, calls), (text, 1));
    }

    /// A PNG-like file whose reader needs intact CRCs and the third block's first
    /// payload byte: `chunk-fields` zeroes every other covered byte, rewriting each
    /// block's CRC (without that, no byte under a CRC could change).
    #[test]
    fn checksummed_fields_are_lowered_and_their_checksums_rewritten() {
        use crate::passes::checksums::tests::{png_crc, png_crcs_hold};
        let payloads: Vec<Vec<u8>> = (0..5u8).map(|i| vec![0x40 + i, 7, 8, 9]).collect();
        let data = png_crc(&payloads);
        let pred =
            |b: &[u8]| b.len() == data.len() && png_crcs_hold(b) && b[8 + 16 * 2 + 8] == 0x42;
        let pass = || vec![Box::new(Delete::new(HEADERS, "chunk-fields", usize::MAX)) as _];
        let (out, _) = super::super::tests::reduce_one_file("x.png", data.clone(), pass(), pred);
        assert!(pred(&out));
        // The other blocks' covered bytes, type and payload, all went to 0.
        let types = (out.windows(4))
            .filter(|w| *w == b"IHDR" || *w == b"IDAT")
            .count();
        assert_eq!(types, 0, "{out:?}");
    }
}

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

use super::neighbours::without_source;
use super::units::{chosen, Segmenter, Span};
use crate::case::Case;
use crate::edit::{Edit, EditSet};
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
}

/// Every nonzero byte set to 0.
pub const ZERO: LowerBytes = LowerBytes { to: 0 };
/// Every byte above 1 set to 1.
pub const ONE: LowerBytes = LowerBytes { to: 1 };

impl<C: Case<Item = u8>> Segmenter<C> for LowerBytes {
    fn name(&self) -> &'static str {
        if self.to == 0 {
            "zero-bytes"
        } else {
            "one-bytes"
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
        let mut set = EditSet::new();
        for s in chosen(spans, ranges) {
            set.push(Edit::replace(
                s.seq,
                s.start,
                s.end,
                vec![self.to; s.end - s.start],
            ));
        }
        case.apply(&set)
    }
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
}

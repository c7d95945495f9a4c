//! Segmenters: ways to see a case as a flat list of deletable units (items, lines,
//! tokens) across all of its sequences. Deletion passes are generic over them.

use super::tokens::token_spans;
use crate::case::Case;
use crate::edit::{Edit, EditSet};

/// A unit: `start..end` of sequence `seq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The sequence (file).
    pub seq: usize,
    /// Start, inclusive.
    pub start: usize,
    /// End, exclusive.
    pub end: usize,
}

/// Splits a case into units.
pub trait Segmenter<C: Case>: Send + Sync {
    /// Name used in pass names ("lines", "tokens", ...).
    fn name(&self) -> &'static str;
    /// The units, in order (sequence, then position).
    fn segment(&self, case: &C) -> Vec<Span>;
}

/// The edit set that deletes the units `ranges` (unit index ranges).
pub fn delete_units<T: Clone + PartialEq>(spans: &[Span], ranges: &[(usize, usize)]) -> EditSet<T> {
    let mut set = EditSet::new();
    for &(a, b) in ranges {
        let mut i = a;
        while i < b {
            // Coalesce consecutive units of one sequence into one cut.
            let seq = spans[i].seq;
            let start = spans[i].start;
            let mut j = i;
            while j + 1 < b && spans[j + 1].seq == seq && spans[j + 1].start == spans[j].end {
                j += 1;
            }
            set.push(Edit::cut(seq, start, spans[j].end));
            i = j + 1;
        }
    }
    set
}

/// Every item is a unit (bytes of a file, elements of a list).
pub struct Items;

impl<C: Case> Segmenter<C> for Items {
    fn name(&self) -> &'static str {
        "items"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        (0..case.seq_count())
            .flat_map(|s| {
                (0..case.seq(s).len()).map(move |i| Span {
                    seq: s,
                    start: i,
                    end: i + 1,
                })
            })
            .collect()
    }
}

/// Lines, each with its newline.
pub struct Lines;

impl<C: Case<Item = u8>> Segmenter<C> for Lines {
    fn name(&self) -> &'static str {
        "lines"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        let mut out = Vec::new();
        for s in 0..case.seq_count() {
            let text = case.seq(s);
            let mut start = 0;
            for (i, &b) in text.iter().enumerate() {
                if b == b'\n' {
                    out.push(Span {
                        seq: s,
                        start,
                        end: i + 1,
                    });
                    start = i + 1;
                }
            }
            if start < text.len() {
                out.push(Span {
                    seq: s,
                    start,
                    end: text.len(),
                });
            }
        }
        out
    }
}

/// Tokens of the crude tokenizer (whitespace runs included as units).
pub struct Tokens;

impl<C: Case<Item = u8>> Segmenter<C> for Tokens {
    fn name(&self) -> &'static str {
        "tokens"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        (0..case.seq_count())
            .flat_map(|s| {
                token_spans(case.seq(s))
                    .into_iter()
                    .map(move |(a, b)| Span {
                        seq: s,
                        start: a,
                        end: b,
                    })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TestCase;

    #[test]
    fn lines_and_deletion() {
        let case = TestCase::single("f", b"a\nbb\nc".to_vec());
        let spans = Lines.segment(&case);
        assert_eq!(spans.len(), 3);
        let out = case.apply(&delete_units(&spans, &[(1, 3)]));
        assert_eq!(out.seq(0), b"a\n");
        let out = case.apply(&delete_units(&spans, &[(0, 1), (2, 3)]));
        assert_eq!(out.seq(0), b"bb\n");
    }

    #[test]
    fn units_span_files() {
        let case = TestCase::from_files([
            ("a".into(), b"x\n".to_vec()),
            ("b".into(), b"y\nz\n".to_vec()),
        ]);
        let spans = Lines.segment(&case);
        assert_eq!(spans.len(), 3);
        let out = case.apply(&delete_units(&spans, &[(0, 2)]));
        assert_eq!(out.seq(0), b"");
        assert_eq!(out.seq(1), b"z\n");
    }
}

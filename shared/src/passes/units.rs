//! Segmenters: ways to see a case as a flat list of deletable units (items, lines,
//! tokens) across all of its sequences. Deletion passes are generic over them.

use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::tokens::token_spans;

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
pub trait Segmenter<C: Case>: Clone + Send + Sync + 'static {
    /// Name used in pass names ("lines", "tokens", ...).
    fn name(&self) -> &'static str;
    /// The units, in order (sequence, then position).
    fn segment(&self, case: &C) -> Vec<Span>;
    /// `case` without the units `ranges` (unit index ranges of `spans`, which
    /// [`Segmenter::segment`] gave for `case`). A segmenter whose units are referred
    /// to from elsewhere in the case (offsets, counts) also rewrites those.
    fn cut(&self, case: &C, spans: &[Span], ranges: &[(usize, usize)]) -> C {
        case.apply(&delete_units::<C::Item>(spans, ranges))
    }
}

/// The units `ranges` (unit index ranges of `spans`) choose, in order.
pub fn chosen<'a>(
    spans: &'a [Span],
    ranges: &'a [(usize, usize)],
) -> impl Iterator<Item = &'a Span> {
    // A segmentation that shifted under a pass must not make an index past the end.
    (ranges.iter()).flat_map(|&(a, b)| &spans[a.min(spans.len())..b.min(spans.len())])
}

/// The edit set that deletes the units `ranges` (unit index ranges).
pub fn delete_units<T: Clone + PartialEq>(spans: &[Span], ranges: &[(usize, usize)]) -> EditSet<T> {
    let mut set = EditSet::new();
    for &(a, b) in ranges {
        // A segmentation that shifted under a pass (Rust nodes can merge or split
        // after an accepted deletion) must not make this index past the end.
        let b = b.min(spans.len());
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

/// The units `units(text)` gives for each file of `case` that is not source code,
/// as spans in file order. For segmenters that read a file's structure as a tree
/// ([`super::varints`], [`super::der`]); `units` gives none for a file it does not
/// read.
pub fn file_spans<C: Case<Item = u8>>(
    case: &C,
    units: impl Fn(&[u8]) -> Vec<(usize, usize)>,
) -> Vec<Span> {
    (0..case.seq_count())
        .filter(|&seq| !case.is_syntax(seq))
        .flat_map(|seq| {
            let found = units(case.seq(seq));
            found
                .into_iter()
                .map(move |(start, end)| Span { seq, start, end })
        })
        .collect()
}

/// `case` with the units `ranges` (of `spans`) deleted by writing each file they
/// are in again: `write(text, gone)` gives the file without the units `gone` (their
/// `(start, end)`), its lengths and counts made true again, or `None` when it does
/// not read the file (which then stays as it is). For segmenters that read a file's
/// structure as a tree ([`super::varints`], [`super::der`]).
pub fn rewrite_cut<C: Case<Item = u8>>(
    case: &C,
    spans: &[Span],
    ranges: &[(usize, usize)],
    write: impl Fn(&[u8], &std::collections::HashSet<(usize, usize)>) -> Option<Vec<u8>>,
) -> C {
    let cuts = delete_units::<u8>(spans, ranges);
    let mut set = EditSet::new();
    for seq in cuts.seqs() {
        let text = case.seq(seq);
        let gone = chosen(spans, ranges)
            .filter(|s| s.seq == seq)
            .map(|s| (s.start, s.end))
            .collect();
        if let Some(out) = write(text, &gone) {
            set.push(Edit::replace(seq, 0, text.len(), out));
        }
    }
    case.apply(&set)
}

/// Every item is a unit (bytes of a file, elements of a list).
#[derive(Clone)]
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

/// The units of `S` outside `.rs` files: byte-level passes gain a byte or two on
/// Rust for dozens of compiler runs (measured on the buried ICEs: 15–45 runs per case
/// for at most one byte), and the Rust-aware and token passes cover Rust.
#[derive(Clone)]
pub struct NonRust<S>(pub S);

impl<S: Segmenter<crate::testcase::TestCase>> Segmenter<crate::testcase::TestCase> for NonRust<S> {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn segment(&self, case: &crate::testcase::TestCase) -> Vec<Span> {
        let mut spans = self.0.segment(case);
        spans.retain(|s| !crate::syntax::is_rust(case.path(s.seq)));
        spans
    }
}

/// Lines, each with its newline.
#[derive(Clone)]
pub struct Lines;

impl<C: Case<Item = u8>> Segmenter<C> for Lines {
    fn name(&self) -> &'static str {
        "lines"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        let mut out = Vec::new();
        for s in 0..case.seq_count() {
            let text = case.seq(s);
            // Blank lines of source code are not worth a compiler run each: the
            // result is formatted (or tidied) at the end. A source file of nothing
            // but blanks is one unit (emptied, it is gone).
            let blank = |a: usize, b: usize| text[a..b].iter().all(u8::is_ascii_whitespace);
            if case.is_syntax(s) && !text.is_empty() && blank(0, text.len()) {
                out.push(Span {
                    seq: s,
                    start: 0,
                    end: text.len(),
                });
                continue;
            }
            let keep = |a: usize, b: usize| !case.is_syntax(s) || !blank(a, b);
            let mut start = 0;
            for (i, &b) in text.iter().enumerate() {
                if b == b'\n' {
                    if keep(start, i + 1) {
                        out.push(Span {
                            seq: s,
                            start,
                            end: i + 1,
                        });
                    }
                    start = i + 1;
                }
            }
            if start < text.len() && keep(start, text.len()) {
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

/// Tokens of the crude tokenizer. Whitespace runs are units too, except in source
/// code ([`Case::is_syntax`]), where deleting one never changes what the compiler
/// sees and the final formatting (or tidying) takes care of them: measured on a
/// buried ICE in a crate, 21 of the 39 token runs went to single blanks. In source
/// code a string or character literal is one unit: a lone quote deleted leaves an
/// unterminated literal, which the compiler does not get past, so the literal
/// (`extern "C"` → `extern`) would otherwise take three cuts at once.
#[derive(Clone)]
pub struct Tokens;

impl<C: Case<Item = u8>> Segmenter<C> for Tokens {
    fn name(&self) -> &'static str {
        "tokens"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        let mut out = Vec::new();
        for s in 0..case.seq_count() {
            let text = case.seq(s);
            let syntax = case.is_syntax(s);
            let literals = if syntax {
                crate::syntax::literal_ranges(text)
            } else {
                Vec::new()
            };
            let mut lit = literals.iter().peekable();
            for (a, b) in token_spans(text) {
                if syntax && crate::tokens::class(text[a]) == crate::tokens::Class::Space {
                    continue;
                }
                while lit.next_if(|&&(_, e)| e <= a).is_some() {}
                match lit.peek() {
                    // Inside a literal: the literal's one unit, at its first token.
                    Some(&&(ls, le)) if ls <= a => {
                        let unit = Span {
                            seq: s,
                            start: ls,
                            end: le,
                        };
                        if out.last() != Some(&unit) {
                            out.push(unit);
                        }
                    }
                    _ => out.push(Span {
                        seq: s,
                        start: a,
                        end: b,
                    }),
                }
            }
        }
        out
    }
}

/// Records of a binary or long-line file: the spans between successive occurrences
/// of its most repeated separator (the n-gram, 4 to 16 bytes, that covers the most
/// bytes in non-overlapping occurrences, at least 8 of them). Frames of a GIF,
/// chunks of a PNG, entries of an archive: deleting a record keeps the structure
/// around it, where line and byte cuts almost never land on a boundary. Rust files
/// (the syntax passes know better) and text files whose lines are short (the line
/// passes do this job) have no records.
#[derive(Clone)]
pub struct Records;

/// Text files with a mean line length below this are left to the line passes.
const RECORD_MIN_LINE: usize = 80;

/// The separator of `text`, if it has one worth using.
pub fn record_separator(text: &[u8]) -> Option<&[u8]> {
    if text.len() < 256 {
        return None;
    }
    let binary = text.contains(&0) || std::str::from_utf8(text).is_err();
    let lines = text.iter().filter(|&&b| b == b'\n').count() + 1;
    if !binary && text.len() / lines < RECORD_MIN_LINE {
        return None;
    }
    let mut best: Option<(usize, &[u8])> = None;
    for n in [4usize, 6, 8, 12, 16] {
        // gram -> (non-overlapping count, end of the last counted occurrence)
        let mut seen: std::collections::HashMap<&[u8], (usize, usize)> =
            std::collections::HashMap::new();
        for i in 0..=text.len().saturating_sub(n) {
            let g = &text[i..i + n];
            let e = seen.entry(g).or_insert((0, 0));
            if i >= e.1 {
                e.0 += 1;
                e.1 = i + n;
            }
        }
        for (g, (count, _)) in seen {
            let one_byte = g.iter().all(|&b| b == g[0]);
            // Units must be worth a test each: at least 8 of them, longer than the
            // separator on average.
            if count < 8 || one_byte || text.len() / count < 2 * n {
                continue;
            }
            let score = count * n;
            if best.is_none_or(|(s, b)| score > s || (score == s && g < b)) {
                best = Some((score, g));
            }
        }
    }
    best.map(|(_, g)| g)
}

impl Segmenter<crate::TestCase> for Records {
    fn name(&self) -> &'static str {
        "records"
    }
    fn segment(&self, case: &crate::TestCase) -> Vec<Span> {
        let mut out = Vec::new();
        for (seq, (path, text)) in case.files().enumerate() {
            if crate::syntax::is_rust(path) {
                continue;
            }
            let Some(sep) = record_separator(text) else {
                continue;
            };
            let mut start = 0;
            let mut i = 0;
            while i + sep.len() <= text.len() {
                if &text[i..i + sep.len()] == sep {
                    if i > start {
                        out.push(Span { seq, start, end: i });
                    }
                    start = i;
                    i += sep.len();
                } else {
                    i += 1;
                }
            }
            if start < text.len() {
                out.push(Span {
                    seq,
                    start,
                    end: text.len(),
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TestCase;

    #[test]
    fn a_rust_literal_is_one_token() {
        let text = b"extern \"C\" fn f<'a>() { g(b\"x y\", 'z', r#\"q\"#) }";
        let case = TestCase::single("lib.rs", text.to_vec());
        let got: Vec<&[u8]> = (Tokens.segment(&case).iter())
            .map(|s| &text[s.start..s.end])
            .collect();
        let want: Vec<&[u8]> = vec![
            b"extern",
            b"\"C\"",
            b"fn",
            b"f",
            b"<",
            b"'",
            b"a",
            b">",
            b"(",
            b")",
            b"{",
            b"g",
            b"(",
            b"b\"x y\"",
            b",",
            b"'z'",
            b",",
            b"r#\"q\"#",
            b")",
            b"}",
        ];
        assert_eq!(got, want);
        // Not source code: quotes and words are units of their own.
        let case = TestCase::single("a.txt", b"x \"C\"".to_vec());
        assert_eq!(Tokens.segment(&case).len(), 5);
    }

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
    fn records_split_binary_at_the_repeated_separator() {
        let mut data = b"HEAD\x01\x02".to_vec();
        for i in 0..20u8 {
            data.extend_from_slice(b"\x21\xf9\x04\x00");
            data.extend((0..40).map(|k| k ^ i.wrapping_mul(7)));
        }
        data.push(b';');
        let case = crate::TestCase::single("x.gif", data.clone());
        let spans = Records.segment(&case);
        assert_eq!(spans.len(), 21, "{spans:?}");
        assert_eq!((spans[0].start, spans[0].end), (0, 6));
        assert!(spans[1..].iter().all(|s| data[s.start] == 0x21));
        // Short lines and Rust files have no records.
        let text: Vec<u8> = (0..100)
            .flat_map(|i| format!("line {i}\n").into_bytes())
            .collect();
        assert!(Records
            .segment(&crate::TestCase::single("a.txt", text))
            .is_empty());
        assert!(Records
            .segment(&crate::TestCase::single("a.rs", data))
            .is_empty());
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

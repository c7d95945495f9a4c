//! The last steps to a 1-minimal text in the stated neighbourhood (issue 28, and
//! `tools/check_minimal.py`, which checks it independently):
//!
//! - [`Pairs`]: delete a matched pair, both ends at once (two cuts in one
//!   candidate) or with what is between them: brackets `()[]{}<>`, quotes on one
//!   line, and opening/closing tags (`<x ...>`…`</x>`, `{% if %}`…`{% endif %}`,
//!   `begin`…`end`, `X`…`endX`). Pairwise Program Reduction's observation: one end
//!   alone never goes, so deleting one unit at a time never gets there. And lift
//!   a pair: its contents replaced by those of a pair of its kind inside it.
//! - [`ReplaceTokens`]: replace a token by a shorter one: `0`, `1`, `a`, `""`, or one
//!   of the text's own shortest distinct tokens (Vulcan / T-Rec style replacement).
//!
//! - [`SameTokens`]: delete every occurrence of a repeated word at once: a name
//!   declared and used (a MIME boundary and its delimiter lines, a label and its
//!   references) goes only with all its uses, which no single cut reaches (C-Reduce's
//!   and Shrink Ray's replacement of all occurrences of a token).
//!
//! All three test every candidate of a sweep when nothing goes, so they skip files with
//! more than [`MAX_CANDIDATES`] (the other passes shrink them first), and text files
//! only (not binary, not source code, which the syntax passes handle).

use super::chunks::is_binary;
use super::Pass;
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::passes::{Ctx, Interrupt};

/// A sweep over more candidates than this in one file is skipped.
pub const MAX_CANDIDATES: usize = 1500;

/// Tokens as `check_minimal.py` sees them: a run of word characters, or one other
/// non-blank character.
pub fn word_tokens(text: &[u8]) -> Vec<(usize, usize)> {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if word(text[i]) {
            let j = i + text[i..].iter().take_while(|&&b| word(b)).count();
            out.push((i, j));
            i = j;
        } else {
            if !text[i].is_ascii_whitespace() {
                out.push((i, i + 1));
            }
            i += 1;
        }
    }
    out
}

/// A matched pair: its opening `a1..b1` and closing `a2..b2`.
pub type Pair = (usize, usize, usize, usize);

/// The matched pairs of `text` (see the module docs).
pub fn pairs(text: &[u8]) -> Vec<Pair> {
    let mut out = Vec::new();
    // Brackets, one stack per kind.
    for (o, c) in [(b'(', b')'), (b'[', b']'), (b'{', b'}'), (b'<', b'>')] {
        let mut stack = Vec::new();
        for (i, &b) in text.iter().enumerate() {
            if b == o {
                stack.push(i);
            } else if b == c {
                if let Some(j) = stack.pop() {
                    out.push((j, j + 1, i, i + 1));
                }
            }
        }
    }
    // Quotes: consecutive occurrences on one line.
    for q in [b'"', b'\''] {
        for line in text.split(|&b| b == b'\n') {
            let base = line.as_ptr() as usize - text.as_ptr() as usize;
            let idx: Vec<usize> = (0..line.len()).filter(|&i| line[i] == q).collect();
            for w in idx.chunks_exact(2) {
                out.push((base + w[0], base + w[0] + 1, base + w[1], base + w[1] + 1));
            }
        }
    }
    // `<x ...>` ... `</x>`.
    let toks = word_tokens(text);
    for (k, &(s, e)) in toks.iter().enumerate() {
        let starts_tag = s > 0
            && text[s - 1] == b'<'
            && text[s].is_ascii_alphabetic()
            && (s < 2 || text[s - 2] != b'<');
        if !starts_tag {
            continue;
        }
        let Some(gt) = text[e..].iter().position(|&b| b == b'>').map(|p| e + p) else {
            continue;
        };
        if text[e..gt].contains(&b'<') {
            continue;
        }
        let name = &text[s..e];
        let close = toks[k + 1..].iter().find(|&&(s2, e2)| {
            &text[s2..e2] == name
                && s2 >= 2
                && &text[s2 - 2..s2] == b"</"
                && text[e2..].iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'>')
        });
        if let Some(&(s2, e2)) = close {
            let end = e2 + text[e2..].iter().position(|&b| b == b'>').unwrap_or(0) + 1;
            out.push((s - 1, gt + 1, s2 - 2, end));
        }
    }
    // Keyword pairs: `w` ... `endw` / `end_w` (`begin` ... `end`), nested by `w`.
    let words: Vec<(usize, usize, Vec<u8>)> = toks
        .iter()
        .filter(|&&(s, _)| text[s].is_ascii_alphanumeric() || text[s] == b'_')
        .map(|&(s, e)| (s, e, text[s..e].to_ascii_lowercase()))
        .collect();
    for (k, (s, e, w)) in words.iter().enumerate() {
        let ends = [
            [b"end".as_slice(), w].concat(),
            [b"end_".as_slice(), w].concat(),
        ];
        let mut depth = 0;
        for (s2, e2, w2) in &words[k + 1..] {
            if w2 == w {
                depth += 1;
            } else if ends.contains(w2) || (w == b"begin" && w2 == b"end") {
                if depth == 0 {
                    let (a1, b1) = widen(text, *s, *e);
                    let (a2, b2) = widen(text, *s2, *e2);
                    out.push((a1, b1, a2, b2));
                    break;
                }
                depth -= 1;
            }
        }
    }
    out
}

/// `a..b` widened to the `{% ... %}` around it, if it is inside one.
fn widen(text: &[u8], a: usize, b: usize) -> (usize, usize) {
    let find = |hay: &[u8], pat: &[u8]| hay.windows(2).position(|w| w == pat);
    let rfind = |hay: &[u8], pat: &[u8]| hay.windows(2).rposition(|w| w == pat);
    if let (Some(l), Some(r)) = (rfind(&text[..a], b"{%"), find(&text[b..], b"%}")) {
        if find(&text[l..a], b"%}").is_none() && find(&text[b..b + r], b"{%").is_none() {
            return (l, b + r + 2);
        }
    }
    (a, b)
}

fn text_file<C: Case<Item = u8>>(case: &C, seq: usize) -> bool {
    !case.is_syntax(seq) && !is_binary(case.seq(seq))
}

/// Candidates of one file in the order they are tried: `(position, edits)`,
/// position descending (from the end).
type Proposals = Vec<(usize, EditSet<u8>)>;

/// Runs `propose` file by file from the last, testing its candidates with a
/// cursor that moves towards the start after each success.
fn sweep<C: Case<Item = u8>>(
    ctx: &mut dyn Ctx<C>,
    cursor: &mut Option<(usize, usize)>,
    propose: impl Fn(&[u8], usize) -> Proposals,
) -> Result<(), Interrupt> {
    let files = ctx.current().seq_count();
    let (mut seq, mut pos) = cursor.take().unwrap_or((files, usize::MAX));
    loop {
        if let Err(e) = ctx.checkpoint() {
            *cursor = Some((seq, pos));
            return Err(e);
        }
        if seq >= files || pos == 0 || !text_file(ctx.current(), seq) {
            if seq == 0 || files == 0 {
                return Ok(());
            }
            seq = seq.min(files) - 1;
            pos = usize::MAX;
            continue;
        }
        let base = ctx.current().clone();
        let mut props = propose(base.seq(seq), seq);
        props.retain(|(p, _)| *p < pos);
        if props.len() > MAX_CANDIDATES {
            props.clear();
        }
        let found = ctx.first(props.iter().map(|(_, e)| base.apply(e)));
        match found {
            Ok(Some(i)) => pos = props[i].0 + 1,
            Ok(None) => pos = 0,
            Err(e) => {
                *cursor = Some((seq, pos));
                return Err(e);
            }
        }
    }
}

/// Matched pairs deleted, with their contents or only their two ends (see the
/// module docs).
#[derive(Clone, Default)]
pub struct Pairs {
    cursor: Option<(usize, usize)>,
}

impl<C: Case<Item = u8>> Pass<C> for Pairs {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "pairs"
    }
    fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        sweep(ctx, &mut self.cursor, |text, seq| {
            let mut out = pair_cuts(text, seq);
            out.extend(lift_cuts(text, seq));
            // Position descending; at one position, the deletions first (stable).
            out.sort_by_key(|(p, _)| std::cmp::Reverse(*p));
            out
        })
    }
}

/// The lifts of `text` (sequence `seq`): a pair's contents replaced by those of a
/// pair of the same kind nested in it (`{A{B}C}` → `{B}`, a JSON document → one
/// of its objects; Shrink Ray's `lift_braces`, for every kind of pair), each at
/// the outer pair's opening position. The inner pair is the one whose nearest
/// enclosing pair of its kind (same closing text) is the outer one.
fn lift_cuts(text: &[u8], seq: usize) -> Proposals {
    let mut ps = pairs(text);
    ps.sort_by_key(|p| (p.0, std::cmp::Reverse(p.3)));
    ps.dedup();
    // The pairs of each kind (same closing text) that enclose the current one,
    // innermost last: one pass in opening order, linear in the pairs.
    let mut open: std::collections::HashMap<&[u8], Vec<Pair>> = Default::default();
    let mut out = Vec::new();
    for inner in &ps {
        let stack = open.entry(&text[inner.2..inner.3]).or_default();
        while stack
            .last()
            .is_some_and(|o| !(o.1 <= inner.0 && inner.3 <= o.2))
        {
            stack.pop();
        }
        let outer = stack.last().copied();
        stack.push(*inner);
        if let Some((a1, b1, a2, _)) = outer {
            if (b1, inner.1) != (inner.2, a2) {
                let mut set = EditSet::new();
                set.push(Edit::cut(seq, b1, inner.1));
                set.push(Edit::cut(seq, inner.2, a2));
                out.push((a1, set));
            }
        }
    }
    out
}

/// The pair deletions of `text` (sequence `seq`), each at its opening position,
/// last pair first: the whole pair (the bigger cut), then its two ends at once.
/// Shared with `--exhaustive`'s `rust-pairs`.
pub(super) fn pair_cuts(text: &[u8], seq: usize) -> Vec<(usize, EditSet<u8>)> {
    let mut ps = pairs(text);
    ps.sort_by(|x, y| y.0.cmp(&x.0).then(y.3.cmp(&x.3)));
    ps.dedup();
    let mut out = Vec::new();
    for (a1, b1, a2, b2) in ps {
        out.push((a1, EditSet::of(Edit::cut(seq, a1, b2))));
        let mut ends = EditSet::new();
        ends.push(Edit::cut(seq, a1, b1));
        ends.push(Edit::cut(seq, a2, b2));
        out.push((a1, ends));
    }
    out
}

/// Each token replaced by a shorter one (see the module docs).
#[derive(Clone, Default)]
pub struct ReplaceTokens {
    cursor: Option<(usize, usize)>,
}

impl<C: Case<Item = u8>> Pass<C> for ReplaceTokens {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "replace-tokens"
    }
    fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        sweep(ctx, &mut self.cursor, replace_cuts)
    }
}

/// Each token of `text` (sequence `seq`) replaced by a shorter one (see the module
/// docs), last token first. Shared with the `*-replace-tokens` sweeps.
pub(super) fn replace_cuts(text: &[u8], seq: usize) -> Proposals {
    let toks = word_tokens(text);
    let mut distinct: Vec<&[u8]> = toks.iter().map(|&(a, b)| &text[a..b]).collect();
    distinct.sort_by(|x, y| x.len().cmp(&y.len()).then(x.cmp(y)));
    distinct.dedup();
    let mut short: Vec<&[u8]> = vec![b"0", b"1", b"a", b"\"\""];
    short.extend(distinct.into_iter().take(8));
    let mut out = Vec::new();
    for &(a, b) in toks.iter().rev() {
        for r in &short {
            if r.len() < b - a {
                out.push((a, EditSet::of(Edit::replace(seq, a, b, r.to_vec()))));
            }
        }
    }
    out
}

/// Every occurrence of a repeated word at once (see the module docs).
#[derive(Clone, Default)]
pub struct SameTokens {
    cursor: Option<(usize, usize)>,
}

impl<C: Case<Item = u8>> Pass<C> for SameTokens {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "same-tokens"
    }
    fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        sweep(ctx, &mut self.cursor, same_token_cuts)
    }
}

/// For each token that occurs more than once in `text`, the cut of all its
/// occurrences, then of all but the first (a declaration kept, its uses gone), at its
/// last occurrence; the last first.
fn same_token_cuts(text: &[u8], seq: usize) -> Proposals {
    let mut at: std::collections::BTreeMap<&[u8], Vec<(usize, usize)>> = Default::default();
    for (a, b) in word_tokens(text) {
        at.entry(&text[a..b]).or_default().push((a, b));
    }
    let cut = |spans: &[(usize, usize)]| {
        let mut set = EditSet::new();
        for &(a, b) in spans {
            set.push(Edit::cut(seq, a, b));
        }
        set
    };
    let mut out: Proposals = Vec::new();
    for spans in at.into_values().filter(|s| s.len() > 1) {
        let last = spans[spans.len() - 1].0;
        out.push((last, cut(&spans)));
        if spans.len() > 2 {
            out.push((last, cut(&spans[1..])));
        }
    }
    out.sort_by_key(|x| std::cmp::Reverse(x.0));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(text: &str) -> Vec<(String, String)> {
        let t = text.as_bytes();
        let mut v: Vec<(String, String)> = pairs(t)
            .into_iter()
            .map(|(a1, b1, a2, b2)| (text[a1..b1].to_string(), text[a2..b2].to_string()))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn pairs_of_brackets_quotes_and_tags() {
        let s = spans("{%for r in x%}<b k='1'>(a)</b>{%endfor%} begin y end");
        for want in [
            ("{%for r in x%}", "{%endfor%}"),
            ("<b k='1'>", "</b>"),
            ("(", ")"),
            ("'", "'"),
            ("begin", "end"),
        ] {
            assert!(
                s.contains(&(want.0.into(), want.1.into())),
                "{want:?} in {s:?}"
            );
        }
    }

    fn run(
        pass: Box<dyn Pass<crate::TestCase>>,
        input: &str,
        pred: impl Fn(&str) -> bool + Sync,
    ) -> String {
        let (out, _) = super::super::tests::reduce_one_file(
            "t.txt",
            input.as_bytes().to_vec(),
            vec![pass],
            |b: &[u8]| pred(std::str::from_utf8(b).unwrap_or("")),
        );
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_document_lifts_to_one_of_its_objects() {
        // A reader that wants one JSON object whose "coordinates" are `[]`; every
        // document around it can go, but only as a whole.
        let input = r#"{"type":"C","f":[{"type":"F","g":{"type":"P","coordinates":[]}}]}"#;
        let out = run(Box::new(Pairs::default()), input, |s| {
            let json = serde_json::from_str::<serde_json::Value>(s).is_ok();
            json && s.contains(r#""coordinates":[]"#) && s.contains(r#""type":"P""#)
        });
        assert_eq!(out, r#"{"type":"P","coordinates":[]}"#);
        let got: Vec<String> = lift_cuts(b"{a{b}[c{d}]}", 0)
            .into_iter()
            .map(|(_, e)| {
                let t = crate::TestCase::single("t.txt", b"{a{b}[c{d}]}".to_vec());
                String::from_utf8(t.apply(&e).seq(0).to_vec()).unwrap()
            })
            .collect();
        assert_eq!(got, ["{b}", "{d}"]);
    }

    #[test]
    fn both_ends_of_a_template_block_go_at_once() {
        // Balanced tags are required; the `if` block holds the bug.
        let input = "{%for r in x%}{%if a%}BUG{%endif%}{%endfor%}";
        let out = run(Box::new(Pairs::default()), input, |s| {
            s.contains("BUG")
                && s.matches("{%for").count() == s.matches("{%endfor").count()
                && s.matches("{%if").count() == s.matches("{%endif").count()
        });
        assert_eq!(out, "BUG");
    }

    #[test]
    fn a_token_goes_from_all_but_its_first_place() {
        let out = run(Box::new(SameTokens::default()), "b==x\n--=", |s| {
            s.starts_with("b=") && s.contains("--")
        });
        assert_eq!(out, "b=x\n--");
    }

    #[test]
    fn a_name_goes_with_all_its_uses() {
        // The boundary must match the delimiter; both can be empty.
        let input = "boundary=mix_c99\n\n--mix_c99\n";
        let out = run(Box::new(SameTokens::default()), input, |s| {
            let b = s
                .split("boundary=")
                .nth(1)
                .and_then(|r| r.split('\n').next());
            b.is_some_and(|b| s.contains(&format!("--{b}\n")))
        });
        assert_eq!(out, "boundary=\n\n--\n");
    }

    #[test]
    fn tokens_become_shorter_ones() {
        let out = run(
            Box::new(ReplaceTokens::default()),
            "loop.index%per_row==zz",
            |s| s.contains('%') && s.contains("==") && !s.starts_with('%'),
        );
        assert_eq!(out, "0.0%0==0");
    }
}

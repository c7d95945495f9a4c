//! Segmentations of text (not binary files, not source code) by its own structure, deleted as units with the adaptive
//! deletion of [`Delete`] (which tries runs of units and bisects a run that cannot
//! go: it never assumes that interesting prefixes are upward closed).
//!
//! - [`Blocks`]: hierarchical delta debugging over line blocks. A block is a line
//!   with the lines its brackets keep open and the lines indented deeper below it
//!   (a JSON object, a YAML mapping, an indented body); its children are the blocks
//!   of its inner lines. [`BlockLevels`] deletes the blocks of level 0, then of level
//!   1, and so on: a record of 25 lines goes in one test, where line deletion would
//!   need one test per line (each cut that splits the record is a syntax error).
//! - [`Statements`]: the parts of a line between top-level `;` (SQL, shell, C-like
//!   code on one line), each with its `;`.
//! - [`ListElements`]: the elements of a bracketed list, between its top-level `,`
//!   (arguments, array items, object members on one line), each with its `,`.

use super::chunks::is_binary;
use super::delete::Delete;
use super::units::{chosen, delete_units, Segmenter, Span};
use super::Pass;
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::passes::{Ctx, Interrupt};

/// Per line: `(start, end)` byte range with its newline, bracket depth before and
/// after it, indentation (`None` for a blank line).
struct LineInfo {
    start: usize,
    end: usize,
    before: i64,
    after: i64,
    indent: Option<usize>,
}

/// The bytes of `text[range]` outside double-quoted strings (a `\\` escapes the next
/// byte in a string), with their positions; the quotes themselves are left out.
fn outside_strings(
    text: &[u8],
    range: std::ops::Range<usize>,
) -> impl Iterator<Item = (usize, u8)> + '_ {
    let (mut in_str, mut esc) = (false, false);
    (range.start..range.end).filter_map(move |i| {
        let b = text[i];
        if in_str {
            match (esc, b) {
                (true, _) => esc = false,
                (false, b'\\') => esc = true,
                (false, b'"') => in_str = false,
                _ => {}
            }
            return None;
        }
        if b == b'"' {
            in_str = true;
            return None;
        }
        Some((i, b))
    })
}

/// Bracket depth changes of `line`, outside double-quoted strings (which end at the
/// line's end).
fn depth_change(line: &[u8]) -> i64 {
    (outside_strings(line, 0..line.len()))
        .map(|(_, b)| match b {
            b'(' | b'[' | b'{' => 1,
            b')' | b']' | b'}' => -1,
            _ => 0,
        })
        .sum()
}

fn lines(text: &[u8]) -> Vec<LineInfo> {
    let mut out = Vec::new();
    let mut depth = 0i64;
    let mut start = 0;
    while start < text.len() {
        let end = text[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |k| start + k + 1);
        let line = &text[start..end];
        let indent = line
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        let blank = line[indent..].iter().all(u8::is_ascii_whitespace);
        let after = depth + depth_change(line);
        out.push(LineInfo {
            start,
            end,
            before: depth,
            after,
            indent: (!blank).then_some(indent),
        });
        depth = after;
        start = end;
    }
    out
}

/// The last line of the block that starts at line `i` (lines `i..=last`).
fn block_end(ls: &[LineInfo], i: usize, limit: usize) -> usize {
    let close = |i: usize| {
        (i..limit)
            .find(|&j| ls[j].after <= ls[i].before)
            .unwrap_or(limit - 1)
    };
    let mut j = close(i);
    let Some(ind) = ls[i].indent else {
        return j;
    };
    while j + 1 < limit && ls[j + 1].indent.is_some_and(|k| k > ind) {
        j = close(j + 1);
    }
    j
}

/// The blocks at `level` of `text` as line ranges `(first, last)`.
fn blocks_at(ls: &[LineInfo], level: usize) -> Vec<(usize, usize)> {
    // Each entry: lines `a..b` partitioned into blocks at the current level.
    let mut ranges = vec![(0, ls.len())];
    for l in 0..=level {
        let mut blocks = Vec::new();
        for &(a, b) in &ranges {
            let mut i = a;
            while i < b {
                let j = block_end(ls, i, b);
                blocks.push((i, j));
                i = j + 1;
            }
        }
        if l == level {
            return blocks;
        }
        ranges = blocks
            .into_iter()
            .filter(|&(i, j)| j > i)
            .map(|(i, j)| (i + 1, j + 1))
            .collect();
    }
    unreachable!()
}

/// The line blocks of one level of each text file (not source code, which the
/// syntax passes know better; see the module docs).
#[derive(Clone)]
pub struct Blocks {
    /// 0: the top-level blocks; 1: their children; ...
    pub level: usize,
}

impl<C: Case<Item = u8>> Segmenter<C> for Blocks {
    fn name(&self) -> &'static str {
        "blocks"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        let mut out = Vec::new();
        for seq in 0..case.seq_count() {
            if case.is_syntax(seq) || is_binary(case.seq(seq)) {
                continue;
            }
            let ls = lines(case.seq(seq));
            out.extend(blocks_at(&ls, self.level).into_iter().map(|(i, j)| Span {
                seq,
                start: ls[i].start,
                end: ls[j].end,
            }));
        }
        out
    }
}

/// [`Delete`] over [`Blocks`], level after level. A level whose blocks are all single
/// lines is skipped (the line pass tries those), and so is a level of one block
/// that is the whole file (its deletion is the empty file); the sweep ends at the first
/// level with no blocks; so files without nesting cost nothing.
#[derive(Default)]
pub struct BlockLevels {
    level: usize,
    inner: Option<Delete<Blocks>>,
}

impl Clone for BlockLevels {
    fn clone(&self) -> Self {
        BlockLevels {
            level: self.level,
            inner: self.inner.clone(),
        }
    }
}

impl<C: Case<Item = u8>> Pass<C> for BlockLevels {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "blocks"
    }
    fn is_fresh(&self) -> bool {
        self.level == 0 && self.inner.is_none()
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        loop {
            ctx.checkpoint()?;
            if self.inner.is_none() {
                let seg = Blocks { level: self.level };
                let spans = Segmenter::<C>::segment(&seg, ctx.current());
                if spans.is_empty() {
                    self.level = 0;
                    return Ok(());
                }
                let case = ctx.current();
                let multi = spans.iter().any(|s| {
                    case.seq(s.seq)[s.start..s.end]
                        .iter()
                        .take(s.end - s.start - 1)
                        .any(|&b| b == b'\n')
                });
                // One block that is the whole file: its deletion is the empty file,
                // not a structure; go down to its children.
                let whole = spans.len() == 1
                    && spans[0].start == 0
                    && spans[0].end == case.seq(spans[0].seq).len();
                if !multi || whole {
                    self.level += 1;
                    continue;
                }
                self.inner = Some(Delete::new(seg, "blocks", usize::MAX));
            }
            let inner = self.inner.as_mut().expect("set above");
            Pass::<C>::run(inner, ctx)?;
            self.inner = None;
            self.level += 1;
        }
    }
}

/// The statements of each line of a text file: the parts between `;` at the line's
/// own bracket depth (outside double-quoted strings), each with its `;`. Only lines
/// with two or more statements have units.
#[derive(Clone)]
pub struct Statements;

impl<C: Case<Item = u8>> Segmenter<C> for Statements {
    fn name(&self) -> &'static str {
        "statements"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        let mut out = Vec::new();
        for seq in 0..case.seq_count() {
            if case.is_syntax(seq) || is_binary(case.seq(seq)) {
                continue;
            }
            let text = case.seq(seq);
            for l in lines(text) {
                let mut parts = Vec::new();
                let (mut d, mut start) = (0i64, l.start);
                for (i, b) in outside_strings(text, l.start..l.end) {
                    match b {
                        b'(' | b'[' | b'{' => d += 1,
                        b')' | b']' | b'}' => d -= 1,
                        b';' if d == 0 => {
                            parts.push((start, i + 1));
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                let tail = &text[start..l.end];
                if !tail.iter().all(u8::is_ascii_whitespace) {
                    parts.push((start, l.end));
                }
                if parts.len() >= 2 {
                    out.extend(
                        parts
                            .into_iter()
                            .map(|(start, end)| Span { seq, start, end }),
                    );
                }
            }
        }
        out
    }
}

/// A list's elements: byte ranges.
type List = Vec<(usize, usize)>;

/// The lists of `text`: for each bracket pair (`()`, `[]`, `{}`, outside
/// double-quoted strings) with a `,` at its own depth, its elements' ranges (each
/// up to and with the `,` after it; the last without one), ascending. Only the
/// outermost lists (inside no other list): their elements are disjoint, and a
/// list nested in an element gets its turn once the list around it has one
/// element left (top down, as hierarchical delta debugging).
fn lists(text: &[u8]) -> Vec<List> {
    // Per open bracket: its position and the commas at its depth.
    let mut open: Vec<(usize, Vec<usize>)> = Vec::new();
    // (open, close, elements) of every list.
    let mut all: Vec<(usize, usize, List)> = Vec::new();
    for (i, b) in outside_strings(text, 0..text.len()) {
        match b {
            b'(' | b'[' | b'{' => open.push((i, Vec::new())),
            b',' => {
                if let Some((_, commas)) = open.last_mut() {
                    commas.push(i);
                }
            }
            b')' | b']' | b'}' => {
                let Some((at, commas)) = open.pop() else {
                    continue;
                };
                if commas.is_empty() {
                    continue;
                }
                let mut elems = Vec::new();
                let mut start = at + 1;
                for &c in &commas {
                    elems.push((start, c + 1));
                    start = c + 1;
                }
                // A trailing comma leaves a blank last element: not a unit.
                if !text[start..i].iter().all(u8::is_ascii_whitespace) {
                    elems.push((start, i));
                }
                all.push((at, i, elems));
            }
            _ => {}
        }
    }
    // Inner lists close first: sorted by opening position, a list is outermost
    // when it starts after the end of the last outermost one.
    all.sort_by_key(|&(at, _, _)| at);
    let mut out = Vec::new();
    let mut end = None;
    for (at, close, elems) in all {
        if end.is_some_and(|e| at < e) {
            continue;
        }
        end = Some(close);
        out.push(elems);
    }
    out
}

/// The elements of bracketed lists in text files ([`lists`]), each with its `,`.
/// Deleting the last element of a list also deletes the `,` of the element left
/// last, so a cut never leaves a trailing comma.
#[derive(Clone)]
pub struct ListElements;

impl<C: Case<Item = u8>> Segmenter<C> for ListElements {
    fn name(&self) -> &'static str {
        "list-elements"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        let mut out = Vec::new();
        for seq in 0..case.seq_count() {
            if case.is_syntax(seq) || is_binary(case.seq(seq)) {
                continue;
            }
            for elems in lists(case.seq(seq)) {
                out.extend(
                    elems
                        .into_iter()
                        .map(|(start, end)| Span { seq, start, end }),
                );
            }
        }
        out
    }
    fn cut(&self, case: &C, spans: &[Span], ranges: &[(usize, usize)]) -> C {
        let cuts = delete_units::<u8>(spans, ranges);
        let gone: std::collections::HashSet<(usize, usize, usize)> = chosen(spans, ranges)
            .map(|s| (s.seq, s.start, s.end))
            .collect();
        let mut set: EditSet<u8> = cuts.clone();
        for seq in cuts.seqs() {
            for elems in lists(case.seq(seq)) {
                let last = elems.last().copied();
                if last.is_some_and(|(a, b)| gone.contains(&(seq, a, b))) {
                    // The `,` that ends the last element kept.
                    if let Some(&(_, b)) = (elems.iter())
                        .rev()
                        .find(|&&(a, b)| !gone.contains(&(seq, a, b)))
                    {
                        set.push(Edit::cut(seq, b - 1, b));
                    }
                }
            }
        }
        case.apply(&set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testcase::TestCase;

    #[test]
    fn list_elements_are_outermost_lists_and_cuts_leave_no_trailing_comma() {
        let text = "{z(i:i, a:\"x,y\", l:1e444, t:[1,2]), w}";
        // The outer list only: the one in its first element waits.
        assert_eq!(
            texts(&ListElements, text),
            ["z(i:i, a:\"x,y\", l:1e444, t:[1,2]),", " w"]
        );
        let inner = "{z(i:i, a:\"x,y\", l:1e444, t:[1,2])}";
        assert_eq!(
            texts(&ListElements, inner),
            ["i:i,", " a:\"x,y\",", " l:1e444,", " t:[1,2]"]
        );
        let case = TestCase::single("q.graphql", inner.as_bytes().to_vec());
        let spans = Segmenter::<TestCase>::segment(&ListElements, &case);
        let out = |ranges: &[(usize, usize)]| {
            let c = ListElements.cut(&case, &spans, ranges);
            String::from_utf8(c.seq(0).to_vec()).unwrap()
        };
        assert_eq!(out(&[(0, 2)]), "{z( l:1e444, t:[1,2])}");
        // The last element: the comma of the one left last goes too.
        assert_eq!(out(&[(0, 2), (3, 4)]), "{z( l:1e444)}");
        assert_eq!(out(&[(3, 4)]), "{z(i:i, a:\"x,y\", l:1e444)}");
    }

    fn texts(seg: &impl Segmenter<TestCase>, text: &str) -> Vec<String> {
        let case = TestCase::single("t.txt", text.as_bytes().to_vec());
        seg.segment(&case)
            .into_iter()
            .map(|s| text[s.start..s.end].to_string())
            .collect()
    }

    #[test]
    fn blocks_follow_brackets_and_indentation() {
        let json = "[\n{\n  \"a\": 1,\n  \"b\": [\n    2\n  ]\n},\n{\n  \"c\": \"}\"\n}\n]\n";
        assert_eq!(texts(&Blocks { level: 0 }, json), vec![json.to_string()]);
        assert_eq!(
            texts(&Blocks { level: 1 }, json),
            vec![
                "{\n  \"a\": 1,\n  \"b\": [\n    2\n  ]\n},\n",
                "{\n  \"c\": \"}\"\n}\n",
                "]\n"
            ]
        );
        assert_eq!(
            texts(&Blocks { level: 2 }, json),
            vec![
                "  \"a\": 1,\n",
                "  \"b\": [\n    2\n  ]\n",
                "},\n",
                "  \"c\": \"}\"\n",
                "}\n"
            ]
        );
        let yaml = "a:\n  b: 1\n  c:\n    - 2\nd: 3\n";
        assert_eq!(
            texts(&Blocks { level: 0 }, yaml),
            vec!["a:\n  b: 1\n  c:\n    - 2\n", "d: 3\n"]
        );
        assert_eq!(
            texts(&Blocks { level: 1 }, yaml),
            vec!["  b: 1\n", "  c:\n    - 2\n"]
        );
    }

    #[test]
    fn statements_split_at_top_level_semicolons() {
        assert_eq!(
            texts(
                &Statements,
                "CREATE TABLE c;INSERT INTO p VALUES(0;1);SELECT M WHERE i<<\nx;\n"
            ),
            vec![
                "CREATE TABLE c;",
                "INSERT INTO p VALUES(0;1);",
                "SELECT M WHERE i<<\n"
            ]
        );
    }

    fn run(
        pass: Box<dyn Pass<TestCase>>,
        input: &str,
        pred: impl Fn(&str) -> bool + Sync,
    ) -> (String, usize) {
        let (out, calls) = super::super::tests::reduce_one_file(
            "t.txt",
            input.as_bytes().to_vec(),
            vec![pass],
            |b: &[u8]| pred(std::str::from_utf8(b).unwrap_or("")),
        );
        (String::from_utf8(out).unwrap(), calls)
    }

    /// Balanced brackets (a stand-in for "parses").
    fn balanced(s: &str) -> bool {
        let mut d = 0i64;
        for c in s.chars() {
            match c {
                '{' | '[' => d += 1,
                '}' | ']' => d -= 1,
                _ => {}
            }
            if d < 0 {
                return false;
            }
        }
        d == 0
    }

    #[test]
    fn block_levels_take_whole_records() {
        let mut json = String::from("[\n");
        for i in 0..200 {
            let key = if i == 137 { "bad" } else { "k" };
            json.push_str(&format!(
                "{{\n  \"id\": {i},\n  \"{key}\": [\n    1,\n    2\n  ],\n  \"x\": {{\n    \"y\": 1\n  }}\n}},\n"
            ));
        }
        json.push_str("]\n");
        let (out, calls) = run(Box::new(BlockLevels::default()), &json, |s| {
            balanced(s) && s.contains("\"bad\"")
        });
        // The numbers are single lines, left to the line pass.
        assert_eq!(out, "[\n{\n  \"bad\": [\n    1,\n    2\n  ],\n},\n]\n");
        assert!(calls < 80, "{calls}");
        // Flat lines: every level is single lines, no test at all.
        let flat: String = (0..50).map(|i| format!("line {i}\n")).collect();
        let (_, calls) = run(Box::new(BlockLevels::default()), &flat, |s| {
            s.contains("line 7")
        });
        assert!(calls <= 1, "only the original's check: {calls}");
    }

    #[test]
    fn statements_go_one_by_one_without_monotone_prefixes() {
        let sql = "CREATE TABLE c;INSERT INTO p VALUES(0);SELECT M WHERE i<<";
        let pass = Delete::new(Statements, "statements", usize::MAX);
        // Only whole statements parse: no prefix cut is interesting.
        let heads = [
            "",
            "CREATE TABLE c;",
            "INSERT INTO p VALUES(0);",
            "CREATE TABLE c;INSERT INTO p VALUES(0);",
        ];
        let (out, _) = run(Box::new(pass), sql, |s| {
            heads.iter().any(|h| s == format!("{h}SELECT M WHERE i<<"))
        });
        assert_eq!(out, "SELECT M WHERE i<<");
    }
}

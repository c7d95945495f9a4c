//! Length-prefixed blocks nested in one another: MP4/QuickTime boxes (`moov` holds
//! `udta` holds `meta` holds `ilst` holds items holding `data` boxes), RIFF `LIST`
//! chunks, EBML-like containers of fixed-width sizes. The top level is the chain of
//! [`find_chain`](super::chunks::find_chain); a block's payload holds a chain of children when a chain of the
//! same [`Layout`] starts within [`MAX_SKIP`](super::chunks::MAX_SKIP) bytes after the length field (a type, a
//! version and flags, a count) and ends exactly where the payload does.
//!
//! Two uses, both keeping every length field true after a deletion:
//! - [`Boxes`]: the nested blocks (depth ≥ 1; the top level is `chunks`) are units;
//!   a cut removes the outermost chosen blocks and lowers each enclosing block's
//!   length by the bytes removed inside it.
//! - [`Framed`]: wraps another segmenter (bytes, tokens) so that a cut lying after a
//!   block's length field (in its type, flags, children or payload) also lowers the
//!   length of that block and of every block around it. The units and the number of
//!   candidates are the other segmenter's; only the candidate's bytes change, so a
//!   deletion inside a sized payload (an event inside a MIDI track, a byte of a leaf
//!   box) no longer breaks the framing around it. A block whose length field a cut
//!   touches keeps its length.

use std::sync::{Arc, LazyLock};

use super::chunks::{
    chain_of, children, encode_uint, read_uint, trailer, ContentMemo, Layout, MAX_DEPTH,
};
use super::units::{chosen, delete_units, Segmenter, Span};
use crate::case::Case;
use crate::edit::{Edit, EditSet};

/// One block of the tree, in preorder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// First byte of the block.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// 0 for the top-level chain.
    pub depth: usize,
    /// Where its children or (for a leaf) its payload start.
    pub inner: usize,
    /// Where its payload ends (before a trailer such as a CRC).
    pub inner_end: usize,
}

/// The nested blocks of a binary file, and their layout.
#[derive(Clone, Debug)]
pub struct Tree {
    /// The length field's layout, the same at every depth.
    pub layout: Layout,
    /// The blocks in preorder.
    pub blocks: Vec<Block>,
}

fn grow(text: &[u8], layout: Layout, block: (usize, usize), depth: usize, out: &mut Vec<Block>) {
    let inner_end = block.1 - trailer(layout);
    let header = (block.0 + layout.offset + layout.width).min(inner_end);
    let kids = (depth < MAX_DEPTH)
        .then(|| children(text, layout, block.0, inner_end))
        .flatten();
    out.push(Block {
        start: block.0,
        end: block.1,
        depth,
        inner: kids.as_ref().map_or(header, |(at, _)| *at),
        inner_end,
    });
    for child in kids.map(|(_, b)| b).unwrap_or_default() {
        grow(text, layout, child, depth + 1, out);
    }
}

/// The tree of `text` (binary files with a chain of [`find_chain`](super::chunks::find_chain) only).
pub fn find_tree(text: &[u8]) -> Option<Tree> {
    let chain = chain_of(text)?;
    let layout = chain.0;
    let mut blocks = Vec::new();
    for &block in &chain.1 {
        grow(text, layout, block, 0, &mut blocks);
    }
    Some(Tree { layout, blocks })
}

static TREES: LazyLock<ContentMemo<Option<Arc<Tree>>>> = LazyLock::new(ContentMemo::new);

/// [`find_tree`] of `text`, remembered (see [`ContentMemo`]).
fn tree_of(text: &[u8]) -> Option<Arc<Tree>> {
    TREES.get(text, |t| find_tree(t).map(Arc::new))
}

/// `cuts` (sorted, disjoint, each inside the file) with every block's length lowered
/// by the bytes cut inside it (between its length field and its trailer: a cut of
/// nested blocks can start inside one block and end past it). A block whose length
/// field (or what precedes it) or trailer a cut touches keeps its length (it is gone,
/// or broken whatever its length says).
fn with_lengths(text: &[u8], tree: &Tree, seq: usize, cuts: &[(usize, usize)]) -> EditSet<u8> {
    let mut set = EditSet::new();
    for &(a, b) in cuts {
        set.push(Edit::cut(seq, a, b));
    }
    let layout = tree.layout;
    for block in &tree.blocks {
        let overlap =
            |&(a, b): &(usize, usize), lo: usize, hi: usize| b.min(hi).saturating_sub(a.max(lo));
        // What follows the length field (a type, flags, children) is the block's.
        let body = (block.start + layout.offset + layout.width).min(block.inner_end);
        let removed: usize = (cuts.iter())
            .map(|c| overlap(c, body, block.inner_end))
            .sum();
        let framing = cuts.iter().any(|c| {
            overlap(c, block.start, body) > 0 || overlap(c, block.inner_end, block.end) > 0
        });
        if removed == 0 || framing {
            continue;
        }
        let at = block.start + layout.offset;
        let Some(field) = read_uint(text, at, layout.width, layout.big)
            .and_then(|old| old.checked_sub(removed as u64))
            .and_then(|v| encode_uint(v, layout.width, layout.big))
        else {
            continue;
        };
        set.push(Edit::replace(seq, at, at + layout.width, field));
    }
    set
}

/// The length fields of the blocks of `text`'s tree around `cut`, each as (where,
/// the bytes it holds once `cut` is gone): what [`Framed`] writes for a cut, for a
/// pass that makes its own edits beside (a plan that also lowers an offset). Only
/// in a container ([`super::chunks::is_container`]: the whole file one block, its
/// length a field of 3 or 4 bytes at byte 0): other chains are read by accident in
/// runs of zeros (lengths of 0: blocks of 4 or 5 bytes), where such a pass cuts, and
/// lowering their lengths took cuts in the PE case that led to a larger result.
pub(super) fn enclosing_lengths(text: &[u8], cut: (usize, usize)) -> Vec<(usize, Vec<u8>)> {
    let Some(tree) = tree_of(text) else {
        return Vec::new();
    };
    let top: Vec<(usize, usize)> = (tree.blocks.iter())
        .filter(|b| b.depth == 0)
        .map(|b| (b.start, b.end))
        .collect();
    if !super::chunks::is_container(text, &tree.layout, 0, &top) {
        return Vec::new();
    }
    let set = with_lengths(text, &tree, 0, &[cut]);
    (set.edits().iter())
        .filter(|e| !e.with.is_empty())
        .map(|e| (e.start, e.with.clone()))
        .collect()
}

/// The cuts of `set` in `seq`, in order.
fn cuts_in(set: &EditSet<u8>, seq: usize) -> Vec<(usize, usize)> {
    (set.edits().iter())
        .filter(|e| e.seq == seq)
        .map(|e| (e.start, e.end))
        .collect()
}

/// The nested blocks (depth ≥ 1) of each binary file, in preorder.
#[derive(Clone, Default)]
pub struct Boxes;

impl<C: Case<Item = u8>> Segmenter<C> for Boxes {
    fn name(&self) -> &'static str {
        "boxes"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        let mut out = Vec::new();
        for seq in 0..case.seq_count() {
            if case.is_syntax(seq) {
                continue;
            }
            let Some(tree) = tree_of(case.seq(seq)) else {
                continue;
            };
            out.extend((tree.blocks.iter()).filter(|b| b.depth > 0).map(|b| Span {
                seq,
                start: b.start,
                end: b.end,
            }));
        }
        out
    }
    fn cut(&self, case: &C, spans: &[Span], ranges: &[(usize, usize)]) -> C {
        // The outermost chosen blocks (preorder: a block comes before those inside).
        let mut outer: Vec<Span> = Vec::new();
        for s in chosen(spans, ranges) {
            let inside = outer
                .last()
                .is_some_and(|o| o.seq == s.seq && s.end <= o.end);
            if !inside {
                outer.push(*s);
            }
        }
        outer.sort_by_key(|s| (s.seq, s.start));
        let all: Vec<(usize, usize)> = (0..outer.len()).map(|i| (i, i + 1)).collect();
        let plain = delete_units::<u8>(&outer, &all);
        framed(case, plain)
    }
}

/// `plain`'s cuts, with the lengths around them lowered in each binary file that has
/// a tree.
fn framed<C: Case<Item = u8>>(case: &C, plain: EditSet<u8>) -> C {
    let mut set = EditSet::new();
    for seq in plain.seqs() {
        let text = case.seq(seq);
        let cuts = cuts_in(&plain, seq);
        let tree = (!case.is_syntax(seq)).then(|| tree_of(text)).flatten();
        let edits = match &tree {
            Some(tree) => with_lengths(text, tree, seq, &cuts),
            None => {
                let mut s = EditSet::new();
                for e in plain.edits().iter().filter(|e| e.seq == seq) {
                    s.push(e.clone());
                }
                s
            }
        };
        let edits = if case.is_syntax(seq) {
            edits
        } else {
            super::seals::with_seals(seq, text, edits)
        };
        for e in edits.edits() {
            set.push(e.clone());
        }
    }
    case.apply(&set)
}

/// Another segmenter's units; a cut inside a sized payload keeps the lengths around
/// it true (see the module docs).
#[derive(Clone)]
pub struct Framed<S> {
    inner: S,
}

impl<S> Framed<S> {
    /// `inner`'s units, cut with the lengths around them kept true.
    pub fn new(inner: S) -> Self {
        Framed { inner }
    }
}

impl<C: Case<Item = u8>, S: Segmenter<C>> Segmenter<C> for Framed<S> {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        self.inner.segment(case)
    }
    fn cut(&self, case: &C, spans: &[Span], ranges: &[(usize, usize)]) -> C {
        let plain = delete_units::<u8>(spans, ranges);
        let binary = plain
            .seqs()
            .iter()
            .any(|&s| super::chunks::is_binary(case.seq(s)));
        if !binary {
            return case.apply(&plain);
        }
        framed(case, plain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testcase::TestCase;

    /// An MP4-like box: a 4-byte big-endian size that counts the whole box, a
    /// 4-byte type, then `body`.
    fn mp4_box(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut out = ((8 + body.len()) as u32).to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(body);
        out
    }

    fn item(i: usize) -> Vec<u8> {
        let text: Vec<u8> = (0..(5 + i % 7))
            .map(|k| b'a' + ((i + k) % 26) as u8)
            .collect();
        let mut data = vec![0, 0, 0, 1, 0, 0, 0, 0];
        data.extend_from_slice(&text);
        mp4_box(b"\xa9nam", &mp4_box(b"data", &data))
    }

    /// ftyp, moov(mvhd, udta(meta(version+flags, hdlr, ilst(items)))), free.
    fn m4a_like(items: &[Vec<u8>]) -> Vec<u8> {
        let ilst = mp4_box(b"ilst", &items.concat());
        let mut meta = vec![0, 0, 0, 0];
        meta.extend(mp4_box(b"hdlr", &[0; 25]));
        meta.extend(ilst);
        let udta = mp4_box(b"udta", &mp4_box(b"meta", &meta));
        let moov = [mp4_box(b"mvhd", &[7; 100]), udta].concat();
        [
            mp4_box(b"ftyp", b"M4A \0\0\0\0M4A mp42isom"),
            mp4_box(b"moov", &moov),
            mp4_box(b"free", &[0; 40]),
        ]
        .concat()
    }

    /// Every box's size matches: a reader that walks the tree as an MP4 parser does,
    /// returning the `data` payloads.
    fn walk(d: &[u8], out: &mut Vec<Vec<u8>>) -> bool {
        let mut p = 0;
        while p < d.len() {
            let Some(size) = d
                .get(p..p + 4)
                .map(|s| u32::from_be_bytes(s.try_into().unwrap()) as usize)
            else {
                return false;
            };
            if size < 8 || p + size > d.len() {
                return false;
            }
            let (kind, body) = (&d[p + 4..p + 8], &d[p + 8..p + size]);
            let ok = match kind {
                b"moov" | b"udta" | b"ilst" | b"\xa9nam" => walk(body, out),
                b"meta" => body.len() >= 4 && walk(&body[4..], out),
                b"data" => {
                    out.push(body.to_vec());
                    true
                }
                _ => true,
            };
            if !ok {
                return false;
            }
            p += size;
        }
        true
    }

    #[test]
    fn finds_nested_boxes() {
        let items: Vec<Vec<u8>> = (0..30).map(item).collect();
        let data = m4a_like(&items);
        let tree = find_tree(&data).unwrap();
        let depths = |kind: &[u8]| -> Vec<usize> {
            (tree.blocks.iter())
                .filter(|b| &data[b.start + 4..b.start + 8] == kind)
                .map(|b| b.depth)
                .collect()
        };
        assert_eq!(depths(b"moov"), vec![0]);
        assert_eq!(depths(b"udta"), vec![1]);
        assert_eq!(depths(b"meta"), vec![2]);
        assert_eq!(depths(b"ilst"), vec![3]);
        assert_eq!(depths(b"\xa9nam"), vec![4; 30]);
        assert_eq!(depths(b"data"), vec![5; 30]);
        // `meta` has 4 bytes of version and flags before its children.
        let meta = tree
            .blocks
            .iter()
            .find(|b| &data[b.start + 4..b.start + 8] == b"meta")
            .unwrap();
        assert_eq!(meta.inner, meta.start + 12);
    }

    #[test]
    fn a_small_file_of_zeros_keeps_its_layout() {
        // Two top-level boxes, payloads of zeros (where a 2-byte length of 0 chains
        // by itself): the nested boxes are the evidence for the real layout.
        let mut meta = vec![0, 0, 0, 0];
        meta.extend(mp4_box(b"hdlr", &[0; 25]));
        meta.extend(mp4_box(b"ilst", &item(3)));
        let udta = mp4_box(b"udta", &mp4_box(b"meta", &meta));
        let data = [
            mp4_box(b"ftyp", b"M4A \0\0\0\0M4A mp42isom"),
            mp4_box(b"moov", &[mp4_box(b"mvhd", &[0; 100]), udta].concat()),
        ]
        .concat();
        let tree = find_tree(&data).unwrap();
        assert_eq!(
            (tree.layout.offset, tree.layout.width, tree.layout.extra),
            (0, 4, -4)
        );
        assert_eq!(tree.blocks.len(), 9);
    }

    fn reduce(
        data: Vec<u8>,
        seg: impl Segmenter<TestCase>,
        pred: impl Fn(&[u8]) -> bool + Sync,
    ) -> (Vec<u8>, usize) {
        let pass = super::super::Delete::new(seg, "x", usize::MAX);
        super::super::tests::reduce_one_file("x.m4a", data, vec![Box::new(pass)], pred)
    }

    #[test]
    fn nested_boxes_go_with_their_parents_sizes_rewritten() {
        let mut items: Vec<Vec<u8>> = (0..60).map(item).collect();
        items[37] = mp4_box(b"\xa9nam", &mp4_box(b"data", b"BAD"));
        let data = m4a_like(&items);
        let bad = |d: &[u8]| {
            let mut out = Vec::new();
            walk(d, &mut out) && out.iter().any(|p| p == b"BAD")
        };
        assert!(bad(&data));
        let (out, calls) = reduce(data.clone(), Boxes, bad);
        let mut payloads = Vec::new();
        assert!(walk(&out, &mut payloads));
        assert_eq!(payloads, vec![b"BAD".to_vec()]);
        // mvhd and hdlr went too; what is left is the path to the bad item.
        assert_eq!(
            out.len(),
            data.len() - items.concat().len() + items[37].len() - 108 - 33,
            "{}",
            out.len()
        );
        assert!(calls < 80, "{calls}");
    }

    #[test]
    fn byte_cuts_inside_a_payload_keep_the_sizes_true() {
        let items: Vec<Vec<u8>> = (0..12).map(item).collect();
        let data = m4a_like(&items);
        // Interesting: still well framed with all 12 data boxes (so only bytes inside
        // payloads can go, and a plain byte cut there breaks the framing).
        let pred = |d: &[u8]| {
            let mut out = Vec::new();
            walk(d, &mut out) && out.len() == 12
        };
        assert!(pred(&data));
        let (plain, _) = reduce(data.clone(), super::super::units::Items, pred);
        let (out, _) = reduce(data.clone(), Framed::new(super::super::units::Items), pred);
        assert!(pred(&out));
        let text: usize = (0..12).map(|i| 5 + i % 7).sum();
        assert!(
            out.len() + text <= plain.len(),
            "{} {} {} {:?}",
            data.len(),
            out.len(),
            plain.len(),
            String::from_utf8_lossy(&out)
        );
    }
}

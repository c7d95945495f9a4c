//! Binary files framed by LEB128 lengths and counts (unsigned, 7 bits a byte, the
//! high bit set on every byte but the last): a WebAssembly module's sections (an id
//! byte, the payload's length, the payload), the vectors in their payloads (a count,
//! then that many elements, each a LEB128 value or a length-prefixed body).
//!
//! The structure ([`Tree`]) is read, not guessed from statistics: a chain of frames
//! (a header of 0 or 1 byte, a length, a payload) that runs from within
//! [`MAX_START`] bytes of the start to exactly the end of the file, at least
//! [`MIN_FRAMES`] of them; in each frame's payload, a counted vector that covers it
//! exactly (a count `N`, then `N` length-prefixed bodies or `N` LEB128 values), else
//! plain bytes. Two vectors of the same count `N ≥ 2`, and no third, are taken to be
//! parallel (a module's function types and their code bodies): deleting element `i`
//! of one deletes element `i` of the other.
//!
//! A cut writes the file again from the tree: deleted frames, elements and bytes
//! left out, every count and length recomputed (minimal LEB128), so a deletion never
//! leaves a length or count that no longer matches. Three passes: whole frames
//! (`varint-frames`), vector elements (`varint-elements`), bytes of payloads that are
//! not vectors and of vector elements' bodies (`varint-bytes`, files up to
//! [`MAX_BYTES`]).

use std::collections::HashSet;

use super::chunks::is_binary;
use super::units::{file_spans, rewrite_cut, Segmenter, Span};
use crate::case::Case;

/// The chain of frames starts within this many bytes of the start (a magic number,
/// a version).
pub const MAX_START: usize = 64;
/// A file's chain has at least this many frames.
pub const MIN_FRAMES: usize = 3;
/// `varint-bytes` works on files up to this size.
pub const MAX_BYTES: usize = 8 * 1024;
/// A LEB128 field is at most this wide (a 32-bit value).
const MAX_WIDTH: usize = 5;

/// The value and width of the LEB128 field at `at`.
fn read_leb(text: &[u8], at: usize) -> Option<(u64, usize)> {
    let mut v = 0u64;
    for k in 0..MAX_WIDTH {
        let b = *text.get(at + k)?;
        v |= u64::from(b & 0x7f) << (7 * k);
        if b & 0x80 == 0 {
            return Some((v, k + 1));
        }
    }
    None
}

/// The minimal LEB128 encoding of `v`.
fn encode_leb(mut v: u64, out: &mut Vec<u8>) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// A length-prefixed frame: `header` bytes, the length field, the payload.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Frame {
    start: usize,
    /// End of the header (start of the length field).
    header_end: usize,
    /// Start of the payload (end of the length field).
    payload_start: usize,
    end: usize,
    body: Body,
}

/// What a payload holds.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Body {
    /// Plain bytes.
    Leaf,
    /// A count (the field ends at `items_start`), then that many elements.
    Vector {
        items_start: usize,
        items: Vec<Element>,
    },
}

/// An element of a vector.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Element {
    /// A LEB128 value: `start..end`.
    Value(usize, usize),
    /// A length-prefixed body.
    Sized(Frame),
}

impl Element {
    fn span(&self) -> (usize, usize) {
        match self {
            Element::Value(a, b) => (*a, *b),
            Element::Sized(f) => (f.start, f.end),
        }
    }
}

/// A file's structure: bytes before the chain, then the chain's frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    start: usize,
    frames: Vec<Frame>,
    /// Pairs of parallel vectors: (frame index, frame index) in `frames`; the first
    /// is the one whose elements are units.
    parallel: Vec<(usize, usize)>,
}

/// How a chain of frames ranks (see [`Tree::read`]).
type Rank = (std::cmp::Reverse<usize>, usize);

/// The frame at `p` with a header of `header` bytes, if its length fits before `end`.
fn frame_at(text: &[u8], p: usize, header: usize, end: usize) -> Option<Frame> {
    let header_end = p + header;
    let (len, w) = read_leb(text, header_end)?;
    let payload_start = header_end + w;
    let frame_end = payload_start.checked_add(usize::try_from(len).ok()?)?;
    (frame_end <= end).then_some(Frame {
        start: p,
        header_end,
        payload_start,
        end: frame_end,
        body: Body::Leaf,
    })
}

/// The frames of header `header` from `start` that cover `start..end` exactly.
fn chain(text: &[u8], start: usize, end: usize, header: usize) -> Option<Vec<Frame>> {
    let mut out = Vec::new();
    let mut p = start;
    while p < end {
        let f = frame_at(text, p, header, end)?;
        // An empty frame without a header would not move.
        if f.end == p {
            return None;
        }
        p = f.end;
        out.push(f);
    }
    Some(out)
}

/// A counted vector covering `start..end` exactly, if there is one.
fn vector(text: &[u8], start: usize, end: usize) -> Option<Body> {
    let (count, w) = read_leb(text, start)?;
    let items_start = start + w;
    if count == 0 || count as usize > end.saturating_sub(items_start) {
        return None;
    }
    let count = count as usize;
    // Length-prefixed bodies.
    if let Some(frames) = chain(text, items_start, end, 0) {
        if frames.len() == count {
            let items = frames.into_iter().map(Element::Sized).collect();
            return Some(Body::Vector { items_start, items });
        }
    }
    // LEB128 values.
    let mut items = Vec::with_capacity(count);
    let mut p = items_start;
    while p < end && items.len() < count {
        let (_, w) = read_leb(text, p)?;
        items.push(Element::Value(p, p + w));
        p += w;
    }
    (p == end && items.len() == count).then_some(Body::Vector { items_start, items })
}

impl Tree {
    /// The structure of `text`; empty (no frames) when it has none.
    pub fn read(text: &[u8]) -> Tree {
        if !is_binary(text) {
            return Tree::default();
        }
        let mut best: Option<(Rank, usize, Vec<Frame>)> = None;
        for start in 0..=MAX_START.min(text.len()) {
            for header in [1, 0] {
                let Some(frames) = chain(text, start, text.len(), header) else {
                    continue;
                };
                // No empty frames (zero bytes read as empty frames: padding, a
                // version field before the chain); the one that covers the most of
                // the file (a chain that starts inside the first frame's payload may
                // run on through the frames nested in the last one), then with a
                // header.
                if frames.len() < MIN_FRAMES || frames.iter().any(|f| f.payload_start == f.end) {
                    continue;
                }
                let rank = (std::cmp::Reverse(start), header);
                if best.as_ref().is_none_or(|(r, _, _)| rank > *r) {
                    best = Some((rank, start, frames));
                }
            }
        }
        let Some((_, start, mut frames)) = best else {
            return Tree::default();
        };
        for f in &mut frames {
            if let Some(body) = vector(text, f.payload_start, f.end) {
                f.body = body;
            }
        }
        // Evidence beyond a chain of lengths that happens to line up: a vector of
        // at least two elements covering a payload exactly.
        let vectors = (frames.iter())
            .any(|f| matches!(&f.body, Body::Vector { items, .. } if items.len() >= 2));
        if !vectors {
            return Tree::default();
        }
        let parallel = parallel_pairs(&frames);
        Tree {
            start,
            frames,
            parallel,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// The partner of frame `i`'s vector, if it has one.
    fn partner_of(&self, i: usize) -> Option<usize> {
        (self.parallel.iter()).find_map(|&(a, b)| (a == i).then_some(b))
    }

    /// Whether frame `i`'s vector gets its elements deleted through its partner's.
    fn is_follower(&self, i: usize) -> bool {
        self.parallel.iter().any(|&(_, b)| b == i)
    }

    /// The units of each kind, in order.
    fn units(&self, text_len: usize, kind: Units) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (i, f) in self.frames.iter().enumerate() {
            match kind {
                Units::Frames => out.push((f.start, f.end)),
                Units::Elements => {
                    if let Body::Vector { items, .. } = &f.body {
                        if !self.is_follower(i) {
                            out.extend(items.iter().map(Element::span));
                        }
                    }
                }
                Units::Bytes => match &f.body {
                    Body::Leaf => out.extend((f.payload_start..f.end).map(|b| (b, b + 1))),
                    Body::Vector { items, .. } => {
                        for e in items {
                            if let Element::Sized(g) = e {
                                out.extend((g.payload_start..g.end).map(|b| (b, b + 1)));
                            }
                        }
                    }
                },
            }
        }
        out.retain(|&(_, b)| b <= text_len);
        out
    }

    /// `text` written again without the units `cut` (spans given by
    /// [`Tree::units`]), and without the elements parallel to cut elements; every
    /// length and count recomputed.
    fn write(&self, text: &[u8], cut: &HashSet<(usize, usize)>) -> Vec<u8> {
        // Element indices cut in each vector, for its partner.
        let mut follow: Vec<Option<HashSet<usize>>> = vec![None; self.frames.len()];
        for (i, f) in self.frames.iter().enumerate() {
            if let (Some(j), Body::Vector { items, .. }) = (self.partner_of(i), &f.body) {
                let gone = (items.iter().enumerate())
                    .filter(|(_, e)| cut.contains(&e.span()))
                    .map(|(k, _)| k)
                    .collect();
                follow[j] = Some(gone);
            }
        }
        let mut out = text[..self.start].to_vec();
        for (i, f) in self.frames.iter().enumerate() {
            if cut.contains(&(f.start, f.end)) {
                continue;
            }
            let payload = match &f.body {
                Body::Leaf => leaf(text, f.payload_start, f.end, cut),
                Body::Vector { items, .. } => {
                    let mut body = Vec::new();
                    let kept: Vec<&Element> = (items.iter().enumerate())
                        .filter(|(k, e)| {
                            !cut.contains(&e.span())
                                && !follow[i].as_ref().is_some_and(|g| g.contains(k))
                        })
                        .map(|(_, e)| e)
                        .collect();
                    encode_leb(kept.len() as u64, &mut body);
                    for e in kept {
                        match e {
                            Element::Value(a, b) => body.extend_from_slice(&text[*a..*b]),
                            Element::Sized(g) => {
                                let inner = leaf(text, g.payload_start, g.end, cut);
                                body.extend_from_slice(&text[g.start..g.header_end]);
                                encode_leb(inner.len() as u64, &mut body);
                                body.extend(inner);
                            }
                        }
                    }
                    body
                }
            };
            out.extend_from_slice(&text[f.start..f.header_end]);
            encode_leb(payload.len() as u64, &mut out);
            out.extend(payload);
        }
        out
    }
}

/// The bytes `start..end` without the single bytes in `cut`.
fn leaf(text: &[u8], start: usize, end: usize, cut: &HashSet<(usize, usize)>) -> Vec<u8> {
    (start..end)
        .filter(|&b| !cut.contains(&(b, b + 1)))
        .map(|b| text[b])
        .collect()
}

/// Vectors of the same count `N ≥ 2` when exactly two frames have it: the one with
/// more bytes first (its elements are the units).
fn parallel_pairs(frames: &[Frame]) -> Vec<(usize, usize)> {
    let mut by_count: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (i, f) in frames.iter().enumerate() {
        if let Body::Vector { items, .. } = &f.body {
            if items.len() >= 2 {
                by_count.entry(items.len()).or_default().push(i);
            }
        }
    }
    let size = |i: usize| frames[i].end - frames[i].start;
    (by_count.into_values())
        .filter(|v| v.len() == 2)
        .map(|v| {
            if size(v[0]) >= size(v[1]) {
                (v[0], v[1])
            } else {
                (v[1], v[0])
            }
        })
        .collect()
}

/// Which units a [`Varints`] pass deletes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Units {
    Frames,
    Elements,
    Bytes,
}

/// Deletion in a LEB128-framed binary file that keeps its lengths and counts true
/// (see the module's documentation).
#[derive(Clone, Copy, Debug)]
pub struct Varints {
    units: Units,
}

impl Varints {
    /// Whole frames.
    pub fn frames() -> Varints {
        Varints {
            units: Units::Frames,
        }
    }
    /// Elements of vectors (with their parallel elements).
    pub fn elements() -> Varints {
        Varints {
            units: Units::Elements,
        }
    }
    /// Bytes of plain payloads and of elements' bodies.
    pub fn bytes() -> Varints {
        Varints {
            units: Units::Bytes,
        }
    }
}

impl<C: Case<Item = u8>> Segmenter<C> for Varints {
    fn name(&self) -> &'static str {
        match self.units {
            Units::Frames => "varint-frames",
            Units::Elements => "varint-elements",
            Units::Bytes => "varint-bytes",
        }
    }

    fn segment(&self, case: &C) -> Vec<Span> {
        file_spans(case, |text| {
            if self.units == Units::Bytes && text.len() > MAX_BYTES {
                return Vec::new();
            }
            Tree::read(text).units(text.len(), self.units)
        })
    }

    fn cut(&self, case: &C, spans: &[Span], ranges: &[(usize, usize)]) -> C {
        rewrite_cut(case, spans, ranges, |text, gone| {
            let tree = Tree::read(text);
            (!tree.is_empty()).then(|| tree.write(text, gone))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TestCase;

    /// A module-like file: magic, then sections (id, length, payload).
    fn module(sections: &[(u8, Vec<u8>)]) -> Vec<u8> {
        let mut out = b"\0asm\x01\0\0\0".to_vec();
        for (id, payload) in sections {
            out.push(*id);
            encode_leb(payload.len() as u64, &mut out);
            out.extend(payload);
        }
        out
    }

    fn vector_of(items: &[Vec<u8>], sized: bool) -> Vec<u8> {
        let mut out = Vec::new();
        encode_leb(items.len() as u64, &mut out);
        for i in items {
            if sized {
                encode_leb(i.len() as u64, &mut out);
            }
            out.extend(i);
        }
        out
    }

    fn sample(n: usize) -> Vec<u8> {
        let types = vec![1, 0x60, 0, 0];
        let funcs: Vec<Vec<u8>> = (0..n).map(|_| vec![0]).collect();
        let bodies: Vec<Vec<u8>> = (0..n).map(|k| vec![0, 0x41, k as u8, 0x1a, 0x0b]).collect();
        module(&[
            (1, types),
            (3, vector_of(&funcs, false)),
            (7, vec![0]),
            (10, vector_of(&bodies, true)),
        ])
    }

    fn cut_units(text: &[u8], seg: Varints, pick: impl Fn(usize) -> bool) -> Vec<u8> {
        let case = TestCase::single("m.wasm", text.to_vec());
        let spans = Segmenter::<TestCase>::segment(&seg, &case);
        let ranges: Vec<(usize, usize)> = (0..spans.len())
            .filter(|&i| pick(i))
            .map(|i| (i, i + 1))
            .collect();
        seg.cut(&case, &spans, &ranges).seq(0).to_vec()
    }

    #[test]
    fn reads_sections_and_vectors() {
        let text = sample(300);
        let tree = Tree::read(&text);
        assert_eq!(tree.start, 8);
        assert_eq!(tree.frames.len(), 4);
        assert!(matches!(&tree.frames[3].body, Body::Vector { items, .. } if items.len() == 300));
        assert!(matches!(&tree.frames[1].body, Body::Vector { items, .. } if items.len() == 300));
        assert_eq!(tree.parallel, vec![(3, 1)]);
        // Text has no tree.
        assert!(Tree::read(b"a\nb\nc\n").is_empty());
    }

    #[test]
    fn deleting_an_element_deletes_its_parallel_element_and_fixes_counts_and_lengths() {
        // 200 elements: counts and section lengths need two LEB128 bytes, after the
        // cut of all but one, one.
        let text = sample(200);
        let out = cut_units(&text, Varints::elements(), |i| i != 7);
        let bodies = vec![vec![0, 0x41, 7, 0x1a, 0x0b]];
        let want = module(&[
            (1, vec![1, 0x60, 0, 0]),
            (3, vector_of(&[vec![0]], false)),
            (7, vec![0]),
            (10, vector_of(&bodies, true)),
        ]);
        assert_eq!(out, want);
        // With one element left there is no evidence of vectors any more; with
        // two, the result reads again, the same shape.
        assert!(Tree::read(&out).is_empty());
        let out = cut_units(&text, Varints::elements(), |i| i != 7 && i != 9);
        let tree = Tree::read(&out);
        assert_eq!(tree.frames.len(), 4);
        assert_eq!(tree.parallel, vec![(3, 1)]);
    }

    #[test]
    fn frames_and_bytes_keep_the_framing() {
        let text = sample(3);
        let out = cut_units(&text, Varints::frames(), |i| i == 2);
        assert_eq!(Tree::read(&out).frames.len(), 3);
        // Bytes of the second body: its `0x41 1` go, its length drops by two.
        let out = cut_units(&text, Varints::bytes(), |_| false);
        assert_eq!(out, text, "nothing cut, the same bytes");
        let case = TestCase::single("m.wasm", text.clone());
        let seg = Varints::bytes();
        let spans = Segmenter::<TestCase>::segment(&seg, &case);
        let at = |b: usize| spans.iter().position(|s| s.start == b).unwrap();
        let tree = Tree::read(&text);
        let Body::Vector { items, .. } = &tree.frames[3].body else {
            panic!()
        };
        let Element::Sized(second) = &items[1] else {
            panic!()
        };
        let p = second.payload_start + 1;
        let out = seg
            .cut(&case, &spans, &[(at(p), at(p) + 2)])
            .seq(0)
            .to_vec();
        let bodies = vec![
            vec![0, 0x41, 0, 0x1a, 0x0b],
            vec![0, 0x1a, 0x0b],
            vec![0, 0x41, 2, 0x1a, 0x0b],
        ];
        let funcs = vec![vec![0]; 3];
        let want = module(&[
            (1, vec![1, 0x60, 0, 0]),
            (3, vector_of(&funcs, false)),
            (7, vec![0]),
            (10, vector_of(&bodies, true)),
        ]);
        assert_eq!(out, want);
    }
}

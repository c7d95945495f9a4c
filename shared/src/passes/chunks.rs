//! Length-prefixed blocks of binary files: a Snappy frame stream (type byte, 3-byte
//! little-endian length, payload), PNG chunks (4-byte big-endian length, type,
//! payload, CRC), RIFF chunks, JPEG segments (2-byte big-endian length that counts
//! itself). One shape covers them: a block at `p` holds an unsigned length `len` of
//! `width` bytes at `p + offset`, and spans `offset + width + len + extra` bytes.
//!
//! [`LengthChunks`] finds such a chain that runs from near the start of a binary file
//! to exactly its end, and makes its blocks the units of a deletion pass: deleting
//! whole blocks keeps every other block's framing (and checksum) intact, where byte
//! and line cuts almost never land on a boundary. [`ChunkPayloads`] shortens one
//! block's payload and rewrites its length field to match.

use std::collections::VecDeque;
use std::sync::{Arc, LazyLock, Mutex};

use super::checksums;
use super::units::{Segmenter, Span};
use super::Pass;
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::passes::{Ctx, Interrupt};

/// Where a block's length is and what it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Offset of the length field in the block.
    pub offset: usize,
    /// Width of the length field in bytes (2 to 4).
    pub width: usize,
    /// Big endian (else little endian).
    pub big: bool,
    /// The block spans `offset + width + len + extra` bytes.
    pub extra: i64,
}

/// The unsigned integer of `width` bytes at `at` (big or little endian).
pub(super) fn read_uint(text: &[u8], at: usize, width: usize, big: bool) -> Option<u64> {
    let f = text.get(at..at.checked_add(width)?)?;
    let mut v = 0u64;
    for k in 0..width {
        v = (v << 8) | u64::from(if big { f[k] } else { f[width - 1 - k] });
    }
    Some(v)
}

/// The `width` bytes holding `v` (big or little endian), if it fits.
pub(super) fn encode_uint(v: u64, width: usize, big: bool) -> Option<Vec<u8>> {
    if width < 8 && v >> (8 * width) != 0 {
        return None;
    }
    let mut out: Vec<u8> = (0..width).map(|k| (v >> (8 * k)) as u8).collect();
    if big {
        out.reverse();
    }
    Some(out)
}

impl Layout {
    fn read(&self, text: &[u8], p: usize) -> Option<u64> {
        read_uint(text, p + self.offset, self.width, self.big)
    }

    /// The bytes of the length field holding `v`, if it fits.
    fn encode(&self, v: u64) -> Option<Vec<u8>> {
        encode_uint(v, self.width, self.big)
    }

    /// Size of the block at `p`, when its header is readable and it is not empty.
    fn size_at(&self, text: &[u8], p: usize) -> Option<usize> {
        let len = self.read(text, p)?;
        let total = (self.offset + self.width) as i64 + len as i64 + self.extra;
        let min = (self.offset + self.width) as i64;
        (total >= min.max(1)).then_some(total as usize)
    }

    /// The blocks of the chain starting at `start`, up to the first block that does
    /// not fit; `true` when it ends exactly at the end of `text`.
    pub(super) fn chain(&self, text: &[u8], start: usize) -> (Vec<(usize, usize)>, bool) {
        let mut out = Vec::new();
        let mut p = start;
        while p < text.len() {
            match self.size_at(text, p) {
                Some(size) if p + size <= text.len() => {
                    out.push((p, p + size));
                    p += size;
                }
                _ => return (out, false),
            }
        }
        (out, true)
    }
}

/// A chain that stops short of the end (JPEG: the segments, then entropy-coded
/// data) counts only with this many blocks, all starting with the same byte (a
/// marker) before the length field, and covering at least half of the file: a
/// chain of random lengths stops anywhere, so it needs other evidence.
const MIN_MARKED: usize = 8;

fn marked(text: &[u8], layout: &Layout, blocks: &[(usize, usize)]) -> bool {
    let covered: usize = blocks.iter().map(|(a, b)| b - a).sum();
    layout.offset >= 1
        && blocks.len() >= MIN_MARKED
        && 2 * covered >= text.len()
        && blocks.iter().all(|&(a, _)| text[a] == text[blocks[0].0])
}

/// Chains must have this many blocks (fewer prove nothing about the layout), unless
/// they end exactly at the end of the file with a length field of 3 or 4 bytes: one
/// such field that counts exactly the rest of the file (a message's length, a
/// container box) is no accident — when it is a block that starts the file (small
/// files have small numbers everywhere, and a block could start at any of 64 bytes).
const MIN_BLOCKS: usize = 3;
/// The chain starts within this many bytes of the start (a signature, a header).
const MAX_START: usize = 64;
const MAX_OFFSET: usize = 8;
const EXTRA: std::ops::RangeInclusive<i64> = -4..=12;

/// Binary files only: text files have no length fields, and a chain of two-byte
/// lengths is easy to find in text by chance.
pub(crate) use crate::testcase::is_binary;

/// Children start within this many bytes after a block's length field (a type, a
/// version and flags, a count).
pub const MAX_SKIP: usize = 16;
/// Blocks nest at most this deep.
pub(super) const MAX_DEPTH: usize = 8;

/// The chain of children of a block in `start..end` (its payload's end): the first
/// skip after the length field with an exact chain (a later skip can find the
/// grandchildren, past a child's header). A single child counts only for a field of
/// 3 or 4 bytes (a 2-byte length matches by chance too often).
pub(super) fn children(
    text: &[u8],
    layout: Layout,
    start: usize,
    end: usize,
) -> Option<(usize, Vec<(usize, usize)>)> {
    let header = start + layout.offset + layout.width;
    (header..=(header + MAX_SKIP).min(end.saturating_sub(1))).find_map(|at| {
        let (blocks, exact) = layout.chain(&text[..end], at);
        let enough = blocks.len() >= 2 || (blocks.len() == 1 && layout.width >= 3);
        (exact && enough).then_some((at, blocks))
    })
}

/// The evidence a chain gives for its layout: 2 for each block whose length field
/// holds a value other than 0, 1 for a 0 (runs of zeros chain by themselves), with
/// the chains nested in its blocks when `nested` (see `boxes`).
fn evidence(
    text: &[u8],
    layout: Layout,
    blocks: &[(usize, usize)],
    depth: usize,
    nested: bool,
) -> usize {
    let mut n = 0;
    for &(a, b) in blocks {
        n += match layout.read(text, a) {
            Some(0) | None => 1,
            Some(_) => 2,
        };
        if nested && depth < MAX_DEPTH {
            if let Some((_, kids)) = children(text, layout, a, b - trailer(layout)) {
                n += evidence(text, layout, &kids, depth + 1, true);
            }
        }
    }
    n
}

/// The best chain of `text`: one that ends exactly at the end of `text` if any, else
/// a marked one (see [`MIN_MARKED`]); of those, a container (see [`is_container`]),
/// else the layout and start whose chain gives the most evidence (exact chains: see
/// [`evidence`], counting the chains nested in its blocks, as MP4's few top-level
/// boxes hold all the others; marked chains: the most blocks); ties: the wider
/// field, then the smaller start, offset and `|extra|`.
pub fn find_chain(text: &[u8]) -> Option<(Layout, Vec<(usize, usize)>)> {
    find_chains(text).into_iter().next()
}

/// The chains [`find_chain`] chooses among, best first: the best of each layout, up
/// to [`RANKED`] layouts, exact chains only once there is one.
pub fn find_chains(text: &[u8]) -> Vec<Chain> {
    if !is_binary(text) {
        return Vec::new();
    }
    // (layout, start, blocks, exact, evidence)
    type Found = (Layout, usize, Vec<(usize, usize)>, bool, usize);
    let key = |(l, s, b, e, n): &Found| {
        (
            std::cmp::Reverse(*e),
            std::cmp::Reverse(*e && is_container(text, l, *s, b)),
            std::cmp::Reverse(*n),
            std::cmp::Reverse(l.width),
            *s,
            l.offset,
            l.extra.abs(),
        )
    };
    let mut best: Option<Found> = None;
    // The best chain of each layout (exact ones once there is one).
    let mut ranked: Vec<Found> = Vec::new();
    for width in [4usize, 3, 2] {
        for big in [true, false] {
            for offset in 0..=MAX_OFFSET {
                for extra in EXTRA {
                    let layout = Layout {
                        offset,
                        width,
                        big,
                        extra,
                    };
                    for start in 0..=MAX_START.min(text.len()) {
                        let (blocks, exact) = layout.chain(text, start);
                        let few = blocks.is_empty()
                            || (blocks.len() == 1 && start > 0)
                            || (blocks.len() < MIN_BLOCKS && !(exact && width >= 3));
                        if few || (!exact && !marked(text, &layout, &blocks)) {
                            continue;
                        }
                        // Nested chains are read only in chains that could win.
                        if best.as_ref().is_some_and(|b| b.3 && !exact) {
                            continue;
                        }
                        // Nested blocks count for chains of two blocks or more: a
                        // single block around an aliased copy of the real chain
                        // (the same fields read at another offset) would otherwise
                        // win on small files, whose lengths are small numbers.
                        let n = if exact {
                            evidence(text, layout, &blocks, 1, blocks.len() >= 2)
                        } else {
                            blocks.len()
                        };
                        let found = (layout, start, blocks, exact, n);
                        match ranked.iter_mut().find(|r| r.0 == layout) {
                            Some(r) if key(&found) < key(r) => *r = found.clone(),
                            Some(_) => {}
                            None => ranked.push(found.clone()),
                        }
                        if best.as_ref().is_none_or(|b| key(&found) < key(b)) {
                            best = Some(found);
                        }
                    }
                }
            }
        }
    }
    if best.as_ref().is_some_and(|b| b.3) {
        ranked.retain(|r| r.3);
    }
    ranked.sort_by_key(|r| key(r));
    (ranked.into_iter().take(RANKED))
        .map(|(l, _, b, _, _)| (l, b))
        .collect()
}

/// Whether `blocks` (from `start`, under `layout`) is one block that starts the file
/// with a length field of 3 or 4 bytes at byte 0 holding a value other than 0, and
/// ends where the file does (an exact chain): a container (a message's or a unit's
/// length). It outranks every chain that starts later, however many blocks those have: such a
/// field is no accident, while a chain of two-byte fields that ends at the end turns
/// up by chance among the 64 starts and hundreds of layouts tried, most easily in
/// runs of a filler byte (a DWARF unit's line program reduced to `01` opcodes read
/// as 41 blocks of `0x0101` bytes), and a chain that wins takes the container's
/// length field out of the `Framed` cuts.
pub(super) fn is_container(
    text: &[u8],
    layout: &Layout,
    start: usize,
    blocks: &[(usize, usize)],
) -> bool {
    start == 0
        && layout.offset == 0
        && layout.width >= 3
        && blocks.len() == 1
        && blocks[0] == (0, text.len())
        && layout.read(text, 0).is_some_and(|v| v != 0)
}

/// Layouts [`find_chains`] ranks.
const RANKED: usize = 2;

/// A file's chain: its layout and top-level blocks.
pub type Chain = (Layout, Vec<(usize, usize)>);

/// What was derived from the last few texts, by their bytes: the passes that read
/// a file's layout (`chunks`, `chunk-payloads`, `boxes`, the `Framed` cuts) read
/// the same versions of a file, each many times. Process-wide, and correct across
/// jobs: what is derived from some bytes holds for those bytes.
pub(super) struct ContentMemo<T> {
    slots: Mutex<VecDeque<(Vec<u8>, T)>>,
}

/// Texts a [`ContentMemo`] remembers.
const MEMO_SLOTS: usize = 8;

impl<T: Clone> ContentMemo<T> {
    pub(super) fn new() -> Self {
        ContentMemo {
            slots: Mutex::new(VecDeque::new()),
        }
    }

    /// What `derive` gives for `text`, derived once while it is remembered.
    pub(super) fn get(&self, text: &[u8], derive: impl FnOnce(&[u8]) -> T) -> T {
        let lock = || self.slots.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, v)) = lock().iter().find(|(t, _)| t.as_slice() == text) {
            return v.clone();
        }
        // Derived without the lock: two threads may both derive the same value.
        let v = derive(text);
        let mut slots = lock();
        if slots.len() >= MEMO_SLOTS {
            slots.pop_front();
        }
        slots.push_back((text.to_vec(), v.clone()));
        v
    }
}

static CHAINS: LazyLock<ContentMemo<Arc<[Arc<Chain>]>>> = LazyLock::new(ContentMemo::new);

/// [`find_chains`] of `text`, remembered (see [`ContentMemo`]).
fn chains_of(text: &[u8]) -> Arc<[Arc<Chain>]> {
    CHAINS.get(text, |t| find_chains(t).into_iter().map(Arc::new).collect())
}

/// [`find_chain`] of `text`, remembered (see [`ContentMemo`]).
pub fn chain_of(text: &[u8]) -> Option<Arc<Chain>> {
    chains_of(text).first().cloned()
}

/// The blocks of the length-prefixed chain of each binary file (see the module
/// docs); nothing in files without one.
#[derive(Clone)]
pub struct LengthChunks;

impl<C: Case<Item = u8>> Segmenter<C> for LengthChunks {
    fn name(&self) -> &'static str {
        "chunks"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        ranked_spans(case, 0)
    }
}

/// The blocks of the chain ranked `rank` ([`find_chains`]) of each binary file.
fn ranked_spans<C: Case<Item = u8>>(case: &C, rank: usize) -> Vec<Span> {
    let mut out = Vec::new();
    for seq in (0..case.seq_count()).filter(|&s| !case.is_syntax(s)) {
        if let Some(chain) = chains_of(case.seq(seq)).get(rank) {
            out.extend((chain.1.iter()).map(|&(start, end)| Span { seq, start, end }));
        }
    }
    out
}

/// The blocks of the runner-up chain of each binary file ([`find_chains`]'s second
/// layout): the chosen chain is a guess, and on a small file an alias (the same
/// bytes read with another field) can explain more blocks than the real one. Runs
/// with the layout passes, after `chunk-payloads`: a sweep costs about a check per
/// block of the runner-up chain, where the token and byte passes after it cost one
/// per unit of an 8 KB file that the runner-up's blocks take in two checks (the FLAC
/// case: 21 245 checks as a last resort, 336 here). A chain of thousands of blocks
/// costs that many checks a round (the CAB case: 4 001 tests, nothing deleted, of
/// 131 000).
#[derive(Clone)]
pub struct OtherChunks;

impl<C: Case<Item = u8>> Segmenter<C> for OtherChunks {
    fn name(&self) -> &'static str {
        "chunks-other"
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        ranked_spans(case, 1)
    }
}

/// Shortens the payload of each block of a length-prefixed chain (from the last
/// block to the first) and rewrites its length field: tries an empty payload, then
/// all but its last byte; when that holds, bisects for the shortest payload prefix
/// that does. Two tests for a block whose payload cannot shrink (a checksum).
#[derive(Clone, Default)]
pub struct ChunkPayloads {
    /// `(file, block index)`: blocks before it remain in this sweep.
    cursor: Option<(usize, usize)>,
}

/// The bytes after the payload: up to 4 (a checksum) of those `extra` counts.
pub(super) fn trailer(layout: Layout) -> usize {
    (layout.extra.max(0) as usize).min(4)
}

/// The case with the payload of `block` (under `layout`) cut to `keep` bytes and its
/// length field rewritten; `None` when the field cannot say so.
fn with_payload<C: Case<Item = u8>>(
    case: &C,
    seq: usize,
    layout: Layout,
    block: (usize, usize),
    keep: usize,
) -> Option<C> {
    let header = layout.offset + layout.width;
    let old = layout.read(case.seq(seq), block.0)?;
    let payload = (block.1 - block.0).checked_sub(header + layout.extra.max(0) as usize)?;
    let cut = payload.checked_sub(keep)? as u64;
    let field = layout.encode(old.checked_sub(cut)?)?;
    let mut set = EditSet::new();
    let at = block.0 + layout.offset;
    set.push(Edit::replace(seq, at, at + layout.width, field));
    // The cut takes the payload's tail, before a trailer of up to 4 bytes (a CRC)
    // when the block has that much beyond its length.
    let end = block.1 - trailer(layout);
    let start = end.checked_sub(cut as usize)?;
    set.push(Edit::cut(seq, start, end));
    let cut_case = case.apply(&set);
    // A checksummed block gets the checksum of its new bytes.
    let Some((_, sum)) = checksums::checksummed(case.seq(seq)) else {
        return Some(cut_case);
    };
    let text = cut_case.seq(seq);
    let mut fixed = text.to_vec();
    sum.write(&mut fixed, (block.0, block.1 - cut as usize));
    Some(cut_case.apply(&checksums::diff_edits(seq, text, &fixed)))
}

impl<C: Case<Item = u8>> Pass<C> for ChunkPayloads {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "chunk-payloads"
    }
    fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        let files = ctx.current().seq_count();
        let (mut seq, mut idx) = self.cursor.take().unwrap_or((files, usize::MAX));
        loop {
            if let Err(e) = ctx.checkpoint() {
                self.cursor = Some((seq, idx));
                return Err(e);
            }
            let base = ctx.current().clone();
            let chain = (seq < files && !base.is_syntax(seq))
                .then(|| chain_of(base.seq(seq)))
                .flatten();
            let Some((layout, blocks)) = chain.filter(|_| idx > 0).map(|c| (c.0, c.1.clone()))
            else {
                if seq == 0 {
                    return Ok(());
                }
                seq -= 1;
                idx = usize::MAX;
                continue;
            };
            idx = idx.min(blocks.len()) - 1;
            let block = blocks[idx];
            let extra = layout.extra.max(0) as usize;
            let payload = (block.1 - block.0).saturating_sub(layout.offset + layout.width + extra);
            if payload == 0 {
                continue;
            }
            let r = (|| {
                let mut test = |keep: usize| match with_payload(&base, seq, layout, block, keep) {
                    Some(c) => ctx.test(c),
                    None => Ok(false),
                };
                if test(0)? || !test(payload - 1)? {
                    return Ok(());
                }
                // `hi` holds, `lo` fails (probes build on `base`: a success commits a
                // case this block's later probes no longer start from, but they only
                // ever shorten the same payload further).
                let (mut lo, mut hi) = (0, payload - 1);
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if test(mid)? {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                Ok(())
            })();
            if let Err(e) = r {
                self.cursor = Some((seq, idx + 1));
                return Err(e);
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::testcase::TestCase;

    /// A Snappy-like stream: a 10-byte stream identifier, then chunks of a type byte,
    /// a 3-byte little-endian length and a payload.
    fn snappy_like(payloads: &[Vec<u8>]) -> Vec<u8> {
        let mut out = b"\xff\x06\x00\x00sNaPpY".to_vec();
        for p in payloads {
            let n = p.len() as u32;
            out.push(0x01);
            out.extend_from_slice(&n.to_le_bytes()[..3]);
            out.extend_from_slice(p);
        }
        out
    }

    /// PNG-like: an 8-byte signature, then chunks of a 4-byte big-endian length, a
    /// 4-byte type, the payload and a 4-byte CRC.
    pub(in crate::passes) fn png_like(payloads: &[Vec<u8>]) -> Vec<u8> {
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        for (i, p) in payloads.iter().enumerate() {
            out.extend_from_slice(&(p.len() as u32).to_be_bytes());
            out.extend_from_slice(if i == 0 { b"IHDR" } else { b"IDAT" });
            out.extend_from_slice(p);
            out.extend_from_slice(&[0xde, 0xad, 0xbe, 0xef]);
        }
        out
    }

    #[test]
    fn checksummed_payloads_shrink_with_their_checksums() {
        use crate::passes::checksums::tests::{png_crc, png_crcs_hold};
        let mut ps = payloads(6);
        ps[4] = (0..100u8).collect();
        let data = png_crc(&ps);
        let (out, _) = reduce_bytes(data, vec![Box::new(ChunkPayloads::default())], |d| {
            png_crcs_hold(d)
                && png_payloads(d).is_some_and(|ps| ps.iter().any(|p| p.starts_with(&[0, 1, 2])))
        });
        let sizes: Vec<usize> = (png_payloads(&out).unwrap().iter())
            .map(|p| p.len())
            .collect();
        assert_eq!(sizes, [0, 0, 0, 0, 3, 0]);
    }

    /// The payloads of a well-framed PNG-like file.
    fn png_payloads(d: &[u8]) -> Option<Vec<Vec<u8>>> {
        let mut rest = d.strip_prefix(b"\x89PNG\r\n\x1a\n")?;
        let mut out = Vec::new();
        while !rest.is_empty() {
            let n = u32::from_be_bytes(rest.get(..4)?.try_into().ok()?) as usize;
            out.push(rest.get(8..8 + n)?.to_vec());
            rest = rest.get(12 + n..)?;
        }
        Some(out)
    }

    pub(in crate::passes) fn payloads(n: usize) -> Vec<Vec<u8>> {
        (0..n)
            .map(|i| {
                (0..(7 + 13 * i) % 200)
                    .map(|k| (k * 31 + i) as u8)
                    .collect()
            })
            .collect()
    }

    #[test]
    fn finds_snappy_and_png_like_chains() {
        let data = snappy_like(&payloads(12));
        let (layout, blocks) = find_chain(&data).unwrap();
        assert_eq!(
            (layout.offset, layout.width, layout.big, layout.extra),
            (1, 3, false, 0)
        );
        // The stream identifier is a block too (type 0xff, length 6).
        assert_eq!(blocks.len(), 13);
        assert_eq!(blocks[0], (0, 10));
        let data = png_like(&payloads(9));
        let (layout, blocks) = find_chain(&data).unwrap();
        assert_eq!(
            (layout.offset, layout.width, layout.big, layout.extra),
            (0, 4, true, 8)
        );
        assert_eq!((blocks.len(), blocks[0].0), (9, 8));
        // JPEG-like: SOI, segments of a marker, a 2-byte big-endian length that
        // counts itself, then entropy-coded data and EOI.
        let mut jpeg = b"\xff\xd8".to_vec();
        for p in payloads(10) {
            jpeg.extend_from_slice(&[0xff, 0xe1]);
            jpeg.extend_from_slice(&(p.len() as u16 + 2).to_be_bytes());
            jpeg.extend_from_slice(&p);
        }
        jpeg.extend_from_slice(b"\x12\x34\x56\xff\x00\x78\xff\xd9");
        let (layout, blocks) = find_chain(&jpeg).unwrap();
        assert_eq!(
            (layout.offset, layout.width, layout.big, layout.extra),
            (2, 2, true, -2)
        );
        assert_eq!((blocks.len(), blocks[0].0), (10, 2));
        // Text has none.
        assert!(find_chain(b"{\"a\": 1, \"b\": [1, 2, 3]}\n").is_none());
    }

    fn reduce_bytes(
        data: Vec<u8>,
        passes: Vec<Box<dyn Pass<TestCase>>>,
        pred: impl Fn(&[u8]) -> bool + Sync,
    ) -> (Vec<u8>, usize) {
        super::super::tests::reduce_one_file("x.bin", data, passes, pred)
    }

    /// The check of a well-framed stream whose every chunk is intact (a checksum
    /// stands for the payload) and that has a chunk of `bad` payload length.
    fn framed_with(data: &[u8], bad: usize, intact: &[Vec<u8>]) -> bool {
        let Some(mut rest) = data.strip_prefix(b"\xff\x06\x00\x00sNaPpY") else {
            return false;
        };
        let mut seen_bad = false;
        while !rest.is_empty() {
            if rest.len() < 4 || rest[0] != 1 {
                return false;
            }
            let n = u32::from_le_bytes([rest[1], rest[2], rest[3], 0]) as usize;
            let Some(p) = rest.get(4..4 + n) else {
                return false;
            };
            if !intact.iter().any(|q| q == p) {
                return false;
            }
            seen_bad |= n == bad;
            rest = &rest[4 + n..];
        }
        seen_bad
    }

    #[test]
    fn whole_chunks_go_and_the_frame_stays() {
        let mut ps = payloads(40);
        ps[23] = vec![];
        let data = snappy_like(&ps);
        let pass = super::super::Delete::new(LengthChunks, "chunks", usize::MAX);
        let (out, calls) = reduce_bytes(data, vec![Box::new(pass)], |d| framed_with(d, 0, &ps));
        assert_eq!(out, snappy_like(&[vec![]]));
        assert!(calls < 30, "{calls}");
    }

    #[test]
    fn payloads_shrink_with_their_length_fields() {
        let mut ps = payloads(6);
        ps[4] = (0..100u8).collect();
        let data = png_like(&ps);
        // Interesting: a PNG-like chain with an IDAT chunk whose payload starts with
        // bytes 0..10.
        let (out, _) = reduce_bytes(data, vec![Box::new(ChunkPayloads::default())], |d| {
            png_payloads(d).is_some_and(|ps| {
                ps.iter()
                    .any(|p| p.starts_with(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
            })
        });
        let (_, blocks) = find_chain(&out).unwrap();
        let sizes: Vec<usize> = blocks.iter().map(|(a, b)| b - a).collect();
        assert_eq!(
            sizes.iter().filter(|&&s| s == 12 + 10).count(),
            1,
            "{sizes:?}"
        );
        assert_eq!(sizes.iter().filter(|&&s| s == 12).count(), 5, "{sizes:?}");
    }

    /// FLAC-like metadata: a 4-byte magic, then blocks of a type byte and a 3-byte
    /// big-endian length; a comment block holds little-endian 4-byte lengths and text.
    fn flac_like() -> (Vec<u8>, Vec<(usize, usize)>) {
        let mut comments = Vec::new();
        let vendor = b"reference libFLAC 0.0.0 20230623";
        comments.extend((vendor.len() as u32).to_le_bytes());
        comments.extend(vendor);
        let entries = [
            "ALBUM=Upsilon Zeta Pi Order",
            "ARTIST=John Lovelace",
            "DATE=1000",
            "GENRE=Electronic",
            "LABEL=Pi Records",
            "TOTALTRACKS=10",
            "TITLE=Seven",
        ];
        comments.extend((entries.len() as u32).to_le_bytes());
        for e in entries {
            comments.extend((e.len() as u32).to_le_bytes());
            comments.extend(e.as_bytes());
        }
        let mut data = b"fLaC".to_vec();
        let mut blocks = Vec::new();
        for (t, payload) in [
            (0u8, vec![7u8; 34]),
            (3, vec![]),
            (4, comments),
            (2, vec![]),
        ] {
            let start = data.len();
            data.push(t);
            data.extend(&(payload.len() as u32).to_be_bytes()[1..]);
            data.extend(payload);
            blocks.push((start, data.len()));
        }
        (data, blocks)
    }

    #[test]
    fn a_container_outranks_a_chain_in_its_filler() {
        // A DWARF-like unit: a 4-byte little-endian length counting the rest of the
        // file, a header, then a program of `01` opcodes, which also reads as a
        // chain of 2-byte fields 0x0101 (offset 2, extra 1: blocks of 262 bytes)
        // ending at the end, with many more blocks than the container's one.
        let mut body = vec![2, 0, 9, 0, 0, 0, 1, 1, 0xfb];
        body.extend(vec![1u8; 41 * 262]);
        let mut data = (body.len() as u32).to_le_bytes().to_vec();
        data.extend(body);
        let (layout, blocks) = find_chain(&data).unwrap();
        assert_eq!(
            (layout.offset, layout.width, layout.big, layout.extra),
            (0, 4, false, 0)
        );
        assert_eq!(blocks, vec![(0, data.len())]);
    }

    #[test]
    fn the_runner_up_chain_is_ranked_second() {
        let (data, blocks) = flac_like();
        let chains = find_chains(&data);
        assert_eq!(
            chains.first().map(|c| &c.1),
            find_chain(&data).as_ref().map(|c| &c.1)
        );
        assert!(chains.len() <= RANKED);
        assert!(chains.windows(2).all(|w| w[0].0 != w[1].0));
        // The real blocks are one of the chains ranked (here the first).
        assert!(chains.iter().any(|c| c.1 == blocks), "{chains:?}");
    }
}

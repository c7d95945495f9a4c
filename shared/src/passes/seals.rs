//! Seals: CRC-32 fields over a long range of a binary file, kept true through the
//! cuts and byte changes inside it. A 7z start header holds the CRC-32 of the whole
//! archive header (up to the end of the file) and its size, and then its own CRC-32
//! over both ([`super::stamps`]); the reader rejects the archive unless all three
//! are right, so without a seal no byte of the header could change and the header
//! (81 KB on the corpus's 7z case, where the bug needs its first 3.4 KB) could only
//! go whole. An XZ index ends with the CRC-32 of the bytes before it.
//!
//! A seal is 4 bytes among the first or last [`ZONE`] bytes of a file, at a
//! position divisible by 4 from either end, either byte order, not 0 and not
//! 0xffffffff, whose value is the CRC-32 of a range of more than [`MIN_COVER`] bytes
//! that starts right after it, ends right before it, or runs from after it to the
//! end of the file (found in one pass over the file per field and shape: the
//! CRC's steps are undone from the range's fixed end), and that has a size field:
//! 2, 4 or 8 bytes among the same bytes or the 16 before the range, either order,
//! holding the range's length, less 4 or plus 4 ([`size_fields`]). A CRC matches by
//! chance about once in 2^32 ranges tried, a few in a hundred files of 160 KB (one
//! of the corpus's 41 binary inputs, a PNG), and a size field besides in about one
//! case in twenty of those.
//!
//! [`with_seals`] (the cuts of `ends`, `tokens`, `bytes`, `boxes`) and
//! [`reseal`] (the byte-lowering passes) add to a candidate whose changes all lie
//! inside a seal's range the seal written again over the range as it is now, its
//! size fields moved by the change in length, and the stamps over those fields.

use std::collections::VecDeque;
use std::sync::{LazyLock, Mutex};

use super::chunks::{encode_uint, read_uint, ContentMemo};
use super::stamps;
use super::units::{Segmenter, Span};
use crate::case::{Case, Element};
use crate::edit::{Edit, EditSet};
use crate::testcase::TestCase;

/// Seals are looked for among this many bytes at each end of a file.
const ZONE: usize = 64;
/// A seal covers more bytes than this (shorter ranges are [`stamps`]).
const MIN_COVER: usize = 32;

/// A CRC-32 field at `at` over `range`, with the fields that hold the range's
/// length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Seal {
    pub(super) at: usize,
    pub(super) big: bool,
    pub(super) range: (usize, usize),
    /// Each size field: position, width, big endian, and what it holds more
    /// than the range's length (-4, 0 or 4).
    pub(super) sizes: Vec<Size>,
}

/// The CRC-32 table (reflected, polynomial 0xedb88320) and, for each top byte of
/// an entry, the entry's index (the top bytes are all different).
static TABLES: LazyLock<([u32; 256], [u8; 256])> = LazyLock::new(|| {
    let mut table = [0u32; 256];
    let mut index = [0u8; 256];
    for i in 0..256u32 {
        let mut c = i;
        for _ in 0..8 {
            c = if c & 1 == 1 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
        table[i as usize] = c;
        index[(c >> 24) as usize] = i as u8;
    }
    (table, index)
});

/// The CRC register before `byte` was fed, given the register after it.
fn unfeed(after: u32, byte: u8) -> u32 {
    let (table, index) = &*TABLES;
    let i = index[(after >> 24) as usize];
    ((after ^ table[usize::from(i)]) << 8) | u32::from(i ^ byte)
}

/// The register after `byte` is fed to `before`.
fn feed(before: u32, byte: u8) -> u32 {
    let (table, _) = &*TABLES;
    table[usize::from((before as u8) ^ byte)] ^ (before >> 8)
}

/// The start `s` of the shortest range `s..end` longer than [`MIN_COVER`] bytes,
/// starting at `lo` or later, whose CRC-32 is `crc`.
fn start_for(text: &[u8], lo: usize, end: usize, crc: u32) -> Option<usize> {
    let mut reg = !crc;
    for s in (lo..end).rev() {
        reg = unfeed(reg, text[s]);
        if reg == u32::MAX && end - s > MIN_COVER {
            return Some(s);
        }
    }
    None
}

/// The end `e` of the shortest range `start..e` longer than [`MIN_COVER`] bytes
/// whose CRC-32 is `crc`.
fn end_for(text: &[u8], start: usize, crc: u32) -> Option<usize> {
    let mut reg = u32::MAX;
    for (k, &b) in text.get(start..)?.iter().enumerate() {
        reg = feed(reg, b);
        if !reg == crc && k + 1 > MIN_COVER {
            return Some(start + k + 1);
        }
    }
    None
}

/// A size field of a seal: `width` bytes at `at` holding the range's length plus
/// `more`.
pub(super) type Size = (usize, usize, bool, i64);

/// The fields that hold the length of `range` (that of the seal at `at`), less 4,
/// as it is, or plus 4 (a type before the range, the CRC itself counted): 2, 4 or 8
/// bytes, either order, among the first and last [`ZONE`] bytes of the file and the
/// 16 before the range, apart from the seal and outside the range; a field inside a
/// wider one is left out (the low half of an 8-byte size).
fn size_fields(text: &[u8], at: usize, range: (usize, usize)) -> Vec<Size> {
    let n = text.len();
    let len = (range.1 - range.0) as i64;
    let near =
        |p: usize| p < ZONE || p + ZONE >= n || (range.0.saturating_sub(16)..range.0).contains(&p);
    let apart = |p: usize, w: usize| p + w <= at || at + 4 <= p;
    let outside = |p: usize, w: usize| p + w <= range.0 || range.1 <= p;
    let mut out: Vec<Size> = Vec::new();
    for p in (0..n).filter(|&p| near(p)) {
        for w in [2, 4, 8] {
            if p + w > n || !near(p + w - 1) || !apart(p, w) || !outside(p, w) {
                continue;
            }
            for big in [false, true] {
                let Some(v) = read_uint(text, p, w, big).and_then(|v| i64::try_from(v).ok()) else {
                    continue;
                };
                if let Some(more) = [-4, 0, 4].into_iter().find(|m| v == len + m) {
                    out.push((p, w, big, more));
                }
            }
        }
    }
    let inside = |&(p, w, ..): &Size| {
        out.iter()
            .any(|&(q, v, ..)| v > w && q <= p && p + w <= q + v)
    };
    out.iter().copied().filter(|f| !inside(f)).collect()
}

static SEALS: LazyLock<ContentMemo<Vec<Seal>>> = LazyLock::new(ContentMemo::new);

/// The first and last [`ZONE`] bytes of files found to have no seal (the most
/// recent [`UNSEALED_SLOTS`]).
static UNSEALED: LazyLock<Mutex<VecDeque<Vec<u8>>>> = LazyLock::new(Mutex::default);
/// Ends of unsealed files remembered.
const UNSEALED_SLOTS: usize = 64;

/// The seals of `text` (see the module docs), remembered by content. A file whose
/// first and last [`ZONE`] bytes are those of a file found to have none has none:
/// a seal's field lies there, and a cut elsewhere in a file without a true seal
/// makes one only by chance. Without that rule the search (about 0.1 s on 160 KB)
/// ran on every version of a large file, and the OpenEXR case made 30 % fewer
/// checks in its 300 s (33 483 against 47 883), stopping at 40 251 bytes instead of
/// 1 596.
pub(super) fn seals(text: &[u8]) -> Vec<Seal> {
    if text.len() <= 2 * MIN_COVER || !super::chunks::is_binary(text) {
        return Vec::new();
    }
    let n = text.len();
    let ends = [&text[..ZONE.min(n)], &text[n.saturating_sub(ZONE)..]].concat();
    let lock = || UNSEALED.lock().unwrap_or_else(|e| e.into_inner());
    if lock().iter().any(|e| *e == ends) {
        return Vec::new();
    }
    let found = SEALS.get(text, find);
    if found.is_empty() {
        let mut known = lock();
        if known.len() >= UNSEALED_SLOTS {
            known.pop_front();
        }
        known.push_back(ends);
    }
    found
}

fn find(text: &[u8]) -> Vec<Seal> {
    let n = text.len();
    let mut out: Vec<Seal> = Vec::new();
    let places = (0..ZONE.min(n)).chain(n.saturating_sub(ZONE).max(ZONE)..n);
    for at in places.filter(|&at| at.is_multiple_of(4) || (n - at).is_multiple_of(4)) {
        for big in [false, true] {
            let Some(crc) = read_uint(text, at, 4, big).and_then(|v| u32::try_from(v).ok()) else {
                continue;
            };
            if crc == 0 || crc == u32::MAX {
                continue;
            }
            let ranges = [
                start_for(text, at + 4, n, crc).map(|s| (s, n)),
                end_for(text, at + 4, crc).map(|e| (at + 4, e)),
                start_for(text, 0, at, crc).map(|s| (s, at)),
            ];
            for range in ranges.into_iter().flatten() {
                if out.iter().any(|s| s.at == at && s.range == range) {
                    continue;
                }
                let sizes = size_fields(text, at, range);
                if sizes.is_empty() {
                    continue;
                }
                out.push(Seal {
                    at,
                    big,
                    range,
                    sizes,
                });
            }
        }
    }
    out
}

/// The bytes to write (position in `old`, position in `new`, bytes) to keep the
/// seals of `old` true in `new`, for each seal whose range holds every changed
/// byte, and the stamps over what they write.
fn writes(old: &[u8], new: &[u8]) -> Vec<(usize, usize, Vec<u8>)> {
    let all = seals(old);
    if all.is_empty() || old == new {
        return Vec::new();
    }
    let p = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let room = old.len().min(new.len()) - p;
    let q = (old.iter().rev().zip(new.iter().rev()))
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    let changed = (p, old.len() - q);
    let delta = new.len() as i64 - old.len() as i64;
    let moved = |x: usize| {
        if x < changed.0 {
            Some(x)
        } else if x >= changed.1 {
            usize::try_from(x as i64 + delta).ok()
        } else {
            None
        }
    };
    let holds = |seal: &Seal| seal.range.0 <= changed.0 && changed.1 <= seal.range.1;
    if !all.iter().any(holds) {
        return Vec::new();
    }
    let mut patched = new.to_vec();
    let mut out: Vec<(usize, usize, Vec<u8>)> = Vec::new();
    for seal in all.iter().filter(|s| holds(s)) {
        let (a, b) = seal.range;
        let (Some(nb), Some(nat)) = (moved(b), moved(seal.at)) else {
            continue;
        };
        let Some(crc) = patched.get(a..nb).and_then(|r| crc_bytes(r, seal.big)) else {
            continue;
        };
        let mut fields = vec![(seal.at, nat, crc)];
        let len = (nb - a) as i64;
        for &(at, w, big, more) in &seal.sizes {
            let Ok(v) = u64::try_from(len + more) else {
                continue;
            };
            if let (Some(nw), Some(bytes)) = (moved(at), encode_uint(v, w, big)) {
                fields.push((at, nw, bytes));
            }
        }
        for (at, nw, bytes) in fields {
            patched[nw..nw + bytes.len()].copy_from_slice(&bytes);
            out.retain(|w| w.0 != at);
            out.push((at, nw, bytes));
        }
    }
    if out.is_empty() {
        return out;
    }
    // The stamps over the fields written, in the order found (a stamp over a seal).
    for s in stamps::stamps(old) {
        let (a, b) = s.range;
        let touched = out
            .iter()
            .any(|(at, _, bytes)| *at < b && a < at + bytes.len());
        let (Some(na), Some(nb), Some(nat)) = (moved(a), moved(b - 1).map(|x| x + 1), moved(s.at))
        else {
            continue;
        };
        if !touched || nb - na != b - a {
            continue;
        }
        let Some(bytes) = crc_bytes(&patched[na..nb], s.big) else {
            continue;
        };
        patched[nat..nat + 4].copy_from_slice(&bytes);
        out.retain(|w| w.0 != s.at);
        out.push((s.at, nat, bytes));
    }
    out
}

/// The CRC-32 of `bytes` as a 4-byte field in that byte order.
fn crc_bytes(bytes: &[u8], big: bool) -> Option<Vec<u8>> {
    encode_uint(u64::from(crc32fast::hash(bytes)), 4, big)
}

/// `set`'s edits of sequence `seq` (whose bytes are `old`), with the writes that
/// keep `old`'s seals true (see the module docs). The set unchanged when no seal
/// holds its changes.
pub(super) fn with_seals(seq: usize, old: &[u8], set: EditSet<u8>) -> EditSet<u8> {
    if seals(old).is_empty() {
        return set;
    }
    let new = set.render_seq(seq, old);
    let mut out = set.clone();
    for (at, _, bytes) in writes(old, &new) {
        if !out.push(Edit::replace(seq, at, at + bytes.len(), bytes)) {
            return set;
        }
    }
    out
}

/// Cases whose cuts keep their files' seals true ([`with_seals`]): `ends` cuts
/// through [`Sealed::sealed`]. Lists have no seals.
pub trait Sealed: Case {
    /// `set`, a cut of sequence `seq`, with the writes that keep the file's seals
    /// true added.
    fn sealed(&self, _seq: usize, set: EditSet<Self::Item>) -> EditSet<Self::Item> {
        set
    }
}

impl Sealed for TestCase {
    fn sealed(&self, seq: usize, set: EditSet<u8>) -> EditSet<u8> {
        if self.is_syntax(seq) {
            return set;
        }
        with_seals(seq, self.seq(seq), set)
    }
}

impl<T: Element> Sealed for Vec<T> {}

/// Another segmenter's units, whose cuts keep the seals of each binary file true
/// (records at a repeated separator, which cut anywhere in a file).
#[derive(Clone)]
pub struct Sealing<S>(pub S);

impl<C: Case<Item = u8>, S: Segmenter<C>> Segmenter<C> for Sealing<S> {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn segment(&self, case: &C) -> Vec<Span> {
        self.0.segment(case)
    }
    fn cut(&self, case: &C, spans: &[Span], ranges: &[(usize, usize)]) -> C {
        let mut out = self.0.cut(case, spans, ranges);
        for seq in 0..case.seq_count().min(out.seq_count()) {
            if case.is_syntax(seq) {
                continue;
            }
            let fixes = writes(case.seq(seq), out.seq(seq));
            if fixes.is_empty() {
                continue;
            }
            let mut bytes = out.seq(seq).to_vec();
            for (_, at, b) in fixes {
                bytes[at..at + b.len()].copy_from_slice(&b);
            }
            out = out.with_seq(seq, bytes);
        }
        out
    }
}

/// `new`, `old` with some bytes changed in place, with `old`'s seals kept true.
pub(super) fn reseal(old: &[u8], new: &mut [u8]) {
    for (_, at, bytes) in writes(old, new) {
        new[at..at + bytes.len()].copy_from_slice(&bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 7z-like file: a start header (signature, the CRC-32 of the next 20 bytes,
    /// an offset, the header's size, the header's CRC-32), `gap` packed bytes, then
    /// `header`.
    fn archive(gap: usize, header: &[u8]) -> Vec<u8> {
        let mut tail = (gap as u64).to_le_bytes().to_vec();
        tail.extend((header.len() as u64).to_le_bytes());
        tail.extend(crc32fast::hash(header).to_le_bytes());
        let mut out = b"7z\xbc\xaf\x27\x1c\x00\x04".to_vec();
        out.extend(crc32fast::hash(&tail).to_le_bytes());
        out.extend(tail);
        out.extend((0..gap).map(|i| (i * 7 + 1) as u8));
        out.extend_from_slice(header);
        out
    }

    /// What a 7z reader checks: both CRCs and the header's place and size.
    fn header_of(d: &[u8]) -> Option<&[u8]> {
        let start = d.get(12..32)?;
        if read_uint(d, 8, 4, false)? != u64::from(crc32fast::hash(start)) {
            return None;
        }
        let off = 32 + read_uint(d, 12, 8, false)? as usize;
        let size = read_uint(d, 20, 8, false)? as usize;
        let header = d.get(off..off.checked_add(size)?)?;
        (read_uint(d, 28, 4, false)? == u64::from(crc32fast::hash(header))).then_some(header)
    }

    fn header(n: usize) -> Vec<u8> {
        (0..n).map(|i| (i * 31 % 251 + 1) as u8).collect()
    }

    #[test]
    fn crc_steps_are_undone() {
        let text = header(300);
        let crc = crc32fast::hash(&text[40..]);
        assert_eq!(start_for(&text, 0, text.len(), crc), Some(40));
        let crc = crc32fast::hash(&text[10..200]);
        assert_eq!(end_for(&text, 10, crc), Some(200));
    }

    #[test]
    fn a_seal_to_the_end_of_the_file_is_found_with_its_size() {
        let d = archive(50, &header(400));
        let found = seals(&d);
        assert_eq!(
            found,
            [Seal {
                at: 28,
                big: false,
                range: (82, 482),
                sizes: vec![(20, 8, false, 0)],
            }]
        );
    }

    #[test]
    fn a_cut_inside_the_sealed_header_keeps_the_archive_readable() {
        let h = header(400);
        let d = archive(50, &h);
        assert!(header_of(&d).is_some());
        // The header's last 300 bytes cut, then 40 bytes from its middle.
        for (a, b) in [(182, 482), (150, 190)] {
            let plain = EditSet::of(Edit::cut(0, a, b));
            assert!(header_of(&plain.render_seq(0, &d)).is_none());
            let fixed = with_seals(0, &d, plain).render_seq(0, &d);
            let kept = [&h[..a - 82], &h[b - 82..]].concat();
            assert_eq!(header_of(&fixed), Some(kept.as_slice()));
        }
        // Bytes changed in place, as `zero-bytes` does.
        let mut zeroed = d.clone();
        zeroed[100..140].fill(0);
        reseal(&d, &mut zeroed);
        assert_eq!(header_of(&zeroed).map(<[u8]>::len), Some(400));
        assert_eq!(&header_of(&zeroed).unwrap()[18..58], &[0; 40]);
    }

    #[test]
    fn a_crc_without_a_size_field_is_no_seal() {
        // The size field says 7 bytes more than the header has: the CRC-32 still
        // matches, but nothing holds the range's length.
        let mut d = archive(50, &header(400));
        d[20..28].copy_from_slice(&407u64.to_le_bytes());
        let tail = d[12..32].to_vec();
        d[8..12].copy_from_slice(&crc32fast::hash(&tail).to_le_bytes());
        assert!(seals(&d).is_empty());
    }

    #[test]
    fn records_go_from_a_sealed_header_with_the_seal_kept() {
        use crate::passes::delete::Delete;
        use crate::passes::units::Records;
        use crate::passes::Pass;
        // 40 records, each a separator and 12 bytes of its own; the bug needs record 23
        // (the first record holds the bytes before it too, and stays).
        let header: Vec<u8> = (0..40u8)
            .flat_map(|i| {
                let mut r = b"\x01\x23\x03\x01\x01\x05".to_vec();
                r.extend((0..12u8).map(|k| 0x80 | (i.wrapping_mul(13).wrapping_add(k) % 127)));
                r
            })
            .collect();
        let bad = header[23 * 18..24 * 18].to_vec();
        let data = archive(300, &header);
        let pred = |d: &[u8]| header_of(d).is_some_and(|h| h.windows(18).any(|w| w == bad));
        assert!(pred(&data));
        let passes = |sealed: bool| -> Vec<Box<dyn Pass<TestCase>>> {
            if sealed {
                vec![Box::new(Delete::new(
                    Sealing(Records),
                    "records",
                    usize::MAX,
                ))]
            } else {
                vec![Box::new(Delete::new(Records, "records", usize::MAX))]
            }
        };
        let reduce = |sealed| {
            crate::passes::tests::reduce_one_file("x.7z", data.clone(), passes(sealed), pred).0
        };
        // Without the seal kept, no record can go.
        assert_eq!(reduce(false), data);
        let sealed = reduce(true);
        assert!(pred(&sealed));
        assert!(
            header_of(&sealed).unwrap().len() <= 4 * 18,
            "{} bytes",
            sealed.len()
        );
    }

    #[test]
    fn a_cut_outside_every_sealed_range_is_left_as_it_is() {
        let d = archive(50, &header(400));
        let plain = EditSet::of(Edit::cut(0, 40, 60));
        assert_eq!(with_seals(0, &d, plain.clone()), plain);
        // A file without a seal.
        let h = header(400);
        assert!(seals(&h).is_empty());
    }
}

//! `relocate-parts`, `relocate-records`, `relocate-bytes`: deletion in binary
//! files whose parts are found through offsets (a TIFF's chain of IFDs, an ICO's
//! directory of images, a ZIP's central directory). There, deleting any bytes
//! before a part moves it away from where its pointers say it is, and deleting an
//! entry of a counted table leaves the count too high, so plain deletion finds
//! almost nothing to delete.
//!
//! The [`Layout`] of a file: its pointer fields (4-byte fields whose value is the
//! start of a binary magic that recurs and is mostly pointed at,
//! [`super::pointers`]), each one's extent field when it has one (a 4-byte
//! neighbour holding the exact length of the part it points at), and its counted
//! tables (a count, then that many fixed-size records: the records that hold the
//! pointers, or records alike column by column in a part that starts with their
//! count and ends where a pointer field, a part or the file begins).
//! A deletion through [`Relocating::cut`]:
//! - also deletes each part no pointer leads to any more (its extent, else up to
//!   the next target), again until none is left;
//! - rewrites each surviving pointer to where its target now is; a pointer into a
//!   deleted range follows the chain (the first pointer of the deleted part to a
//!   part of the same magic), as when a node is unlinked from a list, else points
//!   just past the deletion;
//! - rewrites each extent field, less the bytes deleted where its pointer leads;
//! - (`relocate-records`) rewrites each table's count, less the whole records
//!   deleted.
//!
//! The candidate is checked like any other; a field taken for a pointer that is none
//! costs a failed check. The layout of each candidate is derived from its parent's
//! (positions moved through the deletion) and remembered by content, so a file
//! keeps its pointers after its magics no longer recur. Units: the parts between
//! targets and pointer fields' ends (`relocate-parts`), then those and each table
//! record (`relocate-records`), then each byte, in files of at most [`MAX_BYTES`]
//! (`relocate-bytes`). Files without pointer fields have no units.

use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::{Arc, LazyLock, Mutex};

use super::chunks::{encode_uint as encode, is_binary, read_uint as read};
use super::pointers;
use super::units::{delete_units, Segmenter, Span};
use crate::case::Case;
use crate::edit::Edit;

/// `relocate-bytes` works on files of at most this many bytes.
pub const MAX_BYTES: usize = 8192;
/// Layouts remembered per generation (two generations are kept).
const MEMORY: usize = 512;
/// The longest chain followed from a pointer into a deleted range.
const MAX_CHAIN: usize = 4096;

/// A pointer field at `at` holding `value`; `extent`: where the length of what it
/// points at is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ptr {
    at: usize,
    value: usize,
    extent: Option<usize>,
}

/// A count of `width` bytes at `count_at`, then `n` records of `stride` bytes from
/// `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Table {
    count_at: usize,
    width: usize,
    start: usize,
    stride: usize,
    n: usize,
}

impl Table {
    fn end(&self) -> usize {
        self.start + self.n * self.stride
    }
}

/// What refers to what in one binary file (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Layout {
    big: bool,
    ptrs: Vec<Ptr>,
    tables: Vec<Table>,
}

fn inside(cuts: &[(usize, usize)], v: usize) -> bool {
    cuts.iter().any(|&(a, b)| a <= v && v < b)
}

fn survives(cuts: &[(usize, usize)], at: usize, width: usize) -> bool {
    !cuts.iter().any(|&(a, b)| at < b && a < at + width)
}

impl Layout {
    /// The layout found in `text` alone.
    fn detect(text: &[u8]) -> Layout {
        let fields = pointers::candidates(0, text, 2);
        if fields.is_empty() || !is_binary(text) {
            return Layout::default();
        }
        let strict = |big: bool| strict_pointers(text, &fields, big);
        let (little, bigs) = (strict(false), strict(true));
        let (big, mut ptrs) = if bigs.len() > little.len() {
            (true, bigs)
        } else {
            (false, little)
        };
        if ptrs.is_empty() {
            return Layout::default();
        }
        // An extent field measures its target's part exactly: up to the next
        // target, or to the end of the file.
        let taken: HashSet<usize> = ptrs.iter().map(|p| p.at).collect();
        let mut ends: Vec<usize> = ptrs.iter().map(|p| p.value).collect();
        ends.push(text.len());
        ends.sort_unstable();
        ends.dedup();
        for p in &mut ptrs {
            let end = ends[ends.partition_point(|&t| t <= p.value).min(ends.len() - 1)];
            p.extent = [p.at.checked_sub(4), Some(p.at + 4)]
                .into_iter()
                .flatten()
                .filter(|e| !taken.contains(e))
                .find(|&e| read(text, e, 4, big) == Some((end - p.value) as u64));
        }
        let mut tables = pointer_tables(text, big, &ptrs);
        let mut targets: Vec<usize> = ptrs.iter().map(|p| p.value).collect();
        targets.sort_unstable();
        targets.dedup();
        // A table ends where a pointer field, a part or the file begins.
        let mut ends: HashSet<usize> = targets.iter().copied().collect();
        ends.extend(ptrs.iter().map(|p| p.at));
        ends.insert(text.len());
        for t in counted_tables(text, big, &targets)
            .into_iter()
            .filter(|t| ends.contains(&t.end()))
        {
            let overlaps = |u: &Table| t.count_at < u.end() && u.count_at < t.end();
            if !tables.iter().any(overlaps) {
                tables.push(t);
            }
        }
        Layout { big, ptrs, tables }
    }

    fn is_empty(&self) -> bool {
        self.ptrs.is_empty() && self.tables.is_empty()
    }

    /// Where units end: targets, pointer fields' ends, table records.
    /// `records`: the tables' records too.
    fn splits(&self, len: usize, records: bool) -> Vec<usize> {
        let mut out = vec![0, len];
        for p in &self.ptrs {
            out.push(p.value);
            out.push(p.at + 4);
        }
        for t in self.tables.iter().filter(|_| records) {
            out.push(t.count_at);
            out.extend((0..=t.n.min(4096)).map(|i| t.start + i * t.stride));
        }
        out.retain(|&s| s <= len);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The targets in order.
    fn targets(&self) -> Vec<usize> {
        let mut targets: Vec<usize> = self.ptrs.iter().map(|p| p.value).collect();
        targets.sort_unstable();
        targets.dedup();
        targets
    }

    /// Where the pointer to `v` leads once `cuts` are gone, in `text`'s positions:
    /// `v` itself when it stays, else along the chain (the first pointer of the
    /// deleted part at `v` to a part of the same magic), else `v` (past the cut).
    fn resolve(
        &self,
        text: &[u8],
        targets: &[usize],
        cuts: &[(usize, usize)],
        mut v: usize,
    ) -> usize {
        let magic = |v: usize| text.get(v..v + 4);
        for _ in 0..MAX_CHAIN {
            if !inside(cuts, v) {
                break;
            }
            let i = targets.partition_point(|&t| t <= v);
            let end = targets.get(i).copied().unwrap_or(text.len());
            let next = (self.ptrs.iter())
                .find(|p| p.at >= v && p.at < end && p.value != v && magic(p.value) == magic(v));
            match next {
                Some(p) => v = p.value,
                None => break,
            }
        }
        v
    }

    /// `cuts` and the parts no pointer leads to any more once they are gone (a
    /// part: its extent when a pointer to it has one, else up to the next target),
    /// again until none is left; sorted, disjoint.
    fn collect(&self, text: &[u8], cuts: &[(usize, usize)]) -> Vec<(usize, usize)> {
        let targets = self.targets();
        let mut cuts = cuts.to_vec();
        for _ in 0..64 {
            let mut live = HashSet::new();
            for p in &self.ptrs {
                if survives(&cuts, p.at, 4) {
                    live.insert(self.resolve(text, &targets, &cuts, p.value));
                }
            }
            let mut more = Vec::new();
            for (i, &t) in targets.iter().enumerate() {
                if live.contains(&t) || inside(&cuts, t) {
                    continue;
                }
                let extent = (self.ptrs.iter())
                    .filter(|p| p.value == t)
                    .find_map(|p| p.extent.and_then(|e| read(text, e, 4, self.big)));
                let end = match extent {
                    Some(l) => t + l as usize,
                    None => targets.get(i + 1).copied().unwrap_or(text.len()),
                };
                more.push((t, end.min(text.len())));
            }
            if more.is_empty() {
                break;
            }
            cuts.extend(more);
            cuts.sort_unstable();
            let mut merged: Vec<(usize, usize)> = Vec::new();
            for (a, b) in cuts {
                match merged.last_mut() {
                    Some(last) if a <= last.1 => last.1 = last.1.max(b),
                    _ => merged.push((a, b)),
                }
            }
            cuts = merged;
        }
        cuts
    }

    /// The replacements that go with deleting `cuts` (sorted, disjoint) from
    /// `text`, and the layout of the result; `records`: tables' counts too (else
    /// a cut that takes records of a table leaves its count, and the result no
    /// table there).
    fn relocate(
        &self,
        text: &[u8],
        cuts: &[(usize, usize)],
        records: bool,
    ) -> (Vec<(usize, Vec<u8>)>, Layout) {
        let before =
            |v: usize| -> usize { cuts.iter().map(|&(a, b)| b.min(v).saturating_sub(a)).sum() };
        let shift = |v: usize| v - before(v);
        let survives = |at: usize, w: usize| survives(cuts, at, w);
        let in_range = |lo: usize, hi: usize| -> usize {
            cuts.iter()
                .map(|&(a, b)| b.min(hi).saturating_sub(a.max(lo)))
                .sum()
        };
        let targets = self.targets();
        let mut fixes = Vec::new();
        let mut next = Layout {
            big: self.big,
            ..Layout::default()
        };
        let mut extents = HashSet::new();
        for p in &self.ptrs {
            if !survives(p.at, 4) {
                continue;
            }
            // Where it leads now, in `text`'s positions; its extent (what the
            // reader takes there) loses the bytes deleted there.
            let to = self.resolve(text, &targets, cuts, p.value).min(text.len());
            let value = shift(to);
            if value != p.value {
                if let Some(bytes) = encode(value as u64, 4, self.big) {
                    fixes.push((p.at, bytes));
                }
            }
            let mut extent = None;
            if let Some(e) = p.extent.filter(|&e| survives(e, 4)) {
                if extents.insert(e) {
                    let len = read(text, e, 4, self.big).unwrap_or(0) as usize;
                    let gone = in_range(to, to + len);
                    if gone > 0 && gone < len {
                        if let Some(bytes) = encode((len - gone) as u64, 4, self.big) {
                            fixes.push((e, bytes));
                        }
                    }
                }
                extent = Some(shift(e));
            }
            next.ptrs.push(Ptr {
                at: shift(p.at),
                value,
                extent,
            });
        }
        for t in &self.tables {
            if !survives(t.count_at, t.width) {
                continue;
            }
            let (mut whole, mut partial) = (0, false);
            for i in 0..t.n {
                let (a, b) = (t.start + i * t.stride, t.start + (i + 1) * t.stride);
                match in_range(a, b) {
                    0 => {}
                    g if g == t.stride => whole += 1,
                    _ => partial = true,
                }
            }
            if whole > 0 && !records {
                continue;
            }
            if whole > 0 && !partial {
                if let Some(bytes) = encode((t.n - whole) as u64, t.width, self.big) {
                    fixes.push((t.count_at, bytes));
                }
            }
            if !partial {
                next.tables.push(Table {
                    count_at: shift(t.count_at),
                    start: shift(t.start),
                    n: t.n - whole,
                    ..*t
                });
            }
        }
        (fixes, next)
    }
}

/// The pointer fields of `fields` of one endianness whose targets are record
/// starts: a magic whose occurrences are mostly not pointed at (a pattern of pixels
/// or text that a few values happen to hit) is no record start.
fn strict_pointers(text: &[u8], fields: &[pointers::Field], big: bool) -> Vec<Ptr> {
    let mut ptrs: Vec<Ptr> = fields
        .iter()
        .filter(|f| f.big == big)
        .filter_map(|f| {
            Some(Ptr {
                at: f.at,
                value: read(text, f.at, 4, big)? as usize,
                extent: None,
            })
        })
        .filter(|p| p.value + 4 <= text.len())
        .collect();
    let magic = |v: usize| [text[v], text[v + 1], text[v + 2], text[v + 3]];
    let mut pointed: HashMap<[u8; 4], HashSet<usize>> = HashMap::new();
    for p in &ptrs {
        pointed.entry(magic(p.value)).or_default().insert(p.value);
    }
    let mut occurs: HashMap<[u8; 4], usize> = HashMap::new();
    for w in text.windows(4) {
        let m = [w[0], w[1], w[2], w[3]];
        if pointed.contains_key(&m) {
            *occurs.entry(m).or_default() += 1;
        }
    }
    let kept: HashSet<usize> = (ptrs.iter())
        .filter(|p| {
            let m = magic(p.value);
            let n = pointed[&m].len();
            n >= 2 && 2 * n >= occurs.get(&m).copied().unwrap_or(0)
        })
        .map(|p| p.at)
        .collect();
    let fields = fields
        .iter()
        .filter(|f| f.big == big && kept.contains(&f.at));
    let disjoint: HashSet<usize> = pointers::disjoint(fields.copied().collect())
        .into_iter()
        .map(|f| f.at)
        .collect();
    ptrs.retain(|p| disjoint.contains(&p.at));
    ptrs
}

/// Counted tables of the records that hold pointer fields: the most common gap
/// between consecutive pointers is the record size; a run of at least 4 pointers at
/// multiples of it (up to 4 records apart) is a table when a count just before it (2 or 4
/// bytes, up to 4 records before the first pointer) covers the run.
fn pointer_tables(text: &[u8], big: bool, ptrs: &[Ptr]) -> Vec<Table> {
    let mut gaps: HashMap<usize, usize> = HashMap::new();
    for w in ptrs.windows(2) {
        let g = w[1].at - w[0].at;
        if (4..=256).contains(&g) {
            *gaps.entry(g).or_default() += 1;
        }
    }
    let Some((&stride, &times)) = gaps
        .iter()
        .max_by_key(|&(&g, &c)| (c, std::cmp::Reverse(g)))
    else {
        return Vec::new();
    };
    if times < 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < ptrs.len() {
        let mut j = i;
        while j + 1 < ptrs.len() {
            let g = ptrs[j + 1].at - ptrs[j].at;
            if g.is_multiple_of(stride) && g <= 4 * stride {
                j += 1;
            } else {
                break;
            }
        }
        if j >= i + 3 {
            if let Some(t) = count_before(text, big, ptrs[i].at, ptrs[j].at, stride) {
                out.push(t);
            }
        }
        i = j + 1;
    }
    out
}

fn count_before(text: &[u8], big: bool, first: usize, last: usize, stride: usize) -> Option<Table> {
    for offset in 0..=stride - 4 {
        for back in 0..=4 {
            let Some(start) = first.checked_sub(offset + back * stride) else {
                break;
            };
            for width in [2, 4] {
                let Some(count_at) = start.checked_sub(width) else {
                    continue;
                };
                let Some(n) = read(text, count_at, width, big) else {
                    continue;
                };
                let n = n as usize;
                let covered = (last - start) / stride + 1;
                if (covered..=covered + 4).contains(&n) && start + n * stride <= text.len() {
                    return Some(Table {
                        count_at,
                        width,
                        start,
                        stride,
                        n,
                    });
                }
            }
        }
    }
    None
}

/// Counted tables at targets: a part that starts with a 2-byte count `n` (2 to
/// 1024) followed by `n` records of 4 to 32 bytes that agree in at least 2 byte
/// columns but not in all (a TIFF's IFD); of the record sizes, the one with the
/// most agreeing columns per byte (ties: the smaller). [`Layout::detect`] keeps
/// those that end where a pointer field, a part or the file begins.
fn counted_tables(text: &[u8], big: bool, targets: &[usize]) -> Vec<Table> {
    let mut out = Vec::new();
    for &q in targets {
        let n = read(text, q, 2, big).unwrap_or(0) as usize;
        if !(2..=1024).contains(&n) {
            continue;
        }
        let start = q + 2;
        let mut best: Option<(usize, Table)> = None;
        for stride in 4..=32 {
            if start + n * stride > text.len() {
                break;
            }
            let body = &text[start..start + n * stride];
            let same = (0..stride)
                .filter(|&c| (1..n).all(|r| body[r * stride + c] == body[c]))
                .count();
            let better = best.is_none_or(|(s, t)| same * t.stride > s * stride);
            if (2..stride).contains(&same) && better {
                best = Some((
                    same,
                    Table {
                        count_at: q,
                        width: 2,
                        start,
                        stride,
                        n,
                    },
                ));
            }
        }
        out.extend(best.map(|(_, t)| t));
    }
    out
}

fn digest(text: &[u8]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// Layouts of recent files and candidates, by content: candidates in two
/// generations, and the last few cases segmented (the current ones), which
/// candidates do not push out.
#[derive(Default)]
struct Memory {
    now: HashMap<u64, Arc<Layout>>,
    old: HashMap<u64, Arc<Layout>>,
    pinned: std::collections::VecDeque<(u64, Arc<Layout>)>,
}

impl Memory {
    fn get(&self, key: u64) -> Option<Arc<Layout>> {
        (self.pinned.iter().find(|(k, _)| *k == key).map(|(_, l)| l))
            .or_else(|| self.now.get(&key))
            .or_else(|| self.old.get(&key))
            .cloned()
    }
    fn put(&mut self, key: u64, layout: Arc<Layout>) {
        if self.now.len() >= MEMORY {
            self.old = std::mem::take(&mut self.now);
        }
        self.now.insert(key, layout);
    }
    fn pin(&mut self, key: u64, layout: Arc<Layout>) {
        if !self.pinned.iter().any(|(k, _)| *k == key) {
            if self.pinned.len() >= 8 {
                self.pinned.pop_front();
            }
            self.pinned.push_back((key, layout));
        }
    }
}

/// The layouts every [`Relocating`] remembers (by content, so one process's
/// jobs can share it: a layout derived for some bytes is one they have).
static MEMORY_OF_LAYOUTS: LazyLock<Mutex<Memory>> = LazyLock::new(Default::default);

/// The units of a relocating pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Units {
    /// Parts: the blocks between targets and pointer fields' ends.
    #[default]
    Parts,
    /// Parts, and each record of a counted table.
    Records,
    /// Bytes (files of at most [`MAX_BYTES`]).
    Bytes,
}

/// The segmenter of the three passes (see the module docs).
#[derive(Clone, Copy, Default)]
pub struct Relocating {
    units: Units,
}

impl Relocating {
    /// Parts and table records.
    pub fn records() -> Relocating {
        Relocating {
            units: Units::Records,
        }
    }

    /// Bytes.
    pub fn bytes() -> Relocating {
        Relocating {
            units: Units::Bytes,
        }
    }

    /// The layout of `text`: remembered, else detected; `pin`: `text` is a
    /// current case (segmented), kept apart from candidates.
    fn layout(&self, text: &[u8], pin: bool) -> Arc<Layout> {
        let key = digest(text);
        let known = MEMORY_OF_LAYOUTS.lock().map_or(None, |m| m.get(key));
        let l = known.unwrap_or_else(|| Arc::new(Layout::detect(text)));
        if let Ok(mut m) = MEMORY_OF_LAYOUTS.lock() {
            if pin {
                m.pin(key, l.clone());
            } else {
                m.put(key, l.clone());
            }
        }
        l
    }
}

impl<C: Case<Item = u8>> Segmenter<C> for Relocating {
    fn name(&self) -> &'static str {
        match self.units {
            Units::Parts => "relocate-parts",
            Units::Records => "relocate-records",
            Units::Bytes => "relocate-bytes",
        }
    }

    fn segment(&self, case: &C) -> Vec<Span> {
        let mut out = Vec::new();
        for seq in 0..case.seq_count() {
            let text = case.seq(seq);
            let bytes = self.units == Units::Bytes;
            if case.is_syntax(seq) || (bytes && text.len() > MAX_BYTES) || text.len() < 8 {
                continue;
            }
            let layout = self.layout(text, true);
            if layout.is_empty() {
                continue;
            }
            if bytes {
                out.extend((0..text.len()).map(|i| Span {
                    seq,
                    start: i,
                    end: i + 1,
                }));
            } else {
                let splits = layout.splits(text.len(), self.units == Units::Records);
                out.extend(splits.windows(2).map(|w| Span {
                    seq,
                    start: w[0],
                    end: w[1],
                }));
            }
        }
        out
    }

    fn cut(&self, case: &C, spans: &[Span], ranges: &[(usize, usize)]) -> C {
        let cuts = delete_units::<u8>(spans, ranges);
        let mut set = cuts.clone();
        let mut derived = Vec::new();
        for seq in cuts.seqs() {
            let text = case.seq(seq);
            let layout = self.layout(text, false);
            if layout.is_empty() {
                continue;
            }
            let ranges: Vec<(usize, usize)> = (cuts.edits().iter())
                .filter(|e| e.seq == seq)
                .map(|e| (e.start, e.end))
                .collect();
            let ranges = layout.collect(text, &ranges);
            for &(a, b) in &ranges {
                set.push(Edit::cut(seq, a, b));
            }
            let (fixes, next) = layout.relocate(text, &ranges, self.units == Units::Records);
            for (at, bytes) in fixes {
                set.push(Edit::replace(seq, at, at + bytes.len(), bytes));
            }
            derived.push((seq, next));
        }
        let out = case.apply(&set);
        if let Ok(mut m) = MEMORY_OF_LAYOUTS.lock() {
            for (seq, next) in derived {
                m.put(digest(out.seq(seq)), Arc::new(next));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;

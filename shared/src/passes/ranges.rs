//! `counted-ranges`: a table whose number of entries is not written as a count but
//! as a range — an image's data window, rows `y0..=y1` with one row offset each — loses
//! entries together with the range's upper end: `m` entries deleted, `y1` lowered by
//! `m`. Each edit alone breaks the file (the reader takes `y1 − y0 + 1` offsets from
//! a table that holds fewer, or leaves the last ones unread, the bug's among them as
//! often as not), as with `counted-runs`' count; this is that pass's first kind for a
//! count that is a difference.
//!
//! - **Tables of integers**: entries of 4 or 8 bytes (offsets, sizes), either byte
//!   order, whose high halves are all zero (small numbers) and whose low halves are
//!   not all equal, at least [`MIN_ENTRIES`] in a row, the maximal such runs; of two
//!   of one width over mostly the same bytes (another phase, the other byte order),
//!   the longer, and at most [`MAX_TABLES`], the most bytes first.
//! - **Ranges**: two unsigned fields of 2 or 4 bytes, the same byte order, the upper
//!   one right after the lower one or with one field between (a box's `x0 y0 x1 y1`),
//!   ending before the table, where `hi − lo + 1` (or `hi − lo`) is between half and
//!   twice the table's entries: the nearest first, at most [`MAX_RANGES`] a table.
//! - **Plans**: the table's entries (as many as the range counts, at most all of
//!   them) in ddmin's splits, all, then each half, each quarter, down to
//!   [`MIN_SPLIT`] entries, each with `hi` lowered by as many; level by level over
//!   every table and range (each one's whole first), since which pair is the file's
//!   is not known.
//!
//! Not in the stated neighbourhood of `tools/check_minimal.py`; it only makes results
//! smaller. Binary data files of at most [`super::counted::MAX_BYTES`] bytes, of a
//! case without source code; a last resort, at most [`MAX_IDLE`] tests since the
//! last one taken.

use super::chunks::read_uint;
use super::counted::{halvings, Budget, Field, Plan, PlanPass, ALONE, MAX_BYTES};

/// A table needs this many entries.
const MIN_ENTRIES: usize = 4;
/// Ranges tried per table.
const MAX_RANGES: usize = 2;
/// The fewest entries one plan deletes.
const MIN_SPLIT: usize = 2;
/// Tests per run of the pass since the last one taken.
const MAX_IDLE: usize = 32;

/// The most tables tried, the largest first.
const MAX_TABLES: usize = 6;

/// `entries` integers of `width` bytes from `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Table {
    start: usize,
    width: usize,
    entries: usize,
    /// The largest entry.
    largest: u64,
}

impl Table {
    fn end(&self) -> usize {
        self.start + self.width * self.entries
    }
}

/// The tables of integers of `text` (see the module docs), the most bytes first
/// (of two over the same bytes, the wider entries first), at most [`MAX_TABLES`].
fn tables(text: &[u8]) -> Vec<Table> {
    let mut found = Vec::new();
    for width in [8, 4] {
        let half = width / 2;
        for big in [false, true] {
            // Whether the entry at `at` is a small number, and its low half.
            let parts = |at: usize| {
                let e = &text[at..at + width];
                let (high, low) = if big {
                    (&e[..half], &e[half..])
                } else {
                    (&e[half..], &e[..half])
                };
                (high.iter().all(|&b| b == 0), low)
            };
            let value = |at: usize| read_uint(text, at, width, big).unwrap_or(u64::MAX);
            for phase in 0..width {
                let mut start = phase;
                while start + width <= text.len() {
                    let (small, low) = parts(start);
                    let mut n = 1;
                    let mut varied = false;
                    while small && start + (n + 1) * width <= text.len() {
                        let (s, l) = parts(start + n * width);
                        if !s {
                            break;
                        }
                        varied |= l != low;
                        n += 1;
                    }
                    if n >= MIN_ENTRIES && varied {
                        found.push(Table {
                            start,
                            width,
                            entries: n,
                            largest: (0..n).map(|k| value(start + k * width)).max().unwrap_or(0),
                        });
                    }
                    start += n * width;
                }
            }
        }
    }
    // The most bytes first; of two as long over the same bytes, the one of smaller
    // numbers (another phase reads the same offsets shifted a byte up).
    found.sort_by_key(|t| {
        (
            std::cmp::Reverse(t.end() - t.start),
            std::cmp::Reverse(t.width),
            t.largest,
            t.start,
        )
    });
    let mut out: Vec<Table> = Vec::new();
    for t in found {
        let same = |o: &Table| {
            let overlap = t.end().min(o.end()).saturating_sub(t.start.max(o.start));
            o.width == t.width && 2 * overlap >= (t.end() - t.start).min(o.end() - o.start)
        };
        if !out.iter().any(same) {
            out.push(t);
        }
    }
    out.truncate(MAX_TABLES);
    out
}

/// The upper ends of the ranges that may count `table`'s entries (see the module
/// docs), the nearest count first, at most [`MAX_RANGES`]; each with the count.
fn range_ends(text: &[u8], table: &Table) -> Vec<(Field, u64)> {
    let r = table.entries as u64;
    let mut found: Vec<(u64, Field, u64)> = Vec::new();
    for width in [4, 2] {
        for big in [false, true] {
            for gap in [width, 2 * width] {
                for at in 0..(table.start + 1).saturating_sub(gap + width) {
                    let (Some(lo), Some(hi)) = (
                        read_uint(text, at, width, big),
                        read_uint(text, at + gap, width, big),
                    ) else {
                        continue;
                    };
                    let Some(n) = hi.checked_sub(lo) else {
                        continue;
                    };
                    let Some(count) = [n + 1, n]
                        .into_iter()
                        .filter(|c| (r / 2..=2 * r).contains(c))
                        .min_by_key(|c| c.abs_diff(r))
                    else {
                        continue;
                    };
                    let field = Field {
                        at: at + gap,
                        width,
                        big,
                        value: hi,
                    };
                    found.push((count.abs_diff(r), field, count));
                }
            }
        }
    }
    found.sort_by_key(|(off, f, _)| (*off, table.start - f.end(), std::cmp::Reverse(f.width)));
    let mut out: Vec<(Field, u64)> = Vec::new();
    for (_, f, count) in found {
        if out.len() < MAX_RANGES && !out.iter().any(|(o, _)| *o == f) {
            out.push((f, count));
        }
    }
    out
}

/// The plans for `text` (see the module docs): for each table and range, the
/// entries in ddmin's splits with the range's end lowered by as many, level by
/// level.
fn plans(text: &[u8]) -> Box<dyn Iterator<Item = Plan> + '_> {
    let mut lists: Vec<Vec<Vec<Plan>>> = Vec::new();
    for table in tables(text) {
        for (field, count) in range_ends(text, &table) {
            let k = table.entries.min(count as usize);
            let levels = halvings(k).filter(|&m| m >= MIN_SPLIT).map(|m| {
                (0..=k - m)
                    .step_by(m)
                    .filter_map(|j| {
                        Some(Plan {
                            cut: (
                                table.start + j * table.width,
                                table.start + (j + m) * table.width,
                            ),
                            field,
                            value: field.value.checked_sub(m as u64)?,
                            also: ALONE,
                        })
                    })
                    .collect::<Vec<_>>()
            });
            lists.push(levels.collect());
        }
    }
    let depth = lists.iter().map(Vec::len).max().unwrap_or(0);
    Box::new((0..depth).flat_map(move |level| {
        (lists.iter())
            .filter_map(|l| l.get(level).cloned())
            .flatten()
            .collect::<Vec<_>>()
    }))
}

/// The pass (see the module docs).
pub const COUNTED_RANGES: PlanPass = PlanPass::new(
    "counted-ranges",
    0..=MAX_BYTES,
    Budget::Idle(MAX_IDLE),
    plans,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::Pass;

    /// An image of `rows` rows from `y0`: a header (magic, then a box `x0 y0 x1 y1`
    /// of u32 LE), a table of one u64 LE offset a row, then the rows (8 bytes each,
    /// the first 4 its y coordinate). Row `bad` has y coordinate `u32::MAX`.
    fn image(y0: u32, rows: usize, bad: usize) -> Vec<u8> {
        let mut out = b"IMG\x00".to_vec();
        for v in [0, y0, 0, y0 + rows as u32 - 1] {
            out.extend(v.to_le_bytes());
        }
        let first = out.len() + 8 * rows;
        for i in 0..rows {
            out.extend(((first + 8 * i) as u64).to_le_bytes());
        }
        for i in 0..rows {
            let y = if i == bad { u32::MAX } else { y0 + i as u32 };
            out.extend(y.to_le_bytes());
            out.extend([7, 7, 7, 7]);
        }
        out
    }

    /// Whether a reader of [`image`]s meets the bad row: as many offsets as the box
    /// has rows, then the rows in order after the table (as a reader does that takes
    /// no offset for granted); `None` when it does not read.
    fn meets_bad_row(b: &[u8]) -> Option<bool> {
        let u32_at = |at: usize| Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?));
        let (y0, y1) = (u32_at(8)?, u32_at(16)?);
        let rows = y1.checked_sub(y0)? as usize + 1;
        for i in 0..rows {
            let at = 20 + 8 * i;
            b.get(at..at + 8)?;
        }
        let first = 20 + 8 * rows;
        Some((0..rows).any(|i| u32_at(first + 8 * i) == Some(u32::MAX)))
    }

    #[test]
    fn a_table_of_offsets_and_its_range_are_found() {
        let data = image(478, 40, 20);
        let found = tables(&data);
        let table = found.iter().find(|t| t.width == 8 && t.start == 20);
        let table = table.unwrap_or_else(|| panic!("{found:?}"));
        assert_eq!(table.entries, 40);
        let ends = range_ends(&data, table);
        assert_eq!(ends[0].0.at, 16, "{ends:?}");
        assert_eq!((ends[0].0.value, ends[0].1), (517, 40));
    }

    #[test]
    fn entries_go_with_the_ranges_end_lowered() {
        let data = image(478, 40, 1);
        assert_eq!(meets_bad_row(&data), Some(true));
        let pass = || vec![Box::new(COUNTED_RANGES) as Box<dyn Pass<crate::TestCase>>];
        let (out, _) =
            crate::passes::tests::reduce_one_file("img.bin", data.clone(), pass(), |b| {
                meets_bad_row(b) == Some(true)
            });
        let rows = u32::from_le_bytes(out[16..20].try_into().unwrap()) - 478 + 1;
        assert!(rows <= 3, "{rows} rows left, {} bytes", out.len());
        assert_eq!(out.len(), data.len() - 8 * (40 - rows as usize));
        // Each edit alone breaks the file: no plan of a plain cut, and none that
        // lowers the range without a cut.
        assert!(plans(&data).all(|p| p.cut.1 > p.cut.0 && p.value < p.field.value));
    }
}

//! `counted-records`: a table of fixed-size records that are alike but not equal (a
//! PE's COFF symbols: a name, a value, then a section, type and storage class that
//! most records share) loses some of its records together with its count — the
//! first kind of [`super::counted`] (`counted-runs`), for records that the byte
//! passes could not make equal. Deleting `m * p` bytes anywhere in a table of
//! period `p` keeps every later record where its period puts it, so the records'
//! boundaries need not be known. The records go as ddmin splits them: all, then
//! each half, each quarter, down to single records, each with the count lowered by
//! as many. Tables are found two ways, in this order:
//!
//! - **Placed by a header**: a 4-byte offset at a multiple of 4 next to a 4-byte
//!   count (either order, either byte order) that puts `n` records, at least
//!   [`MIN_RECORDS`], inside the file after the fields. The period is read from the
//!   bytes: of 4 to [`MAX_PERIOD`], the shortest whose share of bytes equal to the
//!   byte a period later (over the first [`SAMPLE`] records) is near the best, at
//!   least [`MIN_RATE`], and 1.5 times that of the periods one shorter and one
//!   longer. The header is believed over the bytes: after other passes, the records
//!   it counts may run into what follows the table (a PE's string table).
//! - **Alike runs**: a maximal stretch where each window of `p` bytes holds at
//!   least a third of its bytes (and at least [`MIN_MATCHES`]) equal to the byte `p`
//!   after it, at least [`MIN_RECORDS`] records long and not exactly periodic (that is `counted-runs`'
//!   table of copies, or a gap of zeros); a run whose period divides or is a
//!   multiple of that of a longer run over the same bytes is left out. The count is
//!   found as `counted-runs` finds it (an unsigned field before the run whose value
//!   is at least the number of records, the closest first), or in the run's first
//!   record (whose bytes may match the next record's by chance), which then starts
//!   after it.
//!
//! Not in the stated neighbourhood of `tools/check_minimal.py`; it only makes results
//! smaller. Binary data files of at most [`super::counted::MAX_BYTES`] bytes, of a
//! case without source code; at most [`MAX_TESTS`] tests per run of the pass (a last
//! resort, after `counted-runs`).

use super::chunks::read_uint;
use super::counted::{counts, splits, Budget, Field, Plan, PlanPass, Run, MAX_BYTES};

/// The shortest record looked for.
const MIN_PERIOD: usize = 4;
/// The longest record looked for.
const MAX_PERIOD: usize = 64;
/// A run needs this many records to be taken for a table.
const MIN_RECORDS: usize = 8;
/// Each window needs at least this many bytes equal to the next record's.
const MIN_MATCHES: usize = 4;
/// Tests per run of the pass.
const MAX_TESTS: usize = 96;
/// A header's table: the records sampled to find its period.
const SAMPLE: usize = 64;
/// A header's table: the least share of bytes equal to the next record's.
const MIN_RATE: f64 = 0.25;

/// The tables that a header places (see the module docs): a 4-byte offset at a
/// multiple of 4 next to a 4-byte count (either order, either side), the
/// records' period read from the bytes.
fn placed(text: &[u8]) -> Vec<(Run, Field)> {
    let len = text.len();
    let mut out = Vec::new();
    for at in (0..len.saturating_sub(7)).step_by(4) {
        for big in [false, true] {
            for (offset, count) in [(at, at + 4), (at + 4, at)] {
                let (Some(start), Some(n)) = (
                    read_uint(text, offset, 4, big),
                    read_uint(text, count, 4, big),
                ) else {
                    continue;
                };
                let (start, n) = (start as usize, n as usize);
                if n < MIN_RECORDS || start < at + 8 || start + n * MIN_PERIOD > len {
                    continue;
                }
                if let Some(period) = period_of(text, start, n) {
                    let run = Run {
                        start,
                        period,
                        copies: n,
                    };
                    let field = Field {
                        at: count,
                        width: 4,
                        big,
                        value: n as u64,
                    };
                    out.push((run, field));
                }
            }
        }
    }
    out
}

/// The period of `n` alike records from `start`, if the bytes show one: the
/// shortest whose share of bytes equal to the next record's (over the first
/// [`SAMPLE`] records) is near the best, at least [`MIN_RATE`], and well above
/// that of the periods one shorter and one longer.
fn period_of(text: &[u8], start: usize, n: usize) -> Option<usize> {
    let rate = |p: usize| -> f64 {
        let span = (n.min(SAMPLE) - 1) * p;
        if start + span + p > text.len() {
            return 0.0;
        }
        let same = (start..start + span)
            .filter(|&i| text[i] == text[i + p])
            .count();
        same as f64 / span as f64
    };
    let fits = |p: usize| start + n * p <= text.len();
    let rates: Vec<(usize, f64)> = (MIN_PERIOD..=MAX_PERIOD)
        .filter(|&p| fits(p))
        .map(|p| (p, rate(p)))
        .collect();
    let best = rates.iter().map(|&(_, r)| r).fold(0.0, f64::max);
    let &(period, here) = rates.iter().find(|&&(_, r)| r >= 0.9 * best)?;
    (here >= MIN_RATE && here >= 1.5 * rate(period - 1) && here >= 1.5 * rate(period + 1))
        .then_some(period)
}

/// Alike records of `period` bytes over `text[start..end]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Table {
    start: usize,
    end: usize,
    period: usize,
}

/// The tables of alike records of `text` (see the module docs), the most bytes first.
fn alike_runs(text: &[u8]) -> Vec<Table> {
    let n = text.len();
    let mut found = Vec::new();
    for period in MIN_PERIOD..=MAX_PERIOD.min(n / MIN_RECORDS) {
        let need = MIN_MATCHES.max(period.div_ceil(3));
        // prefix[j]: how many of text[i] == text[i + period] for i < j.
        let mut prefix = Vec::with_capacity(n - period + 1);
        prefix.push(0usize);
        for i in 0..n - period {
            let last = prefix[i];
            prefix.push(last + usize::from(text[i] == text[i + period]));
        }
        // Window i: the comparisons i..i + period (bytes i..i + 2 * period).
        let windows = (n + 1).saturating_sub(2 * period);
        let good = |i: usize| prefix[i + period] - prefix[i] >= need;
        let mut i = 0;
        while i < windows {
            if !good(i) {
                i += 1;
                continue;
            }
            let mut j = i;
            while j < windows && good(j) {
                j += 1;
            }
            // From the first comparison that holds to the byte of the last one.
            let holds = |k: usize| text[k] == text[k + period];
            let Some(start) = (i..j - 1 + period).find(|&k| holds(k)) else {
                i = j;
                continue;
            };
            let last = (start..j - 1 + period)
                .rev()
                .find(|&k| holds(k))
                .unwrap_or(start);
            let end = last + period + 1;
            let periodic = prefix[end - period] - prefix[start] == end - period - start;
            if end - start >= MIN_RECORDS * period && !periodic {
                found.push(Table { start, end, period });
            }
            i = j;
        }
    }
    found.sort_by_key(|t| (std::cmp::Reverse(t.end - t.start), t.period, t.start));
    let mut out: Vec<Table> = Vec::new();
    for t in found {
        let same_table = out.iter().any(|o| {
            let overlap = t.end.min(o.end).saturating_sub(t.start.max(o.start));
            (t.period.is_multiple_of(o.period) || o.period.is_multiple_of(t.period))
                && 2 * overlap >= t.end - t.start
        });
        if !same_table {
            out.push(t);
        }
    }
    out
}

/// The plans for `text`, in the order they are tried: the tables that headers
/// place, then each table of alike records with each of its counts.
fn plans(text: &[u8]) -> Box<dyn Iterator<Item = Plan> + '_> {
    let placed = placed(text)
        .into_iter()
        .flat_map(|(run, field)| splits(run, field));
    Box::new(
        // The alike runs are only looked for once the placed tables' plans are spent.
        placed.chain(
            std::iter::once_with(move || alike_runs(text))
                .flatten()
                .flat_map(move |table| {
                    // The table's first bytes may match by chance (a header's zeros): a count
                    // in its first record is taken as the table's, and the table starts after it.
                    let within = Run {
                        start: table.start + table.period - 1,
                        period: table.period,
                        copies: (table.end - table.start) / table.period,
                    };
                    counts(text, &within).into_iter().flat_map(move |field| {
                        let start = table.start.max(field.end());
                        let run = Run {
                            start,
                            period: table.period,
                            copies: (table.end - start) / table.period,
                        };
                        splits(run, field)
                    })
                }),
        ),
    )
}

/// The pass (see the module docs).
pub const COUNTED_RECORDS: PlanPass = PlanPass::new(
    "counted-records",
    0..=MAX_BYTES,
    Budget::Total(MAX_TESTS),
    plans,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::Pass;
    use crate::testcase::is_binary;

    /// A header with a u32 LE count at 4, then `n` records of 12 bytes: a name of
    /// 6 bytes that differs from record to record, a 4-byte value (1 for record
    /// `bad`, else 0), and a kind and class the records share.
    fn table(n: usize, bad: usize) -> Vec<u8> {
        let mut out = b"SYM\x00".to_vec();
        out.extend((n as u32).to_le_bytes());
        for i in 0..n {
            let name = format!("f{:05}", i * 7919 % 100_000);
            out.extend(name.as_bytes());
            out.extend(u32::from(i == bad).to_le_bytes());
            out.extend([0x20, 0x02]);
        }
        out
    }

    /// The values of a [`table`]'s records, or `None` when the count runs past
    /// the end.
    fn read(b: &[u8]) -> Option<Vec<u32>> {
        let n = u32::from_le_bytes(b.get(4..8)?.try_into().ok()?) as usize;
        (0..n)
            .map(|i| {
                let at = 8 + 12 * i;
                Some(u32::from_le_bytes(b.get(at + 6..at + 10)?.try_into().ok()?))
            })
            .collect()
    }

    #[test]
    fn alike_records_are_found_at_their_period() {
        let data = table(100, 40);
        let runs = alike_runs(&data);
        assert_eq!(runs[0].period, 12, "{runs:?}");
        assert_eq!(runs[0].end, data.len(), "{runs:?}");
        // Multiples of the period over the same bytes are the same table.
        assert!(runs.iter().all(|r| r.period != 24), "{runs:?}");
        let first = plans(&data).next().map(|p| (p.cut, p.value));
        assert_eq!(first, Some(((8, 8 + 12 * 100), 0)), "{runs:?}");
        // Copies of one block are `counted-runs`' business; zeros are a gap's.
        assert!(alike_runs(&b"abcdefgh".repeat(20)).is_empty());
        assert!(alike_runs(&[0u8; 300]).is_empty());
    }

    #[test]
    fn records_go_with_their_count() {
        // The bad record must be read: the count must cover it, and nothing after
        // the count may be left unread.
        let pred =
            |b: &[u8]| read(b).is_some_and(|v| v.contains(&1) && 8 + 12 * v.len() == b.len());
        let data = table(300, 173);
        assert!(pred(&data) && is_binary(&data));
        let pass = || vec![Box::new(COUNTED_RECORDS) as Box<dyn Pass<crate::TestCase>>];
        let (out, calls) = crate::passes::tests::reduce_one_file("x.bin", data, pass(), pred);
        // What is left is fewer than a table: the pass stops below MIN_RECORDS.
        assert!(
            read(&out).is_some_and(|v| v.len() < MIN_RECORDS),
            "{out:x?}"
        );
        assert!(calls <= 60, "{calls} calls");
    }

    /// A header of an offset and a count (u32 LE at 8 and 12) placing `n` records
    /// of 18 bytes (a name that differs, a value: 1 for record `bad`, else 0, and
    /// a kind the records share) after 40 bytes of other data, then a trailer the
    /// reader finds right after the records.
    fn placed_table(n: usize, bad: usize) -> Vec<u8> {
        let mut out = b"HDR\x00\x01\x02\x03\x04".to_vec();
        out.extend(56u32.to_le_bytes());
        out.extend((n as u32).to_le_bytes());
        out.extend((0..40u8).map(|i| i.wrapping_mul(37) | 0x80));
        for i in 0..n {
            out.extend(format!("s{:07}", i * 7919 % 10_000_000).as_bytes());
            out.extend(u32::from(i == bad).to_le_bytes());
            out.extend([0x01, 0x00, 0x20, 0x00, 0x02, 0x00]);
        }
        out.extend(b"END!");
        out
    }

    /// The values of a [`placed_table`]'s records, if the trailer follows them.
    fn read_placed(b: &[u8]) -> Option<Vec<u32>> {
        let at = u32::from_le_bytes(b.get(8..12)?.try_into().ok()?) as usize;
        let n = u32::from_le_bytes(b.get(12..16)?.try_into().ok()?) as usize;
        let end = at.checked_add(n.checked_mul(18)?)?;
        (b.get(end..)? == b"END!").then_some(())?;
        (0..n)
            .map(|i| {
                Some(u32::from_le_bytes(
                    b.get(at + 18 * i + 8..at + 18 * i + 12)?.try_into().ok()?,
                ))
            })
            .collect()
    }

    #[test]
    fn a_headers_table_loses_records_with_its_count() {
        let data = placed_table(200, 77);
        let found = placed(&data);
        // (The fields read the other way round place a table too, tried second.)
        assert!(!found.is_empty(), "{found:?}");
        assert_eq!(
            (found[0].0.start, found[0].0.period, found[0].0.copies),
            (56, 18, 200)
        );
        assert_eq!((found[0].1.at, found[0].1.value), (12, 200));
        let pred = |b: &[u8]| read_placed(b).is_some_and(|v| v.contains(&1));
        assert!(pred(&data) && is_binary(&data));
        let pass = || vec![Box::new(COUNTED_RECORDS) as Box<dyn Pass<crate::TestCase>>];
        let (out, calls) = crate::passes::tests::reduce_one_file("x.bin", data, pass(), pred);
        // Down to fewer records than a table needs.
        assert!(
            read_placed(&out).is_some_and(|v| v.len() < MIN_RECORDS),
            "{out:x?}"
        );
        assert!(calls <= 40, "{calls} calls");
        // Records of zeros show no period.
        let zeros = placed_table(20, 99)
            .iter()
            .enumerate()
            .map(|(i, &b)| if i >= 56 { 0 } else { b })
            .collect::<Vec<u8>>();
        assert!(placed(&zeros).is_empty());
    }
}

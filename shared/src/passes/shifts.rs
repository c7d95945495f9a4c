//! `gap-shifts`: a gap of zeros deleted together with every field that has to move
//! with it — up to five edits at once, where any of them alone breaks the file. In a
//! file of headers and offsets (a PE image: the DOS header's offset of the PE header,
//! the file header's offset of the symbol table, the optional header's size; an ELF
//! or Mach-O file's offsets, a font's table directory) the bytes nobody reads are
//! zeros after `zero-bytes`, but a gap before the parts that offsets locate goes only
//! with those offsets lowered, and often several of them locate parts after the same
//! gap, while a size field around it measures it too. `counted-runs` lowers one offset
//! with a gap; this pass lowers several, not knowing which fields are offsets.
//!
//! Gaps: the maximal runs of at least [`MIN_GAP`] zeros, longest first, at most
//! [`MAX_GAPS`]. A cut `(x, x + k)` starts after every field read that overlaps the
//! gap's start (the zero high bytes of a little-endian offset are not the gap's) and
//! takes all the zeros from there, then half of them, a quarter, down to a
//! sixteenth (a size field has a least value: the part it measures shrinks only so
//! far), in whole words from 8 bytes up, one gap after the other. The zeros are alike: where in the gap the cut lies does not change
//! the bytes, only which fields must move, and the cut is taken at the gap's start.
//! The fields that may have to move:
//! - offsets: 4-byte fields, either order, any position apart from the cut, whose
//!   value points past `x` and into the file: lowered by `k`, or to `x` when they
//!   point into the cut;
//! - sizes: 2- and 4-byte fields before the cut whose value is at least `k` and whose
//!   extent, starting at most [`SKIP`] bytes after the field, covers the cut: lowered
//!   by `k`.
//!
//! Reads that make the same edit (a little-endian field read as 2 or 4 bytes) are one
//! field. The first [`MAX_FIELDS`]: an offset pointing right at the gap's end, then
//! the fields at a multiple of their width (headers align their fields) before the
//! others, and among each, offsets past the gap (the earliest first), then sizes (the
//! nearest first), then offsets into the gap. Plans: every nonempty subset of them,
//! the largest first, since which fields are offsets is not known (a field taken for
//! one that is none costs the plans it is in); a gap no field points past or
//! measures gives none.
//!
//! Not in the stated neighbourhood of `tools/check_minimal.py`; it only makes results
//! smaller. Binary data files of at most [`MAX_BYTES`] bytes, of a case without source
//! code; at most [`MAX_IDLE`] tests since the last one taken (a last resort, after
//! `gated-gaps`).

use super::chunks::encode_uint;
use super::counted::{fields, halvings, zero_runs, Budget, Field, Plan, PlanPass, MAX_BYTES};

/// The shortest run of zeros taken for a gap.
const MIN_GAP: usize = 16;
/// Gaps tried per file.
const MAX_GAPS: usize = 4;
/// Cut sizes per gap: all its zeros, half, a quarter, down to a sixteenth.
const LEVELS: usize = 5;
/// A size field's extent starts at most this many bytes after the field.
const SKIP: usize = 16;
/// Fields whose subsets are tried for one cut (7 plans).
const MAX_FIELDS: usize = 3;
/// Tests since the last one taken.
const MAX_IDLE: usize = 48;

/// A field and its value after the cut; `rank` orders the candidates.
#[derive(Clone, Copy, Debug)]
struct Move {
    field: Field,
    value: u64,
    rank: (bool, u8, usize),
}

impl Move {
    /// The bytes the move changes, as (position, byte).
    fn changes(&self, text: &[u8]) -> Option<Vec<(usize, u8)>> {
        let bytes = encode_uint(self.value, self.field.width, self.field.big)?;
        Some(
            (bytes.into_iter().enumerate())
                .map(|(i, b)| (self.field.at + i, b))
                .filter(|&(at, b)| text[at] != b)
                .collect(),
        )
    }
}

/// The fields that may move with the cut `(x, x + k)` of the gap ending at `end`,
/// one per distinct edit, the [`MAX_FIELDS`] first (see the module docs).
fn moves(text: &[u8], reads: &[Field], (x, k): (usize, usize), end: usize) -> Vec<Move> {
    let n = text.len() as u64;
    let (x64, k64) = (x as u64, k as u64);
    let apart = |f: &Field| f.end() <= x || f.at >= x + k;
    let mut out: Vec<Move> = Vec::new();
    for f in reads.iter().filter(|f| apart(f)) {
        let v = f.value;
        let offset = f.width == 4 && v > x64 && v <= n;
        let size = f.end() <= x
            && v >= k64
            && f.end() as u64 + v <= n
            && (f.end() + SKIP) as u64 + v >= (x + k) as u64;
        let aligned = f.at.is_multiple_of(f.width);
        let (value, rank) = if offset {
            let past = v >= end as u64;
            let value = if v >= x64 + k64 { v - k64 } else { x64 };
            let exact = past && v == end as u64;
            let class = if exact {
                0
            } else if past {
                1
            } else {
                3
            };
            (value, (!exact && !aligned, class, f.at))
        } else if size {
            (v - k64, (!aligned, 2, x - f.end()))
        } else {
            continue;
        };
        out.push(Move {
            field: *f,
            value,
            rank,
        });
    }
    out.sort_by_key(|m| m.rank);
    let mut seen: Vec<Vec<(usize, u8)>> = Vec::new();
    out.retain(|m| match m.changes(text) {
        Some(c) if !c.is_empty() && !seen.contains(&c) => {
            seen.push(c);
            true
        }
        _ => false,
    });
    out.truncate(MAX_FIELDS);
    out
}

/// The nonempty subsets of `0..n`, the largest first, each in increasing order.
fn subsets(n: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (1u32..1 << n)
        .map(|m| (0..n).filter(|&i| m >> i & 1 == 1).collect())
        .collect();
    out.sort_by(|a: &Vec<usize>, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    out
}

/// The plans for `text`, in the order they are tried (see the module docs).
fn plans(text: &[u8]) -> Box<dyn Iterator<Item = Plan> + '_> {
    let mut gaps = zero_runs(text, MIN_GAP);
    gaps.sort_by_key(|&(s, e)| (std::cmp::Reverse(e - s), s));
    gaps.truncate(MAX_GAPS);
    if gaps.is_empty() {
        return Box::new(std::iter::empty());
    }
    let reads = fields(text, &[4, 2], text.len(), |v| v >= 1);
    let mut out = Vec::new();
    for &(s, e) in &gaps {
        for level in 0..LEVELS {
            let x = (reads.iter())
                .filter(|f| f.at < s && f.end() > s)
                .map(Field::end)
                .fold(s, usize::max);
            let Some(k) = halvings(e.saturating_sub(x)).nth(level) else {
                continue;
            };
            // Whole words, so that what follows keeps its alignment.
            let k = if k >= 8 { k & !3 } else { k };
            if k < MIN_GAP / 2 {
                continue;
            }
            let found = moves(text, &reads, (x, k), e);
            for set in subsets(found.len()) {
                let mut picked = set.iter().map(|&i| (found[i].field, found[i].value));
                let Some((field, value)) = picked.next() else {
                    continue;
                };
                let mut also = [None; 3];
                for (slot, m) in also.iter_mut().zip(picked) {
                    *slot = Some(m);
                }
                out.push(Plan {
                    cut: (x, x + k),
                    field,
                    value,
                    also,
                });
            }
        }
    }
    Box::new(out.into_iter())
}

/// The pass (see the module docs).
pub const GAP_SHIFTS: PlanPass =
    PlanPass::new("gap-shifts", 0..=MAX_BYTES, Budget::Idle(MAX_IDLE), plans);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::Pass;
    use crate::testcase::is_binary;

    /// A PE-like file: a magic, the offset of the main header (u32 LE at 4), a size
    /// word that is no offset (u32 LE at 8), a stub of `stub` zeros, then at the
    /// main header: a magic `PE`, the offset of a record (u32 LE), a decoy word, the
    /// length of an optional part (u16 LE), the optional part (`opt` zeros), then
    /// padding, then the record `\x01BAD`.
    fn file(stub: usize, opt: usize, pad: usize) -> Vec<u8> {
        let main = 12 + stub;
        let record = main + 12 + opt + pad;
        let mut out = b"MZ\x07\x07".to_vec();
        out.extend((main as u32).to_le_bytes());
        out.extend(40u32.to_le_bytes());
        out.extend(vec![0; stub]);
        out.extend(b"PE\x00\x00");
        out.extend((record as u32).to_le_bytes());
        out.extend([0x0b, 0x02]);
        out.extend((opt as u16).to_le_bytes());
        out.extend(vec![0; opt + pad]);
        out.extend(b"\x01BAD");
        out
    }

    /// The record, when the file reads: the main header where its offset says, the
    /// decoy words as written, the optional part at least 4 bytes and the record
    /// where its offset says, after the optional part.
    fn read(b: &[u8]) -> Option<&[u8]> {
        let u32_at = |at: usize| Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?));
        let main = u32_at(4)? as usize;
        if b.get(..4)? != b"MZ\x07\x07" || u32_at(8)? != 40 || b.get(main..main + 4)? != b"PE\0\0" {
            return None;
        }
        let record = u32_at(main + 4)? as usize;
        let opt = usize::from(u16::from_le_bytes(
            b.get(main + 10..main + 12)?.try_into().ok()?,
        ));
        if b.get(main + 8..main + 10)? != [0x0b, 0x02] || opt < 4 || record < main + 12 + opt {
            return None;
        }
        b.get(record..record + 4)
    }

    #[test]
    fn a_gap_goes_with_the_offsets_and_the_size_that_move_with_it() {
        let data = file(64, 128, 40);
        let pred = |b: &[u8]| read(b) == Some(&b"\x01BAD"[..]);
        assert!(pred(&data) && is_binary(&data));
        let pass = || vec![Box::new(GAP_SHIFTS) as Box<dyn Pass<crate::TestCase>>];
        let (out, calls) =
            crate::passes::tests::reduce_one_file("x.exe", data.clone(), pass(), pred);
        assert!(pred(&out), "{out:x?}");
        // The stub and all but fewer than MIN_GAP of the optional part's and the
        // padding's zeros are gone, with the main header's offset, the record's
        // offset and the part's size lowered; the decoy word (40) stays.
        assert!(
            out.len() < file(0, 4, 0).len() + MIN_GAP,
            "{} of {} bytes: {out:x?}",
            out.len(),
            data.len()
        );
        assert!(calls <= 200, "{calls} calls");
    }

    #[test]
    fn offsets_past_the_gap_come_first_and_reads_of_one_field_are_one() {
        let data = file(64, 8, 0);
        let reads = fields(&data, &[4, 2], data.len(), |v| v >= 1);
        // The stub's gap starts at 12 (the size word's high bytes are its own).
        let found = moves(&data, &reads, (12, 64), 12 + 64);
        let at: Vec<usize> = found.iter().map(|m| m.field.at).collect();
        // The main header's offset points right at the gap's end; the record's next;
        // the decoy word (40) reads as an offset too, once although read in both
        // orders and as 2 and 4 bytes.
        assert_eq!(at, [4, 80, 8], "{found:?}");
        assert_eq!(found[0].value, 12);
        let mut sets: Vec<Vec<(usize, u8)>> =
            found.iter().filter_map(|m| m.changes(&data)).collect();
        sets.dedup();
        assert_eq!(sets.len(), found.len());
        assert_eq!(
            subsets(3)[..4],
            [vec![0, 1, 2], vec![0, 1], vec![0, 2], vec![1, 2]]
        );
        // No gap, no plans.
        assert_eq!(plans(b"\x01\x00\x00\x00\x02").count(), 0);
    }
}

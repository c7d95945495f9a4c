//! `pointers`: binary files only. A 4-byte field (either endianness) whose value is
//! the position of a record start (a 4-byte binary magic that occurs at least
//! [`MIN_MAGIC`] times: `PK\1\2`, `PK\3\4`) is taken to be a pointer (a ZIP's
//! end record points at its central directory, its entries at their local
//! headers). It runs after `chunks` (a chain of length-prefixed blocks is better
//! cut by its lengths). Deleting the bytes
//! before a record breaks every pointer to it, so the passes that delete records
//! or bytes find nothing to delete before it. This pass points them at the start of
//! the file instead, as a candidate the check decides: all at once, else each (the
//! last first, at most [`MAX_SINGLE`]). A reader that finds its records by
//! searching from where a pointer says (as readers tolerant of prepended data do)
//! keeps working; one that does not turns the candidate down, for one or a few
//! checks.

use super::chunks::is_binary;
use super::{Ctx, Interrupt, Pass};
use crate::case::Case;
use crate::edit::{Edit, EditSet};

/// A magic must occur this many times for its positions to be pointer targets.
const MIN_MAGIC: usize = 8;
/// Single pointers tried when all at once fails.
const MAX_SINGLE: usize = 32;
/// Smallest pointer value (a target at the very start cannot be moved closer).
const MIN_TARGET: usize = 8;

/// A pointer field: its sequence, its position, and whether it is big-endian.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Field {
    seq: usize,
    pub(super) at: usize,
    pub(super) big: bool,
}

/// The pointer fields of `text` (see the module docs), in order.
pub(super) fn fields_of(seq: usize, text: &[u8]) -> Vec<Field> {
    disjoint(candidates(seq, text, MIN_MAGIC))
}

/// Every 4 bytes of `text` that read as a pointer in either endianness (they may
/// overlap) to a magic that occurs at least `min_magic` times.
pub(super) fn candidates(seq: usize, text: &[u8], min_magic: usize) -> Vec<Field> {
    if text.len() < 64 || !is_binary(text) {
        return Vec::new();
    }
    // Record magics: 4-byte strings with a byte outside printable ASCII (a text
    // payload's words are no magic), not one byte repeated, occurring at least
    // [`MIN_MAGIC`] times.
    let mut counts: std::collections::HashMap<[u8; 4], usize> = Default::default();
    for w in text.windows(4) {
        let m = [w[0], w[1], w[2], w[3]];
        if m.iter()
            .any(|b| !(0x20..0x7f).contains(b) && !b.is_ascii_whitespace())
            && !m.iter().all(|&b| b == m[0])
        {
            *counts.entry(m).or_default() += 1;
        }
    }
    let target = |v: usize| {
        (MIN_TARGET..=text.len() - 4).contains(&v)
            && counts
                .get(&[text[v], text[v + 1], text[v + 2], text[v + 3]])
                .copied()
                .unwrap_or(0)
                >= min_magic
    };
    let mut found: Vec<Field> = Vec::new();
    for at in 0..=text.len() - 4 {
        let b = [text[at], text[at + 1], text[at + 2], text[at + 3]];
        for big in [false, true] {
            let v = if big {
                u32::from_be_bytes(b)
            } else {
                u32::from_le_bytes(b)
            } as usize;
            if v != at && target(v) {
                found.push(Field { seq, at, big });
            }
        }
    }
    found
}

/// [`candidates`] without overlaps: the endianness most of them have, and of two
/// that overlap, the one at the position most of them have modulo 4 (records are
/// aligned alike), else the first (left to right).
pub(super) fn disjoint(mut found: Vec<Field>) -> Vec<Field> {
    let big = found.iter().filter(|f| f.big).count() * 2 > found.len();
    found.retain(|f| f.big == big);
    let mut class = [0usize; 4];
    for f in &found {
        class[f.at % 4] += 1;
    }
    let aligned = (0..4)
        .max_by_key(|&r| (class[r], std::cmp::Reverse(r)))
        .unwrap_or(0);
    let mut out: Vec<Field> = Vec::new();
    for f in found {
        match out.last_mut() {
            Some(last) if f.at < last.at + 4 => {
                if last.at % 4 != aligned && f.at % 4 == aligned {
                    *last = f;
                }
            }
            _ => out.push(f),
        }
    }
    out
}

/// The candidate with `fields` set to 0.
fn zeroed<C: Case<Item = u8>>(case: &C, fields: &[Field]) -> C {
    let mut set = EditSet::new();
    for f in fields {
        set.push(Edit::replace(f.seq, f.at, f.at + 4, vec![0; 4]));
    }
    case.apply(&set)
}

/// The pass (see the module docs).
#[derive(Clone, Default)]
pub struct Pointers;

impl<C: Case<Item = u8>> Pass<C> for Pointers {
    fn name(&self) -> &'static str {
        "pointers"
    }

    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        ctx.checkpoint()?;
        let case = ctx.current().clone();
        let fields: Vec<Field> = (0..case.seq_count())
            .filter(|&s| !case.is_syntax(s))
            .flat_map(|s| fields_of(s, case.seq(s)))
            .collect();
        if fields.is_empty() {
            return Ok(());
        }
        let mut cands = vec![zeroed(&case, &fields)];
        if fields.len() > 1 {
            cands.extend(
                (fields.iter().rev())
                    .take(MAX_SINGLE)
                    .map(|f| zeroed(&case, std::slice::from_ref(f))),
            );
        }
        ctx.first(cands)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records `MA\1\2` + payload, and a table at the end pointing at each (LE).
    fn archive(n: usize) -> Vec<u8> {
        let mut out = vec![0u8; 16];
        let mut starts = Vec::new();
        for i in 0..n {
            starts.push(out.len() as u32);
            out.extend_from_slice(b"MA\x01\x02");
            out.extend_from_slice(&[i as u8 + 1; 36]);
        }
        out.extend_from_slice(b"TABL");
        for s in &starts {
            out.extend_from_slice(&s.to_le_bytes());
        }
        out
    }

    #[test]
    fn pointers_are_fields_whose_value_is_a_record_start() {
        let text = archive(10);
        let found = fields_of(0, &text);
        assert_eq!(found.len(), 10, "{found:?}");
        let table = text.len() - 40;
        assert_eq!(
            found[0],
            Field {
                seq: 0,
                at: table,
                big: false
            }
        );
        // Too few records: no separator, no pointer. Text: none.
        assert!(fields_of(0, &archive(4)).is_empty());
        assert!(fields_of(0, &[b'a'; 400]).is_empty());
    }

    #[test]
    fn zeroing_writes_four_zero_bytes_per_field() {
        let text = archive(10);
        let fields = fields_of(0, &text);
        let out = zeroed(&crate::TestCase::single("a.bin", text.clone()), &fields);
        let bytes = out.seq(0);
        assert_eq!(bytes.len(), text.len());
        assert!(bytes[text.len() - 40..].iter().all(|&b| b == 0));
        assert!(fields_of(0, bytes).is_empty());
    }
}

//! `lower-values`: each byte of a small binary data file lowered to the smallest
//! value that keeps the bug, by Shrink Ray's integer search (issue 28: "integer
//! fields shrunk with the integer search"). `zero-bytes` and `one-bytes` are its
//! first two probes for every byte at once; this pass goes on for the bytes they
//! left: probes 2 and 3, then 4, 8, 16, ... below the byte's value, then bisection
//! between the last value that failed and the first that held. A field of several
//! bytes is searched a byte at a time (its high byte first in a little-endian
//! field, its low byte last: the pass walks from the end of the file).
//!
//! The check need not be monotone in a byte's value, so the value found is small,
//! not always the smallest. A byte bit-packed fields share (a DEFLATE header's
//! counts) reaches a lower count this way where 0 and 1 broke a neighbouring
//! field. It acts on files of at most [`MAX_NONZERO`] nonzero bytes, and costs
//! about 2 + log2(value) checks a byte.
//!
//! Not in the default pipeline (`--passes lower-values` runs it, on a result for
//! instance): on the 17 binary cases of the corpus (session 18), as a last resort
//! after `one-bytes`, it took one byte off one result (a gzip file, 36 -> 35) and
//! cost 10 % more checks in all, up to 2.1 x on one case, since every value it
//! lowers sends the reduction through another round of sweeps.

use super::checksums::{diff_edits, repair};
use super::neighbours::without_source;
use super::Pass;
use crate::case::Case;
use crate::passes::{Ctx, Interrupt};
use crate::testcase::is_binary;

/// Files with more nonzero bytes than this are left alone.
pub(super) const MAX_NONZERO: usize = 256;

/// See the module docs.
#[derive(Clone, Default)]
pub(super) struct LowerValues {
    /// `(file, byte)`: the bytes before it remain in this sweep.
    cursor: Option<(usize, usize)>,
}

/// Whether file `seq` of `case` is one this pass lowers.
fn eligible<C: Case<Item = u8>>(case: &C, seq: usize) -> bool {
    let text = case.seq(seq);
    !case.is_syntax(seq)
        && is_binary(text)
        && text.iter().filter(|&&b| b != 0).count() <= MAX_NONZERO
}

/// The probes below `value` after 0 and 1: 2, 3, then powers of two, then
/// `value - 1`.
fn probes(value: u8) -> Vec<u8> {
    let mut out: Vec<u8> = [2u8, 3].into_iter().filter(|&v| v < value).collect();
    let mut p = 4u16;
    while p < u16::from(value) {
        out.push(p as u8);
        p *= 2;
    }
    if value >= 3 && out.last() != Some(&(value - 1)) {
        out.push(value - 1);
    }
    out
}

impl<C: Case<Item = u8>> Pass<C> for LowerValues {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "lower-values"
    }
    fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        sweep_bytes(&mut self.cursor, ctx, |ctx, base, seq, at| {
            let value = base.seq(seq)[at];
            // The last probe that failed (1: `one-bytes` tried it) and the first
            // that held.
            let mut lo = 1u8;
            let mut hi = None;
            for v in probes(value) {
                if ctx.test(with_bytes(base, seq, at, &[v]))? {
                    hi = Some(v);
                    break;
                }
                lo = v;
            }
            let Some(mut hi) = hi else {
                return Ok(());
            };
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if ctx.test(with_bytes(base, seq, at, &[mid]))? {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            Ok(())
        })
    }
}

/// The sweep both passes make: each byte of each file [`eligible`] for them, from the
/// end, `at_byte(ctx, current case, file, byte)`; `cursor` keeps the place when it
/// stops (the byte is done again).
fn sweep_bytes<C: Case<Item = u8>>(
    cursor: &mut Option<(usize, usize)>,
    ctx: &mut dyn Ctx<C>,
    mut at_byte: impl FnMut(&mut dyn Ctx<C>, &C, usize, usize) -> Result<(), Interrupt>,
) -> Result<(), Interrupt> {
    if !without_source(ctx.current()) {
        return Ok(());
    }
    let files = ctx.current().seq_count();
    let (mut seq, mut at) = cursor.take().unwrap_or((files, 0));
    loop {
        if let Err(e) = ctx.checkpoint() {
            *cursor = Some((seq, at));
            return Err(e);
        }
        if at == 0 {
            if seq == 0 {
                return Ok(());
            }
            seq -= 1;
            let base = ctx.current();
            at = if eligible(base, seq) {
                base.seq(seq).len()
            } else {
                0
            };
            continue;
        }
        at -= 1;
        let base = ctx.current().clone();
        if let Err(e) = at_byte(ctx, &base, seq, at) {
            *cursor = Some((seq, at + 1));
            return Err(e);
        }
    }
}

/// `field-shifts`: an integer field of 2, 4 or 8 bytes, in either byte order, whose
/// lowest byte is 0 and top byte is not, divided by 256 (its bytes moved one place
/// toward its low end). `zero-bytes` lowers a count of 338 (`52 01`, little-endian)
/// to 256 (`00 01`), which no byte-wise lowering leaves again: every smaller value has
/// a larger first byte, so the little-endian shift (to 1, `01 00`) is a move sideways
/// (`Ctx::test_lateral`); the big-endian one (`01 00` to `00 01`) is smaller as it is.
/// The candidates of a byte are its windows that end (little-endian) or start
/// (big-endian) with it; the sweep goes from the end of each binary data file, one
/// check a candidate, on files of at most [`MAX_NONZERO`] nonzero bytes.
///
/// Not in the default pipeline (`--passes field-shifts`): as a last resort after
/// `one-bytes` on the 20 binary corpus cases of session 19 it changed no result's
/// size, for 12 % more checks (2.5 x on one). Where the reader does not care where a
/// needed byte is (a tar header's digits), each shift is taken and sends the
/// reduction through another round; where it does (a CAB's count of files, 256, with
/// the bad file the 174th), 1 fails and the value needed lies between.
#[derive(Clone, Default)]
pub(super) struct FieldShifts {
    /// `(file, byte)`: the bytes before it remain in this sweep.
    cursor: Option<(usize, usize)>,
}

/// The field widths `field-shifts` tries.
const WIDTHS: [usize; 3] = [2, 4, 8];

/// The shifted windows of the nonzero byte `at` of `bytes`: `(start, new bytes)`,
/// each trimmed to the bytes it changes and distinct, little-endian first.
fn shifts(bytes: &[u8], at: usize) -> Vec<(usize, Vec<u8>)> {
    let mut out: Vec<(usize, Vec<u8>)> = Vec::new();
    if bytes[at] == 0 {
        return out;
    }
    let mut push = |s: usize, new: Vec<u8>| {
        let old = &bytes[s..s + new.len()];
        let head = new.iter().zip(old).take_while(|(a, b)| a == b).count();
        let tail = (new[head..].iter().rev().zip(old[head..].iter().rev()))
            .take_while(|(a, b)| a == b)
            .count();
        let cut = (s + head, new[head..new.len() - tail].to_vec());
        if !out.contains(&cut) {
            out.push(cut);
        }
    };
    // Little-endian: the window ends with the byte and starts with a 0.
    for w in WIDTHS {
        if let Some(s) = (at + 1).checked_sub(w) {
            if bytes[s] == 0 {
                let mut new = bytes[s + 1..=at].to_vec();
                new.push(0);
                push(s, new);
            }
        }
    }
    // Big-endian: the window starts with the byte and ends with a 0.
    for w in WIDTHS {
        if at + w <= bytes.len() && bytes[at + w - 1] == 0 {
            let mut new = vec![0];
            new.extend_from_slice(&bytes[at..at + w - 1]);
            push(at, new);
        }
    }
    out
}

/// `case` with the bytes of file `seq` from `start` replaced by `new`, checksums
/// rewritten.
fn with_bytes<C: Case<Item = u8>>(case: &C, seq: usize, start: usize, new: &[u8]) -> C {
    let old = case.seq(seq);
    let mut bytes = old.to_vec();
    bytes[start..start + new.len()].copy_from_slice(new);
    repair(old, &mut bytes);
    case.apply(&diff_edits(seq, old, &bytes))
}

impl<C: Case<Item = u8>> Pass<C> for FieldShifts {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "field-shifts"
    }
    fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        sweep_bytes(&mut self.cursor, ctx, |ctx, base, seq, at| {
            for (start, new) in shifts(base.seq(seq), at) {
                if ctx.test_lateral(with_bytes(base, seq, start, &new))? {
                    break;
                }
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_move_a_field_one_byte_toward_its_low_end() {
        // `00 01` (256 little-endian) -> `01 00`; `01 00` as big-endian -> `00 01`.
        let b = [7, 0, 1, 0, 9];
        assert_eq!(
            shifts(&b, 2),
            [(1, vec![1, 0]), (2, vec![0, 1])],
            "the 4-byte windows give the same bytes"
        );
        assert!(shifts(&b, 1).is_empty());
        assert_eq!(shifts(&[0, 0, 0, 5], 3), [(2, vec![5, 0])]);
    }

    /// A reader of a magic and a little-endian u16 count of 8-byte records, one of
    /// which starts with 0xEE: a count of 256 (`00 01`) was left by the byte-wise passes,
    /// and no deletion or lowering of bytes leaves it. The shift takes it to 1
    /// sideways, and then the other 255 records go.
    #[test]
    fn a_count_of_256_goes_to_1_sideways() {
        let pred = |b: &[u8]| {
            b.len() >= 4 && b[..2] == [0xCA, 0xFE] && {
                let n = usize::from(u16::from_le_bytes([b[2], b[3]]));
                n > 0 && b.len() >= 4 + 8 * n && (0..n).any(|k| b[4 + 8 * k] == 0xEE)
            }
        };
        let mut data = vec![0xCA, 0xFE, 0x00, 0x01];
        data.extend(std::iter::repeat_n(0u8, 8 * 256));
        data[4] = 0xEE;
        let pass = |shifts: bool| {
            let mut v: Vec<Box<dyn Pass<_>>> = vec![Box::new(super::super::delete::Delete::new(
                super::super::units::Items,
                "bytes",
                usize::MAX,
            ))];
            if shifts {
                v.push(Box::new(FieldShifts::default()));
            }
            v
        };
        let (out, _) =
            super::super::tests::reduce_one_file("x.bin", data.clone(), pass(false), pred);
        assert_eq!(out.len(), 4 + 8 * 256, "stuck without the shift");
        let (out, _) = super::super::tests::reduce_one_file("x.bin", data, pass(true), pred);
        assert_eq!(out, [0xCA, 0xFE, 1, 0, 0xEE, 0, 0, 0, 0, 0, 0, 0]);
    }

    /// A pass that always moves sideways (the file's u16 one higher) on a check that
    /// takes anything: the run still ends, after the engine's 256 moves sideways.
    #[test]
    fn moves_sideways_are_bounded() {
        #[derive(Clone)]
        struct Climb;
        impl<C: Case<Item = u8>> Pass<C> for Climb {
            fn name(&self) -> &'static str {
                "climb"
            }
            fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
                loop {
                    ctx.checkpoint()?;
                    let b = ctx.current().seq(0);
                    let v = u16::from_le_bytes([b[0], b[1]]).wrapping_add(1);
                    if !ctx.test_lateral(with_bytes(ctx.current(), 0, 0, &v.to_le_bytes()))? {
                        return Ok(());
                    }
                }
            }
        }
        let (out, calls) = super::super::tests::reduce_one_file(
            "x.bin",
            vec![0, 0, 0],
            vec![Box::new(Climb)],
            |_| true,
        );
        // 256 moves sideways, and 255 (`ff 00`) to 256 (`00 01`), which is smaller.
        assert_eq!(u16::from_le_bytes([out[0], out[1]]), 257);
        assert!(calls <= 260, "{calls}");
    }

    #[test]
    fn probes_climb_then_end_below_the_value() {
        assert_eq!(probes(0), Vec::<u8>::new());
        assert_eq!(probes(2), Vec::<u8>::new());
        assert_eq!(probes(3), [2]);
        assert_eq!(probes(4), [2, 3]);
        assert_eq!(probes(200), [2, 3, 4, 8, 16, 32, 64, 128, 199]);
        assert_eq!(probes(255), [2, 3, 4, 8, 16, 32, 64, 128, 254]);
    }

    /// A reader that needs a magic, a count of at least 37 (in a bit-packed byte:
    /// its low 6 bits; the top 2 bits must be 0b10) and a checksum-free tail: the
    /// count goes from 63 to 37 with the flag bits kept, where 0 and 1 fail.
    #[test]
    fn a_packed_count_goes_to_the_lowest_value_that_holds() {
        let pred = |b: &[u8]| {
            b.len() == 4 && b[..2] == [0xCA, 0xFE] && b[2] >> 6 == 0b10 && b[2] & 63 >= 37
        };
        let data = vec![0xCA, 0xFE, 0b1011_1111, 0x80];
        let pass = || vec![Box::new(LowerValues::default()) as Box<dyn Pass<_>>];
        let (out, calls) = super::super::tests::reduce_one_file("x.bin", data, pass(), pred);
        assert_eq!(out, [0xCA, 0xFE, 0b1000_0000 | 37, 2]);
        assert!(calls < 60, "{calls}");
    }
}

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

/// `case` with byte `at` of file `seq` set to `v`, checksums rewritten.
fn with_value<C: Case<Item = u8>>(case: &C, seq: usize, at: usize, v: u8) -> C {
    let old = case.seq(seq);
    let mut new = old.to_vec();
    new[at] = v;
    repair(old, &mut new);
    case.apply(&diff_edits(seq, old, &new))
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
        if !without_source(ctx.current()) {
            return Ok(());
        }
        let files = ctx.current().seq_count();
        let (mut seq, mut at) = self.cursor.take().unwrap_or((files, 0));
        loop {
            if let Err(e) = ctx.checkpoint() {
                self.cursor = Some((seq, at));
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
            let value = base.seq(seq)[at];
            let r = (|| {
                // The last probe that failed (1: `one-bytes` tried it) and the
                // first that held.
                let mut lo = 1u8;
                let mut hi = None;
                for v in probes(value) {
                    if ctx.test(with_value(&base, seq, at, v))? {
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
                    if ctx.test(with_value(&base, seq, at, mid))? {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                Ok(())
            })();
            if let Err(e) = r {
                self.cursor = Some((seq, at + 1));
                return Err(e);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

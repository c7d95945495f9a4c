//! `target-cuts`: in a large binary file of headers and offsets, the bytes between two
//! places the header points at deleted together with every header word that points
//! at or past the end of the cut — dozens of edits at once, where any one alone
//! breaks the file.
//!
//! A file laid out by offsets (a Mach-O or ELF executable's load commands and section
//! headers, a PE's section table, an archive's or a font's directory) keeps its parts
//! where its header says they are: deleting any bytes before a part moves it, and
//! `offset-cuts` lowers only one offset with its cut, `gap-shifts` only a few, and only
//! across zeros, in small files. On a 150 KB Mach-O executable every one of 16 000
//! deletions of the other passes failed: each section, segment, symbol table and
//! opcode stream is found through its own offset, and a cut before them moves them
//! all.
//!
//! The header: the first [`HEAD`] bytes. Its words: 4-byte fields at a multiple of 4,
//! in one byte order (the one that gives more words, little endian on a tie), whose
//! value is a place in the file past the header (an 8-byte offset's low word, little
//! endian, is one of them). Targets: those values, the header's end and the file's end
//! (what lies between the header and the first place it points at is cut too); the
//! spans between two adjacent targets at least [`MIN_CUT`] bytes long are cut, whole,
//! then their first and their last half, the largest cuts first. A cut `(x, y)` lowers by `y - x` every word whose
//! value is at least `y` (it pointed at or past the cut's end), and sets every word
//! that points into the cut to `x` (its target is gone; it stays inside the file); a
//! word that points at `x` keeps its value. Not knowing which words are offsets, the
//! plan lowers all of them: a count or an address with a value in range is lowered
//! too, and the check decides; but a word inside a run of text (its first byte and
//! the one before it printable ASCII: a segment's name, `__TEXT`, whose `XT\0\0`
//! reads as 21 592) is a name, not an offset. Each cut is tried first with the sizes
//! of the parts it shortens lowered by as much: an offset's size is the word after it (an `(offset, size)` pair, as in
//! a Mach-O symbol table's or an ELF section's header), or 8 bytes on for a 64-bit
//! pair, when the part it measures ends inside the file; then, if that differs, with
//! the offsets alone (a word taken for a size that is none).
//!
//! A last resort (it runs in a round where the passes before it found nothing): with
//! it in the pipeline's first rounds, it took the DICOM case (held out; no offsets,
//! only element lengths, 30 words in range by accident) to a different local minimum,
//! 267 bytes in 30 681 checks against 135 in 18 497 without it; as a last resort, 135
//! in 18 829, and the Mach-O case 144 bytes in 8 521 checks (6 688 before).
//!
//! After a cut taken the plans are made again for the new file. At most [`MAX_TESTS`]
//! tests since the last one taken, of files of at least [`MIN_FILE`] bytes whose
//! header has at least [`MIN_WORDS`] such words (fewer are not a layout of offsets:
//! the other passes cut those files). Not in the stated neighbourhood of
//! `tools/check_minimal.py`; it only makes results smaller.

use super::chunks::{encode_uint, read_uint};
use super::neighbours::without_source;
use super::{Ctx, Interrupt, Pass};
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::testcase::is_binary;

/// The header's words are among the first this many bytes.
const HEAD: usize = 4096;
/// Files at least this long.
const MIN_FILE: usize = 4096;
/// The least a cut takes.
const MIN_CUT: usize = 256;
/// A header with fewer words pointing into the file is not a layout of offsets.
const MIN_WORDS: usize = 4;
/// Tests since the last one taken.
const MAX_TESTS: usize = 48;

/// A header word: at `at`, holding `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Word {
    at: usize,
    value: usize,
}

/// The words of `text`'s header in one byte order (see the module docs).
fn words(text: &[u8], big: bool) -> Vec<Word> {
    let head = text.len().min(HEAD);
    (0..head.saturating_sub(3))
        .step_by(4)
        .filter_map(|at| {
            let value = usize::try_from(read_uint(text, at, 4, big)?).ok()?;
            let printable = |i: usize| text.get(i).is_some_and(|c| (0x20..0x7f).contains(c));
            // A run of text through the word's start: a name (`__TEXT`'s "XT\0\0"
            // reads as 21 592), not an offset.
            let text_run = at > 0 && printable(at - 1) && printable(at);
            (head < value && value <= text.len() && !text_run).then_some(Word { at, value })
        })
        .collect()
}

/// The cuts for `words` in a file of `len` bytes, largest first (ties: earliest).
fn cuts(words: &[Word], len: usize) -> Vec<(usize, usize)> {
    let mut targets: Vec<usize> = words.iter().map(|w| w.value).collect();
    targets.extend([len.min(HEAD), len]);
    targets.sort_unstable();
    targets.dedup();
    let mut out = Vec::new();
    for pair in targets.windows(2) {
        let (x, y) = (pair[0], pair[1]);
        if y - x < MIN_CUT {
            continue;
        }
        let mid = x + (y - x) / 2;
        out.extend([(x, y), (x, mid), (mid, y)]);
    }
    out.sort_by_key(|&(x, y)| (std::cmp::Reverse(y - x), x));
    out
}

/// The size of the part `w` points at, as `(where, value)`: the next word, or for a
/// 64-bit pair (the next word and the one after the size both zero) the word 8 bytes
/// on, when the part it measures ends inside the file.
fn extent(text: &[u8], w: Word, big: bool) -> Option<(usize, usize)> {
    let at_word = |at: usize| {
        let v = usize::try_from(read_uint(text, at, 4, big)?).ok()?;
        Some((at, v))
    };
    let next = at_word(w.at + 4)?;
    let (at, size) = if next.1 != 0 {
        next
    } else {
        let wide = at_word(w.at + 8)?;
        (at_word(w.at + 12)? == (w.at + 12, 0)).then_some(wide)?
    };
    (size > 0 && w.value.checked_add(size)? <= text.len()).then_some((at, size))
}

/// The edits of sequence `seq` (whose bytes are `text`) that delete `cut` and lower by
/// its length every one of `words` that points at or past its end; `sized`: also lower
/// the size of each part that overlaps the cut (see [`extent`]) by the overlap.
fn plan(
    seq: usize,
    text: &[u8],
    words: &[Word],
    cut: (usize, usize),
    big: bool,
    sized: bool,
) -> Option<EditSet<u8>> {
    let (x, y) = cut;
    let mut new: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    for w in words {
        if w.value >= y {
            new.insert(w.at, w.value - (y - x));
        } else if w.value > x {
            // Its target is cut: it points where the cut was.
            new.insert(w.at, x);
        }
    }
    if sized {
        for &w in words {
            let Some((at, size)) = extent(text, w, big) else {
                continue;
            };
            let overlap = (w.value + size).min(y).saturating_sub(w.value.max(x));
            if overlap > 0 {
                new.insert(at, size - overlap);
            }
        }
    }
    let mut set = EditSet::new();
    if !set.push(Edit::cut(seq, x, y)) {
        return None;
    }
    for (at, value) in new {
        if at + 4 > x && at < y {
            // The word itself is cut.
            continue;
        }
        let bytes = encode_uint(value as u64, 4, big)?;
        if !set.push(Edit::replace(seq, at, at + 4, bytes)) {
            return None;
        }
    }
    Some(set)
}

/// The pass (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct TargetCuts;

impl<C: Case<Item = u8>> Pass<C> for TargetCuts {
    fn name(&self) -> &'static str {
        "target-cuts"
    }

    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(*self))
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        let mut tests = 0;
        'again: loop {
            ctx.checkpoint()?;
            let case = ctx.current().clone();
            if !without_source(&case) {
                return Ok(());
            }
            for seq in 0..case.seq_count() {
                let text = case.seq(seq);
                if text.len() < MIN_FILE || !is_binary(text) {
                    continue;
                }
                // The byte order with more words (little endian on a tie).
                let (little, big) = (words(text, false), words(text, true));
                let (words, big) = if big.len() > little.len() {
                    (big, true)
                } else {
                    (little, false)
                };
                if words.len() < MIN_WORDS {
                    continue;
                }
                for cut in cuts(&words, text.len()) {
                    let sized = plan(seq, text, &words, cut, big, true);
                    let plain = plan(seq, text, &words, cut, big, false);
                    let plain = plain.filter(|p| sized.as_ref() != Some(p));
                    for set in [sized, plain].into_iter().flatten() {
                        if tests >= MAX_TESTS {
                            return Ok(());
                        }
                        ctx.checkpoint()?;
                        tests += 1;
                        let set = super::seals::with_seals(seq, text, set);
                        if ctx.test(case.apply(&set))? {
                            tests = 0;
                            continue 'again;
                        }
                    }
                }
            }
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::Pass;

    /// A file of a header of `(offset, size)` pairs, little endian, padded to 4 KB,
    /// and the parts they locate; part `i` is `len` bytes of `i + 1`.
    fn file(parts: &[usize]) -> Vec<u8> {
        let head = HEAD;
        let mut out = vec![0u8; head];
        out[..4].copy_from_slice(b"LAYO");
        out[4..8].copy_from_slice(&(parts.len() as u32).to_le_bytes());
        let mut at = head;
        for (i, &len) in parts.iter().enumerate() {
            let w = 8 + 8 * i;
            out[w..w + 4].copy_from_slice(&(at as u32).to_le_bytes());
            out[w + 4..w + 8].copy_from_slice(&(len as u32).to_le_bytes());
            at += len;
        }
        for (i, &len) in parts.iter().enumerate() {
            out.extend(std::iter::repeat_n(i as u8 + 1, len));
        }
        out
    }

    /// The parts of a file as its header says, if every one is inside it.
    fn read(b: &[u8]) -> Option<Vec<&[u8]>> {
        if b.get(..4)? != b"LAYO" {
            return None;
        }
        let n = u32::from_le_bytes(b.get(4..8)?.try_into().ok()?) as usize;
        (0..n)
            .map(|i| {
                let w = 8 + 8 * i;
                let at = u32::from_le_bytes(b.get(w..w + 4)?.try_into().ok()?) as usize;
                let len = u32::from_le_bytes(b.get(w + 4..w + 8)?.try_into().ok()?) as usize;
                b.get(at..at.checked_add(len)?)
            })
            .collect()
    }

    #[test]
    fn the_parts_before_and_between_targets_go_with_every_offset_past_them_lowered() {
        // Six parts; the bug is part 4's first byte, `B`, which every cut before it
        // moves. The reader needs each part inside the file (a size the cut makes too
        // large fails) and part 4 starting with `B`.
        let parts = [5000, 5000, 4000, 2000, 6000, 1000];
        let mut data = file(&parts);
        let fourth = HEAD + parts[..3].iter().sum::<usize>();
        data[fourth] = b'B';
        let pred = |b: &[u8]| {
            read(b).is_some_and(|parts| parts.get(3).is_some_and(|p| p.first() == Some(&b'B')))
        };
        assert!(pred(&data) && is_binary(&data));
        let pass = || vec![Box::new(TargetCuts) as Box<dyn Pass<crate::TestCase>>];
        let (out, calls) =
            crate::passes::tests::reduce_one_file("x.bin", data.clone(), pass(), pred);
        assert!(pred(&out), "{} bytes", out.len());
        assert!(
            out.len() < data.len() / 2,
            "{} of {} bytes, {calls} checks",
            out.len(),
            data.len()
        );
        assert!(calls < 150, "{calls} checks");
    }

    #[test]
    fn a_plan_lowers_the_words_at_or_past_the_cut_and_no_others() {
        // Text-like bytes and small values: no word points past the header.
        let data: Vec<u8> = (0..20_000u32).map(|i| (i % 7) as u8).collect();
        assert!(words(&data, false).len() < MIN_WORDS);
        assert!(words(&data, true).len() < MIN_WORDS);
        let ws = [
            Word { at: 0, value: 5000 },
            Word { at: 4, value: 6000 },
            Word { at: 8, value: 9000 },
        ];
        assert_eq!(
            cuts(&ws, 10_000),
            vec![
                (6000, 9000),
                (6000, 7500),
                (7500, 9000),
                (5000, 6000),
                (9000, 10_000),
                (4096, 5000),
                (5000, 5500),
                (5500, 6000),
                (9000, 9500),
                (9500, 10_000),
                (4096, 4548),
                (4548, 5000),
            ]
        );
        // A word into the cut (at 12) points where it was afterwards.
        let ws = [
            ws[0],
            ws[1],
            ws[2],
            Word {
                at: 12,
                value: 7000,
            },
        ];
        let set = plan(0, &[0; 10_000], &ws, (6000, 9000), false, false).unwrap();
        let mut bytes = vec![0; 10_000];
        for w in &ws {
            bytes[w.at..w.at + 4].copy_from_slice(&(w.value as u32).to_le_bytes());
        }
        let case = crate::TestCase::from_files([("x.bin".into(), bytes)]);
        let out = case.apply(&set);
        let out = out.seq(0);
        assert_eq!(out.len(), 7000);
        assert_eq!(read_uint(out, 0, 4, false), Some(5000));
        assert_eq!(read_uint(out, 4, 4, false), Some(6000));
        assert_eq!(read_uint(out, 8, 4, false), Some(6000));
        assert_eq!(read_uint(out, 12, 4, false), Some(6000));
        // A name's last letters and its NUL padding read as an offset in range are not
        // a word; the same bytes after a NUL are.
        let mut named = vec![0u8; 30_000];
        named[16..24].copy_from_slice(b"__TEXT\0\0");
        named[24..28].copy_from_slice(&21_592u32.to_le_bytes());
        assert_eq!(
            words(&named, false),
            [Word {
                at: 24,
                value: 21_592
            }],
            "{:?}",
            &named[16..28]
        );
    }
}

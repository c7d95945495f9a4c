//! CRC-32 fields over the bytes next to them, kept right through the plan passes'
//! two edits (`counted-runs`, `offset-cuts`, `footer-cuts`, `counted-records`,
//! `gated-gaps`). A 7z file's start header holds the offset of the archive's header
//! and, before it, the CRC-32 of the 20 bytes that follow (offset, size and the
//! header's own CRC-32): `offset-cuts` deletes the packed streams before the header
//! with the offset lowered by as many, and the reader rejects the start header
//! unless its CRC-32 is written again (an XZ stream header's flags have theirs just
//! after them).
//!
//! A stamp is 4 bytes among the first or last [`ZONE`] bytes of a file, either byte
//! order, whose value is the CRC-32 of the 4 to [`MAX_COVER`] bytes right after it or
//! right before it (the shortest that matches), and not 0xffffffff (the CRC-32 of
//! four 0xff bytes: a field of -1 next to another would be taken for its stamp). A plan's candidate has every stamp
//! whose bytes and range its cut leaves whole, and whose range holds its field whole
//! or not at all, written again over the range as the plan leaves it.

use super::counted::Field;

/// Stamps are looked for among this many bytes at each end of a file.
const ZONE: usize = 64;
/// The most bytes a stamp covers.
const MAX_COVER: usize = 32;

/// A CRC-32 field: 4 bytes at `at` (big endian or not) over `range`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stamp {
    pub(super) at: usize,
    pub(super) big: bool,
    pub(super) range: (usize, usize),
}

/// The stamps of `text` (see the module docs).
pub(super) fn stamps(text: &[u8]) -> Vec<Stamp> {
    let n = text.len();
    let mut out = Vec::new();
    let starts = (0..ZONE.min(n)).chain(n.saturating_sub(ZONE).max(ZONE)..n);
    for at in starts {
        let Some(field) = text.get(at..at + 4) else {
            continue;
        };
        let field: [u8; 4] = field.try_into().unwrap_or_default();
        if field == [0xff; 4] {
            // The CRC-32 of four 0xff bytes is 0xffffffff: two such fields side by
            // side (a pcapng section length of -1) would be each other's stamps.
            continue;
        }
        let covers = (4..=MAX_COVER).flat_map(|k| {
            let after = (at + 4 + k <= n).then_some((at + 4, at + 4 + k));
            let before = at.checked_sub(k).map(|a| (a, at));
            after.into_iter().chain(before)
        });
        for range in covers {
            let crc = crc32fast::hash(&text[range.0..range.1]);
            let big = if crc.to_le_bytes() == field {
                false
            } else if crc.to_be_bytes() == field {
                true
            } else {
                continue;
            };
            out.push(Stamp { at, big, range });
            break;
        }
    }
    out
}

/// The stamps of `text` written again after `cut` is deleted and each field set to
/// its bytes, as (position, bytes) in `text`'s positions (see the module docs).
pub(super) fn restamp(
    text: &[u8],
    stamps: &[Stamp],
    cut: (usize, usize),
    fields: &[(Field, Vec<u8>)],
) -> Vec<(usize, [u8; 4])> {
    let apart = |(a, b): (usize, usize), (c, d): (usize, usize)| b <= c || d <= a;
    let mut out = Vec::new();
    'stamps: for s in stamps {
        let own = (s.at, s.at + 4);
        let (a, b) = s.range;
        if !apart(own, cut) || !apart(s.range, cut) {
            continue;
        }
        let mut covered = text[a..b].to_vec();
        for (field, bytes) in fields {
            let f = (field.at, field.end());
            if !apart(own, f) {
                continue 'stamps;
            }
            if a <= f.0 && f.1 <= b {
                covered[f.0 - a..f.1 - a].copy_from_slice(bytes);
            } else if !apart(s.range, f) {
                continue 'stamps;
            }
        }
        let crc = crc32fast::hash(&covered);
        out.push((
            s.at,
            if s.big {
                crc.to_be_bytes()
            } else {
                crc.to_le_bytes()
            },
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 7z-like start: a signature, the CRC-32 of the next 20 bytes, an 8-byte offset,
    /// an 8-byte size and 4 more bytes.
    fn start(offset: u64) -> Vec<u8> {
        let mut tail = offset.to_le_bytes().to_vec();
        tail.extend(7u64.to_le_bytes());
        tail.extend([1, 2, 3, 4]);
        let mut out = b"7z\xbc\xaf\x27\x1c\x00\x04".to_vec();
        out.extend(crc32fast::hash(&tail).to_le_bytes());
        out.extend(tail);
        out
    }

    #[test]
    fn a_stamp_is_found_and_written_again_over_its_changed_field() {
        let mut text = start(100);
        text.extend([0x55u8; 100]);
        let found = stamps(&text);
        assert_eq!(
            found,
            [Stamp {
                at: 8,
                big: false,
                range: (12, 32)
            }]
        );
        // The offset lowered by 60, 60 bytes cut after the start header.
        let field = Field {
            at: 12,
            width: 4,
            big: false,
            value: 100,
        };
        let bytes = 40u32.to_le_bytes().to_vec();
        let fix = restamp(&text, &found, (40, 100), &[(field, bytes.clone())]);
        let want = start(40);
        assert_eq!(fix, [(8, want[8..12].try_into().unwrap())]);
        // A cut over the stamp's range leaves it alone.
        assert!(restamp(&text, &found, (20, 40), &[(field, bytes)]).is_empty());
        // No stamp in bytes without one, nor in two fields of -1.
        assert!(stamps(&[0x55u8; 200]).is_empty());
        assert!(stamps(&[0xffu8; 16]).is_empty());
    }
}

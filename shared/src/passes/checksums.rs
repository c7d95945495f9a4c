//! Checksums that end the blocks of a length-prefixed chain (see [`super::chunks`]):
//! PNG's chunks end with the CRC-32 of their type and payload. A reader that checks
//! them rejects any change inside a block, so without them no pass could change a
//! byte of such a file but by deleting whole blocks. [`find_checksum`] finds the
//! checksum a chain's blocks all hold, and [`repair`] rewrites it in a changed
//! block: `chunk-payloads` (a shortened payload) and the byte-lowering passes
//! (`chunk-fields`, `zero-bytes`, `one-bytes`) call it on every candidate.

use std::sync::{Arc, LazyLock};

use super::chunks::{chain_of, read_uint, trailer, Chain, ContentMemo, Layout, MAX_SKIP};
use crate::edit::{Edit, EditSet};

/// A checksum that ends each block of a chain: the CRC-32 (the one of PNG, zip and
/// gzip) of the block's bytes from `from` to the 4 bytes before its end, stored in
/// those 4 bytes. A block whose covered bytes change is rejected by a reader that
/// checks it, so every pass that changes bytes inside such a block rewrites it
/// ([`repair`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Checksum {
    /// Offset in the block of the first byte covered.
    pub(super) from: usize,
    /// Stored big endian (else little endian).
    pub(super) big: bool,
}

impl Checksum {
    /// Whether block `a..b` of `text` holds this checksum.
    fn holds(&self, text: &[u8], (a, b): (usize, usize)) -> bool {
        let Some(end) = b.checked_sub(4).filter(|&e| a + self.from <= e) else {
            return false;
        };
        read_uint(text, end, 4, self.big)
            == Some(u64::from(crc32fast::hash(&text[a + self.from..end])))
    }

    /// Rewrites the checksum of block `a..b` of `text` (a no-op on a block too short).
    pub(super) fn write(&self, text: &mut [u8], (a, b): (usize, usize)) {
        let Some(end) = b
            .checked_sub(4)
            .filter(|&e| a + self.from <= e && b <= text.len())
        else {
            return;
        };
        let crc = crc32fast::hash(&text[a + self.from..end]);
        let bytes = if self.big {
            crc.to_be_bytes()
        } else {
            crc.to_le_bytes()
        };
        text[end..b].copy_from_slice(&bytes);
    }
}

/// The checksum every block of the chain holds, if there is one: the trailer of a
/// CRC-32 found by trying each start of the covered bytes up to [`MAX_SKIP`] bytes
/// past the length field (a type field, as PNG's, is covered), both byte orders.
/// A chance match of all blocks is below 2^-32 per try.
pub(super) fn find_checksum(
    text: &[u8],
    layout: Layout,
    blocks: &[(usize, usize)],
) -> Option<Checksum> {
    if trailer(layout) < 4 || blocks.is_empty() {
        return None;
    }
    (0..=layout.offset + layout.width + MAX_SKIP)
        .flat_map(|from| [true, false].map(|big| Checksum { from, big }))
        .find(|c| blocks.iter().all(|&blk| c.holds(text, blk)))
}

/// The best chain of `text` with its checksum, when its blocks have one.
type Checksummed = Option<(Arc<Chain>, Checksum)>;

static CHECKSUMS: LazyLock<ContentMemo<Checksummed>> = LazyLock::new(ContentMemo::new);

/// [`find_checksum`] of the chain of `text` ([`chain_of`]), remembered.
pub(super) fn checksummed(text: &[u8]) -> Checksummed {
    CHECKSUMS.get(text, |t| {
        let chain = chain_of(t)?;
        let sum = find_checksum(t, chain.0, &chain.1)?;
        Some((chain, sum))
    })
}

/// `new`, a version of `old` of the same length with some bytes changed, with the
/// checksum of each block of `old`'s checksummed chain rewritten where the bytes it
/// covers changed (and the block's length field did not: a block whose length
/// changed is not where it was), and `old`'s seals ([`super::seals`]) kept true.
/// A no-op on files without either.
pub(super) fn repair(old: &[u8], new: &mut [u8]) {
    super::seals::reseal(old, new);
    let Some((chain, sum)) = checksummed(old).filter(|_| old.len() == new.len()) else {
        return;
    };
    let (layout, blocks) = (chain.0, &chain.1);
    for &(a, b) in blocks {
        let field = a + layout.offset..a + layout.offset + layout.width;
        let covered = a + sum.from..b.saturating_sub(4).max(a + sum.from);
        if old[field.clone()] == new[field] && old[covered.clone()] != new[covered] {
            sum.write(new, (a, b));
        }
    }
}

/// The edits that turn `old` into `new` (same length): one replacement per run of
/// changed bytes.
pub(super) fn diff_edits(seq: usize, old: &[u8], new: &[u8]) -> EditSet<u8> {
    let mut set = EditSet::new();
    let mut i = 0;
    while i < old.len() {
        if old[i] == new[i] {
            i += 1;
            continue;
        }
        let start = i;
        while i < old.len() && old[i] != new[i] {
            i += 1;
        }
        set.push(Edit::replace(seq, start, i, new[start..i].to_vec()));
    }
    set
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::passes::chunks::find_chain;
    use crate::passes::chunks::tests::{payloads, png_like};

    /// [`png_like`] with real CRC-32s over each chunk's type and payload.
    pub(in crate::passes) fn png_crc(payloads: &[Vec<u8>]) -> Vec<u8> {
        let mut out = png_like(payloads);
        let mut at = 8;
        for p in payloads {
            let end = at + 8 + p.len();
            let crc = crc32fast::hash(&out[at + 4..end]);
            out[end..end + 4].copy_from_slice(&crc.to_be_bytes());
            at = end + 4;
        }
        out
    }

    /// Whether every chunk of a PNG-like file has its CRC.
    pub(in crate::passes) fn png_crcs_hold(d: &[u8]) -> bool {
        let Some(mut at) = d.starts_with(b"\x89PNG\r\n\x1a\n").then_some(8) else {
            return false;
        };
        while at < d.len() {
            let Some(n) = d.get(at..at + 4) else {
                return false;
            };
            let end = at + 8 + u32::from_be_bytes(n.try_into().unwrap()) as usize;
            match d.get(end..end + 4) {
                Some(c) if c == crc32fast::hash(&d[at + 4..end]).to_be_bytes() => at = end + 4,
                _ => return false,
            }
        }
        true
    }

    #[test]
    fn checksums_are_found_and_repaired() {
        let data = png_crc(&payloads(5));
        let (layout, blocks) = find_chain(&data).unwrap();
        let sum = find_checksum(&data, layout, &blocks).unwrap();
        assert_eq!(sum, Checksum { from: 4, big: true });
        // Placeholder trailers are no checksum.
        let plain = png_like(&payloads(5));
        let (layout, blocks) = find_chain(&plain).unwrap();
        assert_eq!(find_checksum(&plain, layout, &blocks), None);
        // A changed payload byte gets its block's checksum back; a changed length
        // field does not (the block is not where it was).
        let mut new = data.clone();
        new[blocks[2].0 + 9] ^= 0x55;
        assert!(!png_crcs_hold(&new));
        repair(&data, &mut new);
        assert!(png_crcs_hold(&new));
        assert_ne!(new, data);
        let mut moved = data.clone();
        moved[blocks[2].0 + 3] ^= 1;
        moved[blocks[3].0 + 9] ^= 1;
        repair(&data, &mut moved);
        assert_eq!(
            &moved[blocks[2].1 - 4..blocks[2].1],
            &data[blocks[2].1 - 4..blocks[2].1]
        );
        assert_ne!(
            &moved[blocks[3].1 - 4..blocks[3].1],
            &data[blocks[3].1 - 4..blocks[3].1]
        );
    }
}

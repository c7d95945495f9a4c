//! The `Case` trait: what the engine can reduce, and the total "smaller" order.
//!
//! A case is a set of sequences (one per file, or a single list). Edits address
//! ranges of a sequence by `(file, start, end)`; every pass is written against this
//! trait, so the same code reduces bytes, lines, tokens and lists of integers.

use std::cmp::Ordering;

use sha2::{Digest, Sha256};

use crate::edit::EditSet;

/// Something the engine can reduce.
pub trait Case: Clone + Send + Sync + 'static {
    /// The element type of the sequences (a byte, a list element).
    type Item: Clone + PartialEq + Send + Sync + 'static;

    /// Number of sequences (files).
    fn seq_count(&self) -> usize;
    /// The `i`th sequence.
    fn seq(&self, i: usize) -> &[Self::Item];
    /// A copy of this case where sequence `i` is replaced by `items`.
    fn with_seq(&self, i: usize, items: Vec<Self::Item>) -> Self;

    /// Primary size: total number of items.
    fn size(&self) -> usize {
        (0..self.seq_count()).map(|i| self.seq(i).len()).sum()
    }
    /// What the "smaller" order compares first: the size, plus what else makes a
    /// case bigger (for files: each file there is, by its path). Reports use `size`.
    fn cost(&self) -> usize {
        self.size()
    }
    /// Secondary size, used to break ties (tokens, for text).
    fn tokens(&self) -> usize {
        0
    }
    /// Lexicographic tie break of last resort.
    fn lex_cmp(&self, other: &Self) -> Ordering;
    /// `true` when the two differ at most in blanks (whitespace of text files), as a
    /// formatted form of a result does: the 1-minimal neighbourhood does not tell
    /// them apart. By default only equal cases do.
    fn same_but_blanks(&self, other: &Self) -> bool {
        self.lex_cmp(other) == Ordering::Equal
    }
    /// `true` when sequence `i` is source code that syntax-aware passes reduce (a
    /// `.rs` file), so that blind prefix and suffix cuts can leave it alone.
    fn is_syntax(&self, _i: usize) -> bool {
        false
    }
    /// Where sequence `i` may be cut along its own structure (the starts of the
    /// lines of a text file), ascending, each in `1..len`; empty when it has no
    /// such structure (binary data, a list). Passes that search over cut points
    /// try these before single items.
    fn boundaries(&self, _i: usize) -> Vec<usize> {
        Vec::new()
    }
    /// Feeds a canonical serialization of the case to `hasher` (for the cache).
    fn digest_into(&self, hasher: &mut Sha256);

    /// Renders `edits` on top of this case.
    fn apply(&self, edits: &EditSet<Self::Item>) -> Self {
        let mut out = self.clone();
        for seq in edits.seqs() {
            out = out.with_seq(seq, edits.render_seq(seq, self.seq(seq)));
        }
        out
    }
}

/// The total order the engine reduces along: lower cost (fewer items, and for files
/// fewer files), then fewer tokens, then lexicographically smaller. Every accepted
/// change goes strictly down this order, so reduction always terminates.
pub fn cmp_size<C: Case>(a: &C, b: &C) -> Ordering {
    a.cost()
        .cmp(&b.cost())
        .then_with(|| a.tokens().cmp(&b.tokens()))
        .then_with(|| a.lex_cmp(b))
}

/// `true` when `candidate` is strictly smaller than `current`.
pub fn is_smaller<C: Case>(candidate: &C, current: &C) -> bool {
    cmp_size(candidate, current) == Ordering::Less
}

/// The SHA-256 content hash of a case under a predicate fingerprint.
pub fn content_key<C: Case>(fingerprint: &[u8], case: &C) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update((fingerprint.len() as u64).to_le_bytes());
    h.update(fingerprint);
    case.digest_into(&mut h);
    h.finalize().into()
}

/// Elements of list cases (used by the simulations and in-process predicates).
pub trait Element: Copy + Ord + Send + Sync + 'static {
    /// Feeds the element to a hasher.
    fn digest(&self, h: &mut Sha256);
}

impl Element for u32 {
    fn digest(&self, h: &mut Sha256) {
        h.update(self.to_le_bytes());
    }
}

impl Element for u64 {
    fn digest(&self, h: &mut Sha256) {
        h.update(self.to_le_bytes());
    }
}

/// A plain list is a case with one sequence.
impl<T: Element> Case for Vec<T> {
    type Item = T;

    fn seq_count(&self) -> usize {
        1
    }
    fn seq(&self, _i: usize) -> &[T] {
        self
    }
    fn with_seq(&self, _i: usize, items: Vec<T>) -> Self {
        items
    }
    fn lex_cmp(&self, other: &Self) -> Ordering {
        self.as_slice().cmp(other.as_slice())
    }
    fn digest_into(&self, h: &mut Sha256) {
        h.update((self.len() as u64).to_le_bytes());
        for x in self {
            x.digest(h);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_size_then_lex() {
        assert!(is_smaller(&vec![9u64], &vec![1u64, 1]));
        assert!(is_smaller(&vec![1u64, 5], &vec![1u64, 6]));
        assert!(!is_smaller(&vec![1u64, 6], &vec![1u64, 6]));
        assert!(!is_smaller(&vec![2u64], &vec![1u64]));
    }

    #[test]
    fn key_depends_on_fingerprint_and_content() {
        let a = content_key(b"p", &vec![1u64]);
        assert_eq!(a, content_key(b"p", &vec![1u64]));
        assert_ne!(a, content_key(b"q", &vec![1u64]));
        assert_ne!(a, content_key(b"p", &vec![2u64]));
    }
}

//! Edits: cuts and replacements over the sequences of a case, rendered on demand
//! (`Case::apply`, one sequence at a time with [`EditSet::render_seq`]).

/// One edit: replace `start..end` of sequence `seq` by `with` (a cut when empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit<T> {
    /// Index of the sequence (file).
    pub seq: usize,
    /// Start offset, inclusive.
    pub start: usize,
    /// End offset, exclusive.
    pub end: usize,
    /// Replacement items; empty for a cut.
    pub with: Vec<T>,
}

impl<T> Edit<T> {
    /// A cut of `start..end` in sequence `seq`.
    pub fn cut(seq: usize, start: usize, end: usize) -> Edit<T> {
        Edit {
            seq,
            start,
            end,
            with: Vec::new(),
        }
    }
    /// A replacement of `start..end` in sequence `seq`.
    pub fn replace(seq: usize, start: usize, end: usize, with: Vec<T>) -> Edit<T> {
        Edit {
            seq,
            start,
            end,
            with,
        }
    }
}

/// A set of edits relative to one case. Overlapping and abutting cuts are merged;
/// a replacement overlapping another edit makes the set conflicting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditSet<T> {
    edits: Vec<Edit<T>>,
}

impl<T> Default for EditSet<T> {
    fn default() -> Self {
        EditSet { edits: Vec::new() }
    }
}

impl<T: Clone + PartialEq> EditSet<T> {
    /// An empty edit set.
    pub fn new() -> EditSet<T> {
        EditSet::default()
    }

    /// An edit set of one edit.
    pub fn of(edit: Edit<T>) -> EditSet<T> {
        EditSet { edits: vec![edit] }
    }

    /// The edits, sorted by position.
    pub fn edits(&self) -> &[Edit<T>] {
        &self.edits
    }

    /// `true` when there is nothing to do.
    pub fn is_empty(&self) -> bool {
        self.edits.is_empty()
    }

    /// Adds an edit. Returns `false` (and leaves the set unchanged) when a
    /// replacement would overlap another edit.
    pub fn push(&mut self, edit: Edit<T>) -> bool {
        if edit.start > edit.end {
            return false;
        }
        let overlaps = |e: &Edit<T>| e.seq == edit.seq && e.start < edit.end && edit.start < e.end;
        let touches = |e: &Edit<T>| e.seq == edit.seq && e.start <= edit.end && edit.start <= e.end;
        let mergeable = |e: &Edit<T>| e.with.is_empty() && edit.with.is_empty();
        // Two insertions at one point, or a replacement overlapping anything, conflict.
        let conflict = self.edits.iter().any(|e| {
            (overlaps(e) && !mergeable(e))
                || (touches(e)
                    && e.start == e.end
                    && edit.start == edit.end
                    && e.start == edit.start)
        });
        if conflict {
            return false;
        }
        // Cuts that touch merge into one (edits are sorted, so one pass finds them).
        let (mut lo, mut hi) = (edit.start, edit.end);
        let merges: Vec<bool> = self
            .edits
            .iter()
            .map(|e| {
                let m = e.seq == edit.seq
                    && e.with.is_empty()
                    && edit.with.is_empty()
                    && e.start <= hi
                    && lo <= e.end;
                if m {
                    lo = lo.min(e.start);
                    hi = hi.max(e.end);
                }
                m
            })
            .collect();
        // The merged cut may not swallow an insertion or replacement it only touched.
        let swallows = self
            .edits
            .iter()
            .zip(&merges)
            .any(|(e, &m)| !m && e.seq == edit.seq && e.start < hi && lo < e.end);
        if swallows {
            return false;
        }
        let mut merged = edit;
        merged.start = lo;
        merged.end = hi;
        let mut keep = Vec::with_capacity(self.edits.len() + 1);
        for (e, m) in std::mem::take(&mut self.edits).into_iter().zip(merges) {
            if !m {
                keep.push(e);
            }
        }
        keep.push(merged);
        keep.sort_by_key(|e| (e.seq, e.start, e.end));
        self.edits = keep;
        true
    }

    /// The union of two sets, or `None` when they conflict.
    pub fn union(&self, other: &EditSet<T>) -> Option<EditSet<T>> {
        let mut out = self.clone();
        for e in &other.edits {
            if !out.push(e.clone()) {
                return None;
            }
        }
        Some(out)
    }

    /// Number of items removed by the set (cuts minus replacement growth), saturating.
    pub fn removed(&self) -> usize {
        let cut: usize = self.edits.iter().map(|e| e.end - e.start).sum();
        let added: usize = self.edits.iter().map(|e| e.with.len()).sum();
        cut.saturating_sub(added)
    }

    /// The sequences the edits touch, in order, each once.
    pub fn seqs(&self) -> Vec<usize> {
        let mut seqs: Vec<usize> = self.edits.iter().map(|e| e.seq).collect();
        seqs.dedup();
        seqs
    }

    /// Sequence `seq` (whose items are `src`) with the edits applied.
    pub fn render_seq(&self, seq: usize, src: &[T]) -> Vec<T>
    where
        T: Clone,
    {
        let mut items = Vec::with_capacity(src.len());
        let mut prev = 0;
        for e in self.edits.iter().filter(|e| e.seq == seq) {
            let start = e.start.min(src.len()).max(prev);
            let end = e.end.min(src.len()).max(start);
            items.extend_from_slice(&src[prev..start]);
            items.extend_from_slice(&e.with);
            prev = end;
        }
        items.extend_from_slice(&src[prev..]);
        items
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(s: &str, edits: &[Edit<u8>]) -> Option<String> {
        let mut set = EditSet::new();
        for e in edits {
            if !set.push(e.clone()) {
                return None;
            }
        }
        let case = crate::TestCase::single("f", s.as_bytes().to_vec());
        let out = crate::case::Case::apply(&case, &set);
        Some(String::from_utf8(crate::case::Case::seq(&out, 0).to_vec()).unwrap())
    }

    #[test]
    fn cuts_merge_and_render() {
        assert_eq!(
            render("abcdef", &[Edit::cut(0, 1, 2), Edit::cut(0, 4, 5)]).unwrap(),
            "acdf"
        );
        assert_eq!(
            render("abcdef", &[Edit::cut(0, 1, 3), Edit::cut(0, 2, 5)]).unwrap(),
            "af"
        );
        assert_eq!(
            render("abcdef", &[Edit::cut(0, 1, 3), Edit::cut(0, 3, 4)]).unwrap(),
            "aef"
        );
    }

    /// Found by `tests/properties.rs`: a cut that touches another cut and an
    /// insertion between them would merge into one cut that swallows the insertion.
    #[test]
    fn a_merged_cut_never_swallows_an_insertion() {
        let mut set = EditSet::new();
        assert!(set.push(Edit::cut(0, 1, 2)));
        assert!(set.push(Edit::replace(0, 1, 1, b"a".to_vec())));
        let before = set.clone();
        assert!(!set.push(Edit::cut(0, 0, 1)));
        assert_eq!(set, before);
        assert_eq!(
            render(
                "xyz",
                &[Edit::cut(0, 1, 2), Edit::replace(0, 1, 1, b"a".to_vec())]
            )
            .unwrap(),
            "xaz"
        );
    }

    #[test]
    fn replacements_render_and_conflict() {
        assert_eq!(
            render("x = 1000;", &[Edit::replace(0, 4, 8, b"7".to_vec())]).unwrap(),
            "x = 7;"
        );
        assert!(render(
            "abcdef",
            &[Edit::replace(0, 1, 3, b"z".to_vec()), Edit::cut(0, 2, 4)]
        )
        .is_none());
        assert_eq!(
            render(
                "abcdef",
                &[Edit::replace(0, 1, 2, b"z".to_vec()), Edit::cut(0, 2, 4)]
            )
            .unwrap(),
            "azef"
        );
    }

    #[test]
    fn removed_counts_net_items() {
        let mut s: EditSet<u8> = EditSet::new();
        s.push(Edit::cut(0, 0, 4));
        s.push(Edit::replace(0, 10, 14, b"1".to_vec()));
        assert_eq!(s.removed(), 7);
    }
}

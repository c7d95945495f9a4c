//! Cutting strategies (Shrink Ray): balanced bracket pairs, n-grams, runs of one
//! repeated byte. Each proposes cuts `(start, end)` in one file and a ladder of
//! larger cuts to expand a successful one. `CutPass` drives a strategy from the end
//! of the case towards the start, testing cuts with a parallel `find_first`.

use super::Pass;
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::passes::{Ctx, Interrupt};
use crate::search::find_change_point;
use crate::tokens::{class, Class};

/// A source of cuts within one sequence of bytes.
pub trait CutStrategy: Clone + Send + Sync + 'static {
    /// Pass name.
    fn name(&self) -> &'static str;
    /// Candidate cuts, any order.
    fn cuts(&self, text: &[u8]) -> Vec<(usize, usize)>;
    /// Increasingly larger cuts containing `cut` (may be empty).
    fn expansions(&self, text: &[u8], cut: (usize, usize)) -> Vec<(usize, usize)>;
}

/// Drives a `CutStrategy` over every file, from the end towards the start.
#[derive(Clone)]
pub struct CutPass<S> {
    strategy: S,
    /// `(file, position)`: cuts starting before `position` in `file` (and all cuts in
    /// earlier files) remain in this sweep.
    cursor: Option<(usize, usize)>,
}

impl<S> CutPass<S> {
    /// A pass over `strategy`'s cuts.
    pub fn new(strategy: S) -> Self {
        CutPass {
            strategy,
            cursor: None,
        }
    }
}

/// Cuts offered to one `Ctx::first` call (see `CutPass::run`).
const CUT_BATCH: usize = 256;

impl<C: Case<Item = u8>, S: CutStrategy> Pass<C> for CutPass<S> {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        self.strategy.name()
    }

    fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        let files = ctx.current().seq_count();
        let (mut seq, mut pos) = self
            .cursor
            .take()
            .unwrap_or((files.saturating_sub(1), usize::MAX));
        if files == 0 {
            return Ok(());
        }
        seq = seq.min(files - 1);
        loop {
            if let Err(e) = ctx.checkpoint() {
                self.cursor = Some((seq, pos));
                return Err(e);
            }
            let base = ctx.current().clone();
            let text = base.seq(seq);
            // Blanks of source code are left to the final formatting (see `Tokens`).
            let syntax = base.is_syntax(seq);
            let mut cuts: Vec<(usize, usize)> = self
                .strategy
                .cuts(text)
                .into_iter()
                .filter(|&(a, b)| a < b && a < pos && b <= text.len())
                .filter(|&(a, b)| !syntax || !text[a..b].iter().all(u8::is_ascii_whitespace))
                .collect();
            // From the end; for one start, larger cuts first.
            cuts.sort_by(|x, y| y.0.cmp(&x.0).then(y.1.cmp(&x.1)));
            cuts.dedup();
            // In batches of whole starts, with a checkpoint between them, so that
            // a pass that finds nothing can yield (the engine stops an idle pass
            // there when passes that pay come after it) and keeps its place.
            let mut found = None;
            let mut from = 0;
            while from < cuts.len() {
                let mut to = (from + CUT_BATCH).min(cuts.len());
                while to < cuts.len() && cuts[to].0 == cuts[to - 1].0 {
                    to += 1;
                }
                if from > 0 {
                    if let Err(e) = ctx.checkpoint() {
                        self.cursor = Some((seq, cuts[from - 1].0));
                        return Err(e);
                    }
                }
                let cands = cuts[from..to]
                    .iter()
                    .map(|&(a, b)| base.apply(&EditSet::of(Edit::cut(seq, a, b))));
                match ctx.first(cands) {
                    Ok(Some(i)) => {
                        found = Some(from + i);
                        break;
                    }
                    Ok(None) => from = to,
                    Err(e) => {
                        self.cursor = Some((seq, pos));
                        return Err(e);
                    }
                }
            }
            match found {
                Some(i) => {
                    let cut = cuts[i];
                    let ladder = self.strategy.expansions(text, cut);
                    let mut last = cut;
                    let cut_at =
                        |(a, b): (usize, usize)| base.apply(&EditSet::of(Edit::cut(seq, a, b)));
                    let depth = ctx.speculation_depth();
                    let r = find_change_point(0, ladder.len(), |k| {
                        let (a, b) = ladder[k - 1];
                        // With idle workers, the next larger cuts go along (the
                        // search climbs the ladder while cuts succeed).
                        let ok = ctx.test_speculating(cut_at((a, b)), |_, _| {
                            ladder[k..ladder.len().min(k + depth)]
                                .iter()
                                .map(|&c| cut_at(c))
                                .collect()
                        })?;
                        if ok {
                            last = (a, b);
                        }
                        Ok::<bool, Interrupt>(ok)
                    });
                    pos = last.0;
                    if let Err(e) = r {
                        self.cursor = Some((seq, pos));
                        return Err(e);
                    }
                }
                None => {
                    if seq == 0 {
                        return Ok(());
                    }
                    seq -= 1;
                    pos = usize::MAX;
                }
            }
        }
    }
}

/// Balanced bracket pairs: their interior, and the whole pair. Expansion moves to
/// the enclosing pairs.
#[derive(Clone)]
pub struct Brackets;

const PAIRS: [(u8, u8); 3] = [(b'(', b')'), (b'[', b']'), (b'{', b'}')];

/// Matched bracket pairs `(open, close, enclosing pair)` of `text`, sorted by `open`.
pub(crate) fn bracket_pairs(text: &[u8]) -> Vec<(usize, usize, Option<usize>)> {
    // (open position, parent id, close position)
    let mut opens: Vec<(usize, Option<usize>, Option<usize>)> = Vec::new();
    let mut stack: Vec<(u8, usize)> = Vec::new();
    for (i, &b) in text.iter().enumerate() {
        if PAIRS.iter().any(|&(o, _)| o == b) {
            opens.push((i, stack.last().map(|s| s.1), None));
            stack.push((b, opens.len() - 1));
        } else if let Some(&(o, _)) = PAIRS.iter().find(|&&(_, c)| c == b) {
            if let Some(k) = stack.iter().rposition(|&(sb, _)| sb == o) {
                opens[stack[k].1].2 = Some(i);
                stack.truncate(k);
            }
        }
    }
    // Keep closed pairs; re-index parents, skipping unclosed ancestors.
    let mut index = vec![None; opens.len()];
    let mut out = Vec::new();
    for (id, &(a, _, close)) in opens.iter().enumerate() {
        if let Some(b) = close {
            index[id] = Some(out.len());
            out.push((a, b, None));
        }
    }
    for (id, &(_, parent, close)) in opens.iter().enumerate() {
        if close.is_none() {
            continue;
        }
        let mut p = parent;
        while let Some(pid) = p {
            if index[pid].is_some() && opens[pid].2 > close {
                break;
            }
            p = opens[pid].1;
        }
        out[index[id].expect("closed")].2 = p.and_then(|pid| index[pid]);
    }
    out
}

impl CutStrategy for Brackets {
    fn name(&self) -> &'static str {
        "brackets"
    }
    fn cuts(&self, text: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (a, b, _) in bracket_pairs(text) {
            out.push((a, b + 1));
            if b > a + 1 {
                out.push((a + 1, b));
            }
        }
        out
    }
    fn expansions(&self, text: &[u8], cut: (usize, usize)) -> Vec<(usize, usize)> {
        let pairs = bracket_pairs(text);
        let mut out = Vec::new();
        let Some(mut cur) = pairs
            .iter()
            .position(|&(a, b, _)| (a, b + 1) == cut || (a + 1, b) == cut)
        else {
            return out;
        };
        if cut.0 == pairs[cur].0 + 1 {
            out.push((pairs[cur].0, pairs[cur].1 + 1));
        }
        while let Some(p) = pairs[cur].2 {
            out.push((pairs[p].0 + 1, pairs[p].1));
            out.push((pairs[p].0, pairs[p].1 + 1));
            cur = p;
        }
        out
    }
}

/// N-gram cuts: for a 2-gram at a token start, cut up to its next occurrence (one
/// repetition of a repeated structure). Expansion skips further occurrences.
#[derive(Clone)]
pub struct Ngrams;

const NGRAM: usize = 2;
const MAX_NGRAM_CUTS: usize = 4000;

fn next_occurrences(text: &[u8], i: usize, limit: usize) -> Vec<usize> {
    let gram = &text[i..i + NGRAM];
    let mut out = Vec::new();
    let mut j = i + 1;
    while j + NGRAM <= text.len() && out.len() < limit {
        if &text[j..j + NGRAM] == gram {
            out.push(j);
        }
        j += 1;
    }
    out
}

fn token_start(text: &[u8], i: usize) -> bool {
    i == 0 || class(text[i]) != class(text[i - 1]) || class(text[i]) == Class::Punct
}

impl CutStrategy for Ngrams {
    fn name(&self) -> &'static str {
        "ngrams"
    }
    fn cuts(&self, text: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        if text.len() < NGRAM {
            return out;
        }
        let mut last_seen: std::collections::HashMap<&[u8], usize> =
            std::collections::HashMap::new();
        for i in (0..=text.len() - NGRAM).rev() {
            if !token_start(text, i) || class(text[i]) == Class::Space {
                continue;
            }
            let gram = &text[i..i + NGRAM];
            if let Some(&j) = last_seen.get(gram) {
                out.push((i, j));
                if out.len() >= MAX_NGRAM_CUTS {
                    break;
                }
            }
            last_seen.insert(gram, i);
        }
        out
    }
    fn expansions(&self, text: &[u8], cut: (usize, usize)) -> Vec<(usize, usize)> {
        next_occurrences(text, cut.1, 16)
            .into_iter()
            .map(|j| (cut.0, j))
            .collect()
    }
}

/// Runs of one repeated byte (two or more): cut the run, or all of it but one byte.
#[derive(Clone)]
pub struct Repeats;

impl CutStrategy for Repeats {
    fn name(&self) -> &'static str {
        "repeats"
    }
    fn cuts(&self, text: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < text.len() {
            let mut j = i + 1;
            while j < text.len() && text[j] == text[i] {
                j += 1;
            }
            if j - i >= 2 {
                out.push((i, j));
                out.push((i + 1, j));
            }
            i = j;
        }
        out
    }
    fn expansions(&self, _text: &[u8], _cut: (usize, usize)) -> Vec<(usize, usize)> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bracket_pairs_nest() {
        let t = b"f(a[1], {b})";
        let pairs = bracket_pairs(t);
        assert_eq!(pairs.len(), 3);
        let cuts = Brackets.cuts(t);
        assert!(cuts.contains(&(3, 6)) && cuts.contains(&(4, 5)));
        let ladder = Brackets.expansions(t, (4, 5));
        assert_eq!(ladder, vec![(3, 6), (2, 11), (1, 12)]);
    }

    #[test]
    fn ngram_cuts_remove_one_repetition() {
        let t = b"- a\n- b\n- c\n";
        let cuts = Ngrams.cuts(t);
        assert!(cuts.contains(&(0, 4)), "{cuts:?}");
        assert_eq!(Ngrams.expansions(t, (0, 4)), vec![(0, 8)]);
    }

    #[test]
    fn repeats() {
        assert_eq!(Repeats.cuts(b"ab   c"), vec![(2, 5), (3, 5)]);
    }
}

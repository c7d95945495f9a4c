//! The last steps to a 1-minimal file (issue 28): the neighbourhood of
//! `tools/check_minimal.py`, where the other passes leave off. Six passes, the sweep
//! with the fewest candidates and the biggest cuts first:
//!
//! - `*-lines`: one line deleted; in a data file a run of 1 to 8 lines
//!   ([`line_runs`]);
//! - `*-lengths` (binary files only): a length field emptied, i.e. an unsigned
//!   integer of 1, 2, 4 or 8 bytes (either byte order) whose value `n` is at least 1
//!   and fits in the bytes after it, set to 0 with those `n` bytes deleted: a
//!   length-prefixed value (a string, a record, a block) made empty wherever it is,
//!   where the chain-finding passes ([`super::chunks`]) only see runs of blocks of
//!   one layout;
//! - `*-pairs`: a matched pair (brackets, quotes, keyword tags) deleted with what
//!   is between its ends, or only its two ends, in one candidate;
//! - `*-token-runs`: a run of 1 to 8 tokens deleted (a token: a run of word
//!   characters or one other non-blank character), the longest run first; in a
//!   text data file also a run of 1 to 8 parts of a word short of the whole word
//!   (its runs of letters, digits, other word bytes: [`part_runs`]);
//! - `*-replace-tokens`: a token replaced by a shorter one (`0`, `1`, `a`, `""`,
//!   or one of the file's 8 shortest distinct tokens);
//! - `*-bytes`: one non-blank byte deleted (files up to [`MAX_BYTES`] bytes): a
//!   character of a name or a number.
//!
//! Each set of six acts on one kind of file ([`Files`]):
//! - Rust files (`rust-*`), where the generic [`super::Pairs`] and
//!   [`super::ReplaceTokens`] (text files only) and the byte pass (not on `.rs`) leave
//!   off. Not in the default pipeline, except `rust-pairs`: a sweep tests every
//!   candidate when nothing goes, which is what a guarantee costs, several times the
//!   runs of the rest of the reduction on a small file with checks that run the
//!   compiler (measured in `docs/benchmarks.md`); `--exhaustive` adds the other five
//!   ([`super::exhaustive_passes`]). `rust-pairs` has a few dozen candidates (about
//!   half of them whole pairs, which the syntax passes have tried: the cache answers)
//!   and proposes what no syntax pass does, both ends of a pair in one candidate.
//!   By default, the neighbours most often left on Rust results are proposed by
//!   Rust passes with few candidates each ([`super::rust_optional`]: optional parts
//!   of the grammar; [`super::rust_names`]: names only used, to fresh ones).
//!   (One pass trying every kind at each position cost 8 % more runs on five buried
//!   ICEs: a big cut near the start is found only after every small one after it.)
//! - Data files (`data-*`, in the default pipeline): every file of a case without
//!   source code (a test's input, a file given to `--script`), binary or text. On
//!   binary files no other pass proposes this neighbourhood (`Pairs` and
//!   `ReplaceTokens` are for text; the layout passes cut along the file's structure,
//!   and `Framed` lowers the lengths around a cut where a lenient reader may accept
//!   the plain cut); on text files most of it has been tried already (the verdict
//!   cache answers), so the sweeps turn what was usually so into a guarantee for a
//!   few checks. The checks that read such files are a test's run, cheap next to a
//!   build.
//!
//! Every pass here is a last resort ([`super::Role::last_resort`]): it runs only in a
//! round where every pass before it found nothing, so it checks the fixed point of
//! the others, not every case on the way, and what it finds lets them run again.
//! Every candidate is run (rustc recovers from syntax errors and may crash the same
//! way; the parse filter of `--keep-parsing` applies as to any pass); the same text
//! twice is tried once. A sweep goes from the end of each file to its start; after a
//! success it goes on below that position on the new case, and the pass asks to be
//! run again ([`Pass::wants_rerun`]) until a whole sweep finds nothing. When all six
//! end a round with nothing found, the result is 1-minimal in that neighbourhood, and
//! [`Pass::neighbourhood`] says so (`Summary::one_minimal`).

use super::chunks::{is_binary, read_uint};
use super::pairs::{pair_cuts, replace_cuts, word_tokens};
use super::Pass;
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::passes::{Ctx, Interrupt};

/// Single bytes are deleted only in files up to this size (as `check_minimal.py`'s
/// `--max-bytes`).
pub const MAX_BYTES: usize = 2000;

/// A sweep over more distinct candidates than this in one file is skipped (the
/// other passes shrink large files first). Runs of zeros in a binary file give the
/// same text from many positions, so the count is taken after duplicates go.
pub const MAX_CANDIDATES: usize = 5000;

/// Proposals (before duplicates go) beyond which a sweep is skipped without making
/// its candidates.
const MAX_PROPOSALS: usize = 4 * MAX_CANDIDATES;

/// The longest run of tokens deleted at once.
pub const MAX_RUN: usize = 8;

/// Which files a [`Neighbours`] pass works on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Files {
    /// Rust source files ([`Case::is_syntax`]).
    Rust,
    /// The files of a case without source code (data: binary or text).
    Data,
}

impl Files {
    /// File `seq` of `case` is one of these. Data files count only in a case
    /// without source code (a test's input, a file given to a script): in a crate,
    /// each check builds it, and the files it includes are the crate passes' job.
    fn accepts<C: Case<Item = u8>>(self, case: &C, seq: usize) -> bool {
        match self {
            Files::Rust => case.is_syntax(seq),
            Files::Data => without_source(case),
        }
    }
}

/// `case` has no source code (a test's input, files given to a script): its files
/// are data files, which the data sweeps and `zero-bytes` work on.
pub(super) fn without_source<C: Case>(case: &C) -> bool {
    (0..case.seq_count()).all(|i| !case.is_syntax(i))
}

/// Which neighbours a [`Neighbours`] pass proposes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Matched pairs, whole or both ends.
    Pairs,
    /// Runs of 1 to [`MAX_RUN`] tokens.
    TokenRuns,
    /// A token replaced by a shorter one.
    Replace,
    /// One non-blank byte.
    Bytes,
    /// One line (with the newline after it; the last line with the one before).
    Lines,
    /// A length field of a binary file emptied (its value 0, its bytes gone).
    Lengths,
}

impl Kind {
    /// Every kind: together, the neighbourhood of `tools/check_minimal.py`.
    pub const ALL: [Kind; 6] = [
        Kind::Lines,
        Kind::Lengths,
        Kind::Pairs,
        Kind::TokenRuns,
        Kind::Replace,
        Kind::Bytes,
    ];
}

/// The widths and byte orders (big endian?) a length field is read with.
const LENGTH_FIELDS: [(usize, bool); 7] = [
    (1, false),
    (2, false),
    (2, true),
    (4, false),
    (4, true),
    (8, false),
    (8, true),
];

/// [`Kind::Lengths`]' candidates on a binary `text` (file `seq`), position
/// descending: each length field emptied (see the module docs).
fn length_cuts(text: &[u8], seq: usize) -> Proposals {
    let mut out = Proposals::new();
    if !is_binary(text) {
        return out;
    }
    for i in (0..text.len()).rev() {
        for (width, big) in LENGTH_FIELDS {
            let Some(n) = read_uint(text, i, width, big) else {
                continue;
            };
            let body = i + width;
            if n == 0 || n > (text.len() - body) as u64 {
                continue;
            }
            let mut edits = EditSet::of(Edit::replace(seq, i, body, vec![0; width]));
            edits.push(Edit::cut(seq, body, body + n as usize));
            out.push((i, edits));
        }
    }
    out
}

/// One kind of neighbour, proposed on one kind of file (see the module docs).
#[derive(Clone)]
pub struct Neighbours {
    kind: Kind,
    files: Files,
    sweep: Sweep,
}

impl Neighbours {
    /// A pass proposing neighbours of `kind` in `files`.
    pub fn new(kind: Kind, files: Files) -> Self {
        Neighbours {
            kind,
            files,
            sweep: Sweep::default(),
        }
    }
}

/// The sweep of a pass that tries its candidates one at a time: from the end of
/// each file to its start, the candidates of one position after another; after a
/// success it goes on below that position on the new case, and asks to run again
/// ([`Pass::wants_rerun`]) until a whole sweep finds nothing. The neighbourhood
/// sweeps here and the Rust passes of [`super::rust_optional`] and
/// [`super::rust_names`] are such sweeps.
#[derive(Clone, Default)]
pub(super) struct Sweep {
    /// (file, position): the sweep resumes below this position of this file.
    cursor: Option<(usize, usize)>,
    /// The sweep under way (or the last one) committed something, or was resumed on
    /// a case other passes had changed: another whole sweep is wanted.
    found: bool,
    /// The last complete sweep committed something.
    rerun: bool,
    /// The sweep under way has tried every candidate of every file so far (no file
    /// of another kind, none over the cap).
    whole: bool,
    /// The last complete sweep tried every candidate of every file of the case and
    /// none of them kept the bug.
    clean: bool,
    /// The content key of the case the sweep under way paused on: a sweep resumed on
    /// another case (the passes that ran in the pause changed it) has not tried the
    /// positions above its cursor on it.
    paused_on: Option<[u8; 32]>,
}

/// Candidates of one file: `(position, edits)`, position descending.
pub(super) type Proposals = Vec<(usize, EditSet<u8>)>;

/// `text` without its blanks (neighbours that differ only in blanks do not count).
fn squash(text: &[u8]) -> Vec<u8> {
    text.iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect()
}

/// The candidates of `kind` on `text` (file `seq`).
pub fn propose(kind: Kind, text: &[u8], seq: usize) -> Proposals {
    let mut out: Proposals = Vec::new();
    let toks = word_tokens(text);
    match kind {
        Kind::Pairs => out.extend(pair_cuts(text, seq)),
        Kind::Lengths => out.extend(length_cuts(text, seq)),
        Kind::TokenRuns => {
            for i in (0..toks.len()).rev() {
                for n in (1..=MAX_RUN.min(toks.len() - i)).rev() {
                    let (a, b) = (toks[i].0, toks[i + n - 1].1);
                    out.push((a, EditSet::of(Edit::cut(seq, a, b))));
                }
            }
        }
        Kind::Replace => out.extend(replace_cuts(text, seq)),
        Kind::Lines => {
            let starts = line_starts(text);
            for w in (0..starts.len()).rev() {
                let (a, b) = match starts.get(w + 1) {
                    Some(&next) => (starts[w], next),
                    // The last line goes with the newline before it.
                    None => (starts[w].saturating_sub(1), text.len()),
                };
                if a < b {
                    out.push((a, EditSet::of(Edit::cut(seq, a, b))));
                }
            }
        }
        Kind::Bytes => {
            if text.len() <= MAX_BYTES {
                for i in (0..text.len()).rev() {
                    if !text[i].is_ascii_whitespace() {
                        out.push((i, EditSet::of(Edit::cut(seq, i, i + 1))));
                    }
                }
            }
        }
    }
    out
}

impl<C: Case<Item = u8>> Pass<C> for Neighbours {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        match (self.files, self.kind) {
            (Files::Rust, Kind::Pairs) => "rust-pairs",
            (Files::Rust, Kind::TokenRuns) => "rust-token-runs",
            (Files::Rust, Kind::Replace) => "rust-replace-tokens",
            (Files::Rust, Kind::Bytes) => "rust-bytes",
            (Files::Rust, Kind::Lines) => "rust-lines",
            (Files::Rust, Kind::Lengths) => "rust-lengths",
            (Files::Data, Kind::Pairs) => "data-pairs",
            (Files::Data, Kind::TokenRuns) => "data-token-runs",
            (Files::Data, Kind::Replace) => "data-replace-tokens",
            (Files::Data, Kind::Bytes) => "data-bytes",
            (Files::Data, Kind::Lines) => "data-lines",
            (Files::Data, Kind::Lengths) => "data-lengths",
        }
    }
    fn is_fresh(&self) -> bool {
        self.sweep.is_fresh()
    }
    fn wants_rerun(&self) -> bool {
        self.sweep.rerun()
    }
    fn neighbourhood(&self) -> Option<(Kind, bool)> {
        Some((self.kind, self.sweep.clean()))
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        let (kind, files) = (self.kind, self.files);
        self.sweep.run(
            ctx,
            |case: &C, seq| files.accepts(case, seq),
            |case: &C, seq| {
                let text = case.seq(seq);
                if files == Files::Data && kind == Kind::Lines {
                    return line_runs(text, seq);
                }
                let mut props = propose(kind, text, seq);
                if files == Files::Data && kind == Kind::TokenRuns && !is_binary(text) {
                    props.extend(part_runs(text, seq));
                    props.sort_by_key(|p| std::cmp::Reverse(p.0));
                }
                props
            },
        )
    }
}

/// Where `text`'s lines start: 0 and after each newline.
fn line_starts(text: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        (text.iter().enumerate())
            .filter(|&(_, &b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
    starts
}

/// Data files' lines go in runs of 1 to [`MAX_RUN`] (an HTTP/2 stream's preface is
/// four lines that go together or not at all; a prefix cut by `ends` searches the
/// lengths as if shorter prefixes failing meant longer ones fail too). A run that
/// ends the file goes with the newline before it, as a last line does. Position
/// descending, the longest run first.
pub fn line_runs(text: &[u8], seq: usize) -> Proposals {
    let mut starts = line_starts(text);
    // A final newline starts no line of its own here: the last run takes it.
    starts.retain(|&s| s == 0 || s < text.len());
    let mut out: Proposals = Vec::new();
    for w in (0..starts.len()).rev() {
        for m in (1..=MAX_RUN.min(starts.len() - w)).rev() {
            let (a, b) = match starts.get(w + m) {
                Some(&next) => (starts[w], next),
                None => (starts[w].saturating_sub(1), text.len()),
            };
            if a < b {
                out.push((a, EditSet::of(Edit::cut(seq, a, b))));
            }
        }
    }
    out
}

/// The parts of the word `a..b`: its runs of letters, of digits and of the other word
/// bytes (`_`, non-ASCII), as spans.
fn word_parts(text: &[u8], (a, b): (usize, usize)) -> Vec<(usize, usize)> {
    let kind = |c: u8| (c.is_ascii_alphabetic(), c.is_ascii_digit());
    let mut out = Vec::new();
    let mut start = a;
    for i in a + 1..b {
        if kind(text[i]) != kind(text[i - 1]) {
            out.push((start, i));
            start = i;
        }
    }
    out.push((start, b));
    out
}

/// Data files' token runs also cut inside a word: every run of its parts (letters
/// meeting digits: `8firmware5build`, `10px`, `0x1F`) short of the whole word, which
/// the token runs cut already. Position descending, as [`propose`]'s.
pub fn part_runs(text: &[u8], seq: usize) -> Proposals {
    let mut out: Proposals = Vec::new();
    for word in word_tokens(text) {
        let parts = word_parts(text, word);
        let n = parts.len();
        for i in (0..n).rev() {
            for m in (1..=MAX_RUN.min(n - i)).rev() {
                if m < n {
                    let (a, b) = (parts[i].0, parts[i + m - 1].1);
                    out.push((a, EditSet::of(Edit::cut(seq, a, b))));
                }
            }
        }
    }
    out.sort_by_key(|p| std::cmp::Reverse(p.0));
    out
}

/// A pass that is one [`Sweep`]: named `name`, over the files `accepts` takes, with
/// the candidates `propose` makes for a file (`rust-optional`, `rust-rename-uses`).
pub struct SweepPass<C> {
    name: &'static str,
    accepts: fn(&C, usize) -> bool,
    propose: fn(&C, usize) -> Proposals,
    sweep: Sweep,
}

impl<C> Clone for SweepPass<C> {
    fn clone(&self) -> Self {
        SweepPass {
            sweep: self.sweep.clone(),
            ..*self
        }
    }
}

impl<C> SweepPass<C> {
    /// The pass `name`: `propose`'s candidates on the files `accepts` takes.
    pub fn new(
        name: &'static str,
        accepts: fn(&C, usize) -> bool,
        propose: fn(&C, usize) -> Proposals,
    ) -> Self {
        SweepPass {
            name,
            accepts,
            propose,
            sweep: Sweep::default(),
        }
    }
}

impl<C: Case<Item = u8> + 'static> Pass<C> for SweepPass<C> {
    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn is_fresh(&self) -> bool {
        self.sweep.is_fresh()
    }
    fn wants_rerun(&self) -> bool {
        self.sweep.rerun()
    }
    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        self.sweep.run(ctx, self.accepts, self.propose)
    }
}

impl Sweep {
    /// `true` when the next `run` starts a new sweep.
    pub(super) fn is_fresh(&self) -> bool {
        self.cursor.is_none()
    }

    /// The last complete sweep committed something ([`Pass::wants_rerun`]).
    pub(super) fn rerun(&self) -> bool {
        self.rerun
    }

    /// The last complete sweep tried every candidate of every file and none kept
    /// the bug.
    pub(super) fn clean(&self) -> bool {
        self.clean
    }

    /// Runs or resumes a sweep over the files `accepts` takes, with the candidates
    /// `propose` makes for a file (position descending).
    pub(super) fn run<C: Case<Item = u8>>(
        &mut self,
        ctx: &mut dyn Ctx<C>,
        accepts: impl Fn(&C, usize) -> bool,
        propose: impl Fn(&C, usize) -> Proposals,
    ) -> Result<(), Interrupt> {
        let files = ctx.current().seq_count();
        if self.cursor.is_none() {
            self.found = false;
            self.whole = true;
        }
        // Resumed on a case other passes changed in the pause: what it tried above
        // its cursor was tried on another case, so the sweep goes on (its trajectory
        // as before) but proves nothing of this one, and another whole sweep follows
        // (as after a success): a sweep that ends clean has tried all of one case.
        let key = |c: &C| crate::case::content_key(&[], c);
        if (self.paused_on.take()).is_some_and(|k| k != key(ctx.current())) {
            self.found = true;
        }
        let (mut seq, mut pos) = self.cursor.take().unwrap_or((files, usize::MAX));
        loop {
            if let Err(e) = ctx.checkpoint() {
                self.cursor = Some((seq, pos));
                self.paused_on = Some(key(ctx.current()));
                return Err(e);
            }
            if seq < files && pos > 0 && !accepts(ctx.current(), seq) {
                self.whole = false;
                pos = 0;
            }
            if seq >= files || pos == 0 {
                if seq == 0 || files == 0 {
                    self.rerun = self.found;
                    self.clean = self.whole && !self.found;
                    return Ok(());
                }
                seq = seq.min(files) - 1;
                pos = usize::MAX;
                continue;
            }
            let base = ctx.current().clone();
            let text = base.seq(seq);
            let mut props = propose(&base, seq);
            props.retain(|(p, _)| *p < pos);
            if props.len() > MAX_PROPOSALS {
                self.whole = false;
                pos = 0;
                continue;
            }
            // Neighbours that differ from the case only in blanks are no neighbours.
            // The same text twice (a one-byte token's deletion as a run and as a
            // byte) is tried once.
            let flat = squash(text);
            let mut seen = std::collections::HashSet::new();
            let cands: Vec<(usize, C)> = props
                .into_iter()
                .map(|(p, e)| (p, base.apply(&e)))
                .filter(|(_, c)| squash(c.seq(seq)) != flat && seen.insert(c.seq(seq).to_vec()))
                .collect();
            if cands.len() > MAX_CANDIDATES {
                self.whole = false;
                pos = 0;
                continue;
            }
            match ctx.first(cands.iter().map(|(_, c)| c.clone())) {
                Ok(Some(i)) => {
                    self.found = true;
                    // Candidates at the same position not yet tried (shorter runs,
                    // the two ends) are tried on the new case.
                    pos = cands[i].0 + 1;
                }
                Ok(None) => pos = 0,
                Err(e) => {
                    self.cursor = Some((seq, pos));
                    self.paused_on = Some(key(ctx.current()));
                    return Err(e);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;

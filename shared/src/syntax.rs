//! Rust syntax: a lossless, error-tolerant parse (rust-analyzer's `ra_ap_syntax`)
//! of each `.rs` file of a case, the ranges of the nodes the Rust passes work on,
//! and the parse check that discards candidates that no longer parse.

use sha2::Digest;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use ra_ap_syntax::{Edition, Parse, SourceFile, SyntaxKind, SyntaxNode};

use crate::testcase::TestCase;

pub use crate::testcase::is_rust;

/// Parses `text` (invalid UTF-8 is treated as not Rust: `None`).
pub fn parse(text: &[u8]) -> Option<SyntaxNode> {
    let s = std::str::from_utf8(text).ok()?;
    Some(parsed(s, true).syntax_node())
}

/// The number of syntax errors in `text` (`usize::MAX` when not UTF-8).
pub fn error_count(text: &[u8]) -> usize {
    match std::str::from_utf8(text) {
        Ok(s) => parsed(s, false).errors().len(),
        Err(_) => usize::MAX,
    }
}

/// The byte ranges of the string, byte string, C string, character and byte
/// literals of the Rust source `text` (none when it is not UTF-8), in order.
pub fn literal_ranges(text: &[u8]) -> Vec<(usize, usize)> {
    let Some(root) = parse(text) else {
        return Vec::new();
    };
    (root.descendants_with_tokens())
        .filter_map(|e| e.into_token())
        .filter(|t| {
            matches!(
                t.kind(),
                SyntaxKind::STRING
                    | SyntaxKind::BYTE_STRING
                    | SyntaxKind::C_STRING
                    | SyntaxKind::CHAR
                    | SyntaxKind::BYTE
            )
        })
        .map(|t| {
            let r = t.text_range();
            (usize::from(r.start()), usize::from(r.end()))
        })
        .collect()
}

/// Parses the Rust files of `case` ahead of time (while its checks run), so that
/// the passes' first looks at it cost nothing.
pub fn parse_ahead(case: &TestCase) {
    for (path, bytes) in case.files() {
        if is_rust(path) {
            parse(bytes);
        }
    }
}

/// The test function around byte `offset` of the Rust source `text`: the
/// innermost `fn` whose text, attributes included, holds `offset` and that has an
/// attribute whose path ends in `test` (`#[test]`, `#[tokio::test]`, ...). Its name.
pub fn test_fn_at(text: &str, offset: usize) -> Option<String> {
    use ra_ap_syntax::ast::{self, AstNode, HasAttrs, HasName};
    let offset = ra_ap_syntax::TextSize::try_from(offset.min(text.len())).ok()?;
    let root = parse(text.as_bytes())?;
    let is_test = |a: ast::Attr| {
        (a.path()
            .and_then(|p| p.segment())
            .and_then(|s| s.name_ref()))
        .is_some_and(|n| n.text() == "test")
    };
    root.descendants()
        .filter_map(ast::Fn::cast)
        .filter(|f| f.syntax().text_range().contains_inclusive(offset))
        .filter(|f| f.attrs().any(is_test))
        .last()
        .and_then(|f| f.name())
        .map(|n| n.text().to_string())
}

/// The names the Rust files of `case` define (items, fields, variants, variables,
/// parameters, generic parameters, labels), sorted and deduplicated: what a bug
/// signature generalizes (`predicate::MatchMode::Same`), since the reduction renames
/// and moves them.
pub fn defined_names(case: &TestCase) -> Vec<String> {
    let mut names = std::collections::BTreeSet::new();
    for (path, bytes) in case.files() {
        let Some(text) = is_rust(path)
            .then(|| std::str::from_utf8(bytes).ok())
            .flatten()
        else {
            continue;
        };
        let root = parsed(text, true).syntax_node();
        for node in root.descendants() {
            if node.kind() == SyntaxKind::NAME {
                let name = node.text().to_string();
                let name = name.strip_prefix("r#").unwrap_or(&name);
                if !name.is_empty() && name != "self" {
                    names.insert(name.to_string());
                }
            }
        }
    }
    names.into_iter().collect()
}

/// Recent parses, by text: the current case is parsed by several passes in turn
/// (and by their copies that foresee tests at `-j` > 1); a 40 KB file takes about
/// 12 ms. Only [`parse`] adds to it (candidates that are only checked would push
/// the current case out).
static RECENT: Mutex<VecDeque<(Arc<str>, Parse<SourceFile>)>> = Mutex::new(VecDeque::new());

/// Parses kept in [`RECENT`], and the most text they may hold together (a syntax
/// tree takes several times its text; the LSP server lives on after its jobs).
const RECENT_LIMIT: usize = 8;
const RECENT_BYTES: usize = 4 << 20;

fn parsed(text: &str, remember: bool) -> Parse<SourceFile> {
    let found = {
        let recent = RECENT.lock().unwrap_or_else(|e| e.into_inner());
        recent
            .iter()
            .find(|(t, _)| **t == *text)
            .map(|(_, p)| p.clone())
    };
    if let Some(p) = found {
        return p;
    }
    let p = SourceFile::parse(text, Edition::Edition2024);
    if remember && text.len() <= RECENT_BYTES {
        let mut recent = RECENT.lock().unwrap_or_else(|e| e.into_inner());
        while recent.len() >= RECENT_LIMIT
            || recent.iter().map(|(t, _)| t.len()).sum::<usize>() + text.len() > RECENT_BYTES
        {
            recent.pop_front();
        }
        recent.push_back((Arc::from(text), p.clone()));
    }
    p
}

/// A parse check for candidates: a candidate may not add a syntax error. The
/// original may have some (a bug may need a parse error, and the parser may not
/// know new syntax: `trait A = !Sync;` is four errors to it), so each kind of error
/// (its message and the kinds of the tokens on either side) may occur at most as
/// often as in the original, over all Rust files together (code may move between
/// files, as when a module is inlined). Counting kinds and not just errors keeps a
/// candidate that removes one of the original's errors from adding another in its
/// place (a `;` gone from a `let`), or from moving one (the `;` of that alias).
pub struct ParseCheck {
    /// Error messages of the original's Rust files (those that are Rust text), with
    /// their counts.
    baseline: Vec<(std::path::PathBuf, Arc<ErrorKinds>)>,
    /// Errors by file content: a candidate usually changes one file, and the same
    /// candidate may be checked twice (proposed for speculation, then tested).
    memo: Mutex<HashMap<[u8; 32], Arc<ErrorKinds>>>,
}

/// Syntax error messages and how often each occurs; `None` for a file that is not
/// UTF-8.
type ErrorKinds = Option<HashMap<String, usize>>;

/// Entries kept in [`ParseCheck`]'s memo before it starts over.
const MEMO_LIMIT: usize = 4096;

/// The kinds of `text`'s syntax errors: the message and the kinds of the tokens on
/// either side of the error (trivia skipped; kinds, not texts, so that renames do
/// not make an error new).
fn error_kinds(text: &[u8]) -> ErrorKinds {
    let s = std::str::from_utf8(text).ok()?;
    let parse = parsed(s, false);
    let root = parse.syntax_node();
    let mut kinds = HashMap::new();
    for e in parse.errors() {
        let at = e.range().start();
        let (left, right) = tokens_around(&root, at);
        let key = format!("{e}|{left:?}|{right:?}");
        *kinds.entry(key).or_insert(0) += 1;
    }
    Some(kinds)
}

/// The kinds of the last non-trivia token ending at or before `at` and the first
/// one starting at or after it.
fn tokens_around(
    root: &SyntaxNode,
    at: ra_ap_syntax::TextSize,
) -> (Option<SyntaxKind>, Option<SyntaxKind>) {
    use ra_ap_syntax::TokenAtOffset;
    let (before, after) = match root.token_at_offset(at) {
        TokenAtOffset::None => return (None, None),
        TokenAtOffset::Single(t) if t.text_range().start() >= at => (t.prev_token(), Some(t)),
        TokenAtOffset::Single(t) if t.text_range().end() <= at => (Some(t.clone()), t.next_token()),
        // Inside a token: it is neither before nor after.
        TokenAtOffset::Single(t) => (t.prev_token(), t.next_token()),
        TokenAtOffset::Between(l, r) => (Some(l), Some(r)),
    };
    let mut left = before;
    while let Some(t) = left.as_ref().filter(|t| t.kind().is_trivia()) {
        left = t.prev_token();
    }
    let mut right = after;
    while let Some(t) = right.as_ref().filter(|t| t.kind().is_trivia()) {
        right = t.next_token();
    }
    (left.map(|t| t.kind()), right.map(|t| t.kind()))
}

impl ParseCheck {
    /// Records the syntax errors of `original`'s Rust files.
    pub fn new(original: &TestCase) -> ParseCheck {
        ParseCheck {
            baseline: original
                .files()
                .filter(|(p, _)| is_rust(p))
                .map(|(p, b)| (p.to_path_buf(), Arc::new(error_kinds(b))))
                .collect(),
            memo: Mutex::new(HashMap::new()),
        }
    }

    /// `true` when `case` parses at least as well as the original: no kind of
    /// syntax error more often than in the original, over all its Rust files
    /// together. Files that were not Rust text to begin with (invalid UTF-8) do not
    /// count.
    pub fn admits(&self, case: &TestCase) -> bool {
        let mut allowed: HashMap<&str, usize> = HashMap::new();
        let mut found: Vec<Arc<ErrorKinds>> = Vec::new();
        for (p, b) in case.files() {
            let Some((_, base)) = self.baseline.iter().find(|(q, _)| q == p) else {
                continue;
            };
            let Some(base) = base.as_ref() else {
                continue;
            };
            for (k, n) in base {
                *allowed.entry(k.as_str()).or_insert(0) += n;
            }
            found.push(self.errors_in(b));
        }
        let mut used: HashMap<&str, usize> = HashMap::new();
        for kinds in &found {
            let Some(kinds) = kinds.as_ref() else {
                // Rust text once, not UTF-8 now.
                return false;
            };
            for (k, n) in kinds {
                let u = used.entry(k.as_str()).or_insert(0);
                *u += n;
                if *u > allowed.get(k.as_str()).copied().unwrap_or(0) {
                    return false;
                }
            }
        }
        true
    }

    fn errors_in(&self, text: &[u8]) -> Arc<ErrorKinds> {
        // SHA-256, as every other key: a collision would answer for another text.
        let key: [u8; 32] = sha2::Sha256::digest(text).into();
        if let Some(k) = self.memo.lock().expect("memo lock").get(&key) {
            return k.clone();
        }
        let k = Arc::new(error_kinds(text));
        let mut memo = self.memo.lock().expect("memo lock");
        if memo.len() >= MEMO_LIMIT {
            memo.clear();
        }
        memo.insert(key, k.clone());
        k
    }
}

/// Item kinds (at any level: files, modules, impls, traits, extern blocks).
pub fn is_item(k: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        k,
        FN | STRUCT
            | ENUM
            | UNION
            | IMPL
            | TRAIT
            | MODULE
            | USE
            | CONST
            | STATIC
            | TYPE_ALIAS
            | MACRO_RULES
            | MACRO_DEF
            | EXTERN_BLOCK
            | EXTERN_CRATE
    )
}

/// A node's byte range, widened over the whitespace after it (and, for list
/// elements, the comma that separates it from the next one), so deleting it
/// leaves neither a blank line nor a dangling comma.
pub fn deletion_range(node: &SyntaxNode, with_comma: bool) -> (usize, usize) {
    let r = node.text_range();
    let (start, mut end) = (usize::from(r.start()), usize::from(r.end()));
    let mut next = node.last_token().and_then(|t| t.next_token());
    let mut took_comma = false;
    while let Some(t) = next {
        match t.kind() {
            SyntaxKind::WHITESPACE => {
                end = usize::from(t.text_range().end());
            }
            SyntaxKind::COMMA if with_comma && !took_comma => {
                took_comma = true;
                end = usize::from(t.text_range().end());
            }
            _ => break,
        }
        next = t.next_token();
    }
    (start, end)
}

/// How many ancestors of `node` satisfy `pred` (its nesting level among them).
pub fn level(node: &SyntaxNode, pred: impl Fn(&SyntaxNode) -> bool) -> usize {
    node.ancestors().skip(1).filter(|a| pred(a)).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Case;

    #[test]
    fn parse_check_counts_syntax_errors() {
        let orig = TestCase::single("a.rs", b"fn f() { let x = 1; }\n".to_vec());
        let check = ParseCheck::new(&orig);
        assert!(check.admits(&orig));
        assert!(!check.admits(&orig.with_seq_text(b"fn f() { let x = 1;\n")));
        assert!(check.admits(&orig.with_seq_text(b"fn f() {}\n")));
        // Errors may move between files; their total may not grow.
        let two = TestCase::from_files([
            ("a.rs".into(), b"fn f() {}\n".to_vec()),
            ("b.rs".into(), b"fn g( {}\n".to_vec()),
        ]);
        let check2 = ParseCheck::new(&two);
        let moved = two
            .with_seq(0, b"fn g( {}\n".to_vec())
            .with_seq(1, Vec::new());
        assert!(check2.admits(&moved));
        assert!(!check2.admits(&two.with_seq(0, b"fn f( {}\n".to_vec())));
        // Syntax the parser does not know (four errors to it) leaves no room for
        // other kinds of error: a `;` gone from `let` stays out though the
        // candidate also loses one of the original's errors.
        let alias = TestCase::single(
            "a.rs",
            b"trait A = !Sync;\nfn b() {\n    let c = 0;\n    c\n}\n".to_vec(),
        );
        let check3 = ParseCheck::new(&alias);
        assert!(!check3
            .admits(&alias.with_seq_text(b"trait A = !Sync\nfn b() {\n    let c = 0\n    c\n}\n")));
        assert!(check3.admits(&alias.with_seq_text(b"trait A = !Sync;\nfn b() {}\n")));
        // Nor may the error move: without its `;`, the alias leaves rustc (and
        // rustfmt) something else to read.
        assert!(!check3.admits(&alias.with_seq_text(b"trait A = !Sync\nfn b() {}\n")));
        // Renames are not new errors.
        assert!(check3.admits(&alias.with_seq_text(b"trait a = !Sync;\nfn b() {}\n")));
        // Not Rust: anything goes.
        let yaml = TestCase::single("a.yaml", b"a: [1".to_vec());
        assert!(ParseCheck::new(&yaml).admits(&yaml));
    }

    #[test]
    fn parses_are_remembered_and_checks_only_look() {
        let text = "fn remembered_by_the_parse_memo() { 1 + }";
        let first = parse(text.as_bytes()).unwrap();
        let again = parse(text.as_bytes()).unwrap();
        assert_eq!(again.to_string(), text);
        assert_eq!(first.to_string(), again.to_string());
        assert!(error_count(text.as_bytes()) > 0);
        // A text only checked (a candidate) does not push the current case out.
        let checked = "fn only_checked_by_the_parse_check( {}";
        assert!(error_count(checked.as_bytes()) > 0);
        let recent = RECENT.lock().unwrap();
        assert!(!recent.iter().any(|(t, _)| &**t == checked));
    }

    #[test]
    fn deletion_ranges_take_commas_and_whitespace() {
        let text = "struct S { a: u8, b: u16 }\n";
        let root = parse(text.as_bytes()).unwrap();
        let field = root
            .descendants()
            .find(|n| n.kind() == SyntaxKind::RECORD_FIELD)
            .unwrap();
        let (a, b) = deletion_range(&field, true);
        assert_eq!(&text[a..b], "a: u8, ");
    }

    impl TestCase {
        fn with_seq_text(&self, t: &[u8]) -> TestCase {
            use crate::case::Case;
            self.with_seq(0, t.to_vec())
        }
    }
}

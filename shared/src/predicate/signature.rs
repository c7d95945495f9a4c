//! Bug signatures: what makes two failures "the same bug". An ICE is identified the
//! way compiler maintainers do (the rustc-dev-guide): the same compiler location and
//! the same query, and the same message once what the user's code contributes to it
//! is taken out (see [`MatchMode::Same`]); a test failure by its panic location and
//! normalized message.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

/// How strictly a candidate's failure must match the original's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchMode {
    /// The same compiler (or panic) location and first query frame (when both
    /// crashes happened inside a query), and the same message after removing what
    /// the user's code puts into it: file paths and
    /// `line:column` positions, numbers, `DefId`s, crate hashes, lifetimes, the
    /// contents of string literals, backtick quotes and single-quoted spans in a
    /// test's panic message (the input it quotes, closed or left open on the first
    /// line), and the
    /// names the case defines (a path naming one of them counts as one name, so
    /// inlining a module or renaming an item keeps the bug the same). The default.
    #[default]
    Same,
    /// Location, message and first query frame must all match, the message with
    /// only paths, positions and numbers normalized (names and module paths count).
    Exact,
    /// Only the location (file:line:col in the compiler or the panicking code).
    Location,
    /// Any ICE / any failure of the test.
    Any,
}

/// A normalized failure signature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Signature {
    /// Where it panicked (`compiler/rustc_x/src/y.rs:1:2`), when known.
    pub location: Option<String>,
    /// The first line of the message, normalized.
    pub message: String,
    /// The first frame of the query stack (`typeck`), when known.
    pub query: Option<String>,
    /// The whole first line of the message with only file paths taken out (what
    /// [`MatchMode::Same`] generalizes; `message` is cut at 240 characters).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// The names the failing case defines (see [`MatchMode::Same`]), sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// A compiler crash (not a test's panic): what its message prints in brackets
    /// is the compiler's dump of the user's code (see [`MatchMode::Same`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ice: bool,
}

impl Signature {
    /// `true` when `other` is the same bug under `mode`.
    pub fn matches(&self, other: &Signature, mode: MatchMode) -> bool {
        match mode {
            MatchMode::Any => true,
            MatchMode::Location => match (&self.location, &other.location) {
                (Some(a), Some(b)) => a == b,
                _ => self.message == other.message,
            },
            MatchMode::Exact => {
                self.location == other.location
                    && self.message == other.message
                    && self.query == other.query
            }
            MatchMode::Same => {
                // A crash outside any query (while parsing the crate root) is the
                // same as one at the same place inside a query (while parsing an
                // out-of-line module, which expansion loads).
                let queries_agree = match (&self.query, &other.query) {
                    (Some(a), Some(b)) => a == b,
                    _ => true,
                };
                if self.location != other.location || !queries_agree {
                    return false;
                }
                // Both messages are generalized with the names of both cases, so
                // a word that one case defines and the other does not (a name
                // that is also an English word of the message) counts the same.
                let names: BTreeSet<&str> = (self.names.iter().chain(&other.names))
                    .map(String::as_str)
                    .collect();
                let (a, b) = (self.full_text(), other.full_text());
                let ice = self.ice && other.ice;
                a == b || generalize(a, &names, ice) == generalize(b, &names, ice)
            }
        }
    }

    fn full_text(&self) -> &str {
        if self.text.is_empty() {
            &self.message
        } else {
            &self.text
        }
    }

    /// Records the names `case` defines, for [`MatchMode::Same`].
    pub fn with_names(mut self, names: Vec<String>) -> Signature {
        self.names = names;
        self
    }

    /// One line for humans and reports.
    pub fn display(&self) -> String {
        let mut s = String::new();
        if let Some(l) = &self.location {
            s.push_str(l);
            s.push_str(": ");
        }
        s.push_str(&self.message);
        if let Some(q) = &self.query {
            s.push_str(&format!(" [query: {q}]"));
        }
        s
    }
}

/// The verdict on a run that failed with `found` (or did not fail: `None`), when
/// the original's signature is `expected` (`None`: any failure counts). A run that
/// `timed_out` is a `Timeout`; in `hang` mode a timeout is the bug and nothing else is.
pub fn verdict_for(
    timed_out: bool,
    hang: bool,
    expected: Option<&Signature>,
    found: Option<&Signature>,
    mode: MatchMode,
) -> super::Verdict {
    use super::Verdict;
    match (timed_out, hang, expected, found) {
        (true, true, ..) => Verdict::Interesting,
        (true, false, ..) => Verdict::Timeout,
        (false, true, ..) | (false, false, _, None) => Verdict::NotInteresting,
        (false, false, Some(want), Some(got)) if !want.matches(got, mode) => {
            Verdict::NotInteresting
        }
        _ => Verdict::Interesting,
    }
}

/// `text` cut at a quote that opens (after a non-word character, so not an
/// apostrophe) and never closes: a panic quoting input that runs past the first line
/// (`failed to parse entire input. Remaining: '--- a/x.rs`, the rest of a file) has
/// only the quote's start on it, and that is input too.
fn cut_open_quote(text: &str) -> std::borrow::Cow<'_, str> {
    let mut prev: Option<char> = None;
    for (i, c) in text.char_indices() {
        let opens = matches!(c, '\'' | '"' | '`')
            && prev.is_none_or(|p| !(p.is_alphanumeric() || p == '_'))
            && !text[i + c.len_utf8()..].contains(c);
        if opens {
            return format!("{}{c}..", &text[..i]).into();
        }
        prev = Some(c);
    }
    text.into()
}

/// `text` with what a user's code contributes taken out (see [`MatchMode::Same`]):
/// for a compiler crash (`ice`), what is inside brackets (`ParamEnv { .. }`,
/// `TraitPredicate(..)`: dumps of the user's types, bounds and spans), for a
/// test's panic what is inside string literals, backticks and single quotes (the
/// input it quotes); then file
/// paths with positions, `DefId(..)`, crate hashes (`krate[1a2b]`), lifetimes, the
/// `names` (and any `::` path with one of them in it), then numbers.
pub fn generalize(text: &str, names: &BTreeSet<&str>, ice: bool) -> String {
    // A test's panic message quotes the input it choked on (`ParserError("Expected
    // SELECT, found: SET at Line: 1410")`, `unknown tag "foo"`, `Remaining: 'd'`):
    // what is inside a string literal or a single-quoted span (one that opens after
    // a non-word character, so not an apostrophe) is data, as a compiler's dumps of
    // the user's types are.
    static STRING: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#""(?:[^"\\]|\\.)*""#).unwrap());
    // So is what the standard library's panics quote in backticks (a string sliced at
    // a wrong index: `` of `Maßnahmen Termin ...`[...] ``, cut at 256 bytes) and a
    // char's `Debug` form (`inside 'ß'`). Template words in backticks (`` called
    // `Option::unwrap()` ``) go too; the location, which must be the same, and the
    // words around them still tell one panic from another.
    static QUOTED: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"`[^`]*`(?:\[\.\.\.\])?").unwrap());
    static SINGLE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(^|[^\w])'(?:[^'\\]|\\.)*'").unwrap());
    // Every quote becomes its opening mark and `..`, the form of a quote that the
    // first line leaves open (`cut_open_quote`): `Remaining: 'd'` and `Remaining: 'd`
    // (then a newline and the quote's end on the next line) are the same panic.
    let collapsed = if ice {
        collapse_brackets(text)
    } else {
        let text = &cut_open_quote(text);
        let s = STRING.replace_all(text, "\"..");
        let s = QUOTED.replace_all(&s, "`..");
        SINGLE.replace_all(&s, "$1'..").into_owned()
    };
    let text = collapsed.as_str();
    static DEF_ID: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"DefId\([^)]*\)").unwrap());
    static HASH: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[[0-9a-f]{4,16}\]").unwrap());
    static LIFETIME: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"'([A-Za-z_][A-Za-z0-9_]*)\b").unwrap());
    static WORD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"[A-Za-z_][A-Za-z0-9_]*").unwrap());
    static PATH: LazyLock<Regex> = LazyLock::new(|| {
        let seg = r"[A-Za-z0-9_#{}\x00]+(?:\[H\])?";
        Regex::new(&format!(r"(?:{seg}::)*\x00(?:\[H\])?(?:::{seg})*")).unwrap()
    });
    let s = DEF_ID.replace_all(text, "DefId(..)");
    let s = HASH.replace_all(&s, "[H]");
    let s = LIFETIME.replace_all(&s, |c: &regex::Captures<'_>| {
        if &c[1] == "static" {
            "'static".to_string()
        } else {
            "'L".to_string()
        }
    });
    // Names become a marker byte first, so that a path is recognized by it.
    let s = WORD.replace_all(&s, |c: &regex::Captures<'_>| {
        if names.contains(&c[0]) {
            "\x00".to_string()
        } else {
            c[0].to_string()
        }
    });
    let s = PATH.replace_all(&s, "ID");
    normalize_message_with(&s, usize::MAX)
}

/// `text` with the contents of every outermost `(..)`, `[..]` and `{..}` replaced by
/// `..`. An opening bracket left open counts to the end and is closed there: a dump
/// longer than the stored text (`Signature::text` is cut at 4 096 bytes) reads the
/// same as a shorter one that fits.
fn collapse_brackets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut open = ' ';
    for c in text.chars() {
        match c {
            '(' | '[' | '{' => {
                if depth == 0 {
                    out.push(c);
                    out.push_str("..");
                    open = c;
                }
                depth += 1;
            }
            ')' | ']' | '}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push(c);
                }
            }
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    if depth > 0 {
        out.push(match open {
            '(' => ')',
            '[' => ']',
            _ => '}',
        });
    }
    out
}

/// Text that marks rustc output as an internal compiler error.
pub fn looks_like_ice(stderr: &str) -> bool {
    stderr.contains("error: internal compiler error")
        || stderr.contains("error: the compiler unexpectedly panicked")
        || (stderr.contains("thread 'rustc'") && stderr.contains("panicked at"))
        || stderr.contains("query stack during panic")
}

/// Strips compiler build prefixes from a path (`/rustc-dev/<hash>/compiler/...`,
/// `/rustc/<hash>/...`, `/rust/deps/...`) and cargo registry prefixes.
fn normalize_path(p: &str) -> String {
    for marker in ["/compiler/", "/library/", "/rust/deps/", "/registry/src/"] {
        if let Some(i) = p.find(marker) {
            let rest = &p[i + marker.len()..];
            return match marker {
                "/registry/src/" => rest.split_once('/').map_or(rest, |(_, r)| r).to_string(),
                _ => format!("{}{}", &marker[1..], rest),
            };
        }
    }
    p.to_string()
}

/// Normalizes a message: paths of `.rs` files with line/column (which shift as the
/// code shrinks) become `FILE`, standalone numbers become `N`, thread ids go.
pub fn normalize_message(msg: &str) -> String {
    normalize_message_with(msg, 240)
}

/// A message's first line as [`Signature::text`]: paths of `.rs` files (user files
/// with their positions, not the compiler's) become `FILE`, whitespace is squashed,
/// at most 4 KiB.
fn message_text(msg: &str) -> String {
    let mut out = String::new();
    for word in msg.split_inclusive(|c: char| {
        c.is_whitespace() || c == '`' || c == '(' || c == ')' || c == ','
    }) {
        let trimmed = word.trim_end_matches(|c: char| {
            c.is_whitespace() || c == '`' || c == '(' || c == ')' || c == ','
        });
        if is_user_path(trimmed) {
            out.push_str("FILE");
            out.push_str(&word[trimmed.len()..]);
        } else {
            out.push_str(word);
        }
    }
    let mut s = out.split_whitespace().collect::<Vec<_>>().join(" ");
    truncate(&mut s, 4096);
    s
}

/// A word naming a `.rs` file of the user (not one of the compiler or the standard
/// library), with or without a position.
fn is_user_path(word: &str) -> bool {
    (word.contains(".rs:") || word.ends_with(".rs"))
        && !word.contains("compiler/")
        && !word.contains("library/")
        && !word.contains("rustc-dev")
}

fn truncate(s: &mut String, max: usize) {
    if s.len() > max {
        let mut cut = max;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
    }
}

fn normalize_message_with(msg: &str, max: usize) -> String {
    let mut out = String::new();
    for word in msg.split_inclusive(|c: char| {
        c.is_whitespace() || c == '`' || c == '(' || c == ')' || c == ','
    }) {
        let trimmed = word.trim_end_matches(|c: char| {
            c.is_whitespace() || c == '`' || c == '(' || c == ')' || c == ','
        });
        let tail = &word[trimmed.len()..];
        if trimmed.contains(".rs:")
            && !trimmed.contains("compiler/")
            && !trimmed.contains("rustc-dev")
        {
            out.push_str("FILE");
            out.push_str(tail);
        } else {
            out.push_str(word);
        }
    }
    // Standalone digit runs -> N (not inside identifiers such as i32 or u8).
    let bytes = out.as_bytes();
    let mut res = String::with_capacity(out.len());
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let prev_word = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if c.is_ascii_digit() && !prev_word {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            res.push('N');
        } else {
            let ch = out[i..].chars().next().expect("in bounds");
            res.push(ch);
            i += ch.len_utf8();
        }
    }
    let mut s = res.split_whitespace().collect::<Vec<_>>().join(" ");
    truncate(&mut s, max);
    s
}

/// Extracts an ICE signature from rustc's (or cargo's) stderr.
pub fn ice_signature(stderr: &str) -> Option<Signature> {
    if !looks_like_ice(stderr) {
        return None;
    }
    let lines: Vec<&str> = stderr.lines().collect();
    let query = lines
        .iter()
        .position(|l| l.starts_with("query stack during panic"))
        .and_then(|i| lines.get(i + 1))
        .and_then(|l| {
            l.split_once('[')
                .and_then(|(_, r)| r.split_once(']'))
                .map(|(q, _)| q.to_string())
        });
    // The bug is the first crash reported. A `bug!` prints its error line, then a
    // panic with no message of its own (`Box<dyn Any>`); a panic that comes first
    // (an assertion) is the crash, and an error line after it is a delayed bug that
    // the panic's unwinding flushes: rustc prints it only when no other error was
    // emitted, so it comes and goes with any syntax error in a candidate.
    let ice_line = lines
        .iter()
        .position(|l| l.starts_with("error: internal compiler error"));
    let panic_line = lines
        .iter()
        .position(|l| l.starts_with("thread '") && l.contains("panicked at "));
    let ice_line = match (ice_line, panic_line) {
        (Some(e), Some(p))
            if p < e
                && lines
                    .get(p + 1)
                    .is_some_and(|m| !m.starts_with("Box<dyn Any>")) =>
        {
            None
        }
        (e, _) => e,
    };
    // 1. `error: internal compiler error: <loc>: <msg>` or `...: <msg>`.
    // (`-Ztreat-err-as-bug` adds the error code: `error: internal compiler error[E0425]: ...`.)
    if let Some(l) = ice_line.map(|i| lines[i]) {
        let rest = &l["error: internal compiler error".len()..];
        let (code, rest) = match rest.strip_prefix('[').and_then(|r| r.split_once(']')) {
            Some((code, r)) => (Some(code), r),
            None => (None, rest),
        };
        let rest = rest.strip_prefix(": ").unwrap_or(rest);
        let (location, message) = split_location(rest);
        // A delayed bug names where it was delayed in the compiler.
        let location = location.or_else(|| {
            lines.iter().find_map(|l| {
                let at = l
                    .strip_prefix("note: delayed at ")?
                    .split_whitespace()
                    .next()?;
                let at = normalize_path(at);
                (!is_user_path(&at)).then_some(at)
            })
        });
        let (message, text) = match code {
            Some(c) => (
                format!("[{c}] {}", normalize_message(message)),
                format!("[{c}] {}", message_text(message)),
            ),
            None => (normalize_message(message), message_text(message)),
        };
        return Some(Signature {
            location,
            message,
            query,
            text,
            names: Vec::new(),
            ice: true,
        });
    }
    // 2. `thread 'rustc' (tid) panicked at <loc>:` then the message on the next line.
    if let Some(i) = panic_line {
        let at = lines[i]
            .split("panicked at ")
            .nth(1)
            .unwrap_or("")
            .trim_end_matches(':');
        let message = lines.get(i + 1).copied().unwrap_or("");
        return Some(Signature {
            location: Some(normalize_path(at)),
            message: normalize_message(message),
            query,
            text: message_text(message),
            names: Vec::new(),
            ice: true,
        });
    }
    Some(Signature {
        location: None,
        message: "unrecognized internal compiler error".into(),
        query,
        ice: true,
        ..Signature::default()
    })
}

/// Splits `path.rs:L:C: message` into a normalized location and the message. A
/// position in the user's own file (a span of a delayed bug) is not a location: it
/// moves with every cut and names the worker's scratch directory; it stays in the
/// message, where it is normalized as a path.
fn split_location(s: &str) -> (Option<String>, &str) {
    if let Some(i) = s.find(".rs:") {
        if is_user_path(&s[..i + 3]) {
            return (None, s);
        }
        let after = &s[i + 4..];
        // Skip `L:C` and the following `: `.
        let mut parts = after.splitn(3, ':');
        let (l, c) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        if l.chars().all(|ch| ch.is_ascii_digit())
            && c.chars().all(|ch| ch.is_ascii_digit())
            && !l.is_empty()
        {
            let loc = format!("{}:{l}:{c}", normalize_path(&s[..i + 3]));
            let msg = parts.next().unwrap_or("").trim_start();
            return (Some(loc), msg);
        }
    }
    (None, s)
}

/// Extracts the signature of a failing test from the test binary's output:
/// `thread '<name>' (tid) panicked at <loc>:` and the message line.
pub fn test_failure_signature(output: &str, test_name: Option<&str>) -> Option<Signature> {
    let lines: Vec<&str> = output.lines().collect();
    let i = lines.iter().position(|l| {
        l.starts_with("thread '")
            && l.contains("panicked at ")
            && test_name.is_none_or(|n| l.contains(n))
    })?;
    let at = lines[i]
        .split("panicked at ")
        .nth(1)
        .unwrap_or("")
        .trim_end_matches(':');
    let message = lines.get(i + 1).copied().unwrap_or("");
    Some(Signature {
        location: Some(normalize_path(at)),
        message: normalize_message(message),
        query: None,
        text: message_text(message),
        names: Vec::new(),
        ice: false,
    })
}

#[cfg(test)]
mod tests;

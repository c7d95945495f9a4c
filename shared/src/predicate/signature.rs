//! Bug signatures: what makes two failures "the same bug". An ICE is identified by
//! its normalized message and location plus the first query frame; a test failure
//! by its panic location and normalized message.

use serde::{Deserialize, Serialize};

/// How strictly a candidate's failure must match the original's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchMode {
    /// Location, message and first query frame must all match (the default).
    #[default]
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
        }
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
    if s.len() > 240 {
        let mut cut = 240;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
    }
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
    // 1. `error: internal compiler error: <loc>: <msg>` or `...: <msg>`.
    // (`-Ztreat-err-as-bug` adds the error code: `error: internal compiler error[E0425]: ...`.)
    if let Some(l) = lines
        .iter()
        .find(|l| l.starts_with("error: internal compiler error"))
    {
        let rest = &l["error: internal compiler error".len()..];
        let (code, rest) = match rest.strip_prefix('[').and_then(|r| r.split_once(']')) {
            Some((code, r)) => (Some(code), r),
            None => (None, rest),
        };
        let rest = rest.strip_prefix(": ").unwrap_or(rest);
        let (location, message) = split_location(rest);
        let message = match code {
            Some(c) => format!("[{c}] {}", normalize_message(message)),
            None => normalize_message(message),
        };
        return Some(Signature {
            location,
            message,
            query,
        });
    }
    // 2. `thread 'rustc' (tid) panicked at <loc>:` then the message on the next line.
    if let Some(i) = lines
        .iter()
        .position(|l| l.starts_with("thread '") && l.contains("panicked at "))
    {
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
        });
    }
    Some(Signature {
        location: None,
        message: "unrecognized internal compiler error".into(),
        query,
    })
}

/// Splits `path.rs:L:C: message` into a normalized location and the message.
fn split_location(s: &str) -> (Option<String>, &str) {
    if let Some(i) = s.find(".rs:") {
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
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PANIC: &str = "thread 'rustc' (7912) panicked at /rustc-dev/5980/compiler/rustc_hir_typeck/src/method/probe.rs:1112:17:\nassertion `left == right` failed\n  left: 1\nquery stack during panic:\n#0 [typeck] type-checking `LIMIT`\n#1 [check_match] x\nerror: the compiler unexpectedly panicked. This is a bug\n";
    const BUG: &str = "error: internal compiler error: /rustc-dev/abc/compiler/rustc_const_eval/src/interpret/operator.rs:51:18: Invalid operation on bool: MulWithOverflow\n --> /tmp/x.rs:8:44\nthread 'rustc' (1) panicked at /rustc-dev/abc/compiler/rustc_const_eval/src/interpret/operator.rs:51:18:\nBox<dyn Any>\nquery stack during panic:\n#0 [eval_to_allocation_raw] const-evaluating\n";

    #[test]
    fn current_rustc_panic_format() {
        let s = ice_signature(PANIC).unwrap();
        assert_eq!(
            s.location.as_deref(),
            Some("compiler/rustc_hir_typeck/src/method/probe.rs:1112:17")
        );
        assert_eq!(s.message, "assertion `left == right` failed");
        assert_eq!(s.query.as_deref(), Some("typeck"));
    }

    #[test]
    fn bug_format_and_thread_ids_do_not_matter() {
        let a = ice_signature(BUG).unwrap();
        assert_eq!(
            a.location.as_deref(),
            Some("compiler/rustc_const_eval/src/interpret/operator.rs:51:18")
        );
        assert_eq!(a.message, "Invalid operation on bool: MulWithOverflow");
        let b = ice_signature(
            &BUG.replace("(1)", "(99)")
                .replace("/tmp/x.rs:8:44", "/w/y.rs:2:1"),
        )
        .unwrap();
        assert!(a.matches(&b, MatchMode::Exact));
        let other = ice_signature(PANIC).unwrap();
        assert!(!a.matches(&other, MatchMode::Exact));
        assert!(!a.matches(&other, MatchMode::Location));
        assert!(a.matches(&other, MatchMode::Any));
    }

    #[test]
    fn messages_normalize_user_paths_and_numbers() {
        assert_eq!(
            normalize_message("closure@/work/a.rs:20:26: 20:34 DefId(0:6 ~ x[58d5]) i32"),
            "FILE N:N DefId(N:N ~ x[Nd5]) i32"
        );
    }

    #[test]
    fn treat_err_as_bug_keeps_the_error_code() {
        let s = ice_signature("error: internal compiler error[E0425]: cannot find value `nope` in this scope\n --> x.rs:2:18\n").unwrap();
        assert_eq!(s.message, "[E0425] cannot find value `nope` in this scope");
    }

    #[test]
    fn not_an_ice() {
        assert!(ice_signature("error[E0308]: mismatched types\n").is_none());
    }

    #[test]
    fn test_panics() {
        let out = "running 1 test\nthread 'parses' (42) panicked at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/serde_yaml-0.8.0/src/de.rs:10:5:\nindex out of bounds: the len is 3 but the index is 5\n";
        let s = test_failure_signature(out, Some("parses")).unwrap();
        assert_eq!(
            s.location.as_deref(),
            Some("serde_yaml-0.8.0/src/de.rs:10:5")
        );
        assert_eq!(
            s.message,
            "index out of bounds: the len is N but the index is N"
        );
    }
}

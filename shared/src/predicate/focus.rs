//! Where the bug is, as the compiler said it when the original failed: the items
//! named in the query stack of an ICE (`type-checking `call``, `borrow-checking
//! `m1::spawn``), the places it points at (`<impl at src/m1.rs:12:1: 12:20>`,
//! `{closure@src/a.rs:20:26: 20:34}`), and the spans of its errors and of warnings
//! about code in use (`--> src/a.rs:8:44`). `rust-focus` keeps those items and what
//! they mention, and tries deleting everything else at once.

use crate::hints::Focus;

/// Words of a query description that are not item names.
const NOT_NAMES: &[&str] = &[
    "impl", "as", "for", "dyn", "mut", "const", "crate", "self", "Self", "super", "core", "std",
    "alloc", "marker", "ops", "function", "constant", "closure", "opaque",
];

/// Starts of the messages of `dead_code` and `unused_imports` warnings.
const DEAD: &[&str] = &[
    "function",
    "struct",
    "enum",
    "constant",
    "static",
    "type alias",
    "trait",
    "method",
    "associated",
    "field",
    "variant",
    "multiple",
    "unused import",
    "module",
    "macro",
];

/// The focus of a cargo build's output: the diagnostics cargo printed as JSON on
/// stdout (`--message-format=json`: their `rendered` text, the error spans), then
/// rustc's own stderr (the panic and its query stack). A crash without a query
/// stack (a delayed bug) is found by its error span alone.
pub fn focus_of_output(stdout: &[u8], stderr: &[u8]) -> Focus {
    let mut text = String::new();
    for d in super::diagnostics(stdout) {
        if let Some(r) = d.rendered {
            text.push_str(&r);
            text.push('\n');
        }
    }
    text.push_str(&String::from_utf8_lossy(stderr));
    focus_from_stderr(&text)
}

/// The focus of an ICE's (or a compile's) stderr.
pub fn focus_from_stderr(stderr: &str) -> Focus {
    let mut focus = Focus::default();
    let lines: Vec<&str> = stderr.lines().collect();
    // 1. The query stack: the quoted part of each frame, except the crate's.
    if let Some(start) = lines
        .iter()
        .position(|l| l.starts_with("query stack during panic"))
    {
        for l in &lines[start + 1..] {
            if !l.starts_with('#') {
                break;
            }
            if l.contains("] running analysis passes on crate") {
                continue;
            }
            for quoted in l.split('`').skip(1).step_by(2) {
                add_quoted(&mut focus, quoted);
            }
        }
    }
    // 2. The spans of errors, and of warnings other than "unused item" ones.
    // `None`: not a span to keep; `Some(weak)`: an error's, or a warning's.
    let mut keep_spans = None;
    for l in &lines {
        if l.starts_with("error") {
            keep_spans = (!l.starts_with("error: aborting") && !l.starts_with("error: could not"))
                .then_some(false);
        } else if let Some(rest) = l.strip_prefix("warning") {
            // Not the dead-code ones: they point at items nothing uses.
            let rest = rest.split_once(": ").map_or("", |(_, r)| r);
            keep_spans = (!DEAD.iter().any(|w| rest.starts_with(w))
                && !rest.contains("warnings emitted")
                && !rest.contains("warning emitted"))
            .then_some(true);
        } else if l.starts_with("note:") || l.starts_with("help:") {
            keep_spans = None;
        } else if let Some(at) = l.trim_start().strip_prefix("--> ") {
            if let (Some(weak), Some((file, line))) = (keep_spans, file_line(at)) {
                focus.add_place(file, line, weak);
            }
        }
    }
    focus
}

/// Names and places in one quoted part of a query frame.
fn add_quoted(focus: &mut Focus, quoted: &str) {
    // Places: `{closure@FILE:L:C: L:C}`, `<impl at FILE:L:C: L:C>`.
    for marker in ["@", "impl at "] {
        for (i, _) in quoted.match_indices(marker) {
            if let Some((file, line)) = file_line(&quoted[i + marker.len()..]) {
                focus.add_place(file, line, false);
            }
        }
    }
    // Names: identifiers outside `{...}` and outside `impl at` places.
    let mut bare = String::new();
    let mut depth = 0usize;
    let mut rest = quoted;
    while let Some(c) = rest.chars().next() {
        if depth == 0 && rest.starts_with("impl at ") {
            rest = rest.find('>').map_or("", |e| &rest[e..]);
            continue;
        }
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => bare.push(c),
            _ => {}
        }
        rest = &rest[c.len_utf8()..];
    }
    // Module segments of a path (`parse` in `parse::squared`: lowercase, and more
    // path after it) are not items: a module of the same name as a function
    // (`mod parse` beside `fn parse`) would keep every `fn parse` and all they use.
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in bare.char_indices().chain([(bare.len(), ' ')]) {
        match (start, is_word(c)) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                words.push((&bare[s..i], &bare[i..]));
                start = None;
            }
            _ => {}
        }
    }
    for (w, after) in words {
        let module = w.starts_with(|c: char| c.is_lowercase())
            && after
                .strip_prefix("::")
                .is_some_and(|rest| rest.starts_with(is_word));
        if w.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && !module
            && !NOT_NAMES.contains(&w)
        {
            focus.add_name(w);
        }
    }
}

/// `FILE:LINE:COL...` → `(FILE, LINE)`.
fn file_line(s: &str) -> Option<(&str, usize)> {
    let end = s.find(['>', '}', ' ']).unwrap_or(s.len());
    let s = s[..end].trim_end_matches(':');
    let mut parts = s.rsplitn(3, ':');
    let _col = parts.next()?.parse::<usize>().ok()?;
    let line = parts.next()?.parse::<usize>().ok()?;
    let file = parts.next()?;
    (!file.is_empty()).then_some((file, line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_stack_names_and_places() {
        let stderr = "\
error: internal compiler error: x\n\
query stack during panic:\n\
#0 [eval_to_allocation_raw] const-evaluating + checking `parse::squared::{constant#0}`\n\
#1 [eval_to_valtree] evaluating type-level constant\n\
#2 [typeck] type-checking `m1::call`\n\
#3 [orphan_check_impl] checking whether impl `<impl at src/m1.rs:12:1: 12:20>` follows the orphan rules\n\
#4 [codegen_select_candidate] computing candidate for `<{closure@/tmp/w/a.rs:20:26: 20:34} as core::ops::function::Fn<(<X as Field>::Scalar,)>>`\n\
#5 [analysis] running analysis passes on crate `gce`\n\
end of query stack\n";
        let f = focus_from_stderr(stderr);
        for n in ["squared", "call", "X", "Field", "Scalar"] {
            assert!(f.names.iter().any(|x| x == n), "{n} in {:?}", f.names);
        }
        // Module segments (`parse::`, `m1::`) are not item names.
        for n in [
            "gce", "constant", "impl", "src", "m1rs", "rs", "tmp", "parse", "m1",
        ] {
            assert!(!f.names.iter().any(|x| x == n), "{n} not in {:?}", f.names);
        }
        assert_eq!(
            f.places,
            [
                ("src/m1.rs".to_string(), 12),
                ("/tmp/w/a.rs".to_string(), 20)
            ]
        );
    }

    #[test]
    fn spans_in_cargos_json_messages_count() {
        // A compiler-message record as cargo prints it (trimmed).
        let record = serde_json::json!({
            "reason": "compiler-message",
            "package_id": "path+file:///w#x@0.1.0",
            "manifest_path": "/w/Cargo.toml",
            "target": {"kind": ["lib"], "crate_types": ["lib"], "name": "x",
                       "src_path": "/w/src/lib.rs", "edition": "2021",
                       "doc": true, "doctest": true, "test": true},
            "message": {
                "rendered": "error: internal compiler error: `type_of` called on const argument\n --> src/fallback.rs:381:5\n",
                "$message_type": "diagnostic", "children": [], "spans": [], "code": null,
                "level": "error: internal compiler error",
                "message": "`type_of` called on const argument"
            }
        });
        let stdout = format!("{record}\nnot json\n");
        let stderr = "note: no errors encountered even though delayed bugs were created\n";
        let focus = focus_of_output(stdout.as_bytes(), stderr.as_bytes());
        assert_eq!(focus.places, [("src/fallback.rs".to_string(), 381)]);
        assert!(focus.names.is_empty());
    }

    #[test]
    fn spans_of_errors_and_live_warnings() {
        let stderr = "\
warning: function `helper` is never used\n --> src/a.rs:3:4\n\n\
warning: variable `name` is assigned to, but never used\n --> src/a.rs:40:11\n\n\
warning: unused import: `std::fmt`\n --> src/a.rs:1:5\n\n\
warning: multiple fields are never read\n --> src/a.rs:7:5\n\n\
error[E0658]: yield syntax is experimental\n --> src/a.rs:50:27\n  |\n\
note: see issue\n --> src/other.rs:1:1\n\
warning: 2 warnings emitted\n";
        let f = focus_from_stderr(stderr);
        assert!(f.names.is_empty());
        assert_eq!(f.places, [("src/a.rs".to_string(), 50)]);
        assert_eq!(f.weak_places, [("src/a.rs".to_string(), 40)]);
    }
}

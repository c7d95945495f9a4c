//! The contents of string literals (`"…"`, `b"…"`, `c"…"`, raw `r#"…"#`) as
//! deletable units (`rust-strings`): a failing test's input is often a literal
//! (`parse("1, 2, x")` → `parse("x")`), which the token passes see as one token.
//! A unit is a character or a whole escape (`\n`, `\x41`, `\u{1F600}`, a line
//! continuation), so every candidate still lexes.

use ra_ap_syntax::SyntaxKind;

use super::rust::rust_trees;
use super::units::{Segmenter, Span};
use crate::testcase::TestCase;

/// The characters of every string literal of every `.rs` file.
#[derive(Clone)]
pub struct StringContents;

impl Segmenter<TestCase> for StringContents {
    fn name(&self) -> &'static str {
        "rust-strings"
    }
    fn segment(&self, case: &TestCase) -> Vec<Span> {
        let mut out = Vec::new();
        for (seq, _, root) in rust_trees(case) {
            let literals = root
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .filter(|t| {
                    matches!(
                        t.kind(),
                        SyntaxKind::STRING | SyntaxKind::BYTE_STRING | SyntaxKind::C_STRING
                    )
                });
            for t in literals {
                let start = usize::from(t.text_range().start());
                for (a, b) in content_units(t.text()) {
                    out.push(Span {
                        seq,
                        start: start + a,
                        end: start + b,
                    });
                }
            }
        }
        out
    }
}

/// The units of a literal's text, as byte ranges within it; none when the literal
/// is not terminated (the parser tolerates that; deleting inside it would not
/// help).
fn content_units(text: &str) -> Vec<(usize, usize)> {
    let body = text.trim_start_matches(['b', 'c']);
    let raw = body.starts_with('r');
    let body = body.strip_prefix('r').unwrap_or(body);
    let hashes = body.len() - body.trim_start_matches('#').len();
    let open = text.len() - body.len() + hashes + 1;
    let close = hashes + 1;
    if !text[open - 1..].starts_with('"')
        || text.len() < open + close
        || !text.ends_with(&format!("\"{}", "#".repeat(hashes)))
    {
        return Vec::new();
    }
    let content = &text[open..text.len() - close];
    let mut units = Vec::new();
    let mut chars = content.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let mut end = i + c.len_utf8();
        if c == '\\' && !raw {
            match chars.next() {
                Some((j, 'x')) => {
                    end = j + 1;
                    for _ in 0..2 {
                        if let Some((k, h)) = chars.next_if(|(_, h)| h.is_ascii_hexdigit()) {
                            end = k + h.len_utf8();
                        }
                    }
                }
                Some((j, 'u')) => {
                    end = j + 1;
                    for (k, u) in chars.by_ref() {
                        end = k + u.len_utf8();
                        if u == '}' {
                            break;
                        }
                    }
                }
                // A line continuation skips the whitespace after it.
                Some((j, '\n')) => {
                    end = j + 1;
                    while let Some((k, w)) = chars.next_if(|(_, w)| w.is_whitespace()) {
                        end = k + w.len_utf8();
                    }
                }
                Some((j, e)) => end = j + e.len_utf8(),
                None => {}
            }
        }
        units.push((open + i, open + end));
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Case;

    fn units(text: &str) -> Vec<&str> {
        content_units(text)
            .into_iter()
            .map(|(a, b)| &text[a..b])
            .collect()
    }

    #[test]
    fn characters_and_whole_escapes() {
        assert_eq!(units(r#""a,é""#), ["a", ",", "é"]);
        assert_eq!(
            units(r#""\n\x41\u{1F600}\"z""#),
            ["\\n", "\\x41", "\\u{1F600}", "\\\"", "z"]
        );
        assert_eq!(units("\"a\\\n    b\""), ["a", "\\\n    ", "b"]);
        assert_eq!(units(r#"b"ab""#), ["a", "b"]);
        assert_eq!(units(r#"c"a""#), ["a"]);
        assert_eq!(units(r###"r#"a"\n"#"###), ["a", "\"", "\\", "n"]);
        assert_eq!(units(r#""""#), Vec::<&str>::new());
        assert_eq!(units("\"unterminated"), Vec::<&str>::new());
    }

    #[test]
    fn every_literal_of_every_rust_file() {
        let case = TestCase::from_files([
            (
                "src/lib.rs".into(),
                b"fn f() { g(\"ab\", 'c', b\"d\"); } // \"no\"\n".to_vec(),
            ),
            ("data.txt".into(), b"\"not rust\"".to_vec()),
        ]);
        let spans = StringContents.segment(&case);
        let got: Vec<&[u8]> = (spans.iter())
            .map(|s| &case.seq(s.seq)[s.start..s.end])
            .collect();
        assert_eq!(got, [b"a", b"b", b"d"]);
        assert!(spans.iter().all(|s| case.path(s.seq).ends_with("lib.rs")));
    }

    #[test]
    fn a_test_input_in_a_literal_shrinks_to_what_fails() {
        use crate::cache::VerdictCache;
        use crate::output::NullSink;
        use crate::passes::Delete;
        use crate::predicate::FnPredicate;
        use crate::report::NullObserver;
        use crate::schedule::{reduce, Config, Reduction};
        use crate::CancelFlag;
        // "parse fails": the literal still holds a character that is not a digit,
        // a comma or a space, and the code around it is intact.
        let p = FnPredicate::new("parse", |c: &TestCase| {
            let t = String::from_utf8_lossy(c.seq(0)).into_owned();
            let arg = t.split("parse(\"").nth(1).and_then(|r| r.split('"').next());
            let fails = arg.is_some_and(|a| {
                a.chars()
                    .any(|c| !c.is_ascii_digit() && c != ',' && c != ' ')
            });
            fails && t.contains("assert_eq!(v.len(), 3, \"three\")")
        });
        let r = Reduction {
            predicate: &p,
            passes: vec![Box::new(Delete::new(
                StringContents,
                "rust-strings",
                usize::MAX,
            ))],
            config: Config {
                jobs: 1,
                ..Config::default()
            },
            cache: VerdictCache::new(None),
            cancel: CancelFlag::new(),
            admit: None,
            forms: Vec::new(),
        };
        let src = "fn t() {\n    let v = parse(\"1, 2, \\u{78}, 4\");\n    assert_eq!(v.len(), 3, \"three\");\n}\n";
        let case = TestCase::single("a.rs", src.as_bytes().to_vec());
        let out = reduce(case, r, &mut NullObserver, &mut NullSink).unwrap();
        let text = String::from_utf8_lossy(out.best.seq(0)).into_owned();
        assert_eq!(
            text,
            "fn t() {\n    let v = parse(\"\\u{78}\");\n    assert_eq!(v.len(), 3, \"three\");\n}\n"
        );
    }
}

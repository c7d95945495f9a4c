//! The optional parts of Rust's grammar (`rust-optional`), deleted one at a time:
//! what the grammar lets a construct go without, as Perses deletes the optional
//! children of a grammar rule. The list-element, item and statement passes delete
//! the members of lists; this pass deletes the parts around them:
//!
//! - generic arguments and parameters, `<..>` and `::<..>` (empty ones included),
//!   where clauses, parameter lists, return types, ABIs;
//! - a bound list with its `:` (`trait A: B`), one bound with its `+`;
//! - an initializer with its `=` (`const`, `static`, `let`, associated types,
//!   defaults of generic parameters), a type annotation with its `:` (`const`,
//!   `static`, `let`, const parameters); a `let x =` before a value that can stand
//!   as a statement; a path's qualifier (`std::mem::size_of` → `size_of`), a
//!   qualified path's trait (`<T as Tr>::x` → `<T>::x`), an array's length
//!   (`[T; N]` → `[T]`, `[x; N]` → `[x]`);
//! - a type that holds other types, replaced by one of them (`[T]`, `&T`, `(T)`,
//!   `Box<T>` → `T`; `(A, B)`, `Map<A, B>`, `fn(A) -> B` → `A` or `B`), as
//!   `rust-hoist` does for expressions;
//! - the end of an item and the start of the next, when both have a body in
//!   braces: the first's header with the second's body;
//! - a lifetime anywhere, a binder `for<..>`, the arguments of an attribute
//!   (`#[repr(u8)]` → `#[repr]`), an empty pair of brackets (`<>`, `()`, `[]`,
//!   `{}`: in a macro call's tokens too, where the parser sees no generics), a
//!   number's type suffix (`0_u16` → `0`).
//!
//! rustc recovers from most of these deletions where the language forbids them
//! (a `const` without a type, a `fn` without parentheses) and often crashes the
//! same way: the result of an ICE reduction is seldom valid Rust. One candidate at
//! a time from the end of each file (`neighbours::Sweep`), in every round, after
//! `rust-renames`. As a fallback after the generic passes it cost more checks on the
//! ICE corpus's tune half (6 700 against 5 443, the same results): what it takes
//! early, the token passes do not sweep again.

use ra_ap_syntax::{SyntaxKind, SyntaxNode, SyntaxToken};

use super::neighbours::{Proposals, SweepPass};
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::syntax::{is_rust, parse};
use crate::testcase::TestCase;

/// The optional-parts pass.
pub fn pass() -> SweepPass<TestCase> {
    SweepPass::new("rust-optional", |c, seq| is_rust(c.path(seq)), propose)
}

fn span(n: &SyntaxNode) -> (usize, usize) {
    let r = n.text_range();
    (usize::from(r.start()), usize::from(r.end()))
}

fn token_span(t: &SyntaxToken) -> (usize, usize) {
    let r = t.text_range();
    (usize::from(r.start()), usize::from(r.end()))
}

/// The token next to `t` (after it, or before it), blanks and comments skipped.
fn neighbour(t: Option<SyntaxToken>, after: bool) -> Option<SyntaxToken> {
    let mut t = t?;
    loop {
        t = if after {
            t.next_token()?
        } else {
            t.prev_token()?
        };
        if !t.kind().is_trivia() {
            return Some(t);
        }
    }
}

/// `tok` (a direct child token of `n` of this kind) to the end of the node that
/// follows it: `= value`, `: Type`.
fn introduced(n: &SyntaxNode, tok: SyntaxKind) -> Option<(usize, usize)> {
    let t = (n.children_with_tokens())
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == tok)?;
    let next = (t.siblings_with_tokens(ra_ap_syntax::Direction::Next))
        .filter_map(|e| e.into_node())
        .next()?;
    Some((token_span(&t).0, span(&next).1))
}

/// The types a type holds, each of which can replace it: `[T]`, `[T; N]`, `&T`,
/// `*const T`, `(T)` → `T`; `(A, B)`, `Map<A, B>` (a path's type arguments),
/// `fn(A, B) -> C` → each of them.
fn inner_types(n: &SyntaxNode) -> Vec<SyntaxNode> {
    use SyntaxKind::*;
    let is_type = |k: SyntaxKind| {
        matches!(
            k,
            PATH_TYPE
                | REF_TYPE
                | TUPLE_TYPE
                | ARRAY_TYPE
                | SLICE_TYPE
                | PTR_TYPE
                | FN_PTR_TYPE
                | PAREN_TYPE
                | IMPL_TRAIT_TYPE
                | DYN_TRAIT_TYPE
                | NEVER_TYPE
                | INFER_TYPE
        )
    };
    let types_in = |n: &SyntaxNode| -> Vec<SyntaxNode> {
        n.children().filter(|c| is_type(c.kind())).collect()
    };
    match n.kind() {
        SLICE_TYPE | ARRAY_TYPE | REF_TYPE | PTR_TYPE | PAREN_TYPE => {
            types_in(n).into_iter().take(1).collect()
        }
        TUPLE_TYPE => types_in(n),
        FN_PTR_TYPE => (n.children())
            .flat_map(|c| match c.kind() {
                PARAM_LIST => (c.children())
                    .filter(|p| p.kind() == PARAM)
                    .flat_map(|p| types_in(&p))
                    .collect(),
                RET_TYPE => types_in(&c),
                _ => Vec::new(),
            })
            .collect(),
        PATH_TYPE => {
            let Some(args) = n.descendants().find(|d| d.kind() == GENERIC_ARG_LIST) else {
                return Vec::new();
            };
            (args.children())
                .filter(|c| c.kind() == TYPE_ARG)
                .flat_map(|a| types_in(&a))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Where an item's body in braces starts: its last child node that begins with `{`
/// (a trait's or impl's items, a module's, a function's block, a struct's fields).
fn brace_body(item: &SyntaxNode) -> Option<usize> {
    let body = (item.children())
        .filter(|c| {
            (c.descendants_with_tokens().filter_map(|e| e.into_token()))
                .find(|t| !t.kind().is_trivia())
                .is_some_and(|t| t.kind() == SyntaxKind::L_CURLY)
        })
        .last()?;
    Some(span(&body).0)
}

/// The type suffix of a number literal (`u8` to `usize`, `i8` to `isize`, `f16` to
/// `f128`) with the `_`s before it: the range that leaves the bare number.
fn suffix(t: &SyntaxToken) -> Option<(usize, usize)> {
    const SUFFIXES: [&str; 16] = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f16", "f32", "f64", "f128",
    ];
    let text = t.text();
    let sfx = SUFFIXES.iter().find(|s| text.ends_with(*s))?;
    let digits = text[..text.len() - sfx.len()].trim_end_matches('_');
    // A hexadecimal number ending in the digits of a float suffix (`0x1f32`) has none.
    let hex = text.starts_with("0x") && sfx.starts_with('f');
    (!digits.is_empty() && !hex).then(|| {
        let start = token_span(t).0;
        (start + digits.len(), token_span(t).1)
    })
}

/// The optional parts of a file's syntax tree (see the module docs): ranges to
/// delete, or (for a type inside another) to replace with the given text.
pub fn optional_ranges(root: &SyntaxNode) -> Vec<(usize, usize, String)> {
    use SyntaxKind::*;
    let mut out = Vec::new();
    let mut hoists = Vec::new();
    for n in root.descendants() {
        let k = n.kind();
        let parent = n.parent().map(|p| p.kind());
        match k {
            GENERIC_ARG_LIST | GENERIC_PARAM_LIST | WHERE_CLAUSE | PARAM_LIST | RET_TYPE | ABI => {
                out.push(span(&n))
            }
            TYPE_BOUND_LIST => {
                let colon = neighbour(n.first_token(), false).filter(|t| t.kind() == COLON);
                let start = colon.map_or(span(&n).0, |c| token_span(&c).0);
                out.push((start, span(&n).1));
            }
            TYPE_BOUND => {
                let (mut a, mut b) = span(&n);
                if let Some(plus) = neighbour(n.last_token(), true).filter(|t| t.kind() == PLUS) {
                    b = token_span(&plus).1;
                } else if let Some(plus) =
                    neighbour(n.first_token(), false).filter(|t| t.kind() == PLUS)
                {
                    a = token_span(&plus).0;
                }
                out.push((a, b));
            }
            TOKEN_TREE if parent == Some(TOKEN_TREE_META) => out.push(span(&n)),
            CONST | STATIC | TYPE_ALIAS | LET_STMT | CONST_PARAM | TYPE_PARAM => {
                out.extend(introduced(&n, EQ));
                if matches!(k, CONST | STATIC | LET_STMT | CONST_PARAM) {
                    out.extend(introduced(&n, COLON));
                }
                // `let x = e;` → `e;`: the value as a statement of its own.
                let eq = (n.children_with_tokens())
                    .filter_map(|e| e.into_token())
                    .find(|t| t.kind() == EQ);
                if let (LET_STMT, Some(eq)) = (k, eq) {
                    out.push((span(&n).0, token_span(&eq).1));
                }
            }
            // Two items in a row, both with a body in braces: the first's header
            // with the second's body (`trait a {} trait b { .. }` → `trait a { .. }`).
            SOURCE_FILE | ITEM_LIST | ASSOC_ITEM_LIST => {
                let bodies: Vec<Option<usize>> = n.children().map(|c| brace_body(&c)).collect();
                for w in bodies.windows(2) {
                    if let [Some(a), Some(b)] = *w {
                        out.push((a, b));
                    }
                }
            }
            // `<T as Trait>::x` → `<T>::x`: a qualified path without its trait.
            TYPE_ANCHOR | PATH_SEGMENT => out.extend(introduced(&n, AS_KW)),
            // `[T; N]` → `[T]`, `[x; N]` → `[x]`: an array without its length.
            ARRAY_TYPE | ARRAY_EXPR => out.extend(introduced(&n, SEMICOLON)),
            // `a::b::c` → `c`: a path without its qualifier.
            PATH => {
                let colons = (n.children_with_tokens())
                    .filter_map(|e| e.into_token())
                    .find(|t| t.kind() == COLON2);
                let qualifier = n.children().find(|c| c.kind() == PATH);
                if let (Some(q), Some(c)) = (qualifier, colons) {
                    out.push((span(&q).0, token_span(&c).1));
                }
            }
            _ => {}
        }
        for inner in inner_types(&n) {
            let (a, b) = span(&n);
            hoists.push((a, b, inner.text().to_string()));
        }
    }
    for t in (root.descendants_with_tokens()).filter_map(|e| e.into_token()) {
        let next = neighbour(Some(t.clone()), true);
        match (t.kind(), next.as_ref().map(|n| n.kind())) {
            // Any lifetime (rustc reads some where the grammar has none).
            (LIFETIME_IDENT, _) => out.push(token_span(&t)),
            // An empty pair: `<>`, `()`, `[]`, `{}`.
            (L_ANGLE, Some(R_ANGLE))
            | (L_PAREN, Some(R_PAREN))
            | (L_BRACK, Some(R_BRACK))
            | (L_CURLY, Some(R_CURLY)) => {
                out.push((token_span(&t).0, token_span(next.as_ref().unwrap()).1));
            }
            // A number's type suffix, with the `_` before it: `0u8`, `0_u16` → `0`.
            (INT_NUMBER | FLOAT_NUMBER, _) => out.extend(suffix(&t)),
            // A binder `for<..>` with its keyword.
            (FOR_KW, Some(L_ANGLE)) => {
                let list =
                    (next.and_then(|n| n.parent())).filter(|p| p.kind() == GENERIC_PARAM_LIST);
                out.extend(list.map(|l| (token_span(&t).0, span(&l).1)));
            }
            _ => {}
        }
    }
    let mut out: Vec<(usize, usize, String)> = (out.into_iter())
        .filter(|&(a, b)| a < b)
        .map(|(a, b)| (a, b, String::new()))
        .chain(hoists)
        .collect();
    out.sort_by(|x, y| (y.0, y.1, &x.2).cmp(&(x.0, x.1, &y.2)));
    out.dedup();
    out
}

/// The candidates of file `seq`: each optional part deleted (or type hoisted).
fn propose(case: &TestCase, seq: usize) -> Proposals {
    if !is_rust(case.path(seq)) {
        return Vec::new();
    }
    let Some(root) = parse(case.seq(seq)) else {
        return Vec::new();
    };
    (optional_ranges(&root).into_iter())
        .map(|(a, b, with)| (a, EditSet::of(Edit::replace(seq, a, b, with.into_bytes()))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(text: &str) -> Vec<&str> {
        let root = parse(text.as_bytes()).unwrap();
        (optional_ranges(&root).into_iter())
            .filter(|(_, _, with)| with.is_empty())
            .map(|(a, b, _)| &text[a..b])
            .collect()
    }

    #[test]
    fn types_inside_types_replace_them() {
        let text = "struct b([[str]; 1], &'a (u8), Box<dyn T>, M<u8, i8>, fn(x: u8) -> (u8,));\n";
        let root = parse(text.as_bytes()).unwrap();
        let got: Vec<(&str, String)> = (optional_ranges(&root).into_iter())
            .filter(|(_, _, with)| !with.is_empty())
            .map(|(a, b, with)| (&text[a..b], with))
            .collect();
        let want = [
            ("(u8,)", "u8"),
            ("fn(x: u8) -> (u8,)", "(u8,)"),
            ("fn(x: u8) -> (u8,)", "u8"),
            ("M<u8, i8>", "i8"),
            ("M<u8, i8>", "u8"),
            ("Box<dyn T>", "dyn T"),
            ("(u8)", "u8"),
            ("&'a (u8)", "(u8)"),
            ("[str]", "str"),
            ("[[str]; 1]", "[str]"),
        ];
        assert_eq!(got.len(), want.len(), "{got:?}");
        for (g, w) in got.iter().zip(want) {
            assert_eq!((g.0, g.1.as_str()), w);
        }
    }

    #[test]
    fn optional_parts_of_items_types_and_bounds() {
        let got = parts("trait a: d + Send {}\nimpl<> a for b<> {}\n");
        let want = [
            "{}",
            "<>",
            "<>",
            "{}\nimpl<> a for b<> ",
            "{}",
            "+ Send",
            "d +",
            ": d + Send",
        ];
        assert_eq!(got, want);
        let got = parts("const b: &'s dyn d = x as y;\nstatic c: u8 = O;\n");
        assert_eq!(got, ["= O", ": u8", "= x as y", "d", "'s", ": &'s dyn d"]);
        let got = parts("#[repr(u8)]\nfn f(x: u8) -> u8 where u8: Copy { g::<u8>() }\n");
        assert!(got.contains(&"(u8)") && got.contains(&"::<u8>"), "{got:?}");
        assert!(
            got.contains(&"(x: u8)") && got.contains(&"-> u8"),
            "{got:?}"
        );
        assert!(got.contains(&"where u8: Copy"), "{got:?}");
        let got = parts("trait t { type f = (); }\nfn g<const M: () = 1>() {}\n");
        assert!(got.contains(&"= ()") && got.contains(&": ()"), "{got:?}");
        assert!(got.contains(&"= 1"), "{got:?}");
        let got = parts("fn f() { let b = || 1; a::b::c(); }\n");
        assert!(
            got.contains(&"let b =") && got.contains(&"a::b::"),
            "{got:?}"
        );
        assert!(got.contains(&"a::"), "{got:?}");
        let got = parts("fn f(x: [u8; 2]) { [(); <() as a>::b]; }\n");
        assert!(got.contains(&"; 2") && got.contains(&"as a"), "{got:?}");
        assert!(got.contains(&"; <() as a>::b"), "{got:?}");
        let got = parts("trait a {}\n#[x] trait b { fn c(); }\nstruct d { e: u8 }\n");
        assert!(got.contains(&"{}\n#[x] trait b "), "{got:?}");
        assert!(got.contains(&"{ fn c(); }\nstruct d "), "{got:?}");
        let got = parts("const A: u8 = 0_u16 + 1.5f32 + 0x1f32 + 7usize;\n");
        assert!(got.contains(&"_u16") && got.contains(&"f32"), "{got:?}");
        assert!(got.contains(&"usize") && !got.contains(&"32"), "{got:?}");
        let got = parts("fn c(_: for<'a> fn(&'a u8)) { m!(d<>) }\n");
        assert!(got.contains(&"for<'a>") && got.contains(&"'a"), "{got:?}");
        assert!(got.contains(&"<>"), "{got:?}");
    }
}

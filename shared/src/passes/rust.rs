//! Rust-aware passes over the syntax tree of each `.rs` file: delete items at every
//! level (files, modules, impls, traits), statements, list elements with their
//! commas (fields, variants, parameters, arguments, generic parameters, bounds,
//! where predicates, match arms, `use` tree members) and attributes; replace
//! function bodies with `{}`, `{ loop {} }` or `{ todo!() }`, expressions with a
//! sub-expression, types with `()` (renames: [`super::rust_names`]). Deletions go outermost first: a
//! sweep handles nesting level 0, then 1, and so on, so a needed `impl` is opened
//! up and its unneeded methods go next.

use ra_ap_syntax::{SyntaxKind, SyntaxNode};

use super::delete::Delete;
use super::units::{Segmenter, Span};
use super::Pass;
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::passes::{Ctx, Interrupt};
use crate::syntax::{deletion_range, is_item, is_rust, level, parse};
use crate::testcase::TestCase;

/// The Rust files of `case` that parse: (sequence index, bytes, syntax tree).
pub(super) fn rust_trees(case: &TestCase) -> impl Iterator<Item = (usize, &[u8], SyntaxNode)> {
    case.files()
        .enumerate()
        .filter(|(_, (path, _))| is_rust(path))
        .filter_map(|(seq, (_, bytes))| Some((seq, bytes, parse(bytes)?)))
}

/// Which nodes a Rust deletion pass works on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeClass {
    /// Items at every level.
    Items,
    /// `let` and expression statements.
    Statements,
    /// Elements of comma-separated lists, with their comma.
    ListElements,
    /// Attributes (`#[derive(..)]`, `#[inline]`, ...) and doc comments.
    Attributes,
    /// Visibilities (`pub`, `pub(crate)`): code that is private can be reported unused.
    Visibility,
}

impl NodeClass {
    fn selects(self, n: &SyntaxNode) -> bool {
        use SyntaxKind::*;
        let k = n.kind();
        match self {
            NodeClass::Items => {
                is_item(k)
                    || (k == MACRO_CALL
                        && n.parent().is_some_and(|p| {
                            matches!(p.kind(), SOURCE_FILE | ITEM_LIST | ASSOC_ITEM_LIST)
                        }))
            }
            NodeClass::Statements => matches!(k, LET_STMT | EXPR_STMT),
            NodeClass::ListElements => {
                matches!(
                    k,
                    RECORD_FIELD
                        | TUPLE_FIELD
                        | VARIANT
                        | PARAM
                        | SELF_PARAM
                        | TYPE_PARAM
                        | LIFETIME_PARAM
                        | CONST_PARAM
                        | WHERE_PRED
                        | TYPE_BOUND
                        | MATCH_ARM
                        | RECORD_EXPR_FIELD
                        | RECORD_PAT_FIELD
                ) || (k == USE_TREE && n.parent().is_some_and(|p| p.kind() == USE_TREE_LIST))
                    || n.parent().is_some_and(|p| {
                        matches!(
                            p.kind(),
                            ARG_LIST | TUPLE_EXPR | ARRAY_EXPR | GENERIC_ARG_LIST
                        )
                    }) && !matches!(k, L_PAREN | R_PAREN)
            }
            NodeClass::Attributes => k == ATTR,
            NodeClass::Visibility => k == VISIBILITY,
        }
    }

    fn comma(self) -> bool {
        self == NodeClass::ListElements
    }
}

/// The nodes of one class at one nesting level, as deletable units.
#[derive(Clone)]
pub struct Nodes {
    class: NodeClass,
    level: usize,
}

impl Nodes {
    fn spans_at(&self, case: &TestCase, level_wanted: usize) -> Vec<Span> {
        let mut out = Vec::new();
        for (seq, _, root) in rust_trees(case) {
            let class = self.class;
            let mut spans: Vec<Span> = root
                .descendants()
                .filter(|n| class.selects(n) && level(n, |a| class.selects(a)) == level_wanted)
                .map(|n| {
                    let (start, mut end) = deletion_range(&n, class.comma());
                    if class == NodeClass::Items {
                        end = end.max(recovered_end(&n));
                    }
                    Span { seq, start, end }
                })
                .filter(|s| s.end > s.start)
                .collect();
            spans.sort_by_key(|s| (s.start, s.end));
            // Keep units disjoint (a widened range may touch the next node).
            let mut last_end = 0;
            spans.retain(|s| {
                let ok = s.start >= last_end;
                if ok {
                    last_end = s.end;
                }
                ok
            });
            out.extend(spans);
        }
        out
    }
}

impl Segmenter<TestCase> for Nodes {
    fn name(&self) -> &'static str {
        "rust-nodes"
    }
    fn segment(&self, case: &TestCase) -> Vec<Span> {
        self.spans_at(case, self.level)
    }
}

/// Where an item ends with the parse errors the parser's recovery left after it: the
/// `ERROR` nodes that follow it among its siblings (and the whitespace after them).
/// Syntax newer than the parser parses as a shorter item and errors for the rest
/// (`ra_ap_syntax` 0.0.300 read `type const N: usize = 0;` as `type const`, then `N`,
/// `:`, `usize = 0;`); deleting the item alone leaves the rest behind, which is never
/// the smaller file the deletion meant. (An error before the next item, a modifier
/// the parser does not know, goes with the item before it too.)
fn recovered_end(item: &SyntaxNode) -> usize {
    let mut end = 0;
    let mut next = item.next_sibling_or_token();
    while let Some(e) = next {
        match e.kind() {
            SyntaxKind::WHITESPACE if end > 0 => {
                end = usize::from(e.text_range().end());
                if e.next_sibling_or_token()
                    .is_none_or(|n| n.kind() != SyntaxKind::ERROR)
                {
                    break;
                }
            }
            SyntaxKind::WHITESPACE => {}
            SyntaxKind::ERROR => end = usize::from(e.text_range().end()),
            _ => break,
        }
        next = e.next_sibling_or_token();
    }
    end
}

/// Comments and doc comments (`//`, `/* */`, `///`, `//!`) of every `.rs` file, with
/// the whitespace after them, as deletable units (`rust-comments`).
#[derive(Clone)]
pub struct Comments;

impl Segmenter<TestCase> for Comments {
    fn name(&self) -> &'static str {
        "rust-comments"
    }
    fn segment(&self, case: &TestCase) -> Vec<Span> {
        let mut out = Vec::new();
        for (seq, _, root) in rust_trees(case) {
            for t in root
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .filter(|t| t.kind() == SyntaxKind::COMMENT)
            {
                let start = usize::from(t.text_range().start());
                let mut end = usize::from(t.text_range().end());
                if let Some(ws) = t
                    .next_token()
                    .filter(|w| w.kind() == SyntaxKind::WHITESPACE)
                {
                    end = usize::from(ws.text_range().end());
                }
                out.push(Span { seq, start, end });
            }
        }
        out
    }
}

/// Deletes the nodes of a class, level by level, with the density-adaptive
/// deletion of [`Delete`].
#[derive(Clone)]
pub struct RustDelete {
    inner: Delete<Nodes>,
    class: NodeClass,
    level: usize,
    all_first: bool,
}

/// Deeper levels than this are left to the generic passes.
const MAX_LEVEL: usize = 6;

impl RustDelete {
    /// A pass deleting nodes of `class`, named `name`.
    pub fn new(class: NodeClass, name: &'static str) -> RustDelete {
        RustDelete {
            inner: Delete::new(Nodes { class, level: 0 }, name, usize::MAX),
            class,
            level: 0,
            all_first: false,
        }
    }

    /// Each level's sweep starts by deleting all its nodes at once
    /// ([`Delete::all_first`]).
    pub fn all_first(mut self) -> RustDelete {
        self.all_first = true;
        self.inner = self.inner.all_first();
        self
    }

    fn set_level(&mut self, level: usize) {
        self.level = level;
        self.inner = Delete::new(
            Nodes {
                class: self.class,
                level,
            },
            Pass::<TestCase>::name(&self.inner),
            usize::MAX,
        );
        if self.all_first {
            self.inner = self.inner.clone().all_first();
        }
    }
}

impl Pass<TestCase> for RustDelete {
    fn fork(&self) -> Option<Box<dyn Pass<TestCase>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        Pass::<TestCase>::name(&self.inner)
    }
    fn is_fresh(&self) -> bool {
        self.level == 0 && Pass::<TestCase>::is_fresh(&self.inner)
    }
    fn run(&mut self, ctx: &mut dyn Ctx<TestCase>) -> Result<(), Interrupt> {
        loop {
            self.inner.run(ctx)?;
            let next = self.level + 1;
            let probe = Nodes {
                class: self.class,
                level: next,
            };
            if next > MAX_LEVEL || probe.segment(ctx.current()).is_empty() {
                self.set_level(0);
                return Ok(());
            }
            self.set_level(next);
        }
    }
}

/// Replaces sites (node ranges) with simpler text, in chunks: all sites at once,
/// then halves, quarters, ... down to one at a time (Lithium's schedule), from the
/// end of the file. Each site has one proposed replacement; only outermost sites
/// are taken in a sweep, so nested ones come up in the next sweep.
#[derive(Clone)]
pub struct RustReplace {
    name: &'static str,
    replacement: fn(&SyntaxNode) -> Option<String>,
}

impl RustReplace {
    /// Function bodies → `{}`.
    pub fn empty_bodies() -> RustReplace {
        RustReplace {
            name: "rust-bodies-empty",
            replacement: |n| is_fn_body(n).then(|| "{}".to_string()),
        }
    }

    /// Function bodies → `{ loop {} }` (type-checks whatever the return type).
    pub fn loop_bodies() -> RustReplace {
        RustReplace {
            name: "rust-bodies-loop",
            replacement: |n| is_fn_body(n).then(|| "{ loop {} }".to_string()),
        }
    }

    /// Function bodies → `{ todo!() }`: for checks that run the code, where a
    /// `loop {}` body would hang until the timeout instead of failing at once.
    pub fn todo_bodies() -> RustReplace {
        RustReplace {
            name: "rust-bodies-todo",
            replacement: |n| is_fn_body(n).then(|| "{ todo!() }".to_string()),
        }
    }

    /// An expression → one of its sub-expressions (`f(g(x))` → `g(x)`, `a + b` →
    /// `a`, `if c { x } else { y }` → `{ x }`, `loop { x }` → `{ x }`, `|a| x` →
    /// `x`, `&x` → `x`, `(x)` → `x`, `x?` → `x`, `x.f()` → `x`).
    pub fn hoist() -> RustReplace {
        RustReplace {
            name: "rust-hoist",
            replacement: hoisted,
        }
    }

    /// Types → `()` (in signatures, fields, `let` annotations, generic arguments);
    /// a return type `-> T` is deleted whole.
    pub fn unit_types() -> RustReplace {
        RustReplace {
            name: "rust-types",
            replacement: |n| {
                use SyntaxKind::*;
                // `-> T` goes whole: no return type means `-> ()`.
                if n.kind() == RET_TYPE {
                    return Some(String::new());
                }
                let ty = matches!(
                    n.kind(),
                    PATH_TYPE
                        | REF_TYPE
                        | TUPLE_TYPE
                        | ARRAY_TYPE
                        | SLICE_TYPE
                        | PTR_TYPE
                        | FN_PTR_TYPE
                        | IMPL_TRAIT_TYPE
                        | DYN_TRAIT_TYPE
                ) && n.text() != "()";
                // Not `impl X for T` headers' trait, nor paths inside other types
                // (the outermost type is tried first).
                let in_header = n.parent().is_some_and(|p| p.kind() == IMPL)
                    && n.next_sibling()
                        .is_some_and(|s| s.kind() != ASSOC_ITEM_LIST);
                (ty && !in_header).then(|| "()".to_string())
            },
        }
    }

    pub(super) fn sites(&self, case: &TestCase) -> Vec<(usize, usize, usize, Vec<u8>)> {
        let mut out = Vec::new();
        for (seq, bytes, root) in rust_trees(case) {
            let mut last_end = 0;
            for n in root.descendants() {
                let r = n.text_range();
                let (a, b) = (usize::from(r.start()), usize::from(r.end()));
                if a < last_end {
                    continue;
                }
                let Some(with) = (self.replacement)(&n) else {
                    continue;
                };
                // Only where it shrinks.
                if b - a <= with.len() || &bytes[a..b] == with.as_bytes() {
                    continue;
                }
                last_end = b;
                out.push((seq, a, b, with.into_bytes()));
            }
        }
        out
    }
}

fn is_fn_body(n: &SyntaxNode) -> bool {
    n.kind() == SyntaxKind::BLOCK_EXPR && n.parent().is_some_and(|p| p.kind() == SyntaxKind::FN)
}

fn is_expr(k: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        k,
        CALL_EXPR
            | METHOD_CALL_EXPR
            | BIN_EXPR
            | PAREN_EXPR
            | REF_EXPR
            | PREFIX_EXPR
            | TRY_EXPR
            | AWAIT_EXPR
            | CAST_EXPR
            | FIELD_EXPR
            | INDEX_EXPR
            | IF_EXPR
            | LOOP_EXPR
            | WHILE_EXPR
            | FOR_EXPR
            | CLOSURE_EXPR
            | BLOCK_EXPR
            | MATCH_EXPR
            | PATH_EXPR
            | LITERAL
            | TUPLE_EXPR
            | ARRAY_EXPR
            | RECORD_EXPR
            | MACRO_EXPR
            | RETURN_EXPR
            | BREAK_EXPR
            | RANGE_EXPR
    )
}

/// The sub-expression an expression is replaced with by [`RustReplace::hoist`].
fn hoisted(n: &SyntaxNode) -> Option<String> {
    use SyntaxKind::*;
    let k = n.kind();
    // A `use` group of one: `a::{b}` → `a::b` (`rust-lists` deletes the members of
    // a group one by one; this unwraps what is left).
    if k == USE_TREE_LIST {
        let trees: Vec<_> = n.children().filter(|c| c.kind() == USE_TREE).collect();
        let text = trees.first()?.text().to_string();
        return (trees.len() == 1 && text != "self").then_some(text);
    }
    // Function bodies and items' blocks stay (other passes handle them); so do
    // statements' own blocks.
    if !is_expr(k) || is_fn_body(n) {
        return None;
    }
    let parent = n.parent()?;
    if !(is_expr(parent.kind())
        || matches!(
            parent.kind(),
            LET_STMT | EXPR_STMT | ARG_LIST | MATCH_ARM | STMT_LIST | CONST | STATIC
        ))
    {
        return None;
    }
    let child = match k {
        CALL_EXPR => n
            .children()
            .find(|c| c.kind() == ARG_LIST)
            .and_then(|a| a.children().find(|c| is_expr(c.kind()))),
        IF_EXPR => n.children().find(|c| c.kind() == BLOCK_EXPR),
        WHILE_EXPR | FOR_EXPR | LOOP_EXPR => n.children().find(|c| c.kind() == BLOCK_EXPR),
        CLOSURE_EXPR => n.children().filter(|c| is_expr(c.kind())).last(),
        BLOCK_EXPR => {
            // `{ x }` with no statements → `x` (not `unsafe`/labelled blocks); a
            // block in statement position, `{ a; b; }` → `a; b;`.
            let list = n.children().find(|c| c.kind() == STMT_LIST)?;
            let only: Vec<_> = list.children().collect();
            if n.first_token().is_some_and(|t| t.kind() != L_CURLY) {
                return None;
            }
            if only.len() == 1 && is_expr(only[0].kind()) {
                Some(only[0].clone())
            } else if matches!(parent.kind(), EXPR_STMT | STMT_LIST) && !only.is_empty() {
                let text = list.text().to_string();
                let inner = text.strip_prefix('{')?.strip_suffix('}')?.trim();
                return Some(inner.to_string());
            } else {
                None
            }
        }
        MATCH_EXPR | PATH_EXPR | LITERAL | TUPLE_EXPR | ARRAY_EXPR | RECORD_EXPR | MACRO_EXPR => {
            None
        }
        _ => n.children().find(|c| is_expr(c.kind())),
    }?;
    Some(child.text().to_string())
}

impl Pass<TestCase> for RustReplace {
    fn fork(&self) -> Option<Box<dyn Pass<TestCase>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn run(&mut self, ctx: &mut dyn Ctx<TestCase>) -> Result<(), Interrupt> {
        let mut k = usize::MAX;
        loop {
            let sites = self.sites(ctx.current());
            if sites.is_empty() {
                return Ok(());
            }
            k = k.min(sites.len());
            let mut sites = sites;
            let mut end = sites.len();
            let mut last_ok = false;
            while end > 0 {
                ctx.checkpoint()?;
                let start = end.saturating_sub(k);
                let cand = ctx.current().apply(&replace_all(&sites[start..end]));
                let depth = ctx.speculation_depth();
                let ok = ctx.test_speculating(cand, |cur, cand| {
                    // The next chunks, after a success (re-parsed) or a failure.
                    let (base, next) = if last_ok {
                        (cand, self.sites(cand))
                    } else {
                        (cur, sites.clone())
                    };
                    let mut out = Vec::new();
                    let mut end = start.min(next.len());
                    while end > 0 && out.len() < depth {
                        let start = end.saturating_sub(k);
                        out.push(base.apply(&replace_all(&next[start..end])));
                        end = start;
                    }
                    out
                })?;
                last_ok = ok;
                if ok {
                    // Replaced sites drop out; the ones before `start` keep their
                    // places, so only re-parse after a change.
                    sites = self.sites(ctx.current());
                }
                end = start.min(sites.len());
            }
            if k == 1 {
                return Ok(());
            }
            k /= 2;
        }
    }
}

/// All the replacements of `sites`, as one edit set.
pub(super) fn replace_all(sites: &[(usize, usize, usize, Vec<u8>)]) -> EditSet<u8> {
    let mut set = EditSet::new();
    for (seq, a, b, with) in sites {
        set.push(Edit::replace(*seq, *a, *b, with.clone()));
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(class: NodeClass, level: usize, text: &str) -> Vec<String> {
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        Nodes { class, level }
            .segment(&case)
            .iter()
            .map(|s| text[s.start..s.end].to_string())
            .collect()
    }

    #[test]
    fn items_by_level() {
        let text = "struct A;\nimpl A {\n    fn f() {}\n    fn g() {}\n}\nmod m { fn h() {} }\n";
        assert_eq!(
            units(NodeClass::Items, 0, text),
            [
                "struct A;\n",
                "impl A {\n    fn f() {}\n    fn g() {}\n}\n",
                "mod m { fn h() {} }\n"
            ]
        );
        assert_eq!(
            units(NodeClass::Items, 1, text),
            ["fn f() {}\n    ", "fn g() {}\n", "fn h() {} "]
        );
    }

    #[test]
    fn an_item_takes_the_errors_its_recovery_left() {
        let text = "impl A {\n    fn b() {}\n    fn c() -> u8 := 1;\n}\nfn e() {}\n";
        assert_eq!(
            units(NodeClass::Items, 1, text),
            ["fn b() {}\n    ", "fn c() -> u8 := 1;\n"]
        );
    }

    #[test]
    fn list_elements_with_commas() {
        let text = "fn f<T: Copy + Clone>(a: u8, b: T) { g(1, 2); }\n";
        let u = units(NodeClass::ListElements, 0, text);
        assert!(u.contains(&"a: u8, ".to_string()), "{u:?}");
        assert!(u.contains(&"1, ".to_string()), "{u:?}");
        let text = "use std::{fmt, io};\nenum E { A, B(u8) }\n";
        let u = units(NodeClass::ListElements, 0, text);
        assert!(u.contains(&"fmt, ".to_string()), "{u:?}");
        assert!(u.contains(&"A, ".to_string()), "{u:?}");
    }

    #[test]
    fn statements_and_attributes() {
        let text = "#[derive(Debug)]\nstruct S;\nfn f() { let x = 1; g(x); }\n";
        assert_eq!(
            units(NodeClass::Statements, 0, text),
            ["let x = 1; ", "g(x); "]
        );
        assert_eq!(
            units(NodeClass::Attributes, 0, text),
            ["#[derive(Debug)]\n"]
        );
    }

    #[test]
    fn body_sites_are_outermost_and_shrinking() {
        let text = "fn a() -> u8 { 1 + 2 }\nfn b() {}\nfn c() { fn d() { x(); } }\n";
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        let sites = RustReplace::empty_bodies().sites(&case);
        let got: Vec<&str> = sites.iter().map(|(_, a, b, _)| &text[*a..*b]).collect();
        assert_eq!(got, ["{ 1 + 2 }", "{ fn d() { x(); } }"]);
    }

    fn replaced(pass: RustReplace, text: &str) -> Vec<(String, String)> {
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        pass.sites(&case)
            .into_iter()
            .map(|(_, a, b, w)| (text[a..b].to_string(), String::from_utf8(w).unwrap()))
            .collect()
    }

    #[test]
    fn hoisting_proposes_a_sub_expression() {
        let got = replaced(
            RustReplace::hoist(),
            "fn f() { let a = g(h(1), 2); if c { x(); } else { y() }; let b = &(k?); { let d = 1; e(d); } }\n",
        );
        assert_eq!(
            got,
            [
                ("g(h(1), 2)".into(), "h(1)".into()),
                ("if c { x(); } else { y() }".into(), "{ x(); }".into()),
                ("&(k?)".into(), "(k?)".into()),
                ("{ let d = 1; e(d); }".into(), "let d = 1; e(d);".into()),
            ]
        );
    }

    #[test]
    fn use_groups_of_one_are_unwrapped() {
        let got = replaced(
            RustReplace::hoist(),
            "use std::{fmt};\nuse a::{b, c};\nuse d::{self};\nuse e::{f::{g}};\n",
        );
        assert_eq!(
            got,
            [
                ("{fmt}".into(), "fmt".into()),
                ("{f::{g}}".into(), "f::{g}".into()),
            ]
        );
    }

    #[test]
    fn types_become_unit() {
        let got = replaced(
            RustReplace::unit_types(),
            "struct S { a: Vec<u8> }\nimpl Trait for Struct { fn f(x: &Struct) -> () {} }\nfn g() -> u8 { 0 }\n",
        );
        let olds: Vec<&str> = got.iter().map(|(o, _)| o.as_str()).collect();
        assert_eq!(olds, ["Vec<u8>", "Struct", "&Struct", "-> ()", "-> u8"]);
        // A return type goes whole (none means `()`); other types become `()`.
        assert!(got[..3].iter().all(|(_, w)| w == "()"));
        assert!(got[3..].iter().all(|(_, w)| w.is_empty()));
    }

    #[test]
    fn comments_are_units() {
        let text = "/// doc\nfn f() {\n    // a\n    x(); /* b */ y();\n}\n//! inner\n";
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        let got: Vec<&str> = Comments
            .segment(&case)
            .iter()
            .map(|s| &text[s.start..s.end])
            .collect();
        assert_eq!(got, ["/// doc\n", "// a\n    ", "/* b */ ", "//! inner\n"]);
    }

    #[test]
    fn not_rust_has_no_units() {
        let case = TestCase::single("a.yaml", b"fn f() {}".to_vec());
        assert!(Nodes {
            class: NodeClass::Items,
            level: 0
        }
        .segment(&case)
        .is_empty());
    }
}

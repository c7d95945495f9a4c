//! Part of [`super::standalone`]: a dependency's expanded source as a module of
//! the crate that used it, and that crate's paths to it rewritten.

use ra_ap_syntax::ast::{self, AstNode, HasName};
use ra_ap_syntax::{SyntaxKind, SyntaxNode, TextRange};

/// The expanded crate root `text` of dependency `name` as `pub mod name { .. }`:
/// its crate-level attributes dropped (its `#![feature]`s returned, to go to the
/// new root), `crate::` paths made `crate::name::`, `extern crate self as X`
/// made `use crate::name as X`.
pub(super) fn as_module(text: &str, name: &str) -> Option<(String, Vec<String>)> {
    let tree = crate::syntax::parse(text.as_bytes())?;
    let file = ast::SourceFile::cast(tree.clone())?;
    let mut edits: Vec<(TextRange, String)> = Vec::new();
    let mut features = Vec::new();
    // Crate-level attributes and inner doc comments.
    for el in tree.children_with_tokens() {
        match &el {
            ra_ap_syntax::NodeOrToken::Node(n) if n.kind() == SyntaxKind::ATTR => {
                if let Some(attr) = ast::Attr::cast(n.clone()) {
                    if attr.excl_token().is_some() {
                        let t = n.text().to_string();
                        if let Some(inner) = t
                            .strip_prefix("#![feature(")
                            .and_then(|s| s.strip_suffix(")]"))
                        {
                            features.extend(
                                inner
                                    .split(',')
                                    .map(|f| f.trim().to_string())
                                    .filter(|f| !f.is_empty()),
                            );
                        }
                        edits.push((n.text_range(), String::new()));
                    }
                }
            }
            ra_ap_syntax::NodeOrToken::Token(t)
                if t.kind() == SyntaxKind::COMMENT && t.text().starts_with("//!") =>
            {
                edits.push((t.text_range(), String::new()));
            }
            _ => {}
        }
    }
    let _ = file;
    for node in tree.descendants() {
        if let Some(seg) = ast::PathSegment::cast(node.clone()) {
            if seg.crate_token().is_some() && is_first_segment(&node) {
                edits.push((seg.syntax().text_range(), format!("crate::{name}")));
            }
        } else if let Some(ec) = ast::ExternCrate::cast(node.clone()) {
            if ec.name_ref().is_some_and(|n| n.self_token().is_some()) {
                let alias = ec
                    .rename()
                    .and_then(|r| r.name())
                    .map(|n| n.text().to_string())
                    .unwrap_or_else(|| name.to_string());
                edits.push((
                    ec.syntax().text_range(),
                    format!("use crate::{name} as {alias};"),
                ));
            }
        }
    }
    let body = apply(text, edits);
    Some((
        format!("\n#[allow(unused, dead_code)]\npub mod {name} {{\n{body}\n}}\n"),
        features,
    ))
}

/// Is the path segment `node` the first of its path (no qualifier before it)?
fn is_first_segment(node: &SyntaxNode) -> bool {
    node.parent()
        .and_then(ast::Path::cast)
        .is_some_and(|p| p.qualifier().is_none())
}

/// `text` (a crate root) with the paths that start at the dependency `name`
/// (`name::x`, `::name::x`, `use name::..`) made `crate::name::..`, and `extern
/// crate name [as x];` made `use crate::name [as x];` (dropped at the root when
/// unrenamed: the module is there).
pub(super) fn rewrite_uses(text: &str, name: &str) -> Option<String> {
    let tree = crate::syntax::parse(text.as_bytes())?;
    let mut edits: Vec<(TextRange, String)> = Vec::new();
    for node in tree.descendants() {
        if let Some(seg) = ast::PathSegment::cast(node.clone()) {
            let Some(n) = seg.name_ref() else {
                continue;
            };
            if n.text() != name || !is_first_segment(&node) {
                continue;
            }
            let path = node.parent().and_then(ast::Path::cast)?;
            // Only a path that goes on (`name::x`) or a `use` of the crate itself.
            let goes_on = path
                .syntax()
                .parent()
                .is_some_and(|p| ast::Path::can_cast(p.kind()));
            let in_use = path
                .syntax()
                .parent()
                .and_then(ast::UseTree::cast)
                .is_some_and(|u| {
                    u.syntax()
                        .parent()
                        .is_none_or(|p| p.kind() != SyntaxKind::USE_TREE_LIST)
                });
            if goes_on || in_use {
                edits.push((seg.syntax().text_range(), format!("crate::{name}")));
            }
        } else if let Some(ec) = ast::ExternCrate::cast(node.clone()) {
            if ec.name_ref().is_some_and(|n| n.text() == name) {
                let at_root = node
                    .parent()
                    .is_some_and(|p| p.kind() == SyntaxKind::SOURCE_FILE);
                let new = match ec.rename().and_then(|r| r.name()) {
                    Some(alias) => format!("use crate::{name} as {};", alias.text()),
                    None if at_root => String::new(),
                    None => format!("use crate::{name};"),
                };
                // Attributes of the item stay (they apply to the `use`).
                let start = ec
                    .extern_token()
                    .map(|t| t.text_range().start())
                    .unwrap_or(ec.syntax().text_range().start());
                edits.push((TextRange::new(start, ec.syntax().text_range().end()), new));
            }
        }
    }
    Some(apply(text, edits))
}

/// `text` with the non-overlapping `edits` applied (an edit inside an earlier
/// one is dropped).
fn apply(text: &str, mut edits: Vec<(TextRange, String)>) -> String {
    edits.sort_by_key(|(r, _)| (r.start(), std::cmp::Reverse(r.end())));
    let mut out = String::with_capacity(text.len());
    let mut at = 0usize;
    for (r, new) in edits {
        let (s, e) = (usize::from(r.start()), usize::from(r.end()));
        if s < at {
            continue;
        }
        out.push_str(&text[at..s]);
        out.push_str(&new);
        at = e;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dependency_becomes_a_module_and_its_users_follow() {
        let dep = "#![no_std]\n#![feature(never_type)]\n//! Docs.\npub mod a { pub fn f() -> u8 { crate::b::g() } }\npub mod b { pub fn g() -> u8 { 1 } }\nextern crate self as dep;\n";
        let (module, features) = as_module(dep, "dep").unwrap();
        assert_eq!(features, ["never_type"]);
        assert!(module.contains("pub mod dep {"), "{module}");
        assert!(module.contains("crate::dep::b::g()"), "{module}");
        assert!(module.contains("use crate::dep as dep;"), "{module}");
        assert!(
            !module.contains("no_std") && !module.contains("Docs"),
            "{module}"
        );

        let user = "use dep::a::f;\nextern crate dep;\nmod m { use dep::b; fn h() -> u8 { ::dep::a::f() + dep::b::g() } }\nconst _: () = { extern crate dep as _dep; };\nfn dep() {}\nfn k() { dep(); }\n";
        let out = rewrite_uses(user, "dep").unwrap();
        assert_eq!(
            out,
            "use crate::dep::a::f;\n\nmod m { use crate::dep::b; fn h() -> u8 { crate::dep::a::f() + crate::dep::b::g() } }\nconst _: () = { use crate::dep as _dep; };\nfn dep() {}\nfn k() { dep(); }\n"
        );
    }
}

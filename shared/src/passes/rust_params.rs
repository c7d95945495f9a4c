//! Parameters together with the matching call arguments (`rust-params`): for a
//! function `f` and its `i`th parameter, one candidate deletes the parameter and the
//! `i`th argument of every call `f(..)` / `x.f(..)` with as many arguments as `f` has
//! parameters, so that the program still type-checks as far as these calls go.
//! Deleting either alone (as `rust-lists` does) usually leaves an arity error.

use ra_ap_syntax::ast::{self, AstNode, HasArgList, HasName};
use ra_ap_syntax::SyntaxNode;

use super::rust::rust_trees;
use super::Pass;
use crate::case::Case;
use crate::edit::{Edit, EditSet};
use crate::passes::{Ctx, Interrupt};
use crate::syntax::deletion_range;
use crate::testcase::TestCase;

/// The parameters-with-arguments pass.
#[derive(Clone)]
pub struct RustParams;

/// One function's parameter: where it is, and the name and arity to match calls.
struct Param {
    seq: usize,
    range: (usize, usize),
    name: String,
    index: usize,
    arity: usize,
    method: bool,
}

fn trees(case: &TestCase) -> Vec<(usize, SyntaxNode)> {
    rust_trees(case).map(|(seq, _, root)| (seq, root)).collect()
}

/// Every parameter of every named function, in source order.
fn params(trees: &[(usize, SyntaxNode)]) -> Vec<Param> {
    let mut out = Vec::new();
    for (seq, root) in trees {
        for f in root.descendants().filter_map(ast::Fn::cast) {
            let (Some(name), Some(list)) = (f.name(), f.param_list()) else {
                continue;
            };
            let ps: Vec<ast::Param> = list.params().collect();
            for (index, p) in ps.iter().enumerate() {
                out.push(Param {
                    seq: *seq,
                    range: deletion_range(p.syntax(), true),
                    name: name.text().to_string(),
                    index,
                    arity: ps.len(),
                    method: list.self_param().is_some(),
                });
            }
        }
    }
    out
}

/// The edits deleting `p` and the matching argument of every matching call.
fn edits(trees: &[(usize, SyntaxNode)], p: &Param) -> EditSet<u8> {
    let mut set = EditSet::new();
    set.push(Edit::cut(p.seq, p.range.0, p.range.1));
    for (seq, root) in trees {
        for n in root.descendants() {
            let args = if p.method {
                ast::MethodCallExpr::cast(n.clone())
                    .filter(|m| m.name_ref().is_some_and(|r| r.text() == p.name))
                    .and_then(|m| m.arg_list())
            } else {
                ast::CallExpr::cast(n.clone())
                    .filter(|c| {
                        let Some(ast::Expr::PathExpr(e)) = c.expr() else {
                            return false;
                        };
                        e.path()
                            .and_then(|p| p.segment())
                            .and_then(|s| s.name_ref())
                            .is_some_and(|r| r.text() == p.name)
                    })
                    .and_then(|c| c.arg_list())
            };
            let Some(args) = args else { continue };
            let args: Vec<ast::Expr> = args.args().collect();
            if args.len() == p.arity {
                let (a, b) = deletion_range(args[p.index].syntax(), true);
                set.push(Edit::cut(*seq, a, b));
            }
        }
    }
    set
}

impl Pass<TestCase> for RustParams {
    fn fork(&self) -> Option<Box<dyn Pass<TestCase>>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "rust-params"
    }

    fn run(&mut self, ctx: &mut dyn Ctx<TestCase>) -> Result<(), Interrupt> {
        // From the last parameter back: a deletion never moves the ones before it.
        let mut i = usize::MAX;
        loop {
            ctx.checkpoint()?;
            let trees = trees(ctx.current());
            let ps = params(&trees);
            i = i.min(ps.len());
            if i == 0 {
                return Ok(());
            }
            i -= 1;
            let set = edits(&trees, &ps[i]);
            let cand = ctx.current().apply(&set);
            ctx.test(cand)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proposals(text: &str) -> Vec<String> {
        let case = TestCase::single("a.rs", text.as_bytes().to_vec());
        let trees = trees(&case);
        params(&trees)
            .iter()
            .map(|p| String::from_utf8(case.apply(&edits(&trees, p)).seq(0).to_vec()).unwrap())
            .collect()
    }

    #[test]
    fn a_parameter_goes_with_its_arguments() {
        let text = "fn f(a: u8, b: u16) {}\nfn g() { f(1, 2); f(3, 4); h(5, 6); }\n";
        assert_eq!(
            proposals(text),
            [
                "fn f(b: u16) {}\nfn g() { f(2); f(4); h(5, 6); }\n",
                "fn f(a: u8, ) {}\nfn g() { f(1, ); f(3, ); h(5, 6); }\n",
            ]
        );
    }

    #[test]
    fn methods_match_method_calls_without_self() {
        let text = "impl S { fn m(&self, x: u8) {} }\nfn g(s: S) { s.m(1); }\n";
        assert_eq!(
            proposals(text),
            [
                "impl S { fn m(&self, ) {} }\nfn g(s: S) { s.m(); }\n",
                "impl S { fn m(&self, x: u8) {} }\nfn g() { s.m(1); }\n",
            ]
        );
    }
}

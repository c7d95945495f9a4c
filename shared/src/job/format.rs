//! The delivered form of a Rust result: rustfmt's, without the tokens it would
//! add. A trailing comma or `extern "C"` for `extern` changes nothing a compiler
//! sees, but it is what the reduction had deleted: left in, the result is no longer
//! 1-minimal (on the ICE corpus, 3 of the 6 tune and 7 of the 8 held-out
//! `--exhaustive` results that were not, were so by one such comma, and one by an
//! `"C"`). rustfmt is told not to write the ABI (`force_explicit_abi=false`, a
//! stable option); the commas it adds go afterwards.

use std::path::Path;
use std::time::Duration;

use crate::case::Case;
use crate::predicate::CancelFlag;
use crate::testcase::TestCase;

/// Formats every Rust file of `case` with rustfmt (through `exec`): the case is
/// written under `dir` with its layout (so `mod m;` finds `m.rs`) and formatted in
/// place; the commas it adds go again ([`without_added_commas`]). `None` when
/// rustfmt is missing or rejects the code.
pub(super) fn rustfmt(case: &TestCase, dir: &Path, cancel: &CancelFlag) -> Option<TestCase> {
    let root = dir.join("case");
    let _ = std::fs::remove_dir_all(&root);
    case.write_to(&root).ok()?;
    let rust: Vec<usize> = (0..case.seq_count())
        .filter(|&i| {
            let p = case.path(i);
            !case.is_gone(p, case.seq(i))
                && (case.seq_count() == 1 || p.extension().is_some_and(|x| x == "rs"))
        })
        .collect();
    if rust.is_empty() {
        return None;
    }
    let spec = crate::exec::CommandSpec::new("rustfmt", &root)
        .args(["--edition", "2021", "--quiet"])
        .args(["--config", "force_explicit_abi=false"])
        .args(rust.iter().map(|&i| case.path(i)));
    let limits = crate::exec::RunLimits {
        timeout: Some(Duration::from_secs(30)),
        cpu: None,
        max_output: 16 << 20,
        memory: None,
    };
    let done = crate::exec::run(&spec, &limits, cancel).ok()?;
    if done.code != Some(0) {
        return None;
    }
    let mut out = case.clone();
    for i in rust {
        let formatted = std::fs::read(root.join(case.path(i))).ok()?;
        out = out.with_seq(i, without_added_commas(case.seq(i), &formatted));
    }
    Some(out)
}

/// `after` (rustfmt's output for `before`) without the commas it added: when the
/// two differ, outside blanks, only by commas in `after`, those go; otherwise
/// `after` as it is.
fn without_added_commas(before: &[u8], after: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(after.len());
    let mut b = before
        .iter()
        .filter(|c| !c.is_ascii_whitespace())
        .peekable();
    for &c in after {
        if c.is_ascii_whitespace() {
            out.push(c);
        } else if b.peek() == Some(&&c) {
            b.next();
            out.push(c);
        } else if c != b',' {
            return after.to_vec();
        }
    }
    if b.next().is_some() {
        return after.to_vec();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas_rustfmt_adds_go_and_nothing_else_changes() {
        let before = b"fn c() where for<'w> (): a { [(); 1]; }\nstruct S { a: u8 }";
        let after =
            b"fn c()\nwhere\n    for<'w> (): a,\n{\n    [(); 1];\n}\nstruct S {\n    a: u8,\n}\n";
        assert_eq!(
            String::from_utf8(without_added_commas(before, after)).unwrap(),
            "fn c()\nwhere\n    for<'w> (): a\n{\n    [(); 1];\n}\nstruct S {\n    a: u8\n}\n"
        );
        // A comma that was there stays; any other difference keeps rustfmt's text.
        assert_eq!(without_added_commas(b"f(a,)", b"f(a,)"), b"f(a,)");
        let reordered = b"use b;\nuse a;";
        assert_eq!(
            without_added_commas(reordered, b"use a;\nuse b;\n"),
            b"use a;\nuse b;\n"
        );
        let removed = b"match x { _ => {}, }";
        let formatted = b"match x {\n    _ => {}\n}\n";
        assert_eq!(without_added_commas(removed, formatted), formatted);
    }

    #[test]
    fn the_delivered_form_adds_no_abi_and_no_comma() {
        let tmp = tempfile::tempdir().unwrap();
        let case = TestCase::single(
            "a.rs",
            b"extern { type a; }
fn c() where for<'w> (): a {}"
                .to_vec(),
        );
        let formatted = rustfmt(&case, tmp.path(), &CancelFlag::new()).expect("rustfmt runs");
        assert_eq!(
            String::from_utf8_lossy(formatted.seq(0)),
            "extern {\n    type a;\n}\nfn c()\nwhere\n    for<'w> (): a\n{\n}\n"
        );
    }
}

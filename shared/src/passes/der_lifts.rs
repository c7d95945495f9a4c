//! `der-lifts`: in a DER file ([`super::der`]), a value replaced by one of the values
//! inside it, every length around it recomputed — a tree reducer's "replace a node by
//! a descendant" (Perses, HDD), Shrink Ray's lift for brackets, for ASN.1. A bad field
//! deep in a list entry (a revoked certificate's extension, a GeneralizedTime with a
//! year the parser rejects) then takes the place of a whole list, or of a field that
//! the parser reads the same way (the list's `thisUpdate`), where deletion keeps
//! every level around it.
//!
//! The values inside a value are its children at every depth and, through the
//! contents of an OCTET STRING or a BIT STRING (its first byte 0) that are exactly
//! one or more DER values, the values encapsulated there (an X.509 extension's
//! `extnValue`). Candidates go from the most bytes saved; the first that keeps the bug
//! is taken and the search starts again on the new file. Not in the stated
//! neighbourhood of `tools/check_minimal.py`; it only makes results smaller. A last
//! resort; at most [`MAX_IDLE`] tests since the last one taken.

use super::der::{Tree, Value};
use super::neighbours::without_source;
use super::{Ctx, Interrupt, Pass};
use crate::case::Case;
use crate::edit::{Edit, EditSet};

/// Tests per run of the pass since the last one taken.
const MAX_IDLE: usize = 48;

/// The values encapsulated in primitive `v`'s contents (see the module docs), if
/// its contents are DER values and nothing else.
fn encapsulated(text: &[u8], v: &Value) -> Option<Vec<Value>> {
    if v.children.is_some() {
        return None;
    }
    let start = match text[v.start] {
        0x04 => v.content,
        0x03 if text.get(v.content) == Some(&0) => v.content + 1,
        _ => return None,
    };
    (start < v.end)
        .then(|| super::der::values(text, start, v.end, 1))
        .flatten()
}

/// Every value inside `v` (children at every depth, and through encapsulation), as
/// `(start, end)`, into `out`.
fn inside(text: &[u8], v: &Value, out: &mut Vec<(usize, usize)>) {
    let kids = v.children.clone().or_else(|| encapsulated(text, v));
    for c in kids.iter().flatten() {
        out.push((c.start, c.end));
        inside(text, c, out);
    }
}

/// A value (`start..end`) and a value inside it that replaces it.
type Lift = ((usize, usize), (usize, usize));

/// The lifts of `tree`, the most bytes saved first.
fn lifts(text: &[u8], tree: &Tree) -> Vec<Lift> {
    fn walk(text: &[u8], vs: &[Value], out: &mut Vec<Lift>) {
        for v in vs {
            let mut ds = Vec::new();
            inside(text, v, &mut ds);
            out.extend(ds.into_iter().map(|d| ((v.start, v.end), d)));
            if let Some(c) = &v.children {
                walk(text, c, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(text, tree.values(), &mut out);
    out.sort_by_key(|&((vs, ve), (ds, de))| (std::cmp::Reverse((ve - vs) - (de - ds)), vs, ds));
    out
}

/// `text` written again with the value at `from` replaced by the bytes at `to`.
fn lifted(text: &[u8], tree: &Tree, from: (usize, usize), to: (usize, usize)) -> Vec<u8> {
    tree.write_with(text, &|v: &Value| {
        ((v.start, v.end) == from).then(|| text[to.0..to.1].to_vec())
    })
}

/// The pass (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct DerLifts;

impl<C: Case<Item = u8>> Pass<C> for DerLifts {
    fn name(&self) -> &'static str {
        "der-lifts"
    }

    fn fork(&self) -> Option<Box<dyn Pass<C>>> {
        Some(Box::new(*self))
    }

    fn run(&mut self, ctx: &mut dyn Ctx<C>) -> Result<(), Interrupt> {
        let mut tests = 0;
        'again: loop {
            ctx.checkpoint()?;
            let case = ctx.current().clone();
            if !without_source(&case) {
                return Ok(());
            }
            for seq in 0..case.seq_count() {
                let text = case.seq(seq);
                let tree = Tree::read(text);
                if tree.is_empty() {
                    continue;
                }
                for (from, to) in lifts(text, &tree) {
                    if tests >= MAX_IDLE {
                        return Ok(());
                    }
                    ctx.checkpoint()?;
                    tests += 1;
                    let new = lifted(text, &tree, from, to);
                    let mut set = EditSet::new();
                    if !set.push(Edit::replace(seq, 0, text.len(), new)) {
                        continue;
                    }
                    if ctx.test(case.apply(&set))? {
                        tests = 0;
                        continue 'again;
                    }
                }
            }
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A DER value of `tag` around `body`.
    fn tlv(tag: u8, body: &[u8]) -> Vec<u8> {
        let mut out = vec![tag];
        super::super::der::encode_len(body.len(), &mut out);
        out.extend_from_slice(body);
        out
    }

    /// A list like a revocation list: a header (an algorithm, an issuer, a date),
    /// then `n` entries
    /// (a serial and an extension whose OCTET STRING holds a GeneralizedTime); entry
    /// `bad`'s year is 1019.
    fn list(n: usize, bad: usize) -> Vec<u8> {
        let entries: Vec<u8> = (0..n)
            .flat_map(|i| {
                let year = if i == bad { "1019" } else { "2019" };
                let date = tlv(0x18, format!("{year}0101000000Z").as_bytes());
                let ext = tlv(
                    0x30,
                    &[tlv(0x06, b"\x55\x1d\x18"), tlv(0x04, &date)].concat(),
                );
                tlv(0x30, &[tlv(0x02, &[i as u8 + 1]), ext].concat())
            })
            .collect();
        let head = [
            tlv(0x30, &tlv(0x06, b"\x2a\x86\x48")),
            tlv(0x30, &tlv(0x31, &tlv(0x06, b"\x55\x04\x03"))),
            tlv(0x17, b"241126060000Z"),
        ]
        .concat();
        tlv(0x30, &[head, tlv(0x30, &entries)].concat())
    }

    /// A reader of [`list`]s as an X.509 parser reads a revocation list: the
    /// algorithm (an OID), the issuer (a SET of an OID), a date (`thisUpdate`), an optional second date (`nextUpdate`), then an optional
    /// list of entries; it fails on a GeneralizedTime before 1950 in either date or in
    /// any entry's extension. `None` when it does not read.
    fn bad_year(b: &[u8]) -> Option<bool> {
        let top = super::super::der::values(b, 0, b.len(), 0)?;
        let [root] = top.as_slice() else { return None };
        let kids = root.children.as_deref()?;
        let is_date = |v: &Value| matches!(b[v.start], 0x17 | 0x18);
        let bad =
            |v: &Value| b[v.start] == 0x18 && b.get(v.content..v.content + 4) < Some(&b"1950"[..]);
        // The algorithm holds an OID, the issuer a SET of one.
        let oid = |v: &Value| b[v.start] == 0x06;
        let alg = kids.first()?.children.as_deref()?;
        let set = kids.get(1)?.children.as_deref()?.first()?;
        (oid(alg.first()?) && oid(set.children.as_deref()?.first()?)).then_some(())?;
        let mut rest = kids[2..].iter().peekable();
        let this = rest.next().filter(|v| is_date(v))?;
        let mut found = bad(this);
        if let Some(next) = rest.next_if(|v| is_date(v)) {
            found |= bad(next);
        }
        if let Some(list) = rest.next() {
            for e in list.children.as_deref()? {
                let ext = e.children.as_deref()?.get(1)?;
                let octets = ext.children.as_deref()?.get(1)?;
                let date = encapsulated(b, octets)?;
                found |= bad(date.first()?);
            }
        }
        rest.next().is_none().then_some(found)
    }

    #[test]
    fn a_value_deep_in_an_entry_takes_the_place_of_a_field_around_it() {
        let data = list(40, 17);
        assert_eq!(bad_year(&data), Some(true));
        let pass = || {
            vec![
                Box::new(super::super::Delete::new(
                    super::super::der::Der::constructed(),
                    "der-constructed",
                    usize::MAX,
                )) as Box<dyn Pass<crate::TestCase>>,
                Box::new(super::super::Delete::new(
                    super::super::der::Der::primitive(),
                    "der-primitive",
                    usize::MAX,
                )),
                Box::new(DerLifts),
            ]
        };
        let (out, calls) = crate::passes::tests::reduce_one_file("x.crl", data, pass(), |b| {
            bad_year(b) == Some(true)
        });
        // The bad date in the first date's place, the list gone.
        let want = tlv(
            0x30,
            &[
                tlv(0x30, &tlv(0x06, b"\x2a\x86\x48")),
                tlv(0x30, &tlv(0x31, &tlv(0x06, b"\x55\x04\x03"))),
                tlv(0x18, b"10190101000000Z"),
            ]
            .concat(),
        );
        assert_eq!(out, want, "{out:x?}");
        assert!(calls <= 300, "{calls} calls");
    }

    #[test]
    fn lifts_go_through_octet_strings_and_keep_the_lengths() {
        let data = list(2, 1);
        let tree = Tree::read(&data);
        let all = lifts(&data, &tree);
        // The largest saving first: the root replaced by its biggest part.
        let ((vs, ve), (ds, de)) = all[0];
        assert_eq!((vs, ve), (0, data.len()));
        assert!(de - ds < ve - vs);
        // Every candidate is DER again, one value that is the whole file.
        for &(from, to) in &all {
            let out = lifted(&data, &tree, from, to);
            let top = super::super::der::values(&out, 0, out.len(), 0);
            assert_eq!(top.map(|t| t.len()), Some(1), "{from:?} {to:?}");
        }
        // A date inside an entry's OCTET STRING is among the values lifted.
        let date = data.windows(2).position(|w| w == [0x18, 15]).unwrap();
        assert!(all.iter().any(|&(_, d)| d.0 == date));
    }
}

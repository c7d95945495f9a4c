//! Binary files in ASN.1's DER (and definite-length BER) encoding: X.509
//! certificates and revocation lists, PKCS files, LDAP and SNMP messages. Each value
//! is a tag (one byte, or more in the high-tag form), a length (one byte below 0x80,
//! else 0x81 to 0x84 and that many bytes), and that many bytes of contents; a
//! constructed value's contents (tag bit 0x20) are values in turn. Every enclosing
//! value's length counts a deleted value's bytes, so no byte or line cut keeps such a
//! file readable, and a reader that checks lengths rejects them all.
//!
//! The structure ([`Tree`]) is read, not guessed: one constructed value that is the
//! whole file, lengths in their shortest form (DER's rule; so the tree written back
//! is the file), the contents of each constructed value covered exactly by values
//! (else it is taken as plain bytes), at least [`MIN_CONSTRUCTED`] constructed values
//! in all. A cut writes the file again from the tree: deleted
//! values and bytes left out, every length recomputed (in the shortest form). Three
//! passes, each in document order: constructed values at every depth
//! (`der-constructed`: the records of a list are adjacent units, where with their
//! fields among them every other cut would split a record), primitive values
//! (`der-primitive`), and bytes of primitive values' contents (`der-bytes`, files up
//! to [`MAX_BYTES`]).

use std::collections::HashSet;

use super::chunks::is_binary;
use super::units::{file_spans, rewrite_cut, Segmenter, Span};
use crate::case::Case;

/// A file's tree has at least this many constructed values.
pub const MIN_CONSTRUCTED: usize = 3;
/// `der-bytes` works on files up to this size.
pub const MAX_BYTES: usize = 8 * 1024;
/// Nesting deeper than this is not read (a guard against pathological input).
const MAX_DEPTH: usize = 64;

/// One value: its tag bytes `start..tag_end`, its contents `content..end`, and for
/// a constructed value read as such, its children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Value {
    pub(super) start: usize,
    tag_end: usize,
    pub(super) content: usize,
    pub(super) end: usize,
    pub(super) children: Option<Vec<Value>>,
}

/// The tag and length of the value at `p`, if its contents end by `end`: (end of
/// the tag, start of the contents, end of the contents, constructed).
fn header(text: &[u8], p: usize, end: usize) -> Option<(usize, usize, usize, bool)> {
    let tag = *text.get(p)?;
    let mut q = p + 1;
    if tag & 0x1f == 0x1f {
        // High-tag form: base-128 digits, the last without its top bit.
        loop {
            let b = *text.get(q)?;
            q += 1;
            if b & 0x80 == 0 {
                break;
            }
            if q - p > 6 {
                return None;
            }
        }
    }
    let tag_end = q;
    let first = *text.get(q)?;
    q += 1;
    let len = if first < 0x80 {
        usize::from(first)
    } else {
        let n = usize::from(first & 0x7f);
        // 0x80 is BER's indefinite length: not read.
        if n == 0 || n > 4 {
            return None;
        }
        let mut v = 0usize;
        for _ in 0..n {
            v = (v << 8) | usize::from(*text.get(q)?);
            q += 1;
        }
        // DER's shortest form only (so that writing the tree back gives the same
        // bytes): no leading zero byte, nothing the short form holds.
        if v < 0x80 || v >> (8 * (n - 1)) == 0 {
            return None;
        }
        v
    };
    let content_end = q.checked_add(len)?;
    (content_end <= end).then_some((tag_end, q, content_end, tag & 0x20 != 0))
}

/// The values that cover `start..end` exactly, if they do.
pub(super) fn values(text: &[u8], start: usize, end: usize, depth: usize) -> Option<Vec<Value>> {
    if depth > MAX_DEPTH {
        return None;
    }
    let mut out = Vec::new();
    let mut p = start;
    while p < end {
        let (tag_end, content, value_end, constructed) = header(text, p, end)?;
        let children = if constructed && content < value_end {
            values(text, content, value_end, depth + 1)
        } else {
            None
        };
        out.push(Value {
            start: p,
            tag_end,
            content,
            end: value_end,
            children,
        });
        p = value_end;
    }
    Some(out)
}

/// The shortest DER length field for `len`.
pub(super) fn encode_len(len: usize, out: &mut Vec<u8>) {
    if len < 0x80 {
        out.push(len as u8);
        return;
    }
    let bytes = (len as u64).to_be_bytes();
    let skip = bytes.iter().take_while(|&&b| b == 0).count();
    out.push(0x80 | (8 - skip) as u8);
    out.extend_from_slice(&bytes[skip..]);
}

/// A file's values (empty when it is not read as DER).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    values: Vec<Value>,
}

impl Tree {
    /// The structure of `text`; empty when it has none.
    pub fn read(text: &[u8]) -> Tree {
        if !is_binary(text) {
            return Tree::default();
        }
        // One constructed value that is the whole file (a certificate, a list).
        let Some(values) = values(text, 0, text.len(), 0) else {
            return Tree::default();
        };
        if values.len() != 1 || values[0].children.is_none() {
            return Tree::default();
        }
        fn constructed(vs: &[Value]) -> usize {
            (vs.iter())
                .filter_map(|v| v.children.as_deref())
                .map(|c| 1 + constructed(c))
                .sum()
        }
        if constructed(&values) < MIN_CONSTRUCTED {
            return Tree::default();
        }
        Tree { values }
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The top-level values (one, the whole file, when not empty).
    pub(super) fn values(&self) -> &[Value] {
        &self.values
    }

    /// `text` written again with each value for which `with` gives bytes replaced
    /// by them (not looked into); every length around them recomputed.
    pub(super) fn write_with(
        &self,
        text: &[u8],
        with: &dyn Fn(&Value) -> Option<Vec<u8>>,
    ) -> Vec<u8> {
        fn write_all(
            text: &[u8],
            vs: &[Value],
            with: &dyn Fn(&Value) -> Option<Vec<u8>>,
            out: &mut Vec<u8>,
        ) {
            for v in vs {
                if let Some(bytes) = with(v) {
                    out.extend(bytes);
                    continue;
                }
                let Some(c) = &v.children else {
                    out.extend_from_slice(&text[v.start..v.end]);
                    continue;
                };
                let mut body = Vec::new();
                write_all(text, c, with, &mut body);
                out.extend_from_slice(&text[v.start..v.tag_end]);
                encode_len(body.len(), out);
                out.extend(body);
            }
        }
        let mut out = Vec::new();
        write_all(text, &self.values, with, &mut out);
        out
    }

    /// The units of `kind`, in document order (a value before its children).
    fn units(&self, kind: Units) -> Vec<(usize, usize)> {
        fn walk(vs: &[Value], kind: Units, out: &mut Vec<(usize, usize)>) {
            for v in vs {
                match (&v.children, kind) {
                    (Some(c), _) => {
                        if kind == Units::Constructed {
                            out.push((v.start, v.end));
                        }
                        walk(c, kind, out);
                    }
                    (None, Units::Primitive) => out.push((v.start, v.end)),
                    (None, Units::Bytes) => out.extend((v.content..v.end).map(|b| (b, b + 1))),
                    (None, Units::Constructed) => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.values, kind, &mut out);
        out
    }

    /// `text` written again without the units `cut` (values or single bytes of
    /// [`Tree::units`]); every length recomputed.
    fn write(&self, text: &[u8], cut: &HashSet<(usize, usize)>) -> Vec<u8> {
        self.write_with(text, &|v: &Value| {
            if cut.contains(&(v.start, v.end)) {
                return Some(Vec::new());
            }
            if v.children.is_some() {
                return None;
            }
            let body: Vec<u8> = (v.content..v.end)
                .filter(|&b| !cut.contains(&(b, b + 1)))
                .map(|b| text[b])
                .collect();
            let mut out = text[v.start..v.tag_end].to_vec();
            encode_len(body.len(), &mut out);
            out.extend(body);
            Some(out)
        })
    }
}

/// Which units a [`Der`] pass deletes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Units {
    /// Constructed values (a record of fields is one unit, so the records of a list
    /// are adjacent units).
    Constructed,
    /// Primitive values.
    Primitive,
    /// Bytes of primitive values' contents.
    Bytes,
}

/// Deletion in a DER file that keeps every length true (see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct Der {
    units: Units,
}

impl Der {
    /// Constructed values.
    pub fn constructed() -> Der {
        Der {
            units: Units::Constructed,
        }
    }
    /// Primitive values.
    pub fn primitive() -> Der {
        Der {
            units: Units::Primitive,
        }
    }
    /// Bytes of primitive values' contents.
    pub fn bytes() -> Der {
        Der {
            units: Units::Bytes,
        }
    }
}

impl<C: Case<Item = u8>> Segmenter<C> for Der {
    fn name(&self) -> &'static str {
        match self.units {
            Units::Constructed => "der-constructed",
            Units::Primitive => "der-primitive",
            Units::Bytes => "der-bytes",
        }
    }

    fn segment(&self, case: &C) -> Vec<Span> {
        file_spans(case, |text| {
            if self.units == Units::Bytes && text.len() > MAX_BYTES {
                return Vec::new();
            }
            Tree::read(text).units(self.units)
        })
    }

    fn cut(&self, case: &C, spans: &[Span], ranges: &[(usize, usize)]) -> C {
        rewrite_cut(case, spans, ranges, |text, gone| {
            let tree = Tree::read(text);
            (!tree.is_empty()).then(|| tree.write(text, gone))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A DER value of `tag` around `body`.
    fn tlv(tag: u8, body: &[u8]) -> Vec<u8> {
        let mut out = vec![tag];
        encode_len(body.len(), &mut out);
        out.extend_from_slice(body);
        out
    }

    /// A list like a revocation list: a SEQUENCE of a header and a SEQUENCE of
    /// `n` entries (an INTEGER serial and a UTCTime), the one at `bad` dated 1019.
    fn list(n: usize, bad: usize) -> Vec<u8> {
        let entries: Vec<u8> = (0..n)
            .flat_map(|i| {
                let serial = tlv(0x02, &(i as u32 + 0x0100_0000).to_be_bytes());
                let year = if i == bad { "1019" } else { "2019" };
                let date = tlv(0x18, format!("{year}0101000000Z").as_bytes());
                tlv(0x30, &[serial, date].concat())
            })
            .collect();
        let head = tlv(0x30, &[tlv(0x06, b"\x2a\x86\x48"), tlv(0x05, b"")].concat());
        tlv(0x30, &[head, tlv(0x30, &entries)].concat())
    }

    /// The dates of a [`list`], if every length is right.
    fn dates(b: &[u8]) -> Option<Vec<Vec<u8>>> {
        let top = values(b, 0, b.len(), 0)?;
        let [outer] = top.as_slice() else { return None };
        let [_, entries] = outer.children.as_deref()? else {
            return None;
        };
        (entries.children.as_deref()?.iter())
            .map(|e| {
                let c = e.children.as_deref()?;
                Some(b[c.get(1)?.content..c.get(1)?.end].to_vec())
            })
            .collect()
    }

    #[test]
    fn lengths_are_read_and_written_in_both_forms() {
        let data = list(300, 120);
        let tree = Tree::read(&data);
        assert!(!tree.is_empty());
        assert_eq!(tree.write(&data, &HashSet::new()), data);
        // Long-form lengths shrink to the short form when the contents do.
        let mut out = Vec::new();
        encode_len(200, &mut out);
        encode_len(70_000, &mut out);
        assert_eq!(out, [0x81, 200, 0x83, 0x01, 0x11, 0x70]);
        // Text is not DER, nor is a file with one constructed value, two values, or
        // a length in a longer form than it needs.
        assert!(Tree::read(b"0\x03abc").is_empty());
        assert!(Tree::read(&tlv(0x30, &tlv(0x04, &[0, 1, 2]))).is_empty());
        assert!(Tree::read(&[data.clone(), data.clone()].concat()).is_empty());
        let mut long = data.clone();
        long.splice(1..4, [0x83, 0x00, data[2], data[3]]);
        assert!(values(&long, 0, long.len(), 0).is_none());
    }

    #[test]
    fn values_go_with_every_length_around_them() {
        use super::super::{Delete, Pass};
        let pred = |b: &[u8]| dates(b).is_some_and(|d| d.iter().any(|d| d.starts_with(b"1019")));
        let data = list(300, 120);
        assert!(pred(&data));
        let pass = || {
            vec![
                Box::new(Delete::new(
                    Der::constructed(),
                    "der-constructed",
                    usize::MAX,
                )) as Box<dyn Pass<crate::TestCase>>,
                Box::new(Delete::new(Der::primitive(), "der-primitive", usize::MAX)),
                Box::new(Delete::new(Der::bytes(), "der-bytes", MAX_BYTES)),
            ]
        };
        let (out, calls) = crate::passes::tests::reduce_one_file("x.der", data, pass(), pred);
        assert_eq!(dates(&out).map(|d| d.len()), Some(1), "{out:x?}");
        // The header's values went (not the header: the check reads it), the
        // serial's bytes too, and the date kept only what the check reads.
        assert!(out.len() <= 16, "{} bytes: {out:x?}", out.len());
        assert!(calls <= 200, "{calls} calls");
    }
}

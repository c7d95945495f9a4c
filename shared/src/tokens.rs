//! A crude tokenizer that groups "similar" bytes (Shrink Ray's): runs of word bytes,
//! runs of whitespace, and single punctuation bytes. Used for token units and for
//! the secondary size of text.

/// Byte classes of the tokenizer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Class {
    Word,
    Space,
    Punct,
}

pub(crate) fn class(b: u8) -> Class {
    if b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80 {
        Class::Word
    } else if b.is_ascii_whitespace() {
        Class::Space
    } else {
        Class::Punct
    }
}

/// Token spans `(start, end)` of `text`, covering it entirely.
pub(crate) fn token_spans(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = class(text[i]);
        let mut j = i + 1;
        if c != Class::Punct {
            while j < text.len() && class(text[j]) == c {
                j += 1;
            }
        }
        out.push((i, j));
        i = j;
    }
    out
}

/// Number of non-whitespace tokens.
pub(crate) fn count_tokens(text: &[u8]) -> usize {
    let mut n = 0;
    let mut prev = Class::Space;
    for &b in text {
        let c = class(b);
        if c == Class::Punct || (c == Class::Word && prev != Class::Word) {
            n += 1;
        }
        prev = c;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        let t = b"fn foo(x: u8) {}";
        let spans: Vec<&str> = token_spans(t)
            .iter()
            .map(|&(a, b)| std::str::from_utf8(&t[a..b]).unwrap())
            .collect();
        assert_eq!(
            spans,
            ["fn", " ", "foo", "(", "x", ":", " ", "u8", ")", " ", "{", "}"]
        );
        assert_eq!(count_tokens(t), 9);
        assert_eq!(count_tokens(b""), 0);
    }
}

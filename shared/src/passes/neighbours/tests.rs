//! Tests of the neighbourhood sweeps.
use super::*;

fn texts(kind: Kind, text: &str) -> Vec<String> {
    let case = crate::TestCase::single("a.rs", text.as_bytes().to_vec());
    propose(kind, text.as_bytes(), 0)
        .into_iter()
        .map(|(_, e)| String::from_utf8(case.apply(&e).seq(0).to_vec()).unwrap())
        .collect()
}

#[test]
fn a_data_sweep_takes_a_run_of_lines_and_a_run_of_word_parts() {
    // A preface of four lines that goes whole or not at all, then a record whose
    // name packs a length-prefixed part before the number that matters.
    let pred = |b: &[u8]| {
        let rest = b.strip_prefix(b"P\nQ\nR\nS\n").unwrap_or(b);
        rest == b"ZN3abc99E" || rest == b"ZN99E"
    };
    let data = b"P\nQ\nR\nS\nZN3abc99E".to_vec();
    assert!(pred(&data));
    let passes = || -> Vec<Box<dyn Pass<crate::TestCase>>> {
        vec![
            Box::new(Neighbours::new(Kind::Lines, Files::Data)),
            Box::new(Neighbours::new(Kind::TokenRuns, Files::Data)),
        ]
    };
    let (out, _) = crate::passes::tests::reduce_one_file("x.txt", data, passes(), pred);
    // Single lines cannot go, nor can `3` or `abc` alone; `3abc` is one token
    // with `99E`, so only the parts' run takes it.
    assert_eq!(out, b"ZN99E");
}

#[test]
fn neighbours_of_each_kind() {
    let runs = texts(Kind::TokenRuns, "let b = f();");
    assert!(runs.contains(&" f();".to_string()), "{runs:?}");
    assert!(runs.contains(&"let b = ;".to_string()));
    assert_eq!(runs.len(), 7 + 6 + 5 + 4 + 3 + 2 + 1);
    let pairs = texts(Kind::Pairs, "f(x);");
    assert_eq!(pairs, vec!["f;".to_string(), "fx;".to_string()]);
    let parts: Vec<String> = (part_runs(b"ZN8ab5c x", 0).into_iter())
        .map(|(_, e)| {
            let case = crate::TestCase::single("a.txt", b"ZN8ab5c x".to_vec());
            String::from_utf8(case.apply(&e).seq(0).to_vec()).unwrap()
        })
        .collect();
    // Five parts (ZN, 8, ab, 5, c): every run of 1 to 4 of them; none of `x`.
    assert_eq!(parts.len(), 5 + 4 + 3 + 2, "{parts:?}");
    assert!(parts.contains(&"ZN5c x".to_string()) && parts.contains(&"c x".to_string()));
    assert!(!parts.contains(&" x".to_string()));
    let lines: Vec<String> = (line_runs(b"a\nb\nc", 0).into_iter())
        .map(|(_, e)| {
            let case = crate::TestCase::single("a.txt", b"a\nb\nc".to_vec());
            String::from_utf8(case.apply(&e).seq(0).to_vec()).unwrap()
        })
        .collect();
    assert_eq!(lines, ["a\nb", "a", "a\nc", "", "c", "b\nc"]);
    let repl = texts(Kind::Replace, "abc;");
    assert!(repl.contains(&"0;".to_string()) && repl.contains(&";;".to_string()));
    let bytes = texts(Kind::Bytes, "ab c");
    assert_eq!(bytes, vec!["ab ", "a c", "b c"]);
    // No length fields in text.
    assert!(texts(Kind::Lengths, "\x02ab").is_empty());
}

/// A string of a binary format (a type byte, a 1-byte length, the bytes) is
/// emptied with its length set to 0; so is any other field that fits.
#[test]
fn length_fields_are_emptied() {
    let text = [0x0d, 0x02, b'a', b'b', 0x00, 0xff];
    let case = crate::TestCase::single("x.bin", text.to_vec());
    let got: Vec<Vec<u8>> = (propose(Kind::Lengths, &text, 0).into_iter())
        .map(|(_, e)| case.apply(&e).seq(0).to_vec())
        .collect();
    // Every other reading (`0d` = 13, `02 61` = 609 big-endian, `ff`, ...) does
    // not fit in the bytes after it, or is 0.
    assert_eq!(got, vec![vec![0x0d, 0x00, 0x00, 0xff]]);
}

/// A lenient reader's bug: two marker bytes anywhere in at least 4 bytes. The
/// data sweeps alone take a 64-byte file to 4 bytes, from which no byte can go;
/// a Rust file is not theirs.
#[test]
fn data_sweeps_reach_a_one_minimal_file_and_leave_source_code_alone() {
    let pred = |b: &[u8]| b.len() >= 4 && b.windows(2).any(|w| w == [0xAA, 0xBB]);
    let mut data: Vec<u8> = (0..64u32).map(|i| (i * 37 % 251) as u8 | 0x80).collect();
    data[40] = 0xAA;
    data[41] = 0xBB;
    data[3] = 0;
    let sweeps = || crate::passes::neighbourhood(Files::Data);
    let (out, _) = crate::passes::tests::reduce_one_file("x.bin", data, sweeps(), pred);
    assert_eq!(out.len(), 4, "{out:?}");
    assert!(pred(&out));
    // Text: runs of tokens, then single bytes.
    let text = b"key = [1, 2, 3]\nother = 4\n".to_vec();
    let holds = |b: &[u8]| b.windows(2).any(|w| w == b"[1");
    let (out, _) = crate::passes::tests::reduce_one_file("x.toml", text.clone(), sweeps(), holds);
    // Blanks are no neighbours (tidying them is another pass's job).
    assert_eq!(squash(&out), b"[1");
    let (out, calls) =
        crate::passes::tests::reduce_one_file("x.rs", text.clone(), sweeps(), |_| true);
    // One call: the check of the original.
    assert_eq!((out, calls), (text, 1));
}

/// A reader of typed, length-prefixed items (a tag byte, a 1-byte length, that
/// many bytes) that must end exactly at the end of the file, with the bug in the
/// item of tag `0xEE`. No run of 8 tokens or byte takes a 30-byte item, and a cut
/// inside one breaks the framing; emptying its length field does, then a token
/// run takes what is left of it: the result is the bad item alone, emptied.
#[test]
fn data_sweeps_empty_length_prefixed_items() {
    let items = |b: &[u8]| -> Option<Vec<u8>> {
        let (mut at, mut tags) = (0, vec![]);
        while at < b.len() {
            tags.push(b[at]);
            at += 2 + usize::from(*b.get(at + 1)?);
        }
        (at == b.len()).then_some(tags)
    };
    let pred = |b: &[u8]| items(b).is_some_and(|t| t.contains(&0xEE));
    let mut data = vec![];
    for (k, tag) in [0x81u8, 0x82, 0xEE, 0x83].into_iter().enumerate() {
        data.extend([tag, 30]);
        data.extend((0..30u8).map(|i| 0x90 + (i * 7 + k as u8) % 64));
    }
    assert!(pred(&data) && is_binary(&data));
    let sweeps = || crate::passes::neighbourhood(Files::Data);
    let (out, _) = crate::passes::tests::reduce_one_file("x.bin", data.clone(), sweeps(), pred);
    assert_eq!(out, vec![0xEE, 0], "{out:x?}");
    // Without the length fields, cuts that happen to keep the framing go, but
    // every item left keeps its 30 bytes.
    let others = (sweeps().into_iter())
        .filter(|p| p.name() != "data-lengths")
        .collect();
    let (out, _) = crate::passes::tests::reduce_one_file("x.bin", data, others, pred);
    assert!(out.len() >= 32, "{out:x?}");
}

/// `X Y w0 .. w39 q` reduced by a token-run sweep, an idle pass that runs in slices
/// (`Config::demote_idle`), and `then`, a pass after it; with `pred` on the words.
fn sliced_sweep(then: impl Pass<crate::TestCase> + 'static, pred: fn(&[&str]) -> bool) -> String {
    let words: Vec<String> = (0..40).map(|i| format!("w{i}")).collect();
    let data = format!("X Y {} q", words.join(" ")).into_bytes();
    let pred = |b: &[u8]| {
        let t = String::from_utf8_lossy(b);
        let toks: Vec<&str> = t.split_whitespace().collect();
        toks.first() == Some(&"X")
            && words.iter().all(|w| toks.contains(&w.as_str()))
            && pred(&toks)
    };
    let passes: Vec<Box<dyn Pass<crate::TestCase>>> = vec![
        crate::passes::last_resort(Neighbours::new(Kind::TokenRuns, Files::Data)),
        crate::passes::last_resort(then),
    ];
    let config = crate::Config {
        demote_idle: true,
        ..crate::Config::default()
    };
    let (out, _) = crate::passes::tests::reduce_one_file_with(config, "x.txt", data, passes, pred);
    String::from_utf8(out).unwrap()
}

/// A pass that turns `Y` into `Z` (a move sideways).
struct YToZ;

impl Pass<crate::TestCase> for YToZ {
    fn name(&self) -> &'static str {
        "y-to-z"
    }
    fn run(&mut self, ctx: &mut dyn Ctx<crate::TestCase>) -> Result<(), Interrupt> {
        let text = ctx.current().seq(0).to_vec();
        if let Some(at) = text.iter().position(|&b| b == b'Y') {
            let turn = EditSet::of(Edit::replace(0, at, at + 1, vec![b'Z']));
            let cand = ctx.current().apply(&turn);
            ctx.test_lateral(cand)?;
        }
        Ok(())
    }
}

/// A sweep paused at the end of a slice while another pass changes the case is
/// followed by another whole sweep: what it tried was tried on the old case. Here
/// `q` can go only once `Y` has turned into `Z`, which the later pass does in the
/// pause after the first sweep (which found nothing).
#[test]
fn a_sweep_resumed_on_a_changed_case_sweeps_again() {
    let text = sliced_sweep(YToZ, |t| {
        t.contains(&"Y") && t.contains(&"q") || t.contains(&"Z")
    });
    assert!(text.contains('Z') && !text.ends_with('q'), "{text}");
}

/// A sweep whose success came in an earlier slice (here `Y`'s deletion, which lets
/// `q` go) is run again once it ends, though its last slice found nothing and no
/// other pass did either.
#[test]
fn a_sweep_that_found_something_in_an_earlier_slice_runs_again() {
    let text = sliced_sweep(YToZ, |t| t.contains(&"q") || !t.contains(&"Y"));
    assert!(!text.contains('Y') && !text.ends_with('q'), "{text}");
}

/// The files of a crate are not the data sweeps' (each check builds).
#[test]
fn data_files_count_only_in_cases_without_source_code() {
    let bin = vec![0u8, 1, 2, 0xFF];
    let alone = crate::TestCase::single("x.bin", bin.clone());
    assert!(Files::Data.accepts(&alone, 0));
    let krate = crate::TestCase::from_files([
        ("src/lib.rs".into(), b"fn f() {}".to_vec()),
        ("x.bin".into(), bin),
    ]);
    let at = krate.index_of(std::path::Path::new("x.bin")).unwrap();
    assert!(!Files::Data.accepts(&krate, at));
    assert!(Files::Rust.accepts(&krate, 1 - at));
}

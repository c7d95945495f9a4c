//! Tests of the relocating passes on small hand-made files.

use super::*;
use crate::TestCase;

/// An icon-directory-like file: `n` entries (size, offset) counted by a u16,
/// then the images (`IM\x01\x02` + payload).
pub(super) fn directory(n: usize) -> Vec<u8> {
    let images: Vec<Vec<u8>> = (0..n)
        .map(|i| {
            let mut im = b"IM\x01\x02".to_vec();
            im.extend(std::iter::repeat_n(i as u8 + 1, 20 + i));
            im
        })
        .collect();
    let mut out = vec![0u8, 0, 1, 0];
    out.extend((n as u16).to_le_bytes());
    let mut offset = 6 + 12 * n;
    for (i, im) in images.iter().enumerate() {
        out.extend([16 + i as u8, 16 + i as u8, 0, 0]);
        out.extend((im.len() as u32).to_le_bytes());
        out.extend((offset as u32).to_le_bytes());
        offset += im.len();
    }
    for im in &images {
        out.extend(im);
    }
    out
}

/// The images a reader of [`directory`] finds, or `None` when an entry does not
/// point at an image of its size.
fn images(text: &[u8]) -> Option<Vec<Vec<u8>>> {
    let n = read(text, 4, 2, false)? as usize;
    (0..n)
        .map(|i| {
            let e = 6 + 12 * i;
            let len = read(text, e + 4, 4, false)? as usize;
            let at = read(text, e + 8, 4, false)? as usize;
            let im = text.get(at..at + len)?;
            im.starts_with(b"IM\x01\x02").then(|| im.to_vec())
        })
        .collect()
}

#[test]
fn the_directory_is_a_counted_table_of_pointers_with_extents() {
    let text = directory(10);
    let l = Layout::detect(&text);
    assert_eq!(l.ptrs.len(), 10, "{l:?}");
    assert!(!l.big);
    assert!(l.ptrs.iter().all(|p| p.extent == Some(p.at - 4)));
    assert_eq!(
        l.tables,
        vec![Table {
            count_at: 4,
            width: 2,
            start: 6,
            stride: 12,
            n: 10
        }]
    );
    // Text and pointer-less bytes: nothing.
    assert!(Layout::detect(&[b'a'; 400]).is_empty());
    assert!(Layout::detect(&[7u8; 400]).is_empty());
}

#[test]
fn deleting_entries_and_images_keeps_the_file_readable() {
    let text = directory(10);
    let seg = Relocating::records();
    let case = TestCase::single("a.ico", text.clone());
    let spans = Segmenter::<TestCase>::segment(&seg, &case);
    // Entries 6..10, then images 6..10 (each image is one unit).
    let entry = |i: usize| spans.iter().position(|s| s.start == 6 + 12 * i).unwrap();
    let image = |i: usize| {
        let at = read(&text, 6 + 12 * i + 8, 4, false).unwrap() as usize;
        spans.iter().position(|s| s.start == at).unwrap()
    };
    let out = seg.cut(
        &case,
        &spans,
        &[(entry(6), entry(10)), (image(6), spans.len())],
    );
    let got = images(out.seq(0)).expect("readable");
    assert_eq!(got, images(&text).unwrap()[..6].to_vec());
    // Then the first three (the memory knows the pointers of the candidate).
    let spans = Segmenter::<TestCase>::segment(&seg, &out);
    let first = spans.iter().position(|s| s.start == 6).unwrap();
    let out2 = seg.cut(&out, &spans, &[(first, first + 3)]);
    assert_eq!(images(out2.seq(0)).expect("readable").len(), 3);
}

#[test]
fn bytes_deleted_inside_an_image_shrink_its_extent() {
    let text = directory(10);
    let seg = Relocating::bytes();
    let case = TestCase::single("a.ico", text.clone());
    let spans = Segmenter::<TestCase>::segment(&seg, &case);
    assert_eq!(spans.len(), text.len());
    let at = read(&text, 6 + 8, 4, false).unwrap() as usize;
    let out = seg.cut(&case, &spans, &[(at + 10, at + 15)]);
    let got = images(out.seq(0)).expect("readable");
    assert_eq!(got[0].len(), 24 - 5);
    assert_eq!(got[1..], images(&text).unwrap()[1..]);
}

/// A chain: header pointer, then nodes `ND\x01\x02`, count, payload, next.
#[test]
fn a_pointer_into_deleted_nodes_follows_the_chain() {
    let mut text = b"HD\x00\x00".to_vec();
    text.extend([0u8; 4]);
    let mut link = 4;
    let mut starts = Vec::new();
    for i in 0..12u8 {
        starts.push(text.len());
        let at = text.len() as u32;
        text[link..link + 4].copy_from_slice(&at.to_le_bytes());
        text.extend(b"ND\x01\x02");
        text.extend([i; 9]);
        link = text.len();
        text.extend([0u8; 4]);
    }
    let chain = |t: &[u8]| {
        let mut out = Vec::new();
        let mut p = read(t, 4, 4, false).unwrap() as usize;
        while p != 0 && out.len() < 20 {
            out.push(t[p + 4]);
            p = read(t, p + 13, 4, false).unwrap() as usize;
        }
        out
    };
    assert_eq!(chain(&text), (0..12).collect::<Vec<u8>>());
    let seg = Relocating::default();
    let case = TestCase::single("a.bin", text.clone());
    let spans = Segmenter::<TestCase>::segment(&seg, &case);
    let node = |i: usize| spans.iter().position(|s| s.start == starts[i]).unwrap();
    let out = seg.cut(&case, &spans, &[(node(0), node(5)), (node(7), node(9))]);
    assert_eq!(chain(out.seq(0)), vec![5, 6, 9, 10, 11]);
}

#[test]
fn alike_records_after_a_count_at_a_target_are_a_table() {
    let mut text = vec![0x49, 0x49];
    text.extend(5u16.to_le_bytes());
    for i in 0..5u8 {
        text.extend([0x10 + i, 0x01, 3 + i % 2, 0, 1, 0, 0, 0, 7 * i, i, 0, 0]);
    }
    text.extend([0xff; 6]);
    assert!(counted_tables(&text, false, &[0]).is_empty());
    let t = counted_tables(&text, false, &[2]);
    assert_eq!(
        t,
        vec![Table {
            count_at: 2,
            width: 2,
            start: 4,
            stride: 12,
            n: 5
        }]
    );
}

#[test]
fn deleting_entries_also_deletes_the_images_only_they_pointed_at() {
    let text = directory(10);
    let seg = Relocating::records();
    let case = TestCase::single("a.ico", text.clone());
    let spans = Segmenter::<TestCase>::segment(&seg, &case);
    let entry = |i: usize| spans.iter().position(|s| s.start == 6 + 12 * i).unwrap();
    let out = seg.cut(&case, &spans, &[(entry(2), entry(10))]);
    let got = images(out.seq(0)).expect("readable");
    assert_eq!(got, images(&text).unwrap()[..2].to_vec());
    assert_eq!(
        out.seq(0).len(),
        6 + 2 * 12 + got.iter().map(Vec::len).sum::<usize>()
    );
}

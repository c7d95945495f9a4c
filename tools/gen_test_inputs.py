#!/usr/bin/env python3
"""Generates the big inputs of the failing-test cases in examples/test-bugs/.

Each case is a small crate that pins a real, published crate version with a known
panic, and a test that reads tests/fixtures/<input>. This script writes that input:
ordinary, valid data (seeded, so every run writes the same bytes) with the known
trigger buried in the middle.

    tools/gen_test_inputs.py [--size BYTES] [--case NAME] DEST_ROOT

writes DEST_ROOT/<case>/tests/fixtures/<input> for every case (DEST_ROOT is usually
examples/test-bugs).
"""
import argparse
import base64
import os
import random
import struct

WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi "
         "omicron pi rho sigma tau upsilon phi chi psi omega server client queue "
         "worker cache index shard replica region zone bucket tenant user group").split()


def word(rng):
    return rng.choice(WORDS)


def yaml_doc(rng, n):
    """One realistic YAML document (a service description)."""
    lines = [
        "---",
        f"name: {word(rng)}-{word(rng)}-{n}",
        f"version: {rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 99)}",
        f"enabled: {rng.choice(['true', 'false'])}",
        f"description: \"{' '.join(word(rng) for _ in range(rng.randint(4, 12)))}\"",
        "owners:",
    ]
    for _ in range(rng.randint(1, 4)):
        lines.append(f"  - {word(rng)}@example.org")
    lines.append("limits:")
    lines.append(f"  cpu: {rng.randint(100, 4000)}m")
    lines.append(f"  memory: {rng.randint(64, 8192)}Mi")
    lines.append(f"  replicas: {rng.randint(1, 12)}")
    lines.append("ports:")
    for _ in range(rng.randint(1, 3)):
        lines.append(f"  - name: {word(rng)}")
        lines.append(f"    port: {rng.randint(1024, 65535)}")
        lines.append(f"    protocol: {rng.choice(['TCP', 'UDP'])}")
    lines.append(f"labels: {{tier: {word(rng)}, team: {word(rng)}}}")
    lines.append(f"zones: [{', '.join(word(rng) for _ in range(rng.randint(1, 4)))}]")
    lines.append("env:")
    for _ in range(rng.randint(2, 6)):
        lines.append(f"  {word(rng).upper()}_{word(rng).upper()}: \"{rng.randint(0, 10**6)}\"")
    return "\n".join(lines) + "\n"


def yaml_stream(rng, size, trigger_line):
    """Documents until `size` bytes, with `trigger_line` inside the middle one."""
    docs = []
    total = 0
    while total < size:
        d = yaml_doc(rng, len(docs))
        docs.append(d)
        total += len(d)
    mid = len(docs) // 2
    lines = docs[mid].splitlines()
    lines.insert(len(lines) // 2, trigger_line)
    docs[mid] = "\n".join(lines) + "\n"
    return "".join(docs).encode()


def markdown_doc(rng, size, trigger):
    """A long Markdown document (headings, paragraphs, lists, code, quotes, links)
    with `trigger` in the middle."""
    parts = []
    total = 0
    while total < size:
        n = len(parts)
        words = lambda k: " ".join(word(rng) for _ in range(k))
        block = rng.choice(["para", "list", "code", "quote", "table"])
        text = f"## {words(3).title()} {n}\n\n"
        if block == "para":
            text += (f"The {word(rng)} *{word(rng)}* talks to the **{word(rng)}** through "
                     f"[{word(rng)}](https://example.org/{word(rng)}/{n}) and `{word(rng)}()`. "
                     f"{words(rng.randint(8, 30))}.\n")
        elif block == "list":
            text += "".join(f"- {words(rng.randint(2, 8))}\n" for _ in range(rng.randint(2, 6)))
        elif block == "code":
            text += "```rust\n" + "".join(
                f"let {word(rng)} = {word(rng)}({rng.randint(0, 99)});\n"
                for _ in range(rng.randint(2, 6))) + "```\n"
        elif block == "quote":
            text += f"> {words(rng.randint(6, 20))}\n> {words(rng.randint(3, 10))}\n"
        else:
            text += "| key | value |\n|---|---|\n" + "".join(
                f"| {word(rng)} | {rng.randint(0, 10**4)} |\n" for _ in range(rng.randint(2, 5)))
        parts.append(text + "\n")
        total += len(parts[-1])
    parts.insert(len(parts) // 2, trigger)
    return "".join(parts).encode()


# The crashing GIF of image-rs/image-gif issue #28 (gif 0.9.0 panics in
# InterlaceIterator, src/reader/mod.rs:389): a 4-colour global palette, then frames.
CRASH_GIF = base64.b64decode(
    "R0lGODlhIAAgAPEDAAAAAP8AAP//AP///yH5BO0AAAAALAAAAAADAAAA6urq6urq6urq6urq6uoA"
    "////IfkE7QAAAAAsAAAAAAMAAADq6urq6urq6urq6urq6gPk1CaE9GfJKAAWfzs=")


def lzw_uncompressed(pixels, min_code=2):
    """GIF LZW data that never grows the table: a clear code every few literals, so
    every code is `min_code + 1` bits."""
    clear, end = 1 << min_code, (1 << min_code) + 1
    width = min_code + 1
    codes = []
    for i, p in enumerate(pixels):
        if i % ((1 << width) - (1 << min_code) - 2) == 0:
            codes.append(clear)
        codes.append(p)
    codes.append(end)
    out, acc, bits = bytearray(), 0, 0
    for c in codes:
        acc |= c << bits
        bits += width
        while bits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            bits -= 8
    if bits:
        out.append(acc & 0xFF)
    return bytes(out)


def gif_frame(rng, w, h):
    """One valid frame: graphic control extension, image descriptor, LZW data."""
    gce = bytes([0x21, 0xF9, 4, 0, rng.randint(1, 20), 0, 0, 0])
    desc = bytes([0x2C]) + struct.pack("<HHHH", 0, 0, w, h) + bytes([0])
    # Noise, so the image data has the entropy of compressed data, as in real files.
    pixels = [rng.randint(0, 3) for _ in range(w * h)]
    data = lzw_uncompressed(pixels)
    blocks = bytearray([2])
    for i in range(0, len(data), 255):
        chunk = data[i:i + 255]
        blocks += bytes([len(chunk)]) + chunk
    blocks += b"\x00"
    return gce + desc + bytes(blocks)


def gif_stream(rng, size):
    """CRASH_GIF's header and palette, valid frames, the crashing frames in the
    middle, more valid frames, the trailer."""
    header, rest = CRASH_GIF[:25], CRASH_GIF[25:]
    assert rest.endswith(b";")
    frames = []
    total = len(CRASH_GIF)
    while total < size:
        f = gif_frame(rng, 32, 32)
        frames.append(f)
        total += len(f)
    mid = len(frames) // 2
    return header + b"".join(frames[:mid]) + rest[:-1] + b"".join(frames[mid:]) + b";"


CASES = {
    # yaml-rust 0.3.0: `-` inside a flow collection reaches `unreachable!()`
    # (src/scanner.rs:955).
    "yaml-rust-flow-dash": ("big.yaml",
                            lambda rng, size: yaml_stream(rng, size, "tags: {- beta, gamma}")),
    # libyaml-safer 0.3.0: a bare `!` tag followed by `,` in a flow sequence hits
    # `panic!("TODO: What is expected here?")` (src/scanner.rs:1112).
    "libyaml-safer-tag-comma": ("big.yaml",
                                lambda rng, size: yaml_stream(rng, size, "ids: [!, 7, 9]")),
    # gif 0.9.0: a zero-height interlaced frame makes InterlaceIterator index past
    # its table (src/reader/mod.rs:389).
    "gif-interlace": ("big.gif", gif_stream),
    # markdown-it 0.6.1: emphasis that spans the lines of a list item subtracts
    # with overflow (src/generics/inline/emph_pair.rs:133).
    "markdown-it-emphasis": ("big.md",
                             lambda rng, size: markdown_doc(rng, size, "- _foo\n  bar_\n\n")),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dest", help="root of the case crates (examples/test-bugs)")
    ap.add_argument("--size", type=int, default=160_000, help="target input size in bytes")
    ap.add_argument("--case", action="append", help="only this case (repeatable)")
    args = ap.parse_args()
    for name, (fname, gen) in CASES.items():
        if args.case and name not in args.case:
            continue
        data = gen(random.Random(f"{name}:{args.size}"), args.size)
        path = os.path.join(args.dest, name, "tests", "fixtures", fname)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        print(f"{path}: {len(data)} bytes")


if __name__ == "__main__":
    main()

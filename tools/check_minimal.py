#!/usr/bin/env python3
"""Checks that a reduction result is 1-minimal in the project's stated neighbourhood
(issue 28), by running a check on every neighbour: independent of cargo-minimize's
own passes, so it can judge any tool's result.

The neighbourhood of a text (whitespace-only differences never count):
  - delete one byte (files up to --max-bytes bytes),
  - delete a run of 1 to 8 tokens (a token: a run of word characters, or one other
    non-blank character),
  - in a text data file (not `.rs`, not binary): delete a run of 1 to 8 parts of a
    word, short of the whole word (a word's parts: its runs of letters, of digits and
    of other word characters; `8firmware5build` has four),
  - delete one line; in a data file (not `.rs`), a run of 2 to 8 lines too,
  - delete a matched pair, its two ends only or with what is between them: brackets
    () [] {} <>, quotes "" '', and opening/closing tags (`<x ...>`...`</x>`,
    `{% if %}`...`{% endif %}`, `begin`...`end`, `X`...`endX`),
  - replace one token by a shorter one: `0`, `1`, `a`, `""`, or one of the text's own
    shorter tokens (the 8 shortest distinct ones),
  - in a binary file (one with a NUL byte or not UTF-8): empty one length field, i.e.
    an unsigned integer of 1, 2, 4 or 8 bytes (little or big endian) whose value n is
    at least 1 and fits in the bytes after it, set to 0 with those n bytes deleted.

Usage: check_minimal.py [--json] [-j N] [--first-per-kind] FILE -- CHECK [ARGS...]
-j N runs N checks at once (each candidate in a private temp directory of its own);
--first-per-kind stops trying the neighbours of a kind (bytes, token runs, lines, lengths, pairs,
replacements) once one of them is interesting: the verdict is the same, with fewer runs
when the result is not 1-minimal, and the report names the kinds found.
The check gets the candidate's path as its last argument and exits 0 when the
candidate is still interesting (the C-Reduce convention). Candidates are written to a
private temp directory under the same file name. Prints one line: `1-minimal` or
`not 1-minimal: N of M neighbours interesting`, then up to 5 examples; `--json` prints
a JSON object instead. Exit 0 when 1-minimal, 1 when not, 2 on bad usage.
"""
import argparse, concurrent.futures, json, os, re, subprocess, sys, tempfile, threading

TOKEN = re.compile(rb"\w+|[^\w\s]")
PART = re.compile(rb"[A-Za-z]+|[0-9]+|[^A-Za-z0-9]+")
OPEN_CLOSE = {b"(": b")", b"[": b"]", b"{": b"}", b"<": b">"}
QUOTES = [b'"', b"'"]


def squash(b):
    return re.sub(rb"\s+", b"", b)


def tokens(text):
    return [(m.start(), m.end()) for m in TOKEN.finditer(text)]


def pairs(text):
    """(open_start, open_end, close_start, close_end) of matched pairs."""
    out = []
    # Brackets, matched with a stack per kind.
    stacks = {o: [] for o in OPEN_CLOSE}
    closers = {c: o for o, c in OPEN_CLOSE.items()}
    for i in range(len(text)):
        ch = text[i:i + 1]
        if ch in stacks:
            stacks[ch].append(i)
        elif ch in closers and stacks[closers[ch]]:
            j = stacks[closers[ch]].pop()
            out.append((j, j + 1, i, i + 1))
    # Quotes: consecutive occurrences on one line.
    for q in QUOTES:
        for line in re.finditer(rb"[^\n]*", text):
            idx = [m.start() + line.start() for m in re.finditer(re.escape(q), line.group())]
            for a, b in zip(idx[::2], idx[1::2]):
                out.append((a, a + 1, b, b + 1))
    # Tags: <x ...> ... </x>; {% x %} ... {% endx %}; begin ... end; x ... endx.
    for m in re.finditer(rb"<([A-Za-z][\w:-]*)[^<>]*>", text):
        close = re.search(rb"</" + re.escape(m.group(1)) + rb"\s*>", text[m.end():])
        if close:
            out.append((m.start(), m.end(), m.end() + close.start(), m.end() + close.end()))
    words = [(m.start(), m.end(), m.group().lower()) for m in re.finditer(rb"\w+", text)]
    for k, (s, e, w) in enumerate(words):
        ends = {b"end" + w, b"end_" + w} | ({b"end"} if w == b"begin" else set())
        depth = 0
        for s2, e2, w2 in words[k + 1:]:
            if w2 == w:
                depth += 1
            elif w2 in ends:
                if depth == 0:
                    # Widen to `{% ... %}`-style delimiters around each word.
                    def widen(a, b):
                        l = text.rfind(b"{%", 0, a)
                        r = text.find(b"%}", b)
                        if l != -1 and r != -1 and b"%}" not in text[l:a] and b"{%" not in text[b:r]:
                            return l, r + 2
                        return a, b
                    (a1, b1), (a2, b2) = widen(s, e), widen(s2, e2)
                    out.append((a1, b1, a2, b2))
                    break
                depth -= 1
    return out


def is_binary(text):
    if b"\0" in text:
        return True
    try:
        text.decode("utf-8")
        return False
    except UnicodeDecodeError:
        return True


def length_fields(text):
    """Each length field of a binary text emptied (its value 0, its bytes gone)."""
    if not is_binary(text):
        return
    for i in range(len(text)):
        for width in (1, 2, 4, 8):
            field = text[i:i + width]
            if len(field) < width:
                continue
            for order in (("little",) if width == 1 else ("little", "big")):
                n = int.from_bytes(field, order)
                body = i + width
                if 0 < n <= len(text) - body:
                    yield text[:i] + bytes(width) + text[body + n:]


def neighbours(text, max_bytes, parts=False, data=False):
    seen = set()
    base = squash(text)

    def add(kind, cand):
        if squash(cand) == base or cand in seen:
            return
        seen.add(cand)
        yield kind, cand

    if len(text) <= max_bytes:
        for i in range(len(text)):
            if not text[i:i + 1].isspace():
                yield from add("byte", text[:i] + text[i + 1:])
    toks = tokens(text)
    for i in range(len(toks)):
        for n in range(1, 9):
            if i + n > len(toks):
                break
            yield from add(f"{n} tokens", text[:toks[i][0]] + text[toks[i + n - 1][1]:])
    if parts:
        # A data file's words also lose runs of their parts (letters meeting digits).
        for a, b in toks:
            ps = [(m.start() + a, m.end() + a) for m in PART.finditer(text[a:b])]
            for i in range(len(ps)):
                for n in range(1, 9):
                    if i + n > len(ps) or n == len(ps):
                        break
                    yield from add(f"{n} parts", text[:ps[i][0]] + text[ps[i + n - 1][1]:])
    lines = text.split(b"\n")
    for i in range(len(lines)):
        yield from add("line", b"\n".join(lines[:i] + lines[i + 1:]))
    if data:
        # A data file's lines also go in runs of 2 to 8.
        for i in range(len(lines)):
            for n in range(2, 9):
                if i + n > len(lines):
                    break
                yield from add(f"{n} lines", b"\n".join(lines[:i] + lines[i + n:]))
    for cand in length_fields(text):
        yield from add("length", cand)
    for a1, b1, a2, b2 in pairs(text):
        yield from add("pair ends", text[:a1] + text[b1:a2] + text[b2:])
        yield from add("pair", text[:a1] + text[b2:])
    distinct = sorted({text[a:b] for a, b in toks}, key=lambda t: (len(t), t))
    short = [b"0", b"1", b"a", b'""'] + distinct[:8]
    for a, b in toks:
        for r in short:
            if len(r) < b - a:
                yield from add("replace", text[:a] + r + text[b:])


def family(kind):
    """`3 tokens` -> `tokens`, `2 parts` -> `parts`, `2 lines` -> `line`: the kinds
    --first-per-kind and the JSON summary group by."""
    if kind.endswith(" tokens"):
        return "tokens"
    if kind.endswith(" lines"):
        return "line"
    return "parts" if kind.endswith(" parts") else kind


def data_text(path, text):
    """A text data file (not Rust, not binary: no NUL byte, valid UTF-8), whose words'
    parts are in the neighbourhood too (as cargo-minimize's data sweeps propose)."""
    if path.endswith(".rs") or b"\0" in text:
        return False
    try:
        text.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    k = argv.index("--")
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--max-bytes", type=int, default=2000)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--first-per-kind", action="store_true")
    args = ap.parse_args(argv[:k])
    check = argv[k + 1:]
    text = open(args.file, "rb").read()
    work = tempfile.mkdtemp(prefix="check-minimal-")
    found, total, run = [], 0, 0
    done_kinds = set()
    lock = threading.Lock()
    local = threading.local()

    def test(kind, cand):
        nonlocal run
        with lock:
            if args.first_per_kind and family(kind) in done_kinds:
                return
            run += 1
        if not hasattr(local, "dir"):
            local.dir = tempfile.mkdtemp(dir=work)
        path = os.path.join(local.dir, os.path.basename(args.file))
        with open(path, "wb") as f:
            f.write(cand)
        try:
            ok = subprocess.run(check + [path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                timeout=args.timeout).returncode == 0
        except subprocess.TimeoutExpired:
            ok = False
        if ok:
            with lock:
                found.append((kind, cand.decode("utf-8", "replace")))
                done_kinds.add(family(kind))

    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futs = []
        for kind, cand in neighbours(text, args.max_bytes, parts=data_text(args.file, text),
                                     data=not args.file.endswith(".rs")):
            total += 1
            futs.append(pool.submit(test, kind, cand))
        for f in futs:
            f.result()
    subprocess.run(["rm", "-rf", work])
    kinds = {}
    for kind, _ in found:
        kinds[family(kind)] = kinds.get(family(kind), 0) + 1
    if args.json:
        print(json.dumps({"minimal": not found, "neighbours": total, "checked": run, "interesting": len(found),
                          "kinds": kinds, "examples": [{"kind": k, "text": t} for k, t in found[:5]]}))
    elif not found:
        print(f"1-minimal ({total} neighbours checked)")
    else:
        print(f"not 1-minimal: {len(found)} of {total} neighbours interesting ({run} checked)")
        for kind, t in found[:5]:
            print(f"--- {kind}:\n{t}")
    sys.exit(0 if not found else 1)


if __name__ == "__main__":
    main()

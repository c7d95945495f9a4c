#!/usr/bin/env python3
"""Generates the big inputs of the failing-test corpus in tools/corpus/test-bugs/.

Each case is a small crate (tune/<case>/ or heldout/<case>/) that pins a published crate
version with a known panic, and a test that reads tests/fixtures/big.<ext>. This script
writes that input: ordinary, valid data of the case's format (seeded, so every run writes
the same bytes) with the known trigger buried in the middle.

    gen.py [--size BYTES] [--no-trigger] [--out FILE] CASE_DIR [CASE_DIR ...]
    gen.py --all [--no-trigger]          # every case under tune/ and heldout/

--no-trigger writes the same input with the trigger swapped for a harmless piece of the
same shape (the filler alone, which the test must pass on). --out writes to FILE instead
of CASE_DIR/tests/fixtures/big.<ext> (one case only).
"""
import argparse
import difflib
import hashlib
import io
import json
import lzma
import math
import os
import random
import re
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi "
         "omicron pi rho sigma tau upsilon phi chi psi omega server client queue "
         "worker cache index shard replica region zone bucket tenant user group "
         "order invoice payment refund ledger account report metric alert probe").split()
FIRST = ("Ada Alan Barbara Claude Dennis Edsger Frances Grace Hedy Ivan John Ken Linus "
         "Margaret Niklaus Ole Radia Rob Sophie Tim Ursula Vint Whitfield Xavier Yukihiro").split()
LAST = ("Lovelace Turing Liskov Shannon Ritchie Dijkstra Allen Hopper Lamarr Sutherland "
        "Backus Thompson Torvalds Hamilton Wirth Dahl Perlman Pike Wilson Berners-Lee "
        "Franklin Cerf Diffie Leroy Matsumoto").split()
CITIES = ("Lisbon Oslo Quito Lima Perth Dakar Hanoi Cork Graz Split Turku Riga Kyiv "
          "Porto Malmo Bergen Tartu Ghent Lyon Brno").split()
COUNTRIES = "PT NO EC PE AU SN VN IE AT HR FI LV UA PT SE NO EE BE FR CZ".split()


def word(rng):
    return rng.choice(WORDS)


def words(rng, lo, hi):
    return " ".join(word(rng) for _ in range(rng.randint(lo, hi)))


def fill(rng, size, piece):
    """Calls `piece(rng, n)` until the pieces add up to `size` bytes (str or bytes)."""
    out, total = [], 0
    while total < size:
        p = piece(rng, len(out))
        out.append(p)
        total += len(p)
    return out


# ---------------------------------------------------------------------------------------
# CSV: lazycsv 0.1.0


def csv_row(rng, n, extra_comma=False):
    first, last = rng.choice(FIRST), rng.choice(LAST)
    city = rng.choice(CITIES)
    street = f"{rng.randint(1, 400)} {word(rng).title()} Street"
    if extra_comma:
        # An address with an unquoted comma: one column too many.
        addr = f"{street}, {city}"
    else:
        addr = f"\"{street}, {city}\"" if rng.random() < 0.4 else street
    amount = f"{rng.randint(0, 99999)}.{rng.randint(0, 99):02d}"
    date = f"20{rng.randint(10, 25)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    email = f"{first.lower()}.{last.lower()}@example.org"
    return f"{10000 + n},{first} {last},{email},{addr},{rng.choice(COUNTRIES)},{amount},{date}\n"


def gen_csv(rng, size, trigger):
    header = "id,name,email,address,country,amount,date\n"
    rows = fill(rng, size - len(header), csv_row)
    mid = len(rows) // 2
    rows[mid] = csv_row(random.Random(7), 10000 + mid, extra_comma=trigger)
    return (header + "".join(rows)).encode()


# ---------------------------------------------------------------------------------------
# Regex list: fancy-regex 0.6.0


def regex_line(rng, n):
    w, v = word(rng), word(rng)
    kind = rng.randrange(10)
    if kind == 0:
        return (rf"^(?P<ts>\d{{4}}-\d{{2}}-\d{{2}}T\d{{2}}:\d{{2}}:\d{{2}}(?:\.\d+)?Z)\s+"
                rf"(?P<level>INFO|WARN|ERROR)\s+{w}\[(?P<pid>\d+)\]:\s+(?P<msg>.*)$")
    if kind == 1:
        return rf"(?i)\b{w}[-_]?{v}\b(?=\s*[:=])"
    if kind == 2:
        return rf"^/api/v{rng.randint(1, 3)}/{w}s/(?P<id>[0-9a-f]{{8}}(?:-[0-9a-f]{{4}}){{3}}-[0-9a-f]{{12}})/{v}/?$"
    if kind == 3:
        return rf"(?P<user>[A-Za-z0-9._%+-]+)@(?P<host>{w}\.example\.(?:org|com|net))"
    if kind == 4:
        return rf"(\w+)\s+\1\s+{w}"
    if kind == 5:
        return rf"^\s*{w}\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s#]+)\s*(?:#.*)?$"
    if kind == 6:
        return rf"(?<!{w})\b{v}(?:s|es)?\b"
    if kind == 7:
        return rf"[\x{rng.randint(20, 40)}-\x7e]{{{rng.randint(1, 9)},{rng.randint(10, 80)}}}"
    if kind == 8:
        return rf"^(?:{w}|{v}|{word(rng)})(?:\.(?:{word(rng)}|\d+))*$"
    return rf"\b(?:{rng.randint(1, 255)}\.){{3}}\d{{1,3}}(?::(?P<port>\d{{2,5}}))?\b"


def gen_regex(rng, size, trigger):
    lines = fill(rng, size, lambda r, n: regex_line(r, n) + "\n")
    # A Unicode escape cut short at the end of the pattern.
    lines.insert(len(lines) // 2, r"^name:\s+Jos\u" + "\n" if trigger
                 else r"^name:\s+Jos\u00e9$" + "\n")
    return "".join(lines).encode()


# ---------------------------------------------------------------------------------------
# TOML: tomling 0.1.0 (no dates, no negative numbers, no exponents: its own subset)


def toml_service(rng, n, limit=None):
    name = f"{word(rng)}-{word(rng)}-{n}"
    lines = [
        "[[service]]",
        f"name = \"{name}\"",
        f"image = \"registry.example.org/{word(rng)}/{word(rng)}:{rng.randint(1, 9)}.{rng.randint(0, 30)}\"",
        f"replicas = {rng.randint(1, 12)}",
        f"enabled = {rng.choice(['true', 'false'])}",
        f"cpu = {rng.randint(0, 7)}.{rng.randint(1, 99)}",
        f"timeout_ms = {rng.randint(100, 60000)}",
        f"ports = [{', '.join(str(rng.randint(1024, 65535)) for _ in range(rng.randint(1, 4)))}]",
        f"labels = {{ tier = \"{word(rng)}\", team = \"{word(rng)}\" }}",
        "zones = [",
    ]
    lines += [f"    \"{word(rng)}-{rng.randint(1, 3)}\"," for _ in range(rng.randint(1, 3))]
    lines.append("]")
    if limit is not None:
        lines.append(f"max_body_bytes = {limit}")
    if rng.random() < 0.5:
        lines.append(f"# {words(rng, 3, 10)}")
    lines.append(f"description = '{words(rng, 4, 12)}'")
    lines.append(f"env.{word(rng).upper()}_{word(rng).upper()} = \"{rng.randint(0, 10**6)}\"")
    return "\n".join(lines) + "\n\n"


def gen_toml(rng, size, trigger):
    head = ("# Service catalogue, generated.\n"
            "title = \"fleet\"\nversion = 3\n\n[defaults]\nreplicas = 2\nretries = 5\n\n")
    docs = fill(rng, size - len(head), toml_service)
    mid = len(docs) // 2
    # 2^64: too big for the i64 that tomling parses integers into.
    docs[mid] = toml_service(random.Random(5), mid,
                             limit="18446744073709551616" if trigger else "1048576")
    return (head + "".join(docs)).encode()


# ---------------------------------------------------------------------------------------
# Snappy frame format: snap 1.0.0


def jsonl_record(rng, n):
    rec = {
        "ts": f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:"
              f"{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d}Z",
        "level": rng.choice(["INFO", "INFO", "INFO", "WARN", "ERROR", "DEBUG"]),
        "service": f"{word(rng)}-{word(rng)}",
        "host": f"{word(rng)}-{rng.randint(1, 40)}.{rng.choice(CITIES).lower()}.example.org",
        "msg": words(rng, 3, 14),
        "latency_ms": rng.randint(0, 5000),
        "user": f"{rng.choice(FIRST).lower()}.{rng.choice(LAST).lower()}",
        "req": f"{rng.getrandbits(64):016x}",
    }
    return json.dumps(rec) + "\n"


_CRC32C = []
for _i in range(256):
    _c = _i
    for _ in range(8):
        _c = (_c >> 1) ^ 0x82F63B78 if _c & 1 else _c >> 1
    _CRC32C.append(_c)


def crc32c_masked(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc = _CRC32C[(crc ^ b) & 0xFF] ^ (crc >> 8)
    crc ^= 0xFFFFFFFF
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def uvarint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def snappy_compress(data):
    """A plain Snappy block: literals and 2-byte-offset copies found by a hash of 4 bytes."""
    out = bytearray(uvarint(len(data)))

    def literal(chunk):
        n = len(chunk) - 1
        if n < 60:
            out.append(n << 2)
        elif n < 256:
            out.extend(bytes([60 << 2, n]))
        else:
            out.extend(bytes([61 << 2]) + struct.pack("<H", n))
        out.extend(chunk)

    table, i, lit = {}, 0, 0
    while i + 4 <= len(data):
        key = data[i:i + 4]
        cand = table.get(key)
        table[key] = i
        if cand is not None and i - cand < 65536:
            m = 4
            while i + m < len(data) and m < 64 and data[cand + m] == data[i + m]:
                m += 1
            if lit < i:
                literal(data[lit:i])
            out.append(((m - 1) << 2) | 2)
            out.extend(struct.pack("<H", i - cand))
            i += m
            lit = i
        else:
            i += 1
    if lit < len(data):
        literal(data[lit:])
    return bytes(out)


def snappy_chunk(kind, body):
    return bytes([kind]) + struct.pack("<I", len(body))[:3] + body


def gen_snappy(rng, size, trigger):
    chunks = []
    total = 0
    while total < size:
        text = "".join(jsonl_record(rng, 0) for _ in range(rng.randint(4, 60))).encode()
        r = rng.random()
        if r < 0.08:
            c = snappy_chunk(0x01, struct.pack("<I", crc32c_masked(text)) + text)
        elif r < 0.12:
            c = snappy_chunk(0xFE, bytes(rng.randint(1, 64)))  # padding
        else:
            c = snappy_chunk(0x00, struct.pack("<I", crc32c_masked(text)) + snappy_compress(text))
        chunks.append(c)
        total += len(c)
    if trigger:
        # A compressed-data chunk whose length (0) leaves no room for its checksum; the
        # next chunk's header is read as the checksum.
        bad = snappy_chunk(0x00, b"")
    else:
        bad = snappy_chunk(0xFE, b"")
    chunks.insert(len(chunks) // 2, bad)
    return snappy_chunk(0xFF, b"sNaPpY") + b"".join(chunks)


# ---------------------------------------------------------------------------------------
# JPEG: jpeg-decoder 0.1.11

# Standard luminance DC table (ITU T.81, K.3).
JPEG_DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
JPEG_DC_VALS = list(range(12))


def huffman_codes(bits, vals):
    """Canonical Huffman codes (T.81 C.1/C.2): value -> (code, length)."""
    codes, code, k = {}, 0, 0
    for length in range(1, 17):
        for _ in range(bits[length - 1]):
            codes[vals[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return codes


def jpeg_segment(marker, body):
    return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body


def jpeg_dht(tc_th, bits, vals):
    return jpeg_segment(0xC4, bytes([tc_th]) + bytes(bits) + bytes(vals))


def jpeg_scan(rng, blocks_w, blocks_h):
    """Entropy-coded data of a grayscale image of 8x8 blocks, each of one flat grey (DC
    only; the AC table has the single code EOB)."""
    dc = huffman_codes(JPEG_DC_BITS, JPEG_DC_VALS)
    bits = []
    prev = 0
    for y in range(blocks_h):
        for x in range(blocks_w):
            grey = (x * 255 // max(1, blocks_w - 1) + y * 97 + rng.randint(-8, 8)) % 256
            value = grey - 128                     # DC with quantiser 8
            diff, prev = value - prev, value
            cat = abs(diff).bit_length()
            code, length = dc[cat]
            bits += [(code >> (length - 1 - i)) & 1 for i in range(length)]
            extra = diff if diff >= 0 else diff + (1 << cat) - 1
            bits += [(extra >> (cat - 1 - i)) & 1 for i in range(cat)]
            bits.append(0)                         # EOB
    bits += [1] * (-len(bits) % 8)
    out = bytearray()
    for i in range(0, len(bits), 8):
        b = int("".join(map(str, bits[i:i + 8])), 2)
        out.append(b)
        if b == 0xFF:
            out.append(0)
    return bytes(out)


def jpeg_metadata(rng, n):
    kind = rng.randrange(3)
    if kind == 0:
        return jpeg_segment(0xFE, f"{words(rng, 20, 200)}".encode())
    if kind == 1:
        items = "".join(f"<rdf:li xml:lang=\"x-default\">{words(rng, 2, 9)}</rdf:li>"
                        for _ in range(rng.randint(5, 60)))
        xmp = (f"<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF><rdf:Description "
               f"dc:creator=\"{rng.choice(FIRST)} {rng.choice(LAST)}\"><dc:subject><rdf:Bag>"
               f"{items}</rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>")
        return jpeg_segment(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + xmp.encode())
    body = bytes(rng.getrandbits(8) for _ in range(rng.randint(200, 3000)))
    return jpeg_segment(0xE2, b"ICC_PROFILE\x00" + bytes([n % 255 + 1, 255]) + body)


def gen_jpeg(rng, size, trigger):
    w, h = 128, 96
    head = b"\xff\xd8" + jpeg_segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
    tail = (jpeg_segment(0xDB, bytes([0x00]) + bytes([8] + [16] * 63))
            + jpeg_segment(0xC0, bytes([8]) + struct.pack(">HH", h, w) + bytes([1, 1, 0x11, 0]))
            + jpeg_dht(0x00, JPEG_DC_BITS, JPEG_DC_VALS)
            + jpeg_dht(0x10, [1] + [0] * 15, [0x00])
            + jpeg_segment(0xDA, bytes([1, 1, 0x00, 0, 63, 0]))
            + jpeg_scan(rng, w // 8, h // 8) + b"\xff\xd9")
    segs = fill(rng, size - len(head) - len(tail), jpeg_metadata)
    # One code of each length 1..15, then two of length 16: the last code is 0xFFFF and
    # `code += 1` overflows its u16 (the fixed version computes in u32 and rejects it).
    # The harmless twin has a single code of length 16.
    bits = [1] * 15 + ([2] if trigger else [1])
    segs.insert(len(segs) // 2, jpeg_dht(0x11, bits, list(range(sum(bits)))))
    return head + b"".join(segs) + tail


# ---------------------------------------------------------------------------------------
# ZIP: zip 4.6.1


def source_file(rng):
    lines = [f"//! The {word(rng)} {word(rng)} module.", ""]
    for _ in range(rng.randint(2, 8)):
        f, a = word(rng), word(rng)
        lines += [f"/// {words(rng, 4, 12).capitalize()}.",
                  f"pub fn {f}_{a}({a}: u32) -> u32 {{",
                  f"    let {f} = {a}.wrapping_mul({rng.randint(2, 99)});",
                  f"    {f} ^ {rng.randint(0, 1 << 16)}",
                  "}", ""]
    return "\n".join(lines).encode()


def zip_extra(rng, trigger=False):
    mtime = 1_600_000_000 + rng.randint(0, 10**8)
    # Info-ZIP "UT" extended timestamp (flags: mtime) and "ux" Unix uid/gid.
    ut = (struct.pack("<HHB", 0x5455, 0, 0)[:4] if trigger
          else struct.pack("<HHBI", 0x5455, 5, 1, mtime))
    ux = struct.pack("<HHBBIBI", 0x7875, 11, 1, 4, 1000, 4, 1000)
    return ut + ux


def gen_zip(rng, size, trigger):
    import zipfile
    entries = []
    total = 0
    while total < size:
        name = f"src/{word(rng)}/{word(rng)}_{len(entries)}.rs"
        data = source_file(rng)
        entries.append((name, data))
        total += len(data) + 2 * len(name) + 46 + 30 + 2 * 24
    mid = len(entries) // 2
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for i, (name, data) in enumerate(entries):
            info = zipfile.ZipInfo(name, date_time=(2024, 5, 17, 12, 30, 0))
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            # The middle entry's "UT" field says it is 0 bytes long: the parser reads a
            # flags byte anyway (the next field's first byte) and subtracts 1 from 0.
            info.extra = zip_extra(rng, trigger=trigger and i == mid)
            z.writestr(info, data)
    return buf.getvalue()


# ---------------------------------------------------------------------------------------
# XML: quick-xml 0.10.0 (escapes it knows: lt gt amp apos quot and character references)


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def atom_entry(rng, n, summary=None):
    title = words(rng, 2, 7).title()
    author = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    if summary is None:
        parts = [words(rng, 3, 12)]
        for _ in range(rng.randint(0, 3)):
            parts.append(rng.choice([" &amp; ", " &lt;b&gt; ", " &#233;t&#233; ", " &#x2014; ",
                                     " &quot;" + word(rng) + "&quot; ", " caf&#xE9; "]))
            parts.append(words(rng, 2, 10))
        summary = "".join(parts)
    cats = "".join(f"\n    <category term=\"{word(rng)}\" label=\"{word(rng).title()} &amp; "
                   f"{word(rng).title()}\"/>" for _ in range(rng.randint(1, 4)))
    return (f"  <entry>\n"
            f"    <id>urn:uuid:{rng.getrandbits(128):032x}</id>\n"
            f"    <title type=\"text\">{xml_escape(title)}</title>\n"
            f"    <updated>2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T"
            f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z</updated>\n"
            f"    <author><name>{author}</name><email>{author.split()[0].lower()}@example.org"
            f"</email></author>\n"
            f"    <link rel=\"alternate\" href=\"https://example.org/{word(rng)}/{n}?a=1&amp;b={n}\"/>"
            f"{cats}\n"
            f"    <summary>{summary}</summary>\n"
            f"  </entry>\n")


def gen_xml(rng, size, trigger):
    head = ("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
            "  <title>Example feed</title>\n  <id>urn:example:feed</id>\n")
    tail = "</feed>\n"
    entries = fill(rng, size - len(head) - len(tail), atom_entry)
    mid = len(entries) // 2
    # A numeric character reference for an en dash with its digits repeated: the decimal
    # value does not fit the u32 it is parsed into.
    ref = "&#8211111111111;" if trigger else "&#8211;"
    entries[mid] = atom_entry(random.Random(3), mid, summary=f"Pages 10{ref}20 of the report")
    return (head + "".join(entries) + tail).encode()


# ---------------------------------------------------------------------------------------
# JSON: json 0.7.4


def json_order(rng, n, size_bytes=None):
    items = [{"sku": f"{word(rng)[:3].upper()}-{rng.randint(100, 9999)}",
              "qty": rng.randint(1, 20),
              "price": round(rng.uniform(0.5, 500), 2),
              "tags": [word(rng) for _ in range(rng.randint(0, 3))]}
             for _ in range(rng.randint(1, 5))]
    order = {
        "id": 100000 + n,
        "customer": {"name": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                     "email": f"{word(rng)}.{rng.randint(1, 999)}@example.org",
                     "city": rng.choice(CITIES), "vip": rng.random() < 0.1},
        "items": items,
        "total": round(sum(i["qty"] * i["price"] for i in items), 2),
        "currency": rng.choice(["EUR", "USD", "NOK"]),
        "note": None if rng.random() < 0.5 else f"{words(rng, 2, 9)} \u00e9\u00e8 \"{word(rng)}\"",
        "created": f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
    }
    text = json.dumps(order, indent=2, ensure_ascii=rng.random() < 0.5)
    if size_bytes is not None:
        # json.dumps would not write a number we must control the digits of.
        text = text.replace('"currency"', f'"attachment_bytes": {size_bytes},\n  "currency"', 1)
    return text


def gen_json(rng, size, trigger):
    orders = fill(rng, size, lambda r, n: json_order(r, n) + ",\n")
    mid = len(orders) // 2
    # 2^64: one more than the u64 that json 0.7.4 accumulates integer digits in.
    orders[mid] = json_order(random.Random(11), mid,
                             size_bytes="18446744073709551616" if trigger else "1844674407") + ",\n"
    return ("[\n" + "".join(orders).rstrip(",\n") + "\n]\n").encode()


# ---------------------------------------------------------------------------------------
# YAML stream: serde_yaml 0.9.0


def yaml_manifest(rng, n, owner=None):
    name = f"{word(rng)}-{word(rng)}-{n}"
    if owner is None:
        owner = f"\"@{rng.choice(FIRST).lower()}\""
    lines = [
        "---",
        "apiVersion: apps/v1",
        "kind: Deployment",
        "metadata:",
        f"  name: {name}",
        f"  namespace: {word(rng)}",
        "  labels:",
        f"    app: {name}",
        f"    tier: {word(rng)}",
        "  annotations:",
        f"    owner: {owner}",
        f"    description: >",
        f"      {words(rng, 4, 12)}",
        f"      {words(rng, 2, 10)}",
        "spec:",
        f"  replicas: {rng.randint(1, 12)}",
        "  template:",
        "    spec:",
        "      containers:",
    ]
    for _ in range(rng.randint(1, 3)):
        lines += [
            f"        - name: {word(rng)}",
            f"          image: registry.example.org/{word(rng)}:{rng.randint(1, 9)}.{rng.randint(0, 30)}",
            f"          args: [\"--{word(rng)}\", \"--port={rng.randint(1024, 65535)}\"]",
            "          resources:",
            f"            limits: {{cpu: {rng.randint(100, 4000)}m, memory: {rng.randint(64, 8192)}Mi}}",
            "          env:",
        ]
        for _ in range(rng.randint(1, 4)):
            lines += [f"            - name: {word(rng).upper()}_{word(rng).upper()}",
                      f"              value: '{rng.randint(0, 10**6)}'"]
    return "\n".join(lines) + "\n"


def gen_yaml_stream(rng, size, trigger):
    docs = fill(rng, size, yaml_manifest)
    mid = len(docs) // 2
    # A handle written without quotes: `@` cannot start a plain scalar.
    docs[mid] = yaml_manifest(random.Random(13), mid, owner="@alice" if trigger else "\"@alice\"")
    return "".join(docs).encode()


# ---------------------------------------------------------------------------------------
# SQL (MySQL dump): sqlparser 0.43.1


def sql_str(s):
    return "'" + s.replace("'", "''") + "'"


def sql_block(rng, n):
    t = f"{word(rng)}_{word(rng)}_{n}"
    kind = rng.randrange(4)
    if kind == 0:
        return (f"DROP TABLE IF EXISTS `{t}`;\n"
                f"CREATE TABLE `{t}` (\n"
                f"  `id` int(11) NOT NULL AUTO_INCREMENT,\n"
                f"  `name` varchar({rng.choice([32, 64, 255])}) NOT NULL,\n"
                f"  `email` varchar(255) DEFAULT NULL,\n"
                f"  `amount` decimal(10,2) NOT NULL DEFAULT '0.00',\n"
                f"  `created` datetime DEFAULT NULL,\n"
                f"  PRIMARY KEY (`id`)\n"
                f") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;\n\n")
    if kind == 1:
        rows = ",\n".join(
            f"({rng.randint(1, 10**6)},{sql_str(rng.choice(FIRST) + ' ' + rng.choice(LAST))},"
            f"{sql_str(word(rng) + '@example.org')},{rng.randint(0, 99999)}.{rng.randint(0, 99):02d},"
            f"'2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:00:00')"
            for _ in range(rng.randint(3, 25)))
        return f"INSERT INTO `{t}` (`id`,`name`,`email`,`amount`,`created`) VALUES\n{rows};\n\n"
    if kind == 2:
        return (f"UPDATE `{t}` SET `amount` = `amount` * {rng.randint(1, 9)}.{rng.randint(0, 9)}, "
                f"`name` = {sql_str(words(rng, 1, 3))} WHERE `id` = {rng.randint(1, 10**6)} "
                f"AND `created` < '2023-01-01';\n"
                f"DELETE FROM `{t}` WHERE `email` LIKE {sql_str('%@' + word(rng) + '.org')};\n\n")
    return (f"SELECT c.`name`, SUM(o.`amount`) AS total, COUNT(*) AS n\n"
            f"FROM `{t}` AS c JOIN `orders` AS o ON o.`customer_id` = c.`id`\n"
            f"WHERE o.`created` >= '2024-{rng.randint(1, 12):02d}-01' AND c.`name` <> {sql_str(word(rng))}\n"
            f"GROUP BY c.`name` HAVING SUM(o.`amount`) > {rng.randint(10, 10000)}\n"
            f"ORDER BY total DESC LIMIT {rng.randint(1, 100)};\n\n")


def gen_sql(rng, size, trigger):
    head = "-- MySQL dump, generated\n-- Host: localhost    Database: shop\n\n"
    blocks = fill(rng, size - len(head), sql_block)
    # MySQL's `REPLACE ... SET` form, which sqlparser's INSERT parser does not know.
    stmt = ("REPLACE INTO `settings` SET `name` = 'theme', `value` = 'dark';\n\n" if trigger
            else "REPLACE INTO `settings` (`name`, `value`) VALUES ('theme', 'dark');\n\n")
    blocks.insert(len(blocks) // 2, stmt)
    return (head + "".join(blocks)).encode()


# ---------------------------------------------------------------------------------------
# TinyTemplate: tinytemplate 1.2.1 ({{ block }} tags, { value } substitutions, {# #} comments)


def tt_section(rng, n):
    w, v = word(rng), word(rng)
    kind = rng.randrange(6)
    if kind == 0:
        return (f"<section class=\"{w}\">\n"
                f"  <h2>{{ title }} &mdash; {words(rng, 1, 4).title()}</h2>\n"
                f"  {{{{ for item in {w}_items }}}}\n"
                f"  <article class=\"{v}\">\n"
                f"    <h3><a href=\"/{w}/{{ item.slug }}\">{{ item.name }}</a></h3>\n"
                f"    <p>{{ item.summary }}</p>\n"
                f"    {{{{ if item.price }}}}<span class=\"price\">{{ item.price }} {{ item.currency }}</span>"
                f"{{{{ else }}}}<span class=\"free\">{words(rng, 1, 3)}</span>{{{{ endif }}}}\n"
                f"  </article>\n"
                f"  {{{{ endfor }}}}\n"
                f"</section>\n")
    if kind == 1:
        return (f"{{# {words(rng, 4, 12)} #}}\n"
                f"{{{{ call {w}_header with header }}}}\n")
    if kind == 2:
        return (f"<nav class=\"{w}\">\n  <ul>\n"
                f"  {{{{ for link in links }}}}\n"
                f"    <li{{{{ if @first }}}} class=\"first\"{{{{ endif }}}}><a href=\"{{ link.href }}\">"
                f"{{ link.label }}</a></li>\n"
                f"  {{{{ endfor }}}}\n  </ul>\n</nav>\n")
    if kind == 3:
        return (f"{{{{ with {w} as card }}}}\n"
                f"  <div class=\"card\">\n    <h4>{{ card.name }}</h4>\n"
                f"    <div class=\"body\">{{ card.body | unescaped }}</div>\n"
                f"    {{{{ if not card.hidden }}}}<footer>{words(rng, 2, 6)} {{ card.author }}</footer>{{{{ endif }}}}\n"
                f"  </div>\n{{{{ endwith }}}}\n")
    if kind == 4:
        return (f"<table class=\"{w}\">\n  <tr><th>{v.title()}</th><th>Total</th></tr>\n"
                f"  {{{{ for row in {v}_rows }}}}\n"
                f"  <tr><td>{{ row.label }}</td><td>{{ row.total }} \\{{ {rng.randint(1, 99)}% \\}}</td></tr>\n"
                f"  {{{{ endfor }}}}\n</table>\n")
    return f"<p class=\"{w}\">{words(rng, 8, 40)} {{ labels.{v} }}</p>\n"


def gen_tt(rng, size, trigger):
    head = ("<!DOCTYPE html>\n<html lang=\"{ lang }\">\n<head>\n  <meta charset=\"utf-8\">\n"
            "  <title>{ title }</title>\n</head>\n<body>\n")
    tail = "<a href=\"#top\">Back to top</a>\n</body>\n</html>\n"
    parts = fill(rng, size - len(head) - len(tail), tt_section)
    # An empty comment written `{#}`: the comment tag ends at the `#}` inside its own opening.
    parts.insert(len(parts) // 2,
                 "<p class=\"note\">{#} draft: check totals #}</p>\n" if trigger
                 else "<p class=\"note\">{# draft: check totals #}</p>\n")
    return (head + "".join(parts) + tail).encode()


# ---------------------------------------------------------------------------------------
# Markdown: pulldown-cmark 0.6.0


def md_block(rng, n):
    w, v = word(rng), word(rng)
    kind = rng.randrange(6)
    text = f"## {words(rng, 2, 5).title()} {n}\n\n"
    if kind == 0:
        text += (f"The {w} *{v}* talks to the **{word(rng)}** through [{word(rng)}]"
                 f"(https://example.org/{w}/{n}) and `{v}()`. {words(rng, 8, 30)}.\n"
                 f"{words(rng, 5, 20).capitalize()}, see [the {w} guide][{w}-{n}].\n\n"
                 f"[{w}-{n}]: https://docs.example.org/{w}/{v}.html \"{v.title()}\"\n")
    elif kind == 1:
        text += "".join(f"- {words(rng, 2, 8)} (`--{word(rng)}`)\n" for _ in range(rng.randint(2, 6)))
        text += "".join(f"  {i + 1}. {words(rng, 2, 6)}\n" for i in range(rng.randint(0, 3)))
    elif kind == 2:
        text += "```rust\n" + "".join(
            f"let {word(rng)} = {word(rng)}({rng.randint(0, 99)});\n"
            for _ in range(rng.randint(2, 8))) + "```\n"
    elif kind == 3:
        text += f"> {words(rng, 6, 20)}\n> {words(rng, 3, 10)}\n>\n> -- {rng.choice(FIRST)}\n"
    elif kind == 4:
        text += ("| key | value |\n|---|---|\n"
                 + "".join(f"| `{word(rng)}` | {rng.randint(0, 10**4)} |\n" for _ in range(rng.randint(2, 6))))
    else:
        text += (f"{words(rng, 10, 40).capitalize()}. Run `cargo {w} --{v}` first;\n"
                 f"the output lands in `target/{w}/`. {words(rng, 5, 15).capitalize()}.\n")
    return text + "\n"


def gen_markdown(rng, size, trigger):
    head = "# Project manual\n\n"
    blocks = fill(rng, size - len(head), md_block)
    # The link text of a reference link is a code span broken over two lines.
    code = "`cargo\npackage`" if trigger else "`cargo package`"
    blocks.insert(len(blocks) // 2,
                  "## Packaging\n\n"
                  f"Before publishing, run [{code}] to check what would be uploaded.\n\n"
                  "[`cargo package`]: https://doc.rust-lang.org/cargo/commands/cargo-package.html\n\n")
    return (head + "".join(blocks)).encode()


# ---------------------------------------------------------------------------------------
# Luau source: full_moon 1.1.0 (feature luau)


def luau_function(rng, n, body_extra=""):
    f, a, b = f"{word(rng)}{word(rng).title()}{n}", word(rng), word(rng)
    lines = [f"-- {words(rng, 3, 12).capitalize()}.",
             f"local function {f}({a}: number, {b}: {{[string]: any}}?): (boolean, string?)",
             f"\tif {a} < {rng.randint(0, 100)} then",
             f"\t\treturn false, `{a} too small: {{{a}}}`",
             f"\telseif {b} == nil then",
             f"\t\t{b} = {{ name = \"{word(rng)}\", weight = {rng.randint(1, 99)}.{rng.randint(0, 9)} }}",
             "\tend",
             f"\tfor i, item in ipairs(Inventory.{word(rng)}) do",
             f"\t\tif item.id == {a} and not item.locked then",
             f"\t\t\titem.count += {rng.randint(1, 9)}",
             f"\t\t\tSignals.changed:Fire(item, `slot {{i}}`)",
             "\t\tend",
             "\tend"]
    if body_extra:
        lines.append("\t" + body_extra)
    lines += [f"\tlocal total = 0",
              f"\tfor _, v in pairs({b} :: any) do",
              f"\t\ttotal += if type(v) == \"number\" then v else {rng.randint(0, 5)}",
              "\tend",
              f"\treturn total > {rng.randint(10, 500)}, \"{words(rng, 1, 4)}\"",
              "end",
              f"Module.{f} = {f}",
              ""]
    return "\n".join(lines) + "\n"


def gen_luau(rng, size, trigger):
    head = ("--!strict\n-- Inventory module, generated.\nlocal Module = {}\n"
            "local Inventory = require(script.Parent.Inventory)\n"
            "local Signals = require(script.Parent.Signals)\n\n")
    tail = "return Module\n"
    funcs = fill(rng, size - len(head) - len(tail), luau_function)
    mid = len(funcs) // 2
    # An interpolated string with an empty `{}`, as in a format string of another language.
    funcs[mid] = luau_function(random.Random(17), mid,
                               body_extra="warn(`missing value for {}`)" if trigger
                               else "warn(`missing value for {a}`)")
    return (head + "".join(funcs) + tail).encode()


# ---------------------------------------------------------------------------------------
# TIFF: tiff 0.10.3 (multi-page, little-endian, uncompressed and PackBits strips)


def packbits(data):
    """PackBits (TIFF compression 32773): runs of 3+ equal bytes, literals otherwise."""
    out, i = bytearray(), 0
    while i < len(data):
        j = i
        while j < len(data) and j - i < 128 and data[j] == data[i]:
            j += 1
        if j - i >= 3:
            out += bytes([257 - (j - i), data[i]])
            i = j
            continue
        j = i
        while j < len(data) and j - i < 128 and not (
                j + 2 < len(data) and data[j] == data[j + 1] == data[j + 2]):
            j += 1
        out.append(j - i - 1)
        out += data[i:j]
        i = j
    return bytes(out)


def tiff_page_pixels(rng, w, h, spp, bps):
    """Row-major samples of a soft gradient with bands and a little noise (bytes, LE)."""
    fx, fy, base = rng.randint(1, 6), rng.randint(1, 6), rng.randrange(256)
    band = rng.randint(4, 16)
    out = bytearray()
    for y in range(h):
        for x in range(w):
            for s in range(spp):
                v = (base + fx * x + fy * y + 40 * s + (60 if (x // band + y // band) % 2 else 0)) % 256
                if rng.random() < 0.05:
                    v = (v + rng.randint(-9, 9)) % 256
                out += struct.pack("<H", v * 257) if bps == 16 else bytes([v])
    return bytes(out)


def tiff_page(rng, n, kind=None):
    """One page: (width, height, samples, bits, compression, strips, text fields)."""
    kind = kind or rng.choice(["gray", "gray", "rgb", "rgb", "gray16"])
    spp, bps = {"gray": (1, 8), "rgb": (3, 8), "gray16": (1, 16)}[kind]
    w, h = rng.randint(24, 72), rng.randint(16, 48)
    compression = 32773 if rng.random() < 0.35 else 1
    rows = rng.choice([4, 8, 16, h])
    pixels = tiff_page_pixels(rng, w, h, spp, bps)
    row_bytes = w * spp * bps // 8
    strips = [pixels[i:i + rows * row_bytes] for i in range(0, len(pixels), rows * row_bytes)]
    if compression == 32773:
        # PackBits codes each row on its own.
        strips = [b"".join(packbits(s[i:i + row_bytes]) for i in range(0, len(s), row_bytes))
                  for s in strips]
    text = {
        270: f"{words(rng, 3, 12).capitalize()}, scan {n}",
        285: f"{word(rng)}-{word(rng)}-{n}",
        305: f"scanstation {rng.randint(1, 9)}.{rng.randint(0, 20)}",
        306: f"20{rng.randint(10, 25)}:{rng.randint(1, 12):02d}:{rng.randint(1, 28):02d} "
             f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}",
    }
    dpi = rng.choice([72, 150, 200, 300, 600])
    return dict(w=w, h=h, spp=spp, bps=bps, photometric=2 if spp == 3 else 1,
                compression=compression, rows=rows, strips=strips, text=text, dpi=dpi)


def tiff_file(pages, total_pages, bad=None):
    """Lays out the pages (each: strips, out-of-line values, IFD) and chains the IFDs.
    `bad` (a page index) gets a SampleFormat entry of count 0. Returns (bytes, IFD
    offsets)."""
    out = bytearray(b"II*\x00\x00\x00\x00\x00")
    link = 4  # where the pointer to the next IFD goes
    ifds = []
    for n, p in enumerate(pages):
        strip_offsets = []
        for s in p["strips"]:
            strip_offsets.append(len(out))
            out += s
            if len(out) % 2:
                out.append(0)
        entries = []  # (tag, type, count, value bytes)

        def short(tag, *vals):
            entries.append((tag, 3, len(vals), struct.pack(f"<{len(vals)}H", *vals)))

        def long(tag, *vals):
            entries.append((tag, 4, len(vals), struct.pack(f"<{len(vals)}I", *vals)))

        long(254, 2)                                   # NewSubfileType: a page
        short(256, p["w"])
        short(257, p["h"])
        short(258, *([p["bps"]] * p["spp"]))
        short(259, p["compression"])
        short(262, p["photometric"])
        long(273, *strip_offsets)
        short(277, p["spp"])
        long(278, p["rows"])
        long(279, *(len(s) for s in p["strips"]))
        entries.append((282, 5, 1, struct.pack("<II", p["dpi"], 1)))
        entries.append((283, 5, 1, struct.pack("<II", p["dpi"], 1)))
        short(284, 1)                                  # PlanarConfiguration: chunky
        short(296, 2)                                  # ResolutionUnit: inch
        short(297, n, total_pages)                     # PageNumber
        if n == bad:
            entries.append((339, 3, 0, b""))           # SampleFormat with no values
        else:
            short(339, *([1] * p["spp"]))              # SampleFormat: unsigned
        for tag, s in p["text"].items():
            raw = s.encode() + b"\x00"
            entries.append((tag, 2, len(raw), raw))
        entries.sort()
        # Values longer than 4 bytes go before the IFD; the entry holds their offset.
        fields = []
        for tag, typ, count, raw in entries:
            if len(raw) > 4:
                off = len(out)
                out += raw
                if len(out) % 2:
                    out.append(0)
                fields.append(struct.pack("<HHI", tag, typ, count) + struct.pack("<I", off))
            else:
                fields.append(struct.pack("<HHI", tag, typ, count) + raw.ljust(4, b"\x00"))
        ifd = len(out)
        ifds.append(ifd)
        struct.pack_into("<I", out, link, ifd)
        out += struct.pack("<H", len(fields)) + b"".join(fields)
        link = len(out)
        out += b"\x00\x00\x00\x00"                      # next IFD: none (yet)
    return bytes(out), ifds


def tiff_pages(rng, size):
    pages, total = [], 8
    while total < size:
        p = tiff_page(rng, len(pages))
        pages.append(p)
        total += sum(len(s) + 4 + 4 for s in p["strips"]) + 2 + 20 * 12 + 4 + 16 + sum(
            len(t) + 2 for t in p["text"].values()) + 12
    mid = len(pages) // 2
    # The middle page is 8-bit grey (one sample), so its SampleFormat fits in the entry.
    pages[mid] = tiff_page(random.Random(11), mid, kind="gray")
    return pages, mid


def gen_tiff(rng, size, trigger):
    pages, mid = tiff_pages(rng, size)
    # The middle page's SampleFormat tag (339) has count 0: tiff 0.10.3 takes the first
    # value of the empty list. The harmless twin has its one value, 1 (unsigned).
    data, _ = tiff_file(pages, len(pages), bad=mid if trigger else None)
    return data


# ---------------------------------------------------------------------------------------
# ICO: ico 0.3.0 (BMP and PNG images of several sizes and depths)


def ico_pixels(rng, size):
    """RGBA rows (top to bottom) of a round badge with a diagonal stripe."""
    r0, g0, b0 = rng.randrange(256), rng.randrange(256), rng.randrange(256)
    c = (size - 1) / 2
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            d = ((x - c) ** 2 + (y - c) ** 2) ** 0.5
            inside = d <= size / 2 - 0.5
            stripe = abs(x - y) < max(1, size // 8)
            k = 0.6 if stripe else 1.0 - d / size
            px = (int(r0 * k) % 256, int(g0 * k) % 256, int(b0 * k) % 256,
                  255 if inside else 0)
            row.append(px)
        rows.append(row)
    return rows


def bmp_header(w, h, bpp, image_size, colors=0):
    # BITMAPINFOHEADER; the height counts the colour rows and the AND-mask rows.
    return struct.pack("<IiiHHIIiiII", 40, w, 2 * h, 1, bpp, 0, image_size, 2835, 2835, colors, 0)


def ico_bmp(rng, size, bpp, dims=None):
    rows = ico_pixels(rng, size)
    row_pad = lambda b: b + bytes(-len(b) % 4)
    palette = []
    if bpp <= 8:
        palette = sorted({px[:3] for row in rows for px in row})[:1 << bpp]
        while len(palette) < (1 << bpp):
            palette.append((0, 0, 0))
    index = {c: i for i, c in enumerate(palette)}

    def nearest(rgb):
        if rgb in index:
            return index[rgb]
        return min(range(len(palette)), key=lambda i: sum((a - b) ** 2 for a, b in zip(palette[i], rgb)))

    xor = bytearray()
    for row in reversed(rows):                       # bottom row first
        if bpp == 32:
            line = b"".join(bytes([b, g, r, a]) for r, g, b, a in row)
        elif bpp == 24:
            line = b"".join(bytes([b, g, r]) for r, g, b, _ in row)
        else:
            idx = [nearest(px[:3]) for px in row]
            bits = "".join(format(i, f"0{bpp}b") for i in idx)
            bits += "0" * (-len(bits) % 8)
            line = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
        xor += row_pad(line)
    mask = bytearray()
    if bpp != 32:
        for row in reversed(rows):
            bits = "".join("0" if px[3] else "1" for px in row)
            bits += "0" * (-len(bits) % 8)
            mask += row_pad(bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)))
    w, h = dims or (size, size)
    table = b"".join(bytes([b, g, r, 0]) for r, g, b in palette)
    return bmp_header(w, h, bpp, len(xor) + len(mask), len(palette)) + table + bytes(xor) + bytes(mask)


def png_chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def ico_png(rng, size):
    rows = ico_pixels(rng, size)
    raw = b"".join(b"\x00" + b"".join(bytes(px) for px in row) for row in rows)
    return (b"\x89PNG\r\n\x1a\n"
            + png_chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + png_chunk(b"tEXt", f"Comment\x00{words(rng, 3, 10)}".encode())
            + png_chunk(b"IDAT", zlib.compress(raw, 6))
            + png_chunk(b"IEND", b""))


def ico_image(rng, n):
    """(size, bpp, data) of one icon image: BMP mostly, PNG for some larger ones."""
    size = rng.choice([16, 16, 20, 24, 24, 32, 32, 40, 48, 48, 64])
    if size >= 48 and rng.random() < 0.3:
        return size, 32, ico_png(rng, size)
    bpp = rng.choice([1, 4, 8, 8, 24, 32, 32])
    return size, bpp, ico_bmp(rng, size, bpp)


def ico_file(images):
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries, datas = [], []
    for size, bpp, data in images:
        colors = (1 << bpp) if bpp < 8 else 0
        entries.append(struct.pack("<BBBBHHII", size % 256, size % 256, colors, 0, 1, bpp,
                                   len(data), offset))
        datas.append(data)
        offset += len(data)
    return head + b"".join(entries) + b"".join(datas)


def gen_ico(rng, size, trigger):
    images, total = [], 6
    while total < size:
        img = ico_image(rng, len(images))
        images.append(img)
        total += 16 + len(img[2])
    mid = len(images) // 2
    # The middle image is a 32x32 32-bit BMP whose header says 65536 x 65536 (height
    # field 131072): `width * height` overflows the u32 before the pixels are read. The
    # harmless twin has the header's own 32 x 32.
    images[mid] = (32, 32, ico_bmp(random.Random(13), 32, 32,
                                   dims=(65536, 65536) if trigger else None))
    return ico_file(images)


# ---------------------------------------------------------------------------------------
# tar: tar 0.4.37 (POSIX pax archive: files, directories, symlinks, long paths)


def tar_text_file(rng, n):
    """(path, data) of one file of a source tree: Rust, Markdown, JSON or TOML."""
    kind = rng.randrange(6)
    d = f"{word(rng)}-{word(rng)}"
    if kind <= 2:
        return f"{d}/src/{word(rng)}_{n}.rs", source_file(rng)
    if kind == 3:
        body = "\n\n".join(f"## {words(rng, 1, 3).title()}\n\n{words(rng, 20, 60).capitalize()}."
                           for _ in range(rng.randint(2, 6)))
        return f"{d}/docs/{word(rng)}_{n}.md", f"# {words(rng, 2, 4).title()}\n\n{body}\n".encode()
    if kind == 4:
        obj = {"name": f"{word(rng)}-{n}", "replicas": rng.randint(1, 9),
               "tags": [word(rng) for _ in range(rng.randint(1, 6))],
               "limits": {"cpu": rng.randint(1, 16), "memory_mb": rng.choice([256, 512, 1024, 4096])}}
        return f"{d}/config/{word(rng)}_{n}.json", (json.dumps(obj, indent=2) + "\n").encode()
    lines = [f"[{word(rng)}]"] + [f"{word(rng)}_{i} = {rng.randint(0, 9999)}" for i in range(rng.randint(3, 20))]
    return f"{d}/{word(rng)}_{n}.toml", ("\n".join(lines) + "\n").encode()


def tar_members(rng, size):
    """TarInfo and data of every member: mostly files, some directories and symlinks, a few
    paths over 100 bytes (written with a pax "path" record)."""
    import tarfile
    members, total, n = [], 1024, 0
    while total < size:
        n += 1
        info = tarfile.TarInfo()
        info.mtime = 1_700_000_000 + rng.randint(0, 10**7)
        info.uid = info.gid = 1000
        info.uname = info.gname = "build"
        data = b""
        r = rng.random()
        if r < 0.08:
            info.name = f"{word(rng)}-{word(rng)}/{word(rng)}_{n}"
            info.type = tarfile.DIRTYPE
            info.mode = 0o755
        elif r < 0.14:
            info.name = f"{word(rng)}-{word(rng)}/latest_{n}"
            info.type = tarfile.SYMTYPE
            info.linkname = f"{word(rng)}_{rng.randint(1, n)}.rs"
            info.mode = 0o777
        else:
            info.name, data = tar_text_file(rng, n)
            if rng.random() < 0.1:
                info.name = "/".join([info.name.split("/")[0]] + [words(rng, 3, 5).replace(" ", "_")
                                     for _ in range(5)] + [info.name.split("/")[-1]])
            info.mode = 0o644
            info.size = len(data)
        members.append((info, data))
        total += 512 + -(-len(data) // 512) * 512 + (1024 if len(info.name) > 100 else 0)
    return members


def gen_tar(rng, size, trigger):
    import tarfile
    members = tar_members(rng, size)
    files = [i for i, (info, _) in enumerate(members) if info.isfile() and len(info.name) <= 100]
    mid = files[len(files) // 2]
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as t:
        for i, (info, data) in enumerate(members):
            if i == mid:
                header_at = buf.tell()
            t.addfile(info, io.BytesIO(data) if info.isfile() else None)
    out = bytearray(buf.getvalue())
    if trigger:
        # The middle file's size field in the base-256 form (GNU, for files of 8 GiB or
        # more): 0x80 then 2^64 - 1 in its last 8 bytes. `(size + 511) & !511` overflows
        # the u64 when the reader computes where the next header starts. The header's
        # checksum is recomputed. The harmless twin keeps the octal size.
        h = header_at
        out[h + 124:h + 136] = b"\x80\x00\x00\x00" + b"\xff" * 8
        out[h + 148:h + 156] = b" " * 8
        out[h + 148:h + 156] = b"%06o\x00 " % sum(out[h:h + 512])
    return bytes(out)


# ---------------------------------------------------------------------------------------
# WebAssembly: wasmparser 0.51.0 (a module of many functions, validated with multi-value)


def sleb(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if (n == 0 and not b & 0x40) or (n == -1 and b & 0x40):
            out.append(b)
            return bytes(out)
        out.append(b | 0x80)


def wasm_vec(items):
    return uvarint(len(items)) + b"".join(items)


def wasm_name(s):
    return uvarint(len(s.encode())) + s.encode()


def wasm_section(sid, body):
    return bytes([sid]) + uvarint(len(body)) + body


# Function types (params, results), all i32: the last ones return two values (multi-value)
# and double as block types with parameters.
WASM_TYPES = [(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (2, 2), (1, 2)]
WASM_IMPORTS = [("log_i32", 1), ("now_ms", 2), ("trace", 4)]      # (name, type)


class WasmFunc:
    """Random but valid function bodies: statements leave the stack as they found it,
    expressions push one i32."""

    def __init__(self, rng, funcs, nglobals, nlocals):
        self.rng, self.funcs, self.nglobals, self.nlocals = rng, funcs, nglobals, nlocals

    def expr(self, d):
        r, rng = self.rng.random(), self.rng
        if d <= 0 or r < 0.25:
            k = rng.randrange(3)
            if k == 0:
                return b"\x41" + sleb(rng.randint(-5000, 100000))
            if k == 1:
                return b"\x20" + uvarint(rng.randrange(self.nlocals))
            return b"\x23" + uvarint(rng.randrange(self.nglobals))
        if r < 0.55:
            op = rng.choice(b"\x6a\x6b\x6c\x71\x72\x73\x74\x76\x77\x46\x47\x48\x49\x4a")
            return self.expr(d - 1) + self.expr(d - 1) + bytes([op])
        if r < 0.62:
            return self.expr(d - 1) + b"\x45"                                  # i32.eqz
        if r < 0.70:
            return self.expr(d - 1) + b"\x28\x02" + uvarint(4 * rng.randrange(64))  # i32.load
        if r < 0.78:
            f = rng.choice([i for i, t in enumerate(self.funcs) if WASM_TYPES[t][1] == 1])
            return self.call(f, d)
        if r < 0.84:                                    # if (result i32) .. else .. end
            return (self.expr(d - 1) + b"\x04\x7f" + self.expr(d - 1) + b"\x05"
                    + self.expr(d - 1) + b"\x0b")
        if r < 0.90:                                    # two values into a block [i32 i32] -> [i32]
            return self.expr(d - 1) + self.expr(d - 1) + b"\x02" + sleb(4) + b"\x6a\x0b"
        if r < 0.95:                                    # a pair from a multi-value call
            f = rng.choice([i for i, t in enumerate(self.funcs) if WASM_TYPES[t][1] == 2])
            return self.call(f, d) + b"\x73"
        return (self.expr(d - 1) + self.expr(d - 1) + self.expr(d - 1) + b"\x1b")  # select

    def call(self, f, d):
        args = b"".join(self.expr(d - 1) for _ in range(WASM_TYPES[self.funcs[f]][0]))
        return args + b"\x10" + uvarint(f)

    def stmt(self, d):
        r, rng = self.rng.random(), self.rng
        if d <= 0 or r < 0.30:
            return self.expr(d) + b"\x21" + uvarint(rng.randrange(self.nlocals))   # local.set
        if r < 0.40:
            return self.expr(d) + b"\x24" + uvarint(rng.randrange(self.nglobals))  # global.set
        if r < 0.50:
            return (self.expr(d - 1) + self.expr(d - 1) + b"\x36\x02"
                    + uvarint(4 * rng.randrange(64)))                                # i32.store
        if r < 0.60:
            f = rng.choice([i for i, t in enumerate(self.funcs) if WASM_TYPES[t][1] == 0])
            return self.call(f, d)
        if r < 0.68:
            f = rng.choice([i for i, t in enumerate(self.funcs) if WASM_TYPES[t][1] == 2])
            return (self.call(f, d) + b"\x21" + uvarint(rng.randrange(self.nlocals))
                    + b"\x21" + uvarint(rng.randrange(self.nlocals)))
        if r < 0.78:
            return self.expr(d - 1) + b"\x04\x40" + self.stmts(d - 1) + b"\x05" + self.stmts(d - 1) + b"\x0b"
        if r < 0.88:                                    # block .. br_if 0 .. end
            return (b"\x02\x40" + self.stmts(d - 1) + self.expr(d - 1) + b"\x0d\x00"
                    + self.stmts(d - 1) + b"\x0b")
        if r < 0.95:                                    # loop .. br_if 0 end
            return b"\x03\x40" + self.stmts(d - 1) + self.expr(d - 1) + b"\x0d\x00\x0b"
        return self.expr(d) + b"\x1a"                                                # drop

    def stmts(self, d):
        return b"".join(self.stmt(d) for _ in range(self.rng.randint(1, 3)))


def wasm_body(rng, funcs, ftype, nglobals, bad=None):
    params, results = WASM_TYPES[ftype]
    extra = rng.randint(0, 4)
    g = WasmFunc(rng, funcs, nglobals, max(1, params + extra))
    if params + extra == 0:
        extra = 1
    code = b"".join(g.stmt(3) for _ in range(rng.randint(1, 5)))
    if bad is not None:
        # A dead block after `unreachable`: the block takes one i32 (type 1, [i32] -> []),
        # which the unreachable (polymorphic) stack provides. The harmless twin pushes a
        # real i32 instead.
        code += (b"\x00" if bad else b"\x41\x07") + b"\x02" + sleb(1) + b"\x1a\x0b"
    code += b"".join(g.expr(3) for _ in range(results))
    body = wasm_vec([uvarint(extra) + b"\x7f"]) + code + b"\x0b"
    return uvarint(len(body)) + body


def gen_wasm(rng, size, trigger, ndef=None):
    if ndef is None:
        # A first module of 400 functions measures the size of one; the real one has as
        # many as fit `size`.
        state = rng.getstate()
        probe = len(gen_wasm(rng, size, trigger, ndef=400))
        rng.setstate(state)
        ndef = max(8, int(400 * size / probe))
    nglobals = 6
    data = [f"{words(rng, 3, 12)}\n".encode() for _ in range(40)]
    funcs = [t for _, t in WASM_IMPORTS] + [rng.randrange(len(WASM_TYPES)) for _ in range(ndef)]
    bodies, exports = [None] * ndef, []
    mid = ndef // 2
    # The middle function has type () -> (): a few statements, then the dead block.
    funcs[len(WASM_IMPORTS) + mid] = 0
    for i in range(ndef):
        bodies[i] = wasm_body(rng, funcs, funcs[len(WASM_IMPORTS) + i], nglobals,
                              bad=trigger if i == mid else None)
        if rng.random() < 0.3:
            exports.append(wasm_name(f"{word(rng)}_{word(rng)}_{i}") + b"\x00" + uvarint(len(WASM_IMPORTS) + i))
    types = [b"\x60" + wasm_vec([b"\x7f"] * p) + wasm_vec([b"\x7f"] * r) for p, r in WASM_TYPES]
    imports = [wasm_name("env") + wasm_name(n) + b"\x00" + uvarint(t) for n, t in WASM_IMPORTS]
    nfuncs = len(funcs)
    table_elems = [uvarint(len(WASM_IMPORTS) + rng.randrange(ndef)) for _ in range(32)]
    globals_ = [b"\x7f\x01\x41" + sleb(rng.randint(0, 1 << 20)) + b"\x0b" for _ in range(nglobals)]
    exports.append(wasm_name("memory") + b"\x02\x00")
    offset, segs = 1024, []
    for d in data:
        segs.append(b"\x00\x41" + sleb(offset) + b"\x0b" + uvarint(len(d)) + d)
        offset += len(d) + rng.randint(0, 16)
    return (b"\x00asm\x01\x00\x00\x00"
            + wasm_section(1, wasm_vec(types))
            + wasm_section(2, wasm_vec(imports))
            + wasm_section(3, wasm_vec([uvarint(t) for t in funcs[len(WASM_IMPORTS):]]))
            + wasm_section(4, wasm_vec([b"\x70\x00" + uvarint(len(table_elems))]))
            + wasm_section(5, wasm_vec([b"\x00\x02"]))
            + wasm_section(6, wasm_vec(globals_))
            + wasm_section(7, wasm_vec(exports))
            + wasm_section(9, wasm_vec([b"\x00\x41\x00\x0b" + wasm_vec(table_elems)]))
            + wasm_section(10, wasm_vec(bodies))
            + wasm_section(11, wasm_vec(segs)))


# ---------------------------------------------------------------------------------------
# PSD: psd 0.3.4 (an RGB document of many RLE-compressed layers)


def psd_layer_pixels(rng, w, h):
    """The four channel planes (alpha, R, G, B) of a layer: a soft-edged ellipse of one hue
    with a vertical gradient, rows of transparent runs around it."""
    r0, g0, b0 = rng.randrange(256), rng.randrange(256), rng.randrange(256)
    alpha, red, green, blue = (bytearray() for _ in range(4))
    for y in range(h):
        k = 0.5 + 0.5 * y / max(1, h - 1)
        for x in range(w):
            dx, dy = (x - (w - 1) / 2) / (w / 2), (y - (h - 1) / 2) / (h / 2)
            inside = dx * dx + dy * dy <= 1.0
            alpha.append(255 if inside else 0)
            red.append(int(r0 * k) if inside else 0)
            green.append(int(g0 * k) if inside else 0)
            blue.append((int(b0 * k) + (x & 3)) % 256 if inside else 0)
    return bytes(alpha), bytes(red), bytes(green), bytes(blue)


def psd_channel_rle(plane, w, h):
    rows = [packbits(plane[y * w:(y + 1) * w]) for y in range(h)]
    return struct.pack(">H", 1) + b"".join(struct.pack(">H", len(r)) for r in rows) + b"".join(rows)


def psd_layer(rng, n, canvas, rect=None):
    """(record, channel data) of one layer: a rectangle inside the canvas unless `rect`
    (top, left, bottom, right; bottom and right exclusive) is given."""
    cw, ch = canvas
    if rect is None:
        w, h = rng.randint(12, 56), rng.randint(10, 44)
        top, left = rng.randrange(ch - h + 1), rng.randrange(cw - w + 1)
        rect = (top, left, top + h, left + w)
    top, left, bottom, right = rect
    w, h = right - left, bottom - top
    planes = psd_layer_pixels(rng, w, h)
    chans = [psd_channel_rle(p, w, h) for p in planes]
    name = f"{word(rng).title()} {word(rng)} {n}"
    pascal = bytes([len(name)]) + name.encode()
    pascal += bytes(-len(pascal) % 4)
    uni = struct.pack(">I", len(name)) + name.encode("utf-16-be")
    uni += bytes(-len(uni) % 4)
    tagged = (b"8BIMluni" + struct.pack(">I", len(uni)) + uni
              + b"8BIMlyid" + struct.pack(">II", 4, 100 + n)
              + b"8BIMclbl" + struct.pack(">II", 4, 0x01000000))
    blending = struct.pack(">I", 40) + b"\x00\x00\xff\xff" * 10
    extra = struct.pack(">I", 0) + blending + pascal + tagged
    record = struct.pack(">iiiiH", top, left, bottom, right, 4)
    for cid, data in zip((-1, 0, 1, 2), chans):
        record += struct.pack(">hI", cid, len(data))
    record += (b"8BIM" + rng.choice([b"norm", b"norm", b"mul ", b"scrn", b"over", b"lite"])
               + bytes([rng.choice([255, 255, 204, 128]), 0, 0x08, 0])
               + struct.pack(">I", len(extra)) + extra)
    return record, b"".join(chans)


def psd_resources(rng):
    def res(rid, data):
        return (b"8BIM" + struct.pack(">hBBI", rid, 0, 0, len(data)) + data
                + bytes(len(data) % 2))
    xmp = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description '
           f'xmp:CreatorTool="{words(rng, 2, 4)}" dc:title="{words(rng, 3, 8)}"/>'
           '</rdf:RDF></x:xmpmeta>').encode()
    return (res(1005, struct.pack(">IHHIHH", 72 << 16, 1, 1, 72 << 16, 1, 1))
            + res(1034, b"\x00")
            + res(1061, bytes(rng.randrange(256) for _ in range(16)))
            + res(1060, xmp))


def gen_psd(rng, size, trigger):
    cw, ch = 160, 120
    composite = cw * ch * 3 + 2
    layers, total = [], 0
    while total < size - composite - 2000:
        layers.append(psd_layer(rng, len(layers), (cw, ch)))
        total += len(layers[-1][0]) + len(layers[-1][1])
    mid = len(layers) // 2
    # The middle layer, 40 x 30, hangs 6 rows below the canvas (bottom 126 of 120):
    # PsdLayer::rgba maps its pixels into a canvas-sized buffer and writes past its end
    # (first with a PackBits run: the transparent pixels left of the ellipse). The
    # harmless twin is the same layer resting on the canvas's bottom edge.
    rect = (ch - 24, 52, ch + 6, 92) if trigger else (ch - 30, 52, ch, 92)
    layers[mid] = psd_layer(random.Random(11), mid, (cw, ch), rect=rect)
    info = struct.pack(">h", len(layers)) + b"".join(r for r, _ in layers) + b"".join(d for _, d in layers)
    info += bytes(-len(info) % 4)
    layer_mask = struct.pack(">I", len(info)) + info + struct.pack(">I", 0)
    resources = psd_resources(rng)
    pixels = bytearray()
    for c in range(3):
        for y in range(ch):
            pixels += bytes((x * (c + 1) + y * (3 - c)) % 256 for x in range(cw))
    return (b"8BPS" + struct.pack(">H6sHIIHH", 1, bytes(6), 3, ch, cw, 8, 3)
            + struct.pack(">I", 0)
            + struct.pack(">I", len(resources)) + resources
            + struct.pack(">I", len(layer_mask)) + layer_mask
            + struct.pack(">H", 0) + bytes(pixels))


# ---------------------------------------------------------------------------------------
# MIDI: midi-msg 0.7.4 (a Standard MIDI File of many tracks; delta times are VLQs)


def vlq(n):
    """A MIDI variable-length quantity: 7 bits a byte, most significant first."""
    out = [n & 0x7F]
    n >>= 7
    while n:
        out.append(0x80 | (n & 0x7F))
        n >>= 7
    return bytes(reversed(out))


def midi_meta(kind, data):
    return bytes([0xFF, kind]) + vlq(len(data)) + data


NOTE_NAMES = "C C# D D# E F F# G G# A A# B".split()
INSTRUMENTS = ("Acoustic Grand Piano", "Electric Bass", "String Ensemble", "Flute",
               "Trumpet", "Nylon Guitar", "Vibraphone", "Choir Aahs", "Church Organ",
               "Cello", "Harp", "Clarinet")


def midi_conductor(rng, bars):
    """Track 0: tempo, time and key signatures, markers (one per 8 bars)."""
    ev = [b"\x00" + midi_meta(0x00, struct.pack(">H", 0)),
          b"\x00" + midi_meta(0x03, b"Conductor"),
          b"\x00" + midi_meta(0x02, b"(c) 2024 Example Ensemble, CC BY 4.0"),
          b"\x00" + midi_meta(0x58, bytes([4, 2, 24, 8])),
          b"\x00" + midi_meta(0x59, bytes([rng.randint(0, 4), 0])),
          b"\x00" + midi_meta(0x51, struct.pack(">I", rng.randint(400000, 700000))[1:])]
    for b in range(0, bars, 8):
        delta = 0 if b == 0 else 8 * 4 * 480
        ev.append(vlq(delta) + midi_meta(0x06, f"Section {b // 8 + 1}: {words(rng, 1, 3)}".encode()))
        if rng.random() < 0.3:
            ev.append(b"\x00" + midi_meta(0x51, struct.pack(">I", rng.randint(400000, 700000))[1:]))
    ev.append(b"\x00" + midi_meta(0x2F, b""))
    return b"".join(ev)


def midi_track(rng, n, bars, seq=None):
    """One instrument track: sequence number, names, program and controllers, then notes
    (note on, note off), an occasional pitch bend, sustain pedal or lyric."""
    ch = n % 16 if n % 16 != 9 else 10
    seqnum = midi_meta(0x00, struct.pack(">H", n)) if seq is None else seq
    ev = [b"\x00" + seqnum,
          b"\x00" + midi_meta(0x03, f"{rng.choice(INSTRUMENTS)} {n}".encode()),
          b"\x00" + midi_meta(0x04, rng.choice(INSTRUMENTS).encode()),
          b"\x00" + bytes([0xC0 | ch, rng.randrange(128)]),
          b"\x00" + bytes([0xB0 | ch, 7, rng.randint(60, 110)]),
          b"\x00" + bytes([0xB0 | ch, 10, rng.randint(20, 108)]),
          b"\x00" + bytes([0xB0 | ch, 91, rng.randint(0, 60)])]
    root = rng.randint(36, 72)
    scale = [0, 2, 4, 5, 7, 9, 11]
    pending = 0
    for _ in range(bars * 4):
        kind = rng.random()
        if kind < 0.06:
            ev.append(vlq(pending) + bytes([0xE0 | ch, rng.randrange(128), rng.randint(56, 72)]))
            pending = 0
        elif kind < 0.09:
            ev.append(vlq(pending) + bytes([0xB0 | ch, 64, rng.choice((0, 127))]))
            pending = 0
        elif kind < 0.12:
            ev.append(vlq(pending) + midi_meta(0x05, (word(rng) + " ").encode()))
            pending = 0
        length = rng.choice((120, 240, 240, 480, 480, 960))
        if rng.random() < 0.15:
            pending += length           # a rest
            continue
        note = root + rng.choice(scale) + 12 * rng.randint(0, 1)
        ev.append(vlq(pending) + bytes([0x90 | ch, note, rng.randint(40, 120)]))
        ev.append(vlq(length) + bytes([0x80 | ch, note, 64]))
        pending = 0
    ev.append(vlq(pending) + midi_meta(0x2F, b""))
    return b"".join(ev)


def midi_chunk(kind, body):
    return kind + struct.pack(">I", len(body)) + body


def gen_midi(rng, size, trigger):
    bars = 48
    tracks = [midi_conductor(rng, bars)]
    total = 14 + len(tracks[0]) + 8
    while total < size:
        tracks.append(midi_track(rng, len(tracks), bars))
        total += len(tracks[-1]) + 8
    mid = len(tracks) // 2
    # The middle track opens with a sequence-number meta event of length 0 (the others
    # carry their 2-byte number): Meta::from_midi reads `data[0]` of an empty slice.
    # The harmless twin is the same event with its number.
    seq = midi_meta(0x00, b"") if trigger else None
    tracks[mid] = midi_track(random.Random(13), mid, bars, seq=seq)
    head = midi_chunk(b"MThd", struct.pack(">HHH", 1, len(tracks), 480))
    return head + b"".join(midi_chunk(b"MTrk", t) for t in tracks)


# ---------------------------------------------------------------------------------------
# MP4 (M4A) metadata: lofty 0.20.1 (an iTunes-style `ilst` of many items, each a box of
# `data` boxes; every box framed by its 32-bit size)


def mp4_box(kind, body):
    return struct.pack(">I", 8 + len(body)) + kind + body


def mp4_data(type_code, value):
    """A `data` box: version 0, the 24-bit type indicator, a 4-byte locale, the value."""
    return mp4_box(b"data", struct.pack(">I", type_code) + bytes(4) + value)


def mp4_freeform(name, value):
    """A `----` item: `mean` (the reverse-DNS owner), `name`, then the UTF-8 `data`."""
    return mp4_box(b"----", mp4_box(b"mean", bytes(4) + b"com.apple.iTunes")
                   + mp4_box(b"name", bytes(4) + name.encode()) + mp4_data(1, value.encode()))


def mp4_item(rng, n):
    kind = n % 9
    if kind == 0:
        return mp4_box(b"\xa9cmt", mp4_data(1, words(rng, 20, 60).capitalize().encode() + b"."))
    if kind == 1:
        return mp4_freeform(f"MusicBrainz Track Id {n}", "-".join(
            f"{rng.getrandbits(b * 4):0{b}x}" for b in (8, 4, 4, 4, 12)))
    if kind == 2:
        return mp4_freeform(f"iTunNORM {n}", " ".join(f"{rng.getrandbits(32):08X}" for _ in range(10)))
    if kind == 3:
        return mp4_freeform(f"replaygain_track_gain {n}", f"{rng.uniform(-12, 3):+.2f} dB")
    if kind == 4:
        lines = [words(rng, 4, 9).capitalize() for _ in range(rng.randint(4, 12))]
        return mp4_box(b"\xa9lyr", mp4_data(1, "\r".join(lines).encode()))
    if kind == 5:
        return mp4_box(b"\xa9wrt", mp4_data(1, f"{rng.choice(FIRST)} {rng.choice(LAST)}".encode()))
    if kind == 6:
        return mp4_freeform(f"CATALOGNUMBER {n}", f"{word(rng).upper()}-{rng.randint(100, 99999)}")
    if kind == 7:
        return mp4_freeform(f"NOTES {n}", words(rng, 30, 90))
    # Cover art: a small "JPEG" (SOI, an APP0 JFIF segment, opaque bytes, EOI).
    jpeg = (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + bytes(rng.getrandbits(8) for _ in range(rng.randint(600, 2400))) + b"\xff\xd9")
    return mp4_box(b"covr", mp4_data(13, jpeg))


def gen_m4a(rng, size, trigger):
    head = [mp4_box(b"\xa9nam", mp4_data(1, b"Variations on a Theme")),
            mp4_box(b"\xa9ART", mp4_data(1, b"Example Ensemble")),
            mp4_box(b"\xa9alb", mp4_data(1, b"Collected Recordings")),
            mp4_box(b"\xa9day", mp4_data(1, b"2024")),
            mp4_box(b"\xa9too", mp4_data(1, b"Lavf60.16.100")),
            mp4_box(b"trkn", mp4_data(0, struct.pack(">HHHH", 0, 3, 12, 0))),
            mp4_box(b"tmpo", mp4_data(21, struct.pack(">H", 120)))]
    items = fill(rng, size - 2000, lambda r, n: mp4_item(r, n))
    mid = len(items) // 2
    if trigger:
        # The middle item's `data` box is cut to its type indicator (12 bytes: no locale,
        # no value); a `data` box shorter than 16 bytes trips
        # `debug_assert!(next_atom.len >= 16)` in parse_data_inner.
        items[mid] = mp4_box(b"\xa9cmt", mp4_box(b"data", struct.pack(">I", 1)))
    else:
        items[mid] = mp4_box(b"\xa9cmt", mp4_data(1, b"Remastered."))
    ilst = mp4_box(b"ilst", b"".join(head + items))
    hdlr = mp4_box(b"hdlr", bytes(8) + b"mdirappl" + bytes(9))
    meta = mp4_box(b"meta", bytes(4) + hdlr + ilst)
    mvhd = mp4_box(b"mvhd", struct.pack(">IIIII", 0, 0, 0, 44100, 44100 * 200) + struct.pack(">IH", 0x10000, 0x100)
                   + bytes(10) + struct.pack(">9I", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000)
                   + bytes(24) + struct.pack(">I", 2))
    moov = mp4_box(b"moov", mvhd + mp4_box(b"udta", meta))
    ftyp = mp4_box(b"ftyp", b"M4A " + struct.pack(">I", 0x200) + b"M4A isommp42")
    return ftyp + moov + mp4_box(b"free", bytes(64))


# ---------------------------------------------------------------------------------------
# BSER (Watchman's binary protocol): serde_bser 0.4.0 (a query response PDU: typed ints,
# counted arrays and objects, length-prefixed strings, a template of file rows)


def bser_int(n):
    """The smallest BSER integer holding n (int8/16/32/64, native = little-endian)."""
    for tag, fmt, lo, hi in ((3, "<b", -128, 127), (4, "<h", -2**15, 2**15 - 1),
                             (5, "<i", -2**31, 2**31 - 1), (6, "<q", -2**63, 2**63 - 1)):
        if lo <= n <= hi:
            return bytes([tag]) + struct.pack(fmt, n)
    raise ValueError(n)


def bser_str(s, length=None):
    b = s.encode()
    return b"\x0d" + bser_int(len(b) if length is None else length) + b


def bser_value(v):
    if isinstance(v, bool):
        return b"\x08" if v else b"\x09"
    if v is None:
        return b"\x0a"
    if isinstance(v, int):
        return bser_int(v)
    if isinstance(v, float):
        return b"\x07" + struct.pack("<d", v)
    if isinstance(v, str):
        return bser_str(v)
    if isinstance(v, bytes):
        return v                                    # already encoded
    if isinstance(v, list):
        return b"\x00" + bser_int(len(v)) + b"".join(bser_value(x) for x in v)
    return b"\x01" + bser_int(len(v)) + b"".join(bser_str(k) + bser_value(x) for k, x in v.items())


BSER_FILE_KEYS = ["name", "size", "mtime_ms", "exists", "mode", "type", "content.sha1hex"]


def bser_file_row(rng, n, bad_name=False):
    """One row of the files template: a path and its stat fields (symlinks have no hash:
    a `skip` marker in that column)."""
    d1, d2 = word(rng), word(rng)
    ext = rng.choice(("rs", "rs", "toml", "md", "json", "lock"))
    name = f"src/{d1}/{d2}/{word(rng)}_{n}.{ext}"
    kind = "l" if rng.random() < 0.05 else "f"
    sha = b"\x0c" if kind == "l" else bser_str(f"{rng.getrandbits(160):040x}")
    # The name's length as int8 -1: `read_bytes` casts it to usize::MAX.
    cells = [bser_str(name, -1) if bad_name else bser_str(name),
             bser_int(rng.randint(0, 200000)), bser_int(1700000000000 + rng.randint(0, 10**10)),
             b"\x08", bser_int(0o100644 if kind == "f" else 0o120777), bser_str(kind), sha]
    return b"".join(cells)


def gen_bser(rng, size, trigger):
    rows = fill(rng, size - 300, lambda r, n: bser_file_row(r, n))
    mid = len(rows) // 2
    rows[mid] = bser_file_row(random.Random(17), mid, bad_name=trigger)
    files = (b"\x0b" + bser_value(BSER_FILE_KEYS) + bser_int(len(rows)) + b"".join(rows))
    body = bser_value({"version": "2024.01.22.00", "clock": "c:1705900000:4242:1:1077",
                       "is_fresh_instance": False, "files": files,
                       "debug": {"cookie_files": [".watchman-cookie-host-4242-1077"]}})
    # A BSER v2 PDU: magic, capabilities (u32), the length of the value, the value.
    return b"\x00\x02" + struct.pack("<I", 0) + bser_int(len(body)) + body


# ---------------------------------------------------------------------------------------
# GraphQL: async-graphql-parser 2.11.2 (an executable document of many named operations
# and fragments)


def gql_fields(rng, depth):
    out = []
    for _ in range(rng.randint(2, 5)):
        name = word(rng) + rng.choice(("", "Id", "Name", "Count", "At"))
        if depth > 0 and rng.random() < 0.35:
            args = ""
            if rng.random() < 0.5:
                args = f"(first: {rng.randint(1, 100)}, orderBy: {{field: {word(rng).upper()}, direction: DESC}})"
            out.append(f"{name}{args} {{\n" + gql_fields(rng, depth - 1) + "}")
        elif rng.random() < 0.15:
            out.append(f"{name} @include(if: $with{word(rng).title()})")
        else:
            out.append(name)
    return "".join("  " + f + "\n" for f in out)


def gql_definition(rng, n, number=None):
    kind = rng.randrange(4)
    if kind == 0:
        return f"fragment {word(rng).title()}Fields{n} on {word(rng).title()} {{\n" + gql_fields(rng, 2) + "}\n\n"
    op = "mutation" if kind == 1 else "query"
    limit = number if number is not None else str(rng.choice((10, 25, 50, 0.5, 1.5e3, -1)))
    return (f"{op} {word(rng).title()}{word(rng).title()}{n}($id: ID!, $after: String, $with{word(rng).title()}: Boolean = false) {{\n"
            f"  {word(rng)}(id: $id, after: $after, limit: {limit}, tags: [\"{word(rng)}\", \"{word(rng)}\"]) {{\n"
            + gql_fields(rng, 2) + f"    ...{word(rng).title()}Fields{max(0, n - 4)}\n  }}\n}}\n\n")


def gen_graphql(rng, size, trigger):
    defs = fill(rng, size, lambda r, n: gql_definition(r, n))
    mid = len(defs) // 2
    # A number that does not fit an f64 (`4e444`): serde_json's Number parser fails and
    # parse_number calls `.expect("failed to parse number")`. The harmless twin: `4e44`.
    r = random.Random(19)
    while True:
        d = gql_definition(r, mid, number="4e444" if trigger else "4e44")
        if "4e44" in d:
            break
    defs[mid] = d
    return "".join(defs).encode()


# ---------------------------------------------------------------------------------------
# HCL (Terraform): hcl-edit 0.7.2 (a configuration of many variables, resources, data
# sources, modules and outputs)

TF_REGIONS = ("eu-west-1", "eu-central-1", "us-east-1", "us-west-2", "ap-southeast-2")
TF_TYPES = ("t3.micro", "t3.small", "t3.medium", "m5.large", "c5.xlarge", "r5.large")


def tf_tags(rng, n, extra=None):
    """A multi-line object of tags, some items with a trailing comment."""
    items = [("Name", f"\"{word(rng)}-{word(rng)}-{n}\""),
             ("Environment", "var.environment"),
             ("Team", f"\"{word(rng)}\""),
             ("ManagedBy", "\"terraform\"")]
    if rng.random() < 0.5:
        items.append(("Service", f"local.services[{rng.randint(0, 9)}]"))
    width = max(len(k) for k, _ in items) + 1
    lines = []
    for k, v in items:
        comment = f" # {words(rng, 1, 4)}" if rng.random() < 0.25 else ""
        lines.append(f"    {k.ljust(width)}= {v}{comment}")
    if extra is not None:
        lines.append(extra)
    return "  tags = {\n" + "\n".join(lines) + "\n  }\n"


def tf_block(rng, n, extra_tag=None):
    kind = rng.randrange(8) if extra_tag is None else 1
    name = f"{word(rng)}_{word(rng)}_{n}"
    if kind == 0:
        default = rng.choice((f"\"{word(rng)}\"", str(rng.randint(1, 500)), "true",
                              f"[\"{word(rng)}\", \"{word(rng)}\"]"))
        return (f"variable \"{name}\" {{\n"
                f"  description = \"{words(rng, 3, 9).capitalize()}.\"\n"
                f"  type        = {rng.choice(('string', 'number', 'bool', 'list(string)'))}\n"
                f"  default     = {default}\n}}\n\n")
    if kind in (1, 2):
        count = f"  count         = var.enabled ? {rng.randint(1, 4)} : 0\n" if rng.random() < 0.4 else ""
        return (f"resource \"aws_instance\" \"{name}\" {{\n{count}"
                f"  ami           = data.aws_ami.{word(rng)}.id\n"
                f"  instance_type = \"{rng.choice(TF_TYPES)}\"\n"
                f"  subnet_id     = element(module.vpc.private_subnets, {rng.randint(0, 2)})\n"
                f"  user_data     = templatefile(\"${{path.module}}/{word(rng)}.sh\", {{ port = {rng.randint(1024, 9999)} }})\n\n"
                f"  root_block_device {{\n"
                f"    volume_size = {rng.choice((8, 20, 50, 100))}\n"
                f"    encrypted   = true\n  }}\n\n"
                + tf_tags(rng, n, extra_tag) + "}\n\n")
    if kind == 3:
        rules = "".join(
            f"  ingress {{\n    from_port   = {p}\n    to_port     = {p}\n    protocol    = \"tcp\"\n"
            f"    cidr_blocks = [\"10.{rng.randint(0, 255)}.0.0/16\"]\n  }}\n"
            for p in rng.sample((22, 80, 443, 5432, 6379, 8080, 9090), rng.randint(1, 3)))
        return (f"resource \"aws_security_group\" \"{name}\" {{\n"
                f"  name_prefix = \"{word(rng)}-\"\n  vpc_id      = module.vpc.vpc_id\n\n"
                + rules + "\n" + tf_tags(rng, n) + "}\n\n")
    if kind == 4:
        return (f"module \"{name}\" {{\n"
                f"  source  = \"terraform-aws-modules/{word(rng)}/aws\"\n"
                f"  version = \"~> {rng.randint(2, 5)}.{rng.randint(0, 9)}\"\n\n"
                f"  name   = \"${{var.project}}-{word(rng)}\"\n"
                f"  region = \"{rng.choice(TF_REGIONS)}\"\n"
                f"  zones  = [for z in var.zones : \"${{z}}-{word(rng)}\" if z != \"\"]\n"
                f"  limits = {{ cpu = {rng.randint(1, 8)}, memory = \"{rng.choice((512, 1024, 2048))}Mi\" }}\n}}\n\n")
    if kind == 5:
        return (f"output \"{name}\" {{\n"
                f"  description = \"{words(rng, 2, 6).capitalize()}.\"\n"
                f"  value       = aws_instance.{word(rng)}_{word(rng)}_{max(0, n - 3)}[*].private_ip\n"
                f"  sensitive   = {rng.choice(('true', 'false'))}\n}}\n\n")
    if kind == 6:
        return (f"data \"aws_iam_policy_document\" \"{name}\" {{\n"
                f"  statement {{\n    sid     = \"{word(rng).title()}{n}\"\n"
                f"    effect  = \"Allow\"\n"
                f"    actions = [\"s3:GetObject\", \"s3:ListBucket\", \"{word(rng)}:{word(rng).title()}\"]\n"
                f"    resources = [\n      \"arn:aws:s3:::{word(rng)}-{n}\",\n      \"arn:aws:s3:::{word(rng)}-{n}/*\",\n    ]\n  }}\n}}\n\n")
    return (f"locals {{\n  # {words(rng, 3, 8)}\n"
            f"  {name} = {{\n"
            + "".join(f"    {word(rng)}{i} = {rng.choice((str(rng.randint(0, 99)), 'upper(var.project)', repr(word(rng)).replace(chr(39), chr(34))))}\n"
                      for i in range(rng.randint(2, 5)))
            + f"  }}\n  {name}_list = concat(var.zones, [\"{word(rng)}\"])\n}}\n\n")


def gen_terraform(rng, size, trigger):
    head = ("terraform {\n  required_version = \">= 1.5\"\n\n  required_providers {\n"
            "    aws = {\n      source  = \"hashicorp/aws\"\n      version = \"~> 5.0\"\n    }\n  }\n}\n\n"
            "provider \"aws\" {\n  region = var.region\n}\n\n")
    blocks = fill(rng, size - len(head), tf_block)
    mid = len(blocks) // 2
    # An object item whose value is followed by a comment with no space before it:
    # the value's decor suffix is empty and has no span, and the parser unwraps that span.
    # The harmless twin has the space.
    sep = "" if trigger else " "
    blocks[mid] = tf_block(random.Random(23), mid,
                           extra_tag=f"    CostCenter  = \"cc-4417\"{sep}# billing, see FIN-2210")
    return (head + "".join(blocks)).encode()


# ---------------------------------------------------------------------------------------
# Desktop entry: freedesktop-desktop-entry 0.7.6 (an application's entry with many actions,
# every name and comment localized)

DESKTOP_LOCALES = ("ar ast be bg bn ca cs cy da de el en_GB eo es et eu fa fi fr fy ga gl he "
                   "hi hr hu hy id is it ja ka kk ko lt lv mk ml mr ms nb nl nn oc pa pl pt "
                   "pt_BR ro ru si sk sl sq sr sr@latin sv ta te th tr uk uz vi zh_CN zh_TW").split()
DESKTOP_ACCENTS = "áàâäãåçéèêëíìîïñóòôöõúùûüýÿßøæœ"


def desktop_text(rng, lo, hi):
    """A pseudo-translation: words, some with an accented letter."""
    out = []
    for _ in range(rng.randint(lo, hi)):
        w = word(rng)
        if rng.random() < 0.3:
            i = rng.randrange(len(w))
            w = w[:i] + rng.choice(DESKTOP_ACCENTS) + w[i + 1:]
        out.append(w)
    return " ".join(out).capitalize()


def desktop_localized(rng, key, lo, hi, bad=None):
    lines = [f"{key}={desktop_text(rng, lo, hi)}"]
    for loc in DESKTOP_LOCALES:
        if rng.random() < 0.9:
            lines.append(f"{key}[{loc}]={desktop_text(rng, lo, hi)}")
    if bad is not None:
        lines.insert(len(lines) // 2, f"{key}[{bad[0]}]={bad[1]}")
    return lines


def desktop_action(rng, n, bad=None):
    ident = f"{word(rng)}-{word(rng)}-{n}"
    lines = [f"[Desktop Action {ident}]"]
    lines += desktop_localized(rng, "Name", 2, 4)
    lines += desktop_localized(rng, "Comment", 4, 9, bad=bad)
    flag = rng.choice(("--new-window", "--private", "--profile %f", "--open-folder %U", "--safe-mode"))
    lines.append(f"Exec=example-studio {flag} --{word(rng)}={rng.randint(1, 99)}")
    if rng.random() < 0.4:
        lines.append(f"Icon=example-studio-{word(rng)}")
    return ident, "\n".join(lines) + "\n\n"


def gen_desktop(rng, size, trigger):
    head = ["[Desktop Entry]", "Version=1.5", "Type=Application"]
    head += desktop_localized(rng, "Name", 2, 3)
    head += desktop_localized(rng, "GenericName", 2, 4)
    head += desktop_localized(rng, "Comment", 5, 12)
    head += [f"Keywords={';'.join(word(rng) for _ in range(6))};",
             "Exec=example-studio %U", "TryExec=example-studio", "Icon=example-studio",
             "Terminal=false", "StartupNotify=true", "StartupWMClass=ExampleStudio",
             "Categories=Graphics;2DGraphics;RasterGraphics;GTK;",
             "MimeType=image/png;image/jpeg;image/webp;image/tiff;image/x-xcf;application/x-example-project;"]
    head_text = "\n".join(head) + "\n"
    actions = []
    total = len(head_text) + 200
    while total < size - 5000:            # an action is about 5 KB: stop near the size
        actions.append(desktop_action(rng, len(actions)))
        total += len(actions[-1][1]) + 25  # its body and its name in `Actions=`
    mid = len(actions) // 2
    # A localized comment that ends in a lone backslash: format_value finds the backslash
    # at the last byte and reads the byte after it. The harmless twin escapes it (`\\`).
    bad = ("pl", "Otw\u00f3rz katalog projektu na dysku C:\\" + ("" if trigger else "\\"))
    actions[mid] = desktop_action(random.Random(29), mid, bad=bad)
    head_text += "Actions=" + "".join(ident + ";" for ident, _ in actions) + "\n\n"
    return (head_text + "".join(body for _, body in actions)).encode()


# ---------------------------------------------------------------------------------------
# BSON: bson 0.12.0 (a mongodump-style file: a collection's documents one after another)


def bson_cstring(s):
    return s.encode() + b"\x00"


def bson_doc(items):
    """items: (key, value) pairs; value is a tagged tuple (type byte, encoded bytes)."""
    body = b"".join(bytes([t]) + bson_cstring(k) + v for k, (t, v) in items)
    return struct.pack("<i", len(body) + 5) + body + b"\x00"


def bson_s(s):
    b = s.encode()
    return (0x02, struct.pack("<i", len(b) + 1) + b + b"\x00")


def bson_i32(n):
    return (0x10, struct.pack("<i", n))


def bson_i64(n):
    return (0x12, struct.pack("<q", n))


def bson_f64(x):
    return (0x01, struct.pack("<d", x))


def bson_date(ms):
    return (0x09, struct.pack("<q", ms))


def bson_sub(items):
    return (0x03, bson_doc(items))


def bson_arr(values):
    return (0x04, bson_doc([(str(i), v) for i, v in enumerate(values)]))


def bson_user(rng, n, born=None):
    first, last = rng.choice(FIRST), rng.choice(LAST)
    oid = struct.pack(">I", 1600000000 + n * 3600) + struct.pack(">Q", rng.getrandbits(64))[:5] + struct.pack(">I", n)[1:]
    if born is None:
        born = rng.randint(-20000, 13000) * 86_400_000        # a date at midnight, 1915-2005
    created = rng.randint(1_300_000_000_000, 1_700_000_000_000)
    items = [("_id", (0x07, oid)),
             ("name", bson_s(f"{first} {last}")),
             ("email", bson_s(f"{first.lower()}.{last.lower()}{n}@example.org")),
             ("born", bson_date(born)),
             ("created_at", bson_date(created)),
             ("last_login", bson_date(created + rng.randint(0, 10**10)) if rng.random() < 0.8 else (0x0A, b"")),
             ("active", (0x08, bytes([rng.random() < 0.85]))),
             ("score", bson_f64(round(rng.uniform(0, 100), 2))),
             ("visits", bson_i64(rng.randint(0, 10**7))),
             ("address", bson_sub([("street", bson_s(f"{rng.randint(1, 400)} {word(rng).title()} Street")),
                                   ("city", bson_s(rng.choice(CITIES))),
                                   ("country", bson_s(rng.choice(COUNTRIES))),
                                   ("zip", bson_s(f"{rng.randint(1000, 99999)}"))])),
             ("tags", bson_arr([bson_s(word(rng)) for _ in range(rng.randint(0, 4))]))]
    orders = []
    for _ in range(rng.randint(0, 3)):
        orders.append(bson_sub([("sku", bson_s(f"{word(rng).upper()}-{rng.randint(100, 999)}")),
                                ("qty", bson_i32(rng.randint(1, 12))),
                                ("price", bson_f64(rng.randint(99, 99999) / 100)),
                                ("at", bson_date(created + rng.randint(0, 10**9)))]))
    items.append(("orders", bson_arr(orders)))
    return bson_doc(items)


def gen_bson(rng, size, trigger):
    docs = fill(rng, size, bson_user)
    mid = len(docs) // 2
    # A birth date before 1970 with a time of day and milliseconds (1969-07-20T20:17:40.123Z):
    # `(time % 1000) as u32` is 2^32 - 877, and multiplying it by 1_000_000 overflows. The
    # harmless twin is the same instant without its milliseconds (time % 1000 == 0).
    born = -14_182_940_000 + (123 if trigger else 0)
    docs[mid] = bson_user(random.Random(31), mid, born=born)
    return b"".join(docs)


# ---------------------------------------------------------------------------------------
# AVI (RIFF): riff 1.0.1 (a tree of chunks: `hdrl` and `strl` header lists, a `movi` list
# of `rec ` lists of video and audio chunks, an `idx1` index)


def riff_chunk(fourcc, body):
    pad = b"\x00" if len(body) % 2 else b""
    return fourcc + struct.pack("<I", len(body)) + body + pad


def riff_list(form, children, size_delta=0):
    body = form + b"".join(children)
    return b"LIST" + struct.pack("<I", len(body) + size_delta) + body


def gen_avi(rng, size, trigger):
    w, h, fps, rate = 160, 120, 15, 8000
    audio_per_frame = rate // fps
    recs, index, movi_off = [], [], 4          # idx1 offsets count from the `movi` form type
    total = 2200
    while total < size:
        n = len(recs)
        key = n % 12 == 0
        vlen = rng.randint(1400, 2100) if key else rng.randint(200, 900)
        video = bytes(rng.getrandbits(8) for _ in range(vlen))
        audio = bytes(128 + int(40 * ((i * (3 + n % 5)) % 64 - 32) / 32) for i in range(audio_per_frame))
        vc, ac = riff_chunk(b"00dc", video), riff_chunk(b"01wb", audio)
        index.append(struct.pack("<4sIII", b"00dc", 0x10 if key else 0, movi_off + 12, vlen))
        index.append(struct.pack("<4sIII", b"01wb", 0x10, movi_off + 12 + len(vc), len(audio)))
        recs.append((vc, ac))
        movi_off += 12 + len(vc) + len(ac)
        total += 12 + len(vc) + len(ac) + 32
    nframes = len(recs)
    mid = nframes // 2
    rec_lists = []
    for i, (vc, ac) in enumerate(recs):
        # The middle `rec ` list's size has its high byte set (a bit flip): 16 MiB past the
        # end of the file. Walking it reads the chunks after it as its own, then reads a
        # chunk header at the end of the file, and Iter::next unwraps the error.
        delta = 0x01000000 if (trigger and i == mid) else 0
        rec_lists.append(riff_list(b"rec ", [vc, ac], size_delta=delta))
    avih = struct.pack("<IIIIIIIIII4I", 1_000_000 // fps, 120000, 0, 0x910, nframes, 0, 2,
                       4096, w, h, 0, 0, 0, 0)
    vstrh = struct.pack("<4s4sIHHIIIIIIIIhhhh", b"vids", b"MJPG", 0, 0, 0, 0, 1, fps, 0,
                        nframes, 4096, 10000, 0, 0, 0, w, h)
    vstrf = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0x47504A4D, w * h * 3, 0, 0, 0, 0)
    astrh = struct.pack("<4s4sIHHIIIIIIIIhhhh", b"auds", b"\x01\x00\x00\x00", 0, 0, 0, 0, 1,
                        rate, 0, nframes * audio_per_frame, 4096, 10000, 1, 0, 0, 0, 0)
    astrf = struct.pack("<HHIIHHH", 1, 1, rate, rate, 1, 8, 0)
    hdrl = riff_list(b"hdrl", [
        riff_chunk(b"avih", avih),
        riff_list(b"strl", [riff_chunk(b"strh", vstrh), riff_chunk(b"strf", vstrf),
                            riff_chunk(b"strn", b"Video: example capture\x00")]),
        riff_list(b"strl", [riff_chunk(b"strh", astrh), riff_chunk(b"strf", astrf),
                            riff_chunk(b"strn", b"Audio: mono 8 kHz\x00")]),
        riff_list(b"odml", [riff_chunk(b"dmlh", struct.pack("<I", nframes) + bytes(244))]),
    ])
    info = riff_list(b"INFO", [riff_chunk(b"INAM", f"{words(rng, 2, 5).title()}\x00".encode()),
                               riff_chunk(b"IART", f"{rng.choice(FIRST)} {rng.choice(LAST)}\x00".encode()),
                               riff_chunk(b"ICMT", f"{words(rng, 6, 14)}\x00".encode()),
                               riff_chunk(b"ICRD", b"2024-05-17\x00"),
                               riff_chunk(b"ISFT", b"Lavf60.16.100\x00")])
    junk = riff_chunk(b"JUNK", bytes(1016))
    movi = riff_list(b"movi", rec_lists)
    idx1 = riff_chunk(b"idx1", b"".join(index))
    body = b"AVI " + hdrl + info + junk + movi + idx1
    return b"RIFF" + struct.pack("<I", len(body)) + body


# ---------------------------------------------------------------------------------------
# ELF core dump: goblin 0.3.1 (x86-64: a program header table of one PT_NOTE segment and
# many PT_LOAD segments; the notes are per-process and per-thread records)

NT_PRSTATUS, NT_FPREGSET, NT_PRPSINFO, NT_AUXV, NT_X86_XSTATE = 1, 2, 3, 6, 0x202
NT_SIGINFO, NT_FILE = 0x53494749, 0x46494C45


def elf_note(name, ntype, desc, namesz=None):
    """An ELF note: namesz, descsz, type, then the name and the descriptor, each padded to
    4 bytes. namesz=0 writes a note with no name at all."""
    nb = b"" if namesz == 0 else name.encode() + b"\x00"
    pad = lambda b: b + bytes(-len(b) % 4)
    return struct.pack("<III", len(nb), len(desc), ntype) + pad(nb) + pad(desc)


def core_prstatus(rng, tid, pid, signo):
    regs = [rng.getrandbits(64) for _ in range(27)]
    regs[16] = 0x55_5555_4000 + rng.randrange(0x10000)        # rip
    regs[19] = 0x7FFF_F7A0_0000 + rng.randrange(0x100000) * 8  # rsp
    return (struct.pack("<iii", signo, 0, 0) + struct.pack("<hxx", signo) +
            struct.pack("<QQ", 0, rng.getrandbits(32)) + struct.pack("<iiii", tid, pid, pid, pid) +
            b"".join(struct.pack("<qq", rng.randint(0, 500), rng.randrange(10**6)) for _ in range(4)) +
            struct.pack("<27Q", *regs) + struct.pack("<ixxxx", 1))


def core_thread_notes(rng, tid, pid, signo, xstate_namesz=None):
    fpregs = struct.pack("<HHHHQQII", 0x37F, 0, 0, 0, 0, 0, 0x1F80, 0xFFFF) + \
        bytes(rng.getrandbits(8) if i % 3 else 0 for i in range(480))
    xstate = fpregs + bytes(64) + bytes(rng.getrandbits(8) for _ in range(256)) + bytes(832 - 512 - 64 - 256)
    return (elf_note("CORE", NT_PRSTATUS, core_prstatus(rng, tid, pid, signo)) +
            elf_note("CORE", NT_FPREGSET, fpregs) +
            elf_note("LINUX", NT_X86_XSTATE, xstate, namesz=xstate_namesz))


def gen_core(rng, size, trigger):
    pid = rng.randint(2000, 60000)
    libs = [f"/usr/lib/x86_64-linux-gnu/lib{w}.so.{rng.randint(1, 9)}" for w in
            ("c", "m", "pthread", "ssl", "crypto", "z", "stdc++", "gcc_s", "dl", "rt")]
    maps = [(0x55_5555_4000, 0x55_5555_8000, "/usr/bin/example-server")]
    base = 0x7FFF_F700_0000
    for lib in libs:
        length = rng.randint(4, 60) * 0x1000
        maps.append((base, base + length, lib))
        base += length + 0x1000
    # Process notes: PRSTATUS of the crashing thread, PRPSINFO, SIGINFO, AUXV, FILE.
    signo = 11
    psinfo = (struct.pack("<bbbBQIIiiii", 0, ord("R"), 0, 0, 0x400600, 1000, 1000, pid, 1, pid, pid) +
              b"example-server\x00\x00" + b"/usr/bin/example-server --workers 64 --port 8443".ljust(80, b"\x00"))
    siginfo = struct.pack("<iii4xQ", signo, 0, 1, 0x10) + bytes(104)
    auxv = b"".join(struct.pack("<QQ", k, v) for k, v in
                    ((33, 0x7FFF_F7FC_1000), (16, 0x178BFBFF), (6, 4096), (17, 100), (3, 0x55_5555_4040),
                     (4, 56), (5, 13), (7, 0x7FFF_F7FC_3000), (9, 0x55_5555_5060), (11, 1000),
                     (12, 1000), (13, 1000), (14, 1000), (23, 0), (25, 0x7FFF_FFFF_E3B9), (0, 0)))
    nt_file = struct.pack("<QQ", len(maps), 4096) + b"".join(
        struct.pack("<QQQ", lo, hi, 0) for lo, hi, _ in maps) + b"".join(p.encode() + b"\x00" for _, _, p in maps)
    notes = [elf_note("CORE", NT_PRSTATUS, core_prstatus(rng, pid, pid, signo)) +
             elf_note("CORE", NT_PRPSINFO, psinfo) + elf_note("CORE", NT_SIGINFO, siginfo) +
             elf_note("CORE", NT_AUXV, auxv) + elf_note("CORE", NT_FILE, nt_file)]
    # Memory: a page or two of each mapping's start (code, data), the heap and the stack;
    # anonymous mappings filtered out (file size 0).
    segments = []
    for lo, hi, _ in maps:
        segments.append((lo, hi - lo, bytes(rng.getrandbits(8) for _ in range(rng.choice((512, 1024, 2048))))))
    segments.append((0x55_5556_0000, 0x21000, b""))
    segments.append((0x7FFF_FFFD_E000, 0x21000, bytes(rng.getrandbits(8) for _ in range(4096))))
    mem_total = sum(len(d) for _, _, d in segments)
    nthreads_budget = size - 64 - 56 * (len(segments) + 1) - mem_total - len(notes[0])
    thread_notes = []
    while sum(map(len, thread_notes)) < nthreads_budget:
        thread_notes.append(None)
        thread_notes[-1] = core_thread_notes(rng, pid + len(thread_notes), pid, 0)
    mid = len(thread_notes) // 2
    # The middle thread's NT_X86_XSTATE note has a name size of 0 (no name), where every
    # other one is "LINUX": Note::try_from_ctx computes `n_namesz - 1`. The harmless twin
    # is the same note with its name.
    thread_notes[mid] = core_thread_notes(random.Random(37), pid + mid + 1, pid, 0,
                                          xstate_namesz=0 if trigger else None)
    note_data = notes[0] + b"".join(thread_notes)
    phnum = 1 + len(segments)
    offset = 64 + 56 * phnum
    phdrs = [struct.pack("<IIQQQQQQ", 4, 0, offset, 0, 0, len(note_data), 0, 4)]
    offset += len(note_data)
    offset += -offset % 16
    body = [note_data + bytes(-(64 + 56 * phnum + len(note_data)) % 16)]
    for vaddr, memsz, data in segments:
        flags = 5 if vaddr < 0x55_5556_0000 or (vaddr >> 40) == 0x7F and vaddr < 0x7FFF_FF00_0000 else 6
        phdrs.append(struct.pack("<IIQQQQQQ", 1, flags, offset if data else 0, vaddr, 0, len(data), memsz, 4096))
        body.append(data)
        offset += len(data)
    ehdr = (b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8) +
            struct.pack("<HHIQQQIHHHHHH", 4, 62, 1, 0, 64, 0, 0, 64, 56, phnum, 64, 0, 0))
    return ehdr + b"".join(phdrs) + b"".join(body)


# ---------------------------------------------------------------------------------------
# PCAP (libpcap capture): pcap-file 1.1.1 (little-endian, microsecond timestamps, Ethernet:
# ARP, DNS over UDP, HTTP over TCP, ICMP echo; real IPv4, UDP, TCP and ICMP checksums)

def inet_sum(data):
    if len(data) % 2:
        data += b"\x00"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def eth_frame(dst, src, ethertype, payload):
    frame = dst + src + struct.pack("!H", ethertype) + payload
    return frame + bytes(max(0, 60 - len(frame)))          # padded to the Ethernet minimum


def ipv4_packet(src, dst, proto, payload, ident, ttl=64):
    hdr = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), ident, 0x4000, ttl, proto, 0,
                      src, dst)
    return hdr[:10] + struct.pack("!H", inet_sum(hdr)) + hdr[12:] + payload


def udp_segment(src, dst, sport, dport, data):
    hdr = struct.pack("!HHHH", sport, dport, 8 + len(data), 0)
    csum = inet_sum(src + dst + struct.pack("!BBH", 0, 17, 8 + len(data)) + hdr + data) or 0xFFFF
    return hdr[:6] + struct.pack("!H", csum) + data


def tcp_segment(src, dst, sport, dport, seq, ack, flags, data=b"", window=502, tsval=0, tsecr=0):
    if flags & 0x02:    # SYN: MSS, SACK permitted, timestamps, NOP, window scale
        opts = (struct.pack("!BBH", 2, 4, 1460) + b"\x04\x02" + struct.pack("!BBII", 8, 10, tsval, tsecr) +
                b"\x01" + struct.pack("!BBB", 3, 3, 7))
        window = 64240
    else:               # NOP, NOP, timestamps
        opts = b"\x01\x01" + struct.pack("!BBII", 8, 10, tsval, tsecr)
    hdr = struct.pack("!HHIIBBHHH", sport, dport, seq & 0xFFFFFFFF, ack & 0xFFFFFFFF,
                      (20 + len(opts)) // 4 << 4, flags, window, 0, 0) + opts
    length = len(hdr) + len(data)
    csum = inet_sum(src + dst + struct.pack("!BBH", 0, 6, length) + hdr + data)
    return hdr[:16] + struct.pack("!H", csum) + hdr[18:] + data


def dns_name(name):
    return b"".join(bytes([len(p)]) + p.encode() for p in name.split(".")) + b"\x00"


def dns_message(ident, name, qtype, answers=None):
    """A query (answers None) or a response whose answers point back at the question's name
    (compression pointer 0xC00C); each answer is (type, rdata)."""
    flags, ancount = (0x0100, 0) if answers is None else (0x8180, len(answers))
    msg = struct.pack("!HHHHHH", ident, flags, 1, ancount, 0, 0) + dns_name(name) + struct.pack("!HH", qtype, 1)
    for rtype, rdata in answers or ():
        msg += b"\xc0\x0c" + struct.pack("!HHIH", rtype, 1, 300, len(rdata)) + rdata
    return msg


PCAP_HOSTS = ("api.example.com static.example.net cdn.example.org mail.example.com "
              "updates.example.net docs.example.org git.example.com metrics.example.net").split()


def pcap_conversation(rng, n, st):
    """The frames of one exchange on the LAN: (frame, microseconds since the previous one)."""
    me, gw = st["mac"], st["gw_mac"]
    ip, dns_ip = st["ip"], st["gw_ip"]               # the gateway answers DNS

    def ident():
        st["ident"] = (st["ident"] + rng.randint(1, 9)) & 0xFFFF
        return st["ident"]

    kind = rng.choices(("http", "dns", "icmp", "arp"), weights=(5, 3, 1, 1))[0]
    out = []
    if kind == "arp":
        who = bytes([192, 168, 1, rng.randint(2, 250)])
        req = struct.pack("!HHBBH", 1, 0x0800, 6, 4, 1) + me + ip + bytes(6) + who
        mac = bytes([0x02, 0x42, rng.getrandbits(8), rng.getrandbits(8), rng.getrandbits(8), rng.getrandbits(8)])
        rep = struct.pack("!HHBBH", 1, 0x0800, 6, 4, 2) + mac + who + me + ip
        out.append((eth_frame(b"\xff" * 6, me, 0x0806, req), rng.randint(20000, 900000)))
        out.append((eth_frame(me, mac, 0x0806, rep), rng.randint(200, 3000)))
    elif kind == "icmp":
        dst = bytes([1, 1, 1, 1]) if n % 2 else bytes([9, 9, 9, 9])
        for seq in range(1, rng.randint(2, 4)):
            payload = struct.pack("!Q", 1700000000 + n) + bytes(range(16, 56))
            for typ, a, b in ((8, ip, dst), (0, dst, ip)):
                icmp = struct.pack("!BBHHH", typ, 0, 0, st["icmp_id"], seq) + payload
                icmp = icmp[:2] + struct.pack("!H", inet_sum(icmp)) + icmp[4:]
                frame = eth_frame(gw if typ == 8 else me, me if typ == 8 else gw, 0x0800,
                                  ipv4_packet(a, b, 1, icmp, ident(), 64 if typ == 8 else 57))
                out.append((frame, rng.randint(5000, 40000) if typ == 0 else rng.randint(400000, 1000000)))
    elif kind == "dns":
        host = rng.choice(PCAP_HOSTS)
        qid = rng.getrandbits(16)
        sport = rng.randint(32768, 60999)
        for qtype in (1, 28):
            q = dns_message(qid, host, qtype)
            if qtype == 1:
                ans = [(1, bytes([93, 184, rng.randint(0, 255), rng.randint(1, 254)])) for _ in range(rng.randint(1, 3))]
            else:
                ans = [(28, bytes.fromhex("2606280000") + bytes(rng.getrandbits(8) for _ in range(11)))]
            r = dns_message(qid, host, qtype, ans)
            out.append((eth_frame(gw, me, 0x0800, ipv4_packet(ip, dns_ip, 17, udp_segment(ip, dns_ip, sport, 53, q), ident())),
                        rng.randint(100, 5000)))
            out.append((eth_frame(me, gw, 0x0800, ipv4_packet(dns_ip, ip, 17, udp_segment(dns_ip, ip, 53, sport, r), ident(), 63)),
                        rng.randint(3000, 30000)))
            qid = (qid + 1) & 0xFFFF
    else:
        host = rng.choice(PCAP_HOSTS)
        srv = bytes([93, 184, rng.randint(0, 255), rng.randint(1, 254)])
        sport = rng.randint(32768, 60999)
        cseq, sseq = rng.getrandbits(32), rng.getrandbits(32)
        ts = st["tsval"] = st["tsval"] + rng.randint(50, 900)
        sts = rng.getrandbits(31)
        path = "/" + "/".join(word(rng) for _ in range(rng.randint(1, 3))) + rng.choice(("", ".html", ".json"))
        req = (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: curl/8.5.0\r\n"
               f"Accept: */*\r\nConnection: close\r\n\r\n").encode()
        body = ("<!doctype html>\n<html><head><title>" + words(rng, 2, 5) + "</title></head><body>\n" +
                "".join(f"<p>{words(rng, 8, 30)}</p>\n" for _ in range(rng.randint(2, 14))) +
                "</body></html>\n").encode()
        resp = (f"HTTP/1.1 200 OK\r\nServer: nginx/1.24.0\r\nContent-Type: text/html; charset=utf-8\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body

        def c2s(flags, data=b"", dt=None):
            out.append((eth_frame(gw, me, 0x0800, ipv4_packet(ip, srv, 6, tcp_segment(
                ip, srv, sport, 80, cseq, sseq, flags, data, tsval=ts, tsecr=sts), ident())),
                dt if dt is not None else rng.randint(50, 2000)))

        def s2c(flags, data=b"", dt=None):
            out.append((eth_frame(me, gw, 0x0800, ipv4_packet(srv, ip, 6, tcp_segment(
                srv, ip, 80, sport, sseq, cseq, flags, data, window=509, tsval=sts, tsecr=ts), ident(), 54)),
                dt if dt is not None else rng.randint(50, 2000)))

        c2s(0x02, dt=rng.randint(1000, 300000)); cseq += 1
        sts += 1; s2c(0x12, dt=rng.randint(8000, 40000)); sseq += 1
        c2s(0x10)
        c2s(0x18, req); cseq += len(req)
        s2c(0x10, dt=rng.randint(8000, 40000))
        for i in range(0, len(resp), 1448):
            seg = resp[i:i + 1448]
            s2c(0x18 if i + 1448 >= len(resp) else 0x10, seg, dt=rng.randint(30, 900)); sseq += len(seg)
            if (i // 1448) % 2:
                c2s(0x10)
        s2c(0x11); sseq += 1
        c2s(0x11); cseq += 1
        s2c(0x10, dt=rng.randint(8000, 40000))
    return out


def gen_pcap(rng, size, trigger):
    st = {"mac": bytes.fromhex("3c22fb1a07e4"), "gw_mac": bytes.fromhex("f4f26d9c4a10"),
          "ip": bytes([192, 168, 1, 23]), "gw_ip": bytes([192, 168, 1, 1]),
          "ident": rng.getrandbits(16), "icmp_id": rng.getrandbits(16), "tsval": rng.getrandbits(30)}
    frames, total = [], 24
    while total < size:
        for frame, dt in pcap_conversation(rng, len(frames), st):
            frames.append((frame, dt))
            total += 16 + len(frame)
    # Absolute timestamps (seconds, microseconds) from the gaps.
    t = 1_700_000_000 * 1_000_000 + rng.randrange(1_000_000)
    stamps = []
    for _, dt in frames:
        t += dt
        stamps.append(divmod(t, 1_000_000))
    # The middle packet's microseconds field holds its time in nanoseconds (as a capture tool
    # writing nanosecond stamps under the microsecond magic would); `PacketHeader::from_reader`
    # multiplies it by 1000 in a u32. The harmless twin is the same packet with its microseconds.
    mid = len(frames) // 2
    while stamps[mid][1] < 5000:
        mid += 1
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
    for i, ((frame, _), (sec, usec)) in enumerate(zip(frames, stamps)):
        frac = usec * 1000 + 417 if trigger and i == mid else usec
        out.append(struct.pack("<IIII", sec, frac, len(frame), len(frame)) + frame)
    return b"".join(out)


# ---------------------------------------------------------------------------------------
# MP3 with an ID3v2.4 tag: id3 1.16.0 (a podcast episode: text frames, comments, links,
# cover art, a table of contents and a chapter frame per chapter, each holding its own
# sub-frames; every frame carries a data length indicator; then silent MPEG audio frames and
# an ID3v1 tag)

def syncsafe(n):
    return bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])


def id3_frame(fid, content, size_delta=0):
    """An ID3v2.4 frame with the data length indicator flag (0x0001): the frame size counts
    the 4-byte indicator (syncsafe, the content's length) and the content."""
    return (fid.encode() + syncsafe(4 + len(content) + size_delta) + b"\x00\x01" +
            syncsafe(len(content)) + content)


def id3_text(fid, text):
    return id3_frame(fid, b"\x03" + text.encode())


def small_jpeg(rng, w, h):
    """A baseline greyscale JPEG of flat 8x8 blocks (decodable)."""
    return (b"\xff\xd8" + jpeg_segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x48\x00\x48\x00\x00")
            + jpeg_segment(0xDB, bytes([0x00]) + bytes([8] + [16] * 63))
            + jpeg_segment(0xC0, bytes([8]) + struct.pack(">HH", h, w) + bytes([1, 1, 0x11, 0]))
            + jpeg_dht(0x00, JPEG_DC_BITS, JPEG_DC_VALS)
            + jpeg_dht(0x10, [1] + [0] * 15, [0x00])
            + jpeg_segment(0xDA, bytes([1, 1, 0x00, 0, 63, 0]))
            + jpeg_scan(rng, w // 8, h // 8) + b"\xff\xd9")


def id3_chapter(rng, n, start, end, subtitle=None):
    """A CHAP frame: element id, start and end times (ms), no byte offsets (0xFFFFFFFF), then
    sub-frames: the title (TIT2), mostly a subtitle (TIT3), sometimes a link (WXXX) and an
    image (APIC)."""
    sub = id3_text("TIT2", f"{n + 1}. {words(rng, 2, 6).title()}")
    if subtitle is not None:
        sub += id3_frame("TIT3", b"\x03" + subtitle.encode())
    elif rng.random() < 0.8:
        sub += id3_text("TIT3", words(rng, 6, 22).capitalize() + ".")
    if rng.random() < 0.35:
        sub += id3_frame("WXXX", b"\x03" + b"chapter link\x00" +
                         f"https://example.org/{word(rng)}/{word(rng)}-{n}".encode())
    if rng.random() < 0.3:
        sub += id3_frame("APIC", b"\x00image/jpeg\x00\x08" + f"chapter {n + 1}".encode() + b"\x00" +
                         small_jpeg(rng, 8 * rng.randint(4, 10), 8 * rng.randint(4, 8)))
    return f"chp{n}".encode() + b"\x00" + struct.pack(">IIII", start, end, 0xFFFFFFFF, 0xFFFFFFFF) + sub


def mp3_audio(nframes):
    """Silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, joint stereo), the first one an
    "Info" header giving the frame count and stream size."""
    frames = []
    for i in range(nframes):
        pad = 1 if i % 3 == 1 else 0
        frame = bytearray(b"\xff\xfb" + bytes([0x90 | pad << 1, 0x44]) + bytes(413 + pad))
        if i == 0:                                     # "Info", flags: frames and bytes
            frame[36:48] = b"Info" + struct.pack(">II", 0x3, nframes)
        frames.append(bytes(frame))
    total = sum(map(len, frames))
    first = bytearray(frames[0])
    first[48:52] = struct.pack(">I", total)
    frames[0] = bytes(first)
    return b"".join(frames)


def gen_mp3(rng, size, trigger):
    show, host = words(rng, 2, 3).title(), f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    head = [id3_text("TIT2", f"Episode 57: {words(rng, 3, 6).title()}"),
            id3_text("TPE1", host), id3_text("TALB", show), id3_text("TPE2", host),
            id3_text("TCON", "Podcast"), id3_text("TDRC", "2024-03-14T06:00:00"),
            id3_text("TRCK", "57"), id3_text("TLAN", "eng"), id3_text("TPUB", f"{show} Media"),
            id3_text("TCOP", f"2024 {show} Media"), id3_text("TSSE", "Lavf60.16.100"),
            id3_frame("COMM", b"\x03eng\x00" + " ".join(words(rng, 12, 30).capitalize() + "."
                                                       for _ in range(8)).encode()),
            id3_frame("WXXX", b"\x03episode page\x00https://example.org/podcast/57"),
            id3_frame("WOAF", b"https://example.org/media/episode-57.mp3"),
            id3_frame("UFID", b"https://example.org/guid\x00" + f"ep-57-{rng.getrandbits(48):012x}".encode()),
            id3_frame("PRIV", b"com.apple.streaming.transportStreamTimestamp\x00" + struct.pack(">Q", 0x1B8A0)),
            id3_frame("POPM", b"listener@example.org\x00" + bytes([196]) + struct.pack(">I", 1337)),
            id3_frame("APIC", b"\x00image/jpeg\x00\x03Cover\x00" + small_jpeg(rng, 96, 96))]
    tail = [id3_frame("TXXX", b"\x03" + k.encode() + b"\x00" + v.encode()) for k, v in
            (("podcast_guid", f"{rng.getrandbits(128):032x}"), ("itunes_episode_type", "full"),
             ("MusicBrainz Album Type", "broadcast"), ("REPLAYGAIN_TRACK_GAIN", "-3.41 dB"),
             ("REPLAYGAIN_TRACK_PEAK", "0.988312"))]
    audio = mp3_audio(max(8, size // 4000))
    fixed = sum(map(len, head + tail)) + len(audio) + 10 + 1024 + 128
    # Chapters for about half of the tag (at most 250: CTOC counts its children in one byte),
    # then the transcript twice: synchronised (SYLT, a timestamp after each line) and plain
    # (USLT).
    budget = size - fixed
    chapters, t = [], 0
    while sum(len(c) + 14 for c in chapters) < budget // 2 and len(chapters) < 250:
        d = rng.randint(40, 400) * 1000
        chapters.append(id3_chapter(rng, len(chapters), t, t + d))
        t += d
    budget -= sum(len(c) + 14 for c in chapters)
    lines, stamps, tlen, ms = [], [], 0, 0
    while tlen < budget - 100:
        line = f"{rng.choice(FIRST)}: {words(rng, 8, 40).capitalize()}."
        lines.append(line)
        stamps.append(ms)
        ms += rng.randint(2000, 15000)
        tlen += 2 * len(line) + 20
    sylt = b"\x00eng\x02\x02transcript\x00" + b"".join(
        line.encode() + b"\x00" + struct.pack(">I", ms) for line, ms in zip(lines, stamps))
    uslt = b"\x03eng\x00" + "".join(f"[{ms // 60000:02d}:{ms // 1000 % 60:02d}] {line}\n"
                                     for line, ms in zip(lines, stamps)).encode()
    # The middle chapter's subtitle is empty (the encoding byte alone) and its frame size
    # does not count the data length indicator: 1 instead of 5. `v4::decode` reads the
    # indicator, then computes `content_size - 4`. The harmless twin has the size 5.
    mid = len(chapters) // 2
    crng = random.Random(f"chapter:{mid}")
    start, end = struct.unpack(">II", chapters[mid][len(f"chp{mid}") + 1:][:8])
    chapters[mid] = id3_chapter(crng, mid, start, end, subtitle="")
    if trigger:
        i = chapters[mid].index(b"TIT3")
        chapters[mid] = chapters[mid][:i + 4] + syncsafe(1) + chapters[mid][i + 8:]
    toc = (b"toc\x00" + bytes([0x03, len(chapters)]) + b"".join(f"chp{i}".encode() + b"\x00" for i in range(len(chapters)))
           + id3_text("TIT2", "Chapters"))
    frames = (head + [id3_frame("SYLT", sylt), id3_frame("CTOC", toc)] +
              [id3_frame("CHAP", c) for c in chapters] + [id3_frame("USLT", uslt)] + tail)
    body = b"".join(frames) + bytes(1024)                  # padding
    v1 = (b"TAG" + b"Episode 57".ljust(30, b"\x00") + host.encode()[:30].ljust(30, b"\x00") +
          show.encode()[:30].ljust(30, b"\x00") + b"2024" + b"".ljust(28, b"\x00") + b"\x00\x39" + bytes([186]))
    return b"ID3\x04\x00\x00" + syncsafe(len(body)) + body + audio + v1


# ---------------------------------------------------------------------------------------
# FLAC: metaflac 0.2.5 (a CD image: STREAMINFO, SEEKTABLE, VORBIS_COMMENT with a cue sheet
# and a rip log, CUESHEET, APPLICATION "riff" blocks of the source WAV's chunks, PICTURE
# blocks of the covers and booklet pages, PADDING; then the audio frames, silent: CONSTANT
# subframes, with CRC-8 and CRC-16)

def flac_crc8(data):
    crc = 0
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


def flac_crc16(data):
    crc = 0
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x8005) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def flac_utf8(n):
    if n < 0x80:
        return bytes([n])
    out, first_bits, lead = [], 6, 0xC0
    while True:
        out.insert(0, 0x80 | (n & 0x3F))
        n >>= 6
        if n < (1 << (first_bits - 1)):
            return bytes([lead | n] + out)
        first_bits -= 1
        lead = (lead >> 1) | 0x80


def flac_frame(number, blocksize):
    """A frame of `blocksize` silent stereo 16-bit samples at 44.1 kHz (two CONSTANT 0
    subframes); block sizes other than 16384 are written in 16 bits after the number."""
    code = 0xE if blocksize == 16384 else 0x7
    head = bytes([0xFF, 0xF8, code << 4 | 0x9, 0x18]) + flac_utf8(number)
    if code == 0x7:
        head += struct.pack(">H", blocksize - 1)
    frame = head + bytes([flac_crc8(head)]) + bytes(6)
    return frame + struct.pack(">H", flac_crc16(frame))


def flac_block(btype, body, last=False):
    return bytes([(0x80 if last else 0) | btype]) + len(body).to_bytes(3, "big") + body


def flac_picture(ptype, desc, w, h, data):
    mime = b"image/jpeg"
    return (struct.pack(">II", ptype, len(mime)) + mime + struct.pack(">I", len(desc.encode())) +
            desc.encode() + struct.pack(">IIIII", w, h, 8, 0, len(data)) + data)


def gen_flac(rng, size, trigger):
    rate, bs = 44100, 16384
    ntracks = rng.randint(9, 14)
    # Short tracks (12 to 27 s), each a whole number of CD frames (588 samples).
    lengths = [n - n % 588 for n in (rng.randint(25, 55) * rate // 2 for _ in range(ntracks))]
    total = sum(lengths)
    nframes = -(-total // bs)
    frames = [flac_frame(i, bs if i < nframes - 1 else total - bs * (nframes - 1)) for i in range(nframes)]
    md5 = hashlib.md5()
    chunk = bytes(4 * bs)
    for i in range(nframes):
        md5.update(chunk if i < nframes - 1 else bytes(4 * (total - bs * (nframes - 1))))
    streaminfo = (struct.pack(">HH", bs, bs) + min(map(len, frames)).to_bytes(3, "big") +
                  max(map(len, frames)).to_bytes(3, "big") +
                  (rate << 44 | 1 << 41 | 15 << 36 | total).to_bytes(8, "big") + md5.digest())
    # One seek point every 10 seconds: the first sample of the frame holding it, the frame's
    # offset from the first frame, its samples.
    offsets, off = [], 0
    for f in frames:
        offsets.append(off)
        off += len(f)
    seek = b""
    for s in range(0, total, 10 * rate):
        i = s // bs
        seek += struct.pack(">QQH", i * bs, offsets[i], bs if i < nframes - 1 else total - bs * i)
    # Tags: album and per-track (foobar2000's CUE_TRACKnn_ names), the cue sheet and EAC log.
    artist, album = f"{rng.choice(FIRST)} {rng.choice(LAST)}", words(rng, 2, 4).title()
    titles = [words(rng, 1, 5).title() for _ in range(ntracks)]
    starts = [sum(lengths[:i]) for i in range(ntracks)]
    msf = lambda s: f"{s // rate // 60:02d}:{s // rate % 60:02d}:{s % rate // 588:02d}"
    cue = (f'REM GENRE "Electronic"\r\nREM DATE 2019\r\nPERFORMER "{artist}"\r\nTITLE "{album}"\r\n'
           f'FILE "{artist} - {album}.wav" WAVE\r\n' +
           "".join(f'  TRACK {i + 1:02d} AUDIO\r\n    TITLE "{t}"\r\n    PERFORMER "{artist}"\r\n'
                   f'    INDEX 01 {msf(s)}\r\n' for i, (t, s) in enumerate(zip(titles, starts))))
    log = ("Exact Audio Copy V1.6 from 23. October 2020\r\n\r\nEAC extraction logfile from 14. March 2024, 21:07\r\n\r\n"
           f"{artist} / {album}\r\n\r\nUsed drive  : PLEXTOR DVDR   PX-760A   Adapter: 1  ID: 0\r\n\r\n" +
           "".join(f"Track {i + 1:2d}\r\n\r\n     Filename C:\\Rips\\{artist} - {album}.wav\r\n\r\n"
                   f"     Peak level 98.{rng.randint(0, 9)} %\r\n     Extraction speed {rng.randint(20, 48)}.{rng.randint(0, 9)} X\r\n"
                   f"     Copy CRC {rng.getrandbits(32):08X}\r\n     Accurately ripped (confidence {rng.randint(2, 40)})  "
                   f"[{rng.getrandbits(32):08X}]  (AR v2)\r\n     Copy OK\r\n\r\n" for i in range(ntracks)) +
           "All tracks accurately ripped\r\n\r\nNo errors occurred\r\n\r\nEnd of status report\r\n")
    comments = [("ALBUM", album), ("ARTIST", artist), ("ALBUMARTIST", artist), ("DATE", "2019"),
                ("GENRE", "Electronic"), ("LABEL", f"{word(rng).title()} Records"),
                ("CATALOGNUMBER", f"REC-{rng.randint(100, 999)}"), ("BARCODE", "0724384960650"),
                ("TOTALTRACKS", str(ntracks)), ("REPLAYGAIN_ALBUM_GAIN", "-7.12 dB"),
                ("REPLAYGAIN_ALBUM_PEAK", "0.988525")]
    for i, t in enumerate(titles):
        comments += [(f"CUE_TRACK{i + 1:02d}_TITLE", t), (f"CUE_TRACK{i + 1:02d}_ISRC", f"GBAYE19{rng.randint(10000, 99999)}")]
    comments += [("COMMENT", words(rng, 20, 60).capitalize() + "."), ("CUESHEET", cue), ("LOG", log)]
    vendor = b"reference libFLAC 1.4.3 20230623"
    vorbis = struct.pack("<I", len(vendor)) + vendor + struct.pack("<I", len(comments)) + b"".join(
        struct.pack("<I", len(f"{k}={v}".encode())) + f"{k}={v}".encode() for k, v in comments)
    cuesheet = b"0724384960650".ljust(128, b"\x00") + struct.pack(">Q", 88200) + b"\x80" + bytes(258)
    cuesheet += bytes([ntracks + 1])
    for i, s in enumerate(starts):
        isrc = f"GBAYE19{rng.randint(10000, 99999)}".encode()
        idx = [(0, 0), (rng.randint(1, 3) * 588 * 75, 1)] if i else [(0, 1)]
        cuesheet += (struct.pack(">QB", s, i + 1) + isrc + bytes(14) + bytes([len(idx)]) +
                     b"".join(struct.pack(">QB3x", o, n) for o, n in idx))
    cuesheet += struct.pack(">QB", total, 170) + bytes(12) + bytes(14) + b"\x00"
    # The source WAV's chunks (flac --keep-foreign-metadata): RIFF header, fmt, bext, LIST
    # INFO, the data chunk's header.
    bext = (words(rng, 4, 8).encode()[:256].ljust(256, b"\x00") + b"EAC".ljust(32, b"\x00") +
            b"".ljust(32, b"\x00") + b"2024-03-14" + b"21:07:00" + bytes(8) + b"\x01\x00" + bytes(64) + bytes(190))
    info = b"INFO" + b"".join(riff_chunk(k, v.encode() + b"\x00") for k, v in
                              ((b"IART", artist), (b"IPRD", album), (b"ICRD", "2019"), (b"ISFT", "Exact Audio Copy")))
    riff = [b"RIFF" + struct.pack("<I", 4 * total + 36 + 8 + len(bext) + 8 + len(info)) + b"WAVE",
            riff_chunk(b"fmt ", struct.pack("<HHIIHH", 1, 2, rate, rate * 4, 4, 16)),
            riff_chunk(b"bext", bext), riff_chunk(b"LIST", info), b"data" + struct.pack("<I", 4 * total)]
    # Pictures: covers, the disc, then booklet pages until the input is big enough.
    pics = [(3, "Front cover", 320, 320), (4, "Back cover", 320, 288), (6, "CD", 240, 240)]
    head = [flac_block(0, streaminfo), flac_block(3, seek), flac_block(4, vorbis), flac_block(5, cuesheet)]
    head += [flac_block(2, b"riff" + r) for r in riff]
    audio = b"".join(frames)
    blocks = [flac_block(6, flac_picture(t, d, w, h, small_jpeg(rng, w, h))) for t, d, w, h in pics]
    used = 4 + sum(map(len, head + blocks)) + len(audio) + 4 + 8192
    while used < size:
        w, h = 8 * rng.randint(30, 60), 8 * rng.randint(40, 75)
        b = flac_block(6, flac_picture(5, f"Booklet page {len(blocks) - 2}", w, h, small_jpeg(rng, w, h)))
        blocks.append(b)
        used += len(b)
    # Between the two booklet pages around the middle of the file: an APPLICATION block of
    # length 0 (no application id); `Application::from_bytes` slices `bytes[0..4]`. The
    # harmless twin is a PADDING block of length 0.
    at, pos = 0, 4 + sum(map(len, head))
    while pos < size // 2 and at < len(blocks):
        pos += len(blocks[at])
        at += 1
    blocks.insert(at, flac_block(2 if trigger else 1, b""))
    blocks.append(flac_block(1, bytes(8192), last=True))
    return b"fLaC" + b"".join(head + blocks) + audio


# ---------------------------------------------------------------------------------------
# mbox: mailparse 0.16.0 (a mailing-list archive of MIME messages, CRLF line endings)

import base64


def mail_date(rng, n):
    day = 1 + n // 9 % 28
    wd = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")[(day + 3) % 7]
    return (f"{wd}, {day:02d} Mar 2024 {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:"
            f"{rng.randint(0, 59):02d} {rng.choice(('+0000', '+0100', '-0500', '+0530'))}")


def mail_paragraphs(rng, lo, hi):
    return [words(rng, 8, 22).capitalize() + "." for _ in range(rng.randint(lo, hi))]


def mail_wrap(text, width=72):
    lines, cur = [], ""
    for w in text.split():
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    return lines + [cur] if cur else lines


def mail_message(rng, n, close_inner=True):
    """One message of the archive: its From_ line and the message, CRLF line ends.
    Kinds: plain text, multipart/alternative (text and HTML), multipart/mixed (an
    alternative part and a base64 attachment)."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    addr = f"{first.lower()}.{last.lower()}@example.org"
    date = mail_date(rng, n)
    subject = ("Re: " if rng.random() < 0.5 else "") + f"[dev] {words(rng, 2, 6)}"
    mid = f"<{rng.getrandbits(48):012x}.{n}@mail.example.org>"
    head = [f"Return-Path: <{addr}>",
            f"Received: from mx{rng.randint(1, 9)}.example.org (mx.example.org [192.0.2.{rng.randint(1, 254)}])",
            f"\tby lists.example.net (Postfix) with ESMTPS id {rng.getrandbits(40):010X}",
            f"\tfor <dev@lists.example.net>; {date}",
            f"From: {first} {last} <{addr}>", "To: dev@lists.example.net",
            f"Subject: {subject}", f"Date: {date}", f"Message-ID: {mid}"]
    if n > 0 and rng.random() < 0.6:
        head.append(f"In-Reply-To: <{rng.getrandbits(48):012x}.{rng.randint(0, n - 1)}@mail.example.org>")
    head += ["List-Id: Developers <dev.lists.example.net>",
             "List-Unsubscribe: <mailto:dev-leave@lists.example.net>", "MIME-Version: 1.0"]
    paras = mail_paragraphs(rng, 2, 6)
    text = []
    for p in paras:
        text += mail_wrap(p) + [""]
    text += ["-- ", f"{first} {last}"]
    html = ["<html><body>"] + [f"<p>{p}</p>" for p in paras] + [f"<p>-- <br>{first} {last}</p>", "</body></html>"]
    kind = rng.choice((0, 1, 1, 2))
    if kind == 0:
        body_head = ["Content-Type: text/plain; charset=utf-8; format=flowed",
                     "Content-Transfer-Encoding: 7bit"]
        body = text
    else:
        inner = f"=_alt_{rng.getrandbits(40):010x}"
        alt = [f"--{inner}", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 7bit",
               ""] + text + [f"--{inner}", "Content-Type: text/html; charset=utf-8",
                             "Content-Transfer-Encoding: 7bit", ""] + html
        alt.append(f"--{inner}--" if close_inner else f"--{inner}")
        if kind == 1:
            body_head = [f'Content-Type: multipart/alternative; boundary="{inner}"']
            body = ["This is a multi-part message in MIME format.", ""] + alt
        else:
            outer = f"=_mix_{rng.getrandbits(40):010x}"
            name = f"{word(rng)}-{word(rng)}-{rng.randint(1, 99)}.{rng.choice(('txt', 'log', 'csv', 'diff'))}"
            payload = "\n".join(words(rng, 6, 14) for _ in range(rng.randint(6, 30))).encode()
            b64 = base64.b64encode(payload).decode()
            body_head = [f'Content-Type: multipart/mixed; boundary="{outer}"']
            body = (["This is a multi-part message in MIME format.", "", f"--{outer}",
                     f'Content-Type: multipart/alternative; boundary="{inner}"', ""] + alt +
                    ["", f"--{outer}", f'Content-Type: text/plain; charset=utf-8; name="{name}"',
                     f'Content-Disposition: attachment; filename="{name}"',
                     "Content-Transfer-Encoding: base64", ""] +
                    [b64[i:i + 76] for i in range(0, len(b64), 76)] + [f"--{outer}--"])
    sender = f"From {addr} {date[:3]} Mar {date[5:7].lstrip('0'):>2} {date[17:25]} 2024"
    msg = head + body_head + [""] + body + [""]
    return (sender + "\r\n" + "\r\n".join(msg) + "\r\n").encode()


def gen_mbox(rng, size, trigger):
    msgs = fill(rng, size, mail_message)
    mid = len(msgs) // 2
    # The middle message is a multipart/mixed one whose inner multipart/alternative ends
    # with `--boundary` instead of the close delimiter `--boundary--`. The harmless twin
    # closes it.
    r = random.Random(31)
    while True:
        state = r.getstate()
        m = mail_message(r, mid)
        if b"multipart/mixed" in m:
            break
    r.setstate(state)
    msgs[mid] = mail_message(r, mid, close_inner=not trigger)
    return b"".join(msgs)


# ---------------------------------------------------------------------------------------
# iCalendar: icalendar 0.16.0 (a team calendar: time zone, events with alarms, to-dos)

ICS_DE = ("Besprechung Planung Abstimmung Termin Projekt Übersicht Prüfung Bürozeiten Größe "
          "Ergebnisse Unterlagen Änderungen Zuständigkeit Frühstück Schulung Überprüfung "
          "Qualität Straße Gebäude Raum Team Kunde Angebot Rückmeldung Entwurf Vorlage "
          "bitte mitbringen vorab lesen wir besprechen die nächsten Schritte und offene Fragen "
          "für das Quartal mit allen Beteiligten im großen Saal").split()


def ics_fold(line, break_before=None, bad=False):
    """Folds a content line at word boundaries (at most 75 octets a line, the space kept at
    the end of the line, each continuation line starting with a space). break_before: a
    word that must start a continuation line; bad: that line loses its leading space."""
    out, cur = [], ""
    for w in line.split(" "):
        cand = f"{cur} {w}" if cur else w
        if cur and (len(cand.encode()) > 74 or w == break_before):
            out.append(cur + " ")
            cur = w
        else:
            cur = cand
    out.append(cur)
    return "\r\n".join([out[0]] + [("" if bad and l.startswith(break_before or "\0") else " ") + l
                                   for l in out[1:]])


def ics_text(rng, lo, hi):
    s = " ".join(rng.choice(ICS_DE) for _ in range(rng.randint(lo, hi)))
    return s[0].upper() + s[1:]


def ics_event(rng, n, special=None):
    """A VEVENT. special: (break_before, bad) for the description's folding."""
    month, day = 1 + n * 7 // 60 % 12, 1 + n * 7 % 28
    hour = rng.randint(8, 17)
    first, last = rng.choice(FIRST), rng.choice(LAST)
    org = f"{first.lower()}.{last.lower()}@example.org"
    lines = ["BEGIN:VEVENT", f"UID:{rng.getrandbits(64):016x}-{n}@calendar.example.org",
             f"DTSTAMP:2024{month:02d}{day:02d}T0{rng.randint(0, 9)}0000Z",
             f"DTSTART;TZID=Europe/Berlin:2024{month:02d}{day:02d}T{hour:02d}{rng.choice((0, 15, 30, 45)):02d}00",
             f"DTEND;TZID=Europe/Berlin:2024{month:02d}{day:02d}T{hour + 1:02d}{rng.choice((0, 15, 30, 45)):02d}00",
             f"SUMMARY:{ics_text(rng, 2, 6)}",
             f"LOCATION:Raum {rng.randint(1, 4)}.{rng.randint(1, 40):02d}\\, {rng.choice(('Hauptgebäude', 'Nordflügel', 'Werkstatt', 'Online'))}"]
    desc = ics_text(rng, 20, 70) + "."
    if special:
        brk, bad = special
        desc = ics_text(rng, 9, 12) + f" {brk} " + ics_text(rng, 20, 40) + "."
        lines.append(ics_fold("DESCRIPTION:" + desc, brk, bad))
    else:
        lines.append(ics_fold("DESCRIPTION:" + desc))
    lines.append(f"ORGANIZER;CN={first} {last}:mailto:{org}")
    for _ in range(rng.randint(1, 5)):
        f2, l2 = rng.choice(FIRST), rng.choice(LAST)
        lines.append(ics_fold(f"ATTENDEE;CUTYPE=INDIVIDUAL;ROLE={rng.choice(('REQ-PARTICIPANT', 'OPT-PARTICIPANT'))};"
                              f"PARTSTAT={rng.choice(('ACCEPTED', 'TENTATIVE', 'NEEDS-ACTION', 'DECLINED'))};"
                              f"CN={f2} {l2}:mailto:{f2.lower()}.{l2.lower()}@example.org"))
    lines.append(f"CATEGORIES:{','.join(rng.choice(('Team', 'Kunde', 'Intern', 'Schulung', 'Projekt')) for _ in range(rng.randint(1, 3)))}")
    if rng.random() < 0.3:
        lines.append(f"RRULE:FREQ=WEEKLY;COUNT={rng.randint(2, 12)};BYDAY={rng.choice(('MO', 'TU', 'WE', 'TH', 'FR'))}")
    lines += [f"STATUS:{rng.choice(('CONFIRMED', 'TENTATIVE'))}", f"SEQUENCE:{rng.randint(0, 4)}",
              "TRANSP:OPAQUE", f"CREATED:2023{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}T120000Z"]
    if rng.random() < 0.6:
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", f"DESCRIPTION:{ics_text(rng, 1, 3)}",
                  f"TRIGGER:-PT{rng.choice((5, 10, 15, 30))}M", "END:VALARM"]
    lines.append("END:VEVENT")
    return "\r\n".join(lines) + "\r\n"


def ics_todo(rng, n):
    return "\r\n".join([
        "BEGIN:VTODO", f"UID:todo-{rng.getrandbits(48):012x}-{n}@calendar.example.org",
        f"DTSTAMP:2024{1 + n % 12:02d}{1 + n % 28:02d}T080000Z",
        f"DUE;VALUE=DATE:2024{1 + n % 12:02d}{1 + n * 3 % 28:02d}",
        f"SUMMARY:{ics_text(rng, 2, 5)}", ics_fold("DESCRIPTION:" + ics_text(rng, 8, 30) + "."),
        f"PRIORITY:{rng.randint(1, 9)}", f"STATUS:{rng.choice(('NEEDS-ACTION', 'IN-PROCESS', 'COMPLETED'))}",
        f"PERCENT-COMPLETE:{rng.choice((0, 25, 50, 75, 100))}", "END:VTODO"]) + "\r\n"


def gen_ics(rng, size, trigger):
    head = "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example GmbH//Teamkalender 4.2//DE",
        "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Teamkalender Entwicklung",
        "X-WR-TIMEZONE:Europe/Berlin", "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
        "X-LIC-LOCATION:Europe/Berlin", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "TZNAME:CEST", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        "END:DAYLIGHT", "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET",
        "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
        "END:VTIMEZONE"]) + "\r\n"
    tail = "END:VCALENDAR\r\n"
    items = fill(rng, size - len(head) - len(tail),
                 lambda r, n: ics_todo(r, n) if n % 7 == 6 else ics_event(r, n))
    mid = len(items) // 2
    if mid % 7 == 6:
        mid += 1
    # The middle event's description is folded with one continuation line, the one starting
    # with "Maßnahmen", missing its leading space: after unfolding it is a line of its own,
    # and the property parser slices its first three bytes, inside the "ß". The harmless
    # twin folds it properly.
    items[mid] = ics_event(random.Random(37), mid, special=("Maßnahmen", trigger))
    return (head + "".join(items) + tail).encode()



# ---------------------------------------------------------------------------------------
# APNG (animated PNG): png 0.17.11 (a 24-bit RGB animation: text, iTXt and time chunks, an
# acTL, the default image in IDAT chunks as frame 0, then an fcTL and fdAT chunks for each
# frame's sub-rectangle)


def apng_filter_rows(rows, bpp):
    """Rows of raw pixel bytes, each with a PNG filter byte (None, Sub, Up or Average)."""
    out, prev = [], bytes(len(rows[0]))
    for y, row in enumerate(rows):
        kind = (0, 1, 2, 3)[y % 4]
        if kind == 0:
            f = row
        elif kind == 1:
            f = bytes((row[i] - (row[i - bpp] if i >= bpp else 0)) & 255 for i in range(len(row)))
        elif kind == 2:
            f = bytes((row[i] - prev[i]) & 255 for i in range(len(row)))
        else:
            f = bytes((row[i] - (((row[i - bpp] if i >= bpp else 0) + prev[i]) >> 1)) & 255
                      for i in range(len(row)))
        out.append(bytes([kind]) + f)
        prev = row
    return b"".join(out)


def apng_pixels(rng, w, h, phase):
    """RGB rows of a frame: a drifting diagonal gradient, a disc, and some grain."""
    cx, cy = rng.randrange(w), rng.randrange(h)
    rad = rng.randint(min(w, h) // 5 + 1, min(w, h) // 2 + 2)
    hue = [rng.randrange(256) for _ in range(3)]
    rows = []
    for y in range(h):
        row = bytearray()
        for x in range(w):
            g = (x * 3 + y * 2 + phase * 7) & 255
            if (x - cx) ** 2 + (y - cy) ** 2 <= rad * rad:
                px = hue
            else:
                px = (g, (g * 2 + 40) & 255, 255 - g)
            row += bytes((c + rng.randrange(6)) & 255 for c in px)
        rows.append(bytes(row))
    return rows


def apng_fctl(seq, w, h, x, y, delay, dispose, blend):
    return png_chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, w, h, x, y, delay, 100, dispose, blend))


def gen_apng(rng, size, trigger):
    W, H = 128, 96
    head = [png_chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)),
            png_chunk(b"gAMA", struct.pack(">I", 45455)),
            png_chunk(b"sRGB", b"\x00"),
            png_chunk(b"pHYs", struct.pack(">IIB", 2835, 2835, 1))]
    for key, text in (("Title", "Loading spinner, dark theme"), ("Author", "Design Systems Team"),
                      ("Description", words(rng, 20, 40)),
                      ("Software", "apngasm 3.1.10"), ("Copyright", "CC BY 4.0")):
        head.append(png_chunk(b"tEXt", f"{key}\x00{text}".encode("latin-1")))
    head.append(png_chunk(b"iTXt", "Comment\x00\x00\x00de\x00Kommentar\x00".encode()
                          + "Ladeanzeige für das Dashboard, Größe 128×96".encode()))
    head.append(png_chunk(b"tIME", struct.pack(">HBBBBB", 2024, 3, 14, 9, 26, 53)))

    # Frames: (w, h, x, y, delay, dispose, blend, zlib data); frame 0 is the whole canvas.
    frames, total = [], sum(len(c) for c in head) + 8 + 20 + 12
    while total < size:
        n = len(frames)
        if n == 0:
            w, h, x, y = W, H, 0, 0
        else:
            w, h = rng.randint(16, 56), rng.randint(12, 42)
            x, y = rng.randrange(W - w + 1), rng.randrange(H - h + 1)
        raw = apng_filter_rows(apng_pixels(rng, w, h, n), 3)
        data = zlib.compress(raw, 9)
        frames.append((w, h, x, y, rng.choice((4, 5, 8, 10)), rng.randrange(3) if n else 0,
                       rng.randrange(2) if n else 0, data))
        total += 38 + len(data) + 16 * (len(data) // 4096 + 1)
    mid = len(frames) // 2

    out = [b"\x89PNG\r\n\x1a\n"] + head
    out.append(png_chunk(b"acTL", struct.pack(">II", len(frames), 0)))
    seq = 0
    for i, (w, h, x, y, delay, dispose, blend, data) in enumerate(frames):
        # The middle frame's fcTL says width 0 (its height, offsets and data as before):
        # `next_frame` then cuts the output buffer into rows of 0 bytes. The harmless twin
        # has the frame's real width.
        out.append(apng_fctl(seq, 0 if trigger and i == mid else w, h, x, y, delay, dispose, blend))
        seq += 1
        pieces = [data[k:k + 4096] for k in range(0, len(data), 4096)]
        for piece in pieces:
            if i == 0:
                out.append(png_chunk(b"IDAT", piece))
            else:
                out.append(png_chunk(b"fdAT", struct.pack(">I", seq) + piece))
                seq += 1
    out.append(png_chunk(b"IEND", b""))
    return b"".join(out)



# ---------------------------------------------------------------------------------------
# Protocol Buffers (wire format): quick-protobuf 0.8.1 (an address book: people with phone
# numbers, timestamps and fields of a newer schema that the reader skips as unknown)


def pb_varint(n):
    """A protobuf varint: `uvarint` of the value as an unsigned 64-bit integer."""
    return uvarint(n & ((1 << 64) - 1))


def pb_key(field, wire):
    return pb_varint(field << 3 | wire)


def pb_len(field, body, extra=0):
    """A length-delimited field; `extra` is added to the length written."""
    return pb_key(field, 2) + pb_varint(len(body) + extra) + body


def pb_timestamp(rng, base):
    # google.protobuf.Timestamp: seconds = 1, nanos = 2.
    return (pb_key(1, 0) + pb_varint(base + rng.randrange(86400 * 400))
            + pb_key(2, 0) + pb_varint(rng.randrange(1000) * 1000000))


def pb_phone(rng, verified=True, ts_extra=0):
    # PhoneNumber: number = 1, type = 2 (MOBILE 0, HOME 1, WORK 2), verified_at = 3.
    number = f"+{rng.randint(1, 99)} {rng.randint(100, 999)} {rng.randint(1000000, 9999999)}"
    body = pb_len(1, number.encode()) + pb_key(2, 0) + pb_varint(rng.randrange(3))
    if verified:
        body += pb_len(3, pb_timestamp(rng, 1_600_000_000), ts_extra)
    return body


def pb_person(rng, n, trigger=None):
    """Person: name = 1, id = 2, email = 3, phones = 4, last_updated = 5; written by a newer
    schema that adds tags = 6 (repeated string), avatar_sha256 = 7 (bytes), flags = 8
    (fixed32) and karma = 9 (sint32), unknown to the reader."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    body = pb_len(1, f"{first} {last}".encode()) + pb_key(2, 0) + pb_varint(100000 + n)
    if rng.random() < 0.9:
        body += pb_len(3, f"{first.lower()}.{last.lower()}{n}@example.org".encode())
    phones = [pb_phone(rng, verified=rng.random() < 0.6) for _ in range(rng.randint(0, 3))]
    if trigger is not None:
        # Two phones, the first one verified. Its verified_at timestamp says it is as long
        # as itself and the whole second phone field after it: the timestamp's reader then
        # skips that field as unknown and leaves the cursor past the end of the first phone;
        # the phone's reader reads the next field (last_updated) as unknown and computes
        # `self.end - self.start`. The harmless twin has the timestamp's real length.
        second = pb_len(4, pb_phone(rng))
        phones = [pb_phone(rng, ts_extra=len(second) if trigger else 0)]
        body += pb_len(4, phones[0]) + second
    else:
        body += b"".join(pb_len(4, p) for p in phones)
    body += pb_len(5, pb_timestamp(rng, 1_700_000_000))
    for _ in range(rng.randint(0, 4)):
        body += pb_len(6, word(rng).encode())
    if rng.random() < 0.7:
        body += pb_len(7, bytes(rng.getrandbits(8) for _ in range(32)))
    body += pb_key(8, 5) + struct.pack("<I", rng.getrandbits(12))
    if rng.random() < 0.5:
        k = rng.randint(-500, 5000)
        body += pb_key(9, 0) + pb_varint(((k << 1) ^ (k >> 31)) & 0xFFFFFFFF)
    return body


def gen_protobuf(rng, size, trigger):
    people = fill(rng, size, lambda r, n: pb_len(1, pb_person(r, n)))
    mid = len(people) // 2
    people[mid] = pb_len(1, pb_person(random.Random(44), mid, trigger=trigger))
    return b"".join(people)



# ---------------------------------------------------------------------------------------
# gzip (DEFLATE): libflate 1.1.1 (a web server's access log in one gzip member, compressed
# in pieces with full flushes; one piece is a dynamic-Huffman block of literals)


class DeflateBits:
    """An LSB-first bit writer (DEFLATE's bit order)."""

    def __init__(self):
        self.out, self.acc, self.n = bytearray(), 0, 0

    def put(self, value, nbits):
        self.acc |= value << self.n
        self.n += nbits
        while self.n >= 8:
            self.out.append(self.acc & 255)
            self.acc >>= 8
            self.n -= 8

    def put_code(self, code, length):
        # Huffman codes are sent most significant bit first.
        self.put(int(format(code, f"0{length}b")[::-1], 2), length)

    def align(self):
        if self.n:
            self.out.append(self.acc & 255)
        self.acc, self.n = 0, 0


def huffman_lengths(freqs, limit):
    """Huffman code lengths (list, 0 for unused symbols), at most `limit` bits."""
    import heapq
    freqs = list(freqs)
    while True:
        heap = [(f, i, [i]) for i, f in enumerate(freqs) if f]
        lengths = [0] * len(freqs)
        if len(heap) == 1:
            lengths[heap[0][1]] = 1
            return lengths
        heapq.heapify(heap)
        tie = len(freqs)
        while len(heap) > 1:
            f1, _, s1 = heapq.heappop(heap)
            f2, _, s2 = heapq.heappop(heap)
            for s in s1 + s2:
                lengths[s] += 1
            heapq.heappush(heap, (f1 + f2, tie, s1 + s2))
            tie += 1
        if max(lengths) <= limit:
            return lengths
        freqs = [(f + 1) // 2 if f else 0 for f in freqs]


def canonical_codes(lengths):
    codes, code, prev = {}, 0, 0
    for sym, ln in sorted(((s, l) for s, l in enumerate(lengths) if l), key=lambda x: (x[1], x[0])):
        code <<= ln - prev
        codes[sym] = code
        code += 1
        prev = ln
    return codes


def deflate_literal_block(data, drop_eob_length=False):
    """One dynamic-Huffman block (not final) coding `data` as literals, then an empty stored
    block to come back to a byte boundary. `drop_eob_length` writes the end-of-block
    symbol's code length as 0 in the header (the rest as before)."""
    freqs = [0] * 257
    for b in data:
        freqs[b] += 1
    freqs[256] = 1
    lit = huffman_lengths(freqs, 15)
    codes = canonical_codes(lit)
    header_lit = list(lit)
    if drop_eob_length:
        header_lit[256] = 0
    seq = header_lit + [1]                      # one distance code, of length 1
    cl = huffman_lengths([seq.count(i) for i in range(19)], 7)
    cl_codes = canonical_codes(cl)
    order = (16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15)
    hclen = max(i for i, s in enumerate(order) if cl[s]) + 1
    w = DeflateBits()
    w.put(0, 1)                                 # BFINAL = 0
    w.put(2, 2)                                 # BTYPE = dynamic
    w.put(0, 5)                                 # HLIT: 257 literal/length codes
    w.put(0, 5)                                 # HDIST: 1 distance code
    w.put(hclen - 4, 4)
    for s in order[:hclen]:
        w.put(cl[s], 3)
    for ln in seq:
        w.put_code(cl_codes[ln], cl[ln])
    for b in data:
        w.put_code(codes[b], lit[b])
    w.put_code(codes[256], lit[256])
    w.put(0, 1)                                 # an empty stored block, not final
    w.put(0, 2)
    w.align()
    w.out += b"\x00\x00\xff\xff"
    return bytes(w.out)


GZ_PATHS = ("/", "/login", "/logout", "/api/v2/orders", "/api/v2/orders/{}", "/api/v2/users/{}",
            "/api/v2/search?q={}", "/static/app.{}.js", "/static/app.{}.css", "/healthz",
            "/images/products/{}.webp", "/cart", "/checkout", "/api/v2/invoices/{}/pdf")
GZ_AGENTS = ("Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
             "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
             "Chrome/124.0.0.0 Safari/537.36",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
             "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
             "curl/8.5.0", "kube-probe/1.29", "Go-http-client/2.0", "python-requests/2.31.0")


def gz_log_line(rng, t):
    ip = ".".join(str(rng.randint(1, 254)) for _ in range(4))
    path = rng.choice(GZ_PATHS).format(rng.choice((rng.randint(1, 99999), word(rng),
                                                   f"{rng.getrandbits(32):08x}")))
    method = "GET" if rng.random() < 0.8 else rng.choice(("POST", "PUT", "DELETE"))
    status = rng.choice((200, 200, 200, 200, 201, 204, 301, 304, 404, 500))
    stamp = f"{10 + t // 86400 % 18:02d}/Mar/2024:{t // 3600 % 24:02d}:{t // 60 % 60:02d}:{t % 60:02d} +0000"
    return (f'{ip} - - [{stamp}] "{method} {path} HTTP/1.1" {status} {rng.randint(0, 90000)} '
            f'"-" "{rng.choice(GZ_AGENTS)}" rt={rng.random() * 2:.3f} '
            f'req={rng.getrandbits(64):016x}{rng.getrandbits(64):016x}\n').encode()


def gen_gzip(rng, size, trigger):
    # The log, cut at line ends into pieces of about 16 KB; about 3.5 bytes of log make 1 byte
    # of output.
    pieces, cur, t, total = [], bytearray(), 0, 0
    while total < size * 7 // 2:
        line = gz_log_line(rng, t)
        t += rng.randint(0, 3)
        cur += line
        total += len(line)
        if len(cur) >= 16000:
            pieces.append(bytes(cur))
            cur = bytearray()
    pieces.append(bytes(cur))
    mid = len(pieces) // 2
    comp = zlib.compressobj(6, zlib.DEFLATED, -15, 8)
    body = bytearray()
    for i, piece in enumerate(pieces):
        if i == mid:
            # The middle piece is a dynamic-Huffman block of literals whose header gives the
            # end-of-block symbol (256) no code: building the literal decoder, libflate finds
            # no code length for it and `expect("bug")`s. The harmless twin gives it its code.
            body += deflate_literal_block(piece, drop_eob_length=trigger)
        else:
            body += comp.compress(piece) + comp.flush(zlib.Z_FULL_FLUSH)
    body += comp.flush(zlib.Z_FINISH)
    text = b"".join(pieces)
    head = b"\x1f\x8b\x08\x08" + struct.pack("<I", 1710460800) + b"\x00\x03" + b"access.log.1\x00"
    return head + bytes(body) + struct.pack("<II", zlib.crc32(text), len(text) & 0xFFFFFFFF)


# ---------------------------------------------------------------------------------------
# BGZF (blocked gzip): noodles-bgzf 0.47.0 (a bgzipped VCF file: gzip members of at most
# 64 KiB of text each, their compressed size in a "BC" extra field, a CRC-32 and the
# uncompressed size in each trailer, and the empty end-of-file block)

BGZF_EOF = bytes.fromhex("1f8b08040000000000ff0600424302001b0003000000000000000000")


def bgzf_block(text, isize=None):
    """One BGZF block: a gzip member whose "BC" extra field gives its size minus 1."""
    comp = zlib.compressobj(6, zlib.DEFLATED, -15)
    cdata = comp.compress(text) + comp.flush()
    bsize = 18 + len(cdata) + 8
    head = (b"\x1f\x8b\x08\x04" + b"\x00\x00\x00\x00" + b"\x00\xff" + b"\x06\x00"
            + b"BC" + b"\x02\x00" + struct.pack("<H", bsize - 1))
    return head + cdata + struct.pack("<II", zlib.crc32(text), len(text) if isize is None else isize)


def vcf_record(rng, chrom, pos, n_samples):
    ref = rng.choice("ACGT")
    alt = rng.choice([b for b in "ACGT" if b != ref])
    if rng.random() < 0.1:
        alt = ref + "".join(rng.choice("ACGT") for _ in range(rng.randint(1, 6)))
    rsid = f"rs{rng.randint(1000, 99999999)}" if rng.random() < 0.6 else "."
    qual = f"{rng.uniform(20, 999):.1f}"
    filt = "PASS" if rng.random() < 0.9 else rng.choice(("q10", "LowQual", "s50"))
    af = rng.random()
    info = (f"AC={rng.randint(1, 2 * n_samples)};AF={af:.4f};AN={2 * n_samples};"
            f"DP={rng.randint(80, 900)};MQ={rng.randint(40, 60)}")
    if rng.random() < 0.3:
        info += f";GENE={word(rng).upper()}{rng.randint(1, 30)}"
    samples = []
    for _ in range(n_samples):
        gt = rng.choice(("0/0", "0/1", "1/1", "0|1", "1|0", "./."))
        if gt == "./.":
            samples.append("./.:.:.")
        else:
            samples.append(f"{gt}:{rng.randint(3, 99)}:{rng.randint(5, 120)}")
    return "\t".join([chrom, str(pos), rsid, ref, alt, qual, filt, info, "GT:GQ:DP"] + samples) + "\n"


def gen_bgzf_vcf(rng, size, trigger):
    samples = [f"{rng.choice(FIRST).upper()}{n:03d}" for n in range(8)]
    contigs = [("chr1", 248956422), ("chr2", 242193529), ("chr3", 198295559), ("chr4", 190214555),
               ("chr5", 181538259), ("chr6", 170805979), ("chr7", 159345973), ("chrX", 156040895)]
    header = ["##fileformat=VCFv4.2", "##fileDate=20240314", "##source=GATK HaplotypeCaller",
              "##reference=GRCh38"]
    header += [f"##contig=<ID={c},length={n}>" for c, n in contigs]
    header += ['##INFO=<ID=AC,Number=A,Type=Integer,Description="Allele count in genotypes">',
               '##INFO=<ID=AF,Number=A,Type=Float,Description="Allele Frequency">',
               '##INFO=<ID=AN,Number=1,Type=Integer,Description="Total number of alleles">',
               '##INFO=<ID=DP,Number=1,Type=Integer,Description="Combined depth">',
               '##INFO=<ID=MQ,Number=1,Type=Float,Description="RMS mapping quality">',
               '##INFO=<ID=GENE,Number=1,Type=String,Description="Overlapping gene">',
               '##FILTER=<ID=q10,Description="Quality below 10">',
               '##FILTER=<ID=LowQual,Description="Low quality">',
               '##FILTER=<ID=s50,Description="Less than 50% of samples have data">',
               '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
               '##FORMAT=<ID=GQ,Number=1,Type=Integer,Description="Genotype quality">',
               '##FORMAT=<ID=DP,Number=1,Type=Integer,Description="Read depth">',
               "\t".join(["#CHROM", "POS", "ID", "REF", "ALT", "QUAL", "FILTER", "INFO", "FORMAT"]
                         + samples)]
    # Blocks: the header, then runs of records of 4 to 16 KB of text each (a writer that
    # flushes a block at record boundaries), until the compressed blocks add up to `size`.
    chunks, total = ["\n".join(header) + "\n"], 0
    total = len(bgzf_block(chunks[0].encode())) + len(BGZF_EOF)
    ci, pos = 0, rng.randint(10000, 20000)
    while total < size:
        target, lines, n = rng.randint(4000, 16000), [], 0
        while n < target:
            line = vcf_record(rng, contigs[ci][0], pos, len(samples))
            lines.append(line)
            n += len(line)
            pos += rng.randint(20, 4000)
            if pos > contigs[ci][1] // 50:
                ci, pos = (ci + 1) % len(contigs), rng.randint(10000, 20000)
        chunks.append("".join(lines))
        total += len(bgzf_block(chunks[-1].encode()))
    mid = len(chunks) // 2
    # The middle block's trailer says it holds 65537 bytes (one more than a BGZF block can),
    # its CRC-32 and compressed data as before: the reader sizes the block's data buffer
    # (64 KiB) to that and slices past its end. The harmless twin has its real size.
    return b"".join(bgzf_block(c.encode(), isize=65537 if trigger and i == mid else None)
                    for i, c in enumerate(chunks)) + BGZF_EOF


# ---------------------------------------------------------------------------------------
# DNS over TCP: simple-dns 0.5.0 (a resolver's TCP stream to its upstream server: queries
# and responses, each message prefixed with its 16-bit length; compressed names)


def dns_encode_name(name, out_len, table):
    """A domain name at offset `out_len` of its message, compressed against `table` (the
    offsets of the suffixes already written), which it updates."""
    labels = name.rstrip(".").split(".") if name else []
    out = bytearray()
    for i in range(len(labels)):
        suffix = ".".join(labels[i:]).lower()
        if suffix in table:
            out += struct.pack(">H", 0xC000 | table[suffix])
            return bytes(out)
        if out_len + len(out) < 0x3FFF:
            table[suffix] = out_len + len(out)
        out += bytes([len(labels[i])]) + labels[i].encode()
    return bytes(out + b"\x00")


class DnsMessage:
    def __init__(self, ident, flags):
        self.ident, self.flags, self.counts = ident, flags, [0, 0, 0, 0]
        self.body, self.table = bytearray(), {}

    def name(self, name):
        self.body += dns_encode_name(name, 12 + len(self.body), self.table)

    def question(self, name, qtype):
        self.name(name)
        self.body += struct.pack(">HH", qtype, 1)
        self.counts[0] += 1

    def record(self, section, name, rtype, ttl, rdata_fn):
        self.name(name)
        self.body += struct.pack(">HHI", rtype, 1, ttl)
        at = len(self.body)
        self.body += b"\x00\x00"
        rdata_fn(self)
        struct.pack_into(">H", self.body, at, len(self.body) - at - 2)
        self.counts[section] += 1

    def raw(self, data):
        self.body += data

    def bytes(self):
        return struct.pack(">HHHHHH", self.ident, self.flags, *self.counts) + bytes(self.body)


def dns_host(rng):
    return f"{word(rng)}-{rng.randint(1, 40)}.{rng.choice(('api', 'cdn', 'eu', 'us', 'mail', 'db'))}.{rng.choice(('example.org', 'example.com', 'example.net', 'test.internal'))}"


def dns_exchange(rng, n):
    """A query and its response (two messages)."""
    ident = rng.randrange(65536)
    host = dns_host(rng)
    kind = rng.choice(("A", "A", "AAAA", "CNAME", "MX", "TXT", "SRV", "PTR", "NX"))
    qtype = {"A": 1, "AAAA": 28, "CNAME": 1, "MX": 15, "TXT": 16, "SRV": 33, "PTR": 12, "NX": 1}[kind]
    if kind == "SRV":
        host = f"_{rng.choice(('sip', 'ldap', 'xmpp-server', 'imaps'))}._tcp.{host.split('.', 1)[1]}"
    if kind == "PTR":
        host = f"{rng.randint(1, 254)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.10.in-addr.arpa"
    q = DnsMessage(ident, 0x0100)
    q.question(host, qtype)
    r = DnsMessage(ident, 0x8183 if kind == "NX" else 0x8180)
    r.question(host, qtype)
    ttl = rng.choice((60, 300, 600, 3600, 86400))
    zone = host.split(".", 1)[1]
    if kind == "CNAME":
        target = dns_host(rng)
        r.record(1, host, 5, ttl, lambda m: m.name(target))
        for _ in range(rng.randint(1, 3)):
            addr = bytes([10, rng.randrange(256), rng.randrange(256), rng.randint(1, 254)])
            r.record(1, target, 1, ttl, lambda m, a=addr: m.raw(a))
    elif kind == "A":
        for _ in range(rng.randint(1, 4)):
            addr = bytes([rng.choice((10, 172, 192)), rng.randrange(256), rng.randrange(256), rng.randint(1, 254)])
            r.record(1, host, 1, ttl, lambda m, a=addr: m.raw(a))
    elif kind == "AAAA":
        for _ in range(rng.randint(1, 3)):
            addr = bytes.fromhex("20010db8") + bytes(rng.randrange(256) for _ in range(12))
            r.record(1, host, 28, ttl, lambda m, a=addr: m.raw(a))
    elif kind == "MX":
        for k in range(rng.randint(1, 3)):
            mx = f"mx{k + 1}.{zone}"
            r.record(1, host, 15, ttl, lambda m, p=10 * (k + 1), x=mx: (m.raw(struct.pack(">H", p)), m.name(x)))
    elif kind == "TXT":
        for _ in range(rng.randint(1, 3)):
            texts = [rng.choice((f"v=spf1 include:_spf.{zone} ~all",
                                 f"google-site-verification={''.join(rng.choice('abcdefghijkmnpqrstuvwxyz0123456789') for _ in range(43))}",
                                 f"{word(rng)}={words(rng, 2, 8)}"))]
            r.record(1, host, 16, ttl, lambda m, t=texts: m.raw(b"".join(bytes([len(s)]) + s.encode() for s in t)))
    elif kind == "SRV":
        for k in range(rng.randint(1, 3)):
            target = f"{word(rng)}{k}.{zone}"
            r.record(1, host, 33, ttl, lambda m, k=k, t=target: (
                m.raw(struct.pack(">HHH", 10 + k, rng.randint(0, 100), rng.choice((5060, 389, 5269, 993)))),
                m.name(t)))
    elif kind == "PTR":
        target = dns_host(rng)
        r.record(1, host, 12, ttl, lambda m: m.name(target))
    if kind == "NX" or rng.random() < 0.3:
        soa_zone = zone if kind != "PTR" else "10.in-addr.arpa"
        if kind == "NX":
            r.record(2, soa_zone, 6, 900, lambda m: (
                m.name(f"ns1.{soa_zone}"), m.name(f"hostmaster.{soa_zone}"),
                m.raw(struct.pack(">IIIII", 2024031400 + rng.randrange(99), 7200, 3600, 1209600, 300))))
        else:
            for k in range(2):
                r.record(2, soa_zone, 2, 172800, lambda m, k=k: m.name(f"ns{k + 1}.{soa_zone}"))
            for k in range(2):
                addr = bytes([192, 0, 2, rng.randint(1, 254)])
                r.record(3, f"ns{k + 1}.{soa_zone}", 1, 172800, lambda m, a=addr: m.raw(a))
    return [q.bytes(), r.bytes()]


def gen_dns_stream(rng, size, trigger):
    messages, total = [], 0
    while total < size:
        pair = dns_exchange(rng, len(messages))
        messages += pair
        total += sum(2 + len(m) for m in pair)
    mid = len(messages) // 2
    if mid % 2 == 0:
        mid += 1
    # The middle response is cut after 10 bytes of its 12-byte header (its length prefix
    # says 10): `Packet::parse` slices the header with `&data[..12]`. The harmless twin is
    # the whole response.
    if trigger:
        messages[mid] = messages[mid][:10]
    return b"".join(struct.pack(">H", len(m)) + m for m in messages)


# ---------------------------------------------------------------------------------------
# CAB (Microsoft Cabinet): cab 0.6.0 (folders of files, each folder's data a run of CFDATA
# blocks of at most 32 KiB, MSZIP-compressed or stored, each with its checksum)


def cab_checksum(data):
    """The CFDATA checksum as the cab crate computes it: the XOR of the data's
    little-endian 32-bit words, the bytes left over folded in last."""
    value, rem, shift = 0, 0, 0
    for b in data:
        rem |= b << shift
        if shift == 24:
            value ^= rem
            rem, shift = 0, 0
        else:
            shift += 8
    if shift == 8:
        value ^= rem
    elif shift == 16:
        value ^= (rem >> 8) ^ ((rem & 0xFF) << 8)
    elif shift == 24:
        value ^= (rem >> 16) ^ (rem & 0xFF00) ^ ((rem & 0xFF) << 16)
    return value


def cab_data_blocks(data, mszip):
    """A folder's CFDATA blocks: 32 KiB pieces, each compressed on its own (MSZIP: "CK" and a
    raw DEFLATE stream) or stored."""
    out, n = bytearray(), 0
    for k in range(0, len(data), 32768):
        piece = data[k:k + 32768]
        if mszip:
            comp = zlib.compressobj(6, zlib.DEFLATED, -15)
            body = b"CK" + comp.compress(piece) + comp.flush()
        else:
            body = piece
        csum = cab_checksum(body) ^ (len(body) | (len(piece) << 16))
        out += struct.pack("<IHH", csum, len(body), len(piece)) + body
        n += 1
    return bytes(out), n


def gen_cab(rng, size, trigger):
    # Folders of 2 to 7 files (sources of a component and its docs); 3 in 4 are MSZIP.
    folders, total = [], 0
    while total < size:
        comp = f"{word(rng)}-{word(rng)}"
        files = []
        for k in range(rng.randint(2, 7)):
            if k == 0 and rng.random() < 0.5:
                name = f"{comp}\\README.txt"
                data = (words(rng, 40, 120).capitalize() + ".\r\n").encode() * rng.randint(1, 3)
            else:
                name = f"{comp}\\src\\{word(rng)}_{k}.rs"
                data = source_file(rng)
            files.append((name, data))
        mszip = rng.random() < 0.75
        blocks, nblocks = cab_data_blocks(b"".join(d for _, d in files), mszip)
        folders.append((files, mszip, blocks, nblocks))
        total += len(blocks) + 8 + sum(17 + len(n) for n, _ in files)
    mid = len(folders) // 2
    nfiles = sum(len(f[0]) for f in folders)
    head_len = 36 + 8 * len(folders)
    files_len = sum(16 + len(n) + 1 for f in folders for n, _ in f[0])
    offset = head_len + files_len
    folder_entries, file_entries = bytearray(), bytearray()
    for i, (files, mszip, blocks, nblocks) in enumerate(folders):
        # The middle folder says it has no data blocks (its blocks are still there, where its
        # offset points): the reader's folder has an empty block list, and seeking to the
        # second file's offset in it reads `data_blocks[0]`. The harmless twin has its count.
        count = 0 if trigger and i == mid else nblocks
        folder_entries += struct.pack("<IHH", offset, count, 1 if mszip else 0)
        offset += len(blocks)
        at = 0
        for name, data in files:
            date = ((2024 - 1980) << 9) | (rng.randint(1, 12) << 5) | rng.randint(1, 28)
            time = (rng.randrange(24) << 11) | (rng.randrange(60) << 5) | rng.randrange(30)
            file_entries += struct.pack("<IIHHHH", len(data), at, i, date, time, 0x20)
            file_entries += name.encode() + b"\x00"
            at += len(data)
    header = struct.pack("<4sIIIIIBBHHHHH", b"MSCF", 0, offset, 0, head_len, 0, 3, 1,
                         len(folders), nfiles, 0, 0x1AC3, 0)
    return header + bytes(folder_entries) + bytes(file_entries) + b"".join(f[2] for f in folders)


# ---------------------------------------------------------------------------------------
# CSS: lightningcss 1.0.0-alpha.72 (a site's stylesheet: custom properties, component
# rules, media and supports queries, keyframes, font faces)

CSS_PROPS = ("margin", "padding", "gap", "top", "left", "width", "max-width", "min-height",
             "border-radius", "font-size", "line-height", "letter-spacing")
CSS_UNITS = ("px", "rem", "em", "%", "vh", "vw")


def css_color(rng):
    kind = rng.randrange(5)
    if kind == 0:
        return "#" + "".join(rng.choice("0123456789abcdef") for _ in range(rng.choice((3, 6))))
    if kind == 1:
        return f"rgb({rng.randint(0, 255)} {rng.randint(0, 255)} {rng.randint(0, 255)})"
    if kind == 2:
        return f"rgba({rng.randint(0, 255)}, {rng.randint(0, 255)}, {rng.randint(0, 255)}, 0.{rng.randint(1, 9)})"
    if kind == 3:
        return f"hsl({rng.randint(0, 359)} {rng.randint(0, 100)}% {rng.randint(0, 100)}%)"
    return f"var(--{word(rng)}-{rng.choice(('fg', 'bg', 'accent', 'border'))})"


def css_decls(rng, indent, lo, hi):
    out = []
    for _ in range(rng.randint(lo, hi)):
        kind = rng.randrange(8)
        if kind <= 2:
            p = rng.choice(CSS_PROPS)
            v = f"{rng.randint(0, 48)}{rng.choice(CSS_UNITS)}"
            if rng.random() < 0.2:
                v = f"calc({v} + {rng.randint(1, 16)}px)"
            out.append(f"{p}: {v}")
        elif kind == 3:
            out.append(f"{rng.choice(('color', 'background-color', 'border-color', 'outline-color'))}: {css_color(rng)}")
        elif kind == 4:
            out.append(f"border: {rng.randint(1, 4)}px {rng.choice(('solid', 'dashed', 'dotted'))} {css_color(rng)}")
        elif kind == 5:
            out.append(f"background-image: linear-gradient({rng.randint(0, 359)}deg, {css_color(rng)}, {css_color(rng)})")
        elif kind == 6:
            out.append(f"transition: {rng.choice(('opacity', 'transform', 'color'))} {rng.randint(1, 9) * 50}ms ease-in-out")
        else:
            out.append(f"display: {rng.choice(('flex', 'grid', 'block', 'inline-block', 'none'))}")
    return "".join(f"{indent}{d};\n" for d in out)


def css_selector(rng, n):
    w, v = word(rng), word(rng)
    return rng.choice((f".{w}-{v}", f".{w}__{v}--{n}", f"#{w}-{n}", f".{w} > .{v}",
                       f".{w}:hover", f"a.{w}:focus-visible", f".{w} .{v}::before",
                       f"ul.{w} li:nth-child(2n + 1)", f"[data-{w}=\"{v}\"]"))


def css_block(rng, n, extra=None):
    kind = rng.randrange(8)
    sel = ", ".join(css_selector(rng, n) for _ in range(rng.randint(1, 3)))
    if kind <= 4 or extra is not None:
        decls = css_decls(rng, "  ", 2, 8)
        if extra is not None:
            decls += f"  {extra};\n"
        return f"/* {words(rng, 2, 6)} */\n{sel} {{\n{decls}}}\n\n"
    if kind == 5:
        return (f"@media (max-width: {rng.choice((480, 640, 768, 1024, 1280))}px) {{\n"
                f"  {sel} {{\n" + css_decls(rng, "    ", 1, 5) + "  }\n}\n\n")
    if kind == 6:
        name = f"{word(rng)}-{word(rng)}-{n}"
        return (f"@keyframes {name} {{\n"
                f"  from {{\n    opacity: 0;\n    transform: translateY({rng.randint(2, 40)}px);\n  }}\n"
                f"  to {{\n    opacity: 1;\n    transform: none;\n  }}\n}}\n\n"
                f"{sel} {{\n  animation: {name} {rng.randint(1, 9) * 100}ms ease-out both;\n}}\n\n")
    return (f"@supports (display: grid) {{\n  {sel} {{\n"
            f"    grid-template-columns: repeat({rng.randint(2, 6)}, minmax(0, 1fr));\n"
            + css_decls(rng, "    ", 1, 4) + "  }\n}\n\n")


def gen_css(rng, size, trigger):
    head = (":root {\n" + "".join(
                f"  --{w}-{k}: {css_color(random.Random(w + k))};\n"
                for w in WORDS[:24] for k in ("fg", "bg", "accent", "border")) + "}\n\n"
            "@font-face {\n  font-family: \"Inter\";\n  src: url(\"/fonts/inter.woff2\") format(\"woff2\");\n"
            "  font-display: swap;\n}\n\n"
            "html {\n  font-family: \"Inter\", system-ui, sans-serif;\n  line-height: 1.5;\n}\n\n")
    blocks = fill(rng, size - len(head), css_block)
    mid = len(blocks) // 2
    # A saturation written with a math function of a percentage, `abs(-35%)`: calc() does
    # not fold it to a plain percentage, and Percentage::parse says that is unreachable.
    # The harmless twin is the plain percentage.
    blocks[mid] = css_block(random.Random(29), mid,
                            extra="color: hsl(210 abs(-35%) 45%)" if trigger else "color: hsl(210 35% 45%)")
    return (head + "".join(blocks)).encode()


# ---------------------------------------------------------------------------------------
# JSON5: json-five 0.3.0 (a deployment configuration: comments, unquoted keys,
# single-quoted strings, trailing commas, hexadecimal numbers)


def json5_str(rng, s):
    return f"'{s}'" if rng.random() < 0.3 else f"\"{s}\""


def json5_service(rng, n, workdir=None):
    name = f"{word(rng)}-{word(rng)}-{n}"
    lines = [f"    // {words(rng, 3, 10).capitalize()}.",
             "    {",
             f"      name: {json5_str(rng, name)},",
             f"      image: \"registry.example.org/{word(rng)}/{word(rng)}:{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 9)}\",",
             f"      replicas: {rng.randint(1, 12)},",
             f"      port: {rng.randint(1024, 65535)},",
             f"      flags: 0x{rng.randint(0, 0xffff):04X},",
             f"      cpu: {rng.choice(('.5', '0.25', '1', '2.0', '+4'))},",
             f"      enabled: {rng.choice(('true', 'false'))},",
             f"      owner: {json5_str(rng, rng.choice(FIRST) + ' ' + rng.choice(LAST))},",
             f"      description: \"{words(rng, 4, 14)}\\n{words(rng, 2, 8)}\",",
             "      env: {"]
    for _ in range(rng.randint(2, 6)):
        lines.append(f"        {word(rng).upper()}_{word(rng).upper()}: {json5_str(rng, words(rng, 1, 3))},")
    lines.append("      },")
    if workdir is not None:
        lines.append(f"      workdir: \"{workdir}\",")
    elif rng.random() < 0.3:
        lines.append(f"      workdir: \"/srv/{word(rng)}/{word(rng)}\",")
    tags = ", ".join(json5_str(rng, word(rng)) for _ in range(rng.randint(1, 5)))
    lines.append(f"      tags: [{tags},],")
    lines.append(f"      limits: {{memory: \"{rng.randint(1, 64) * 64}Mi\", timeout: {rng.randint(1, 300)}, retries: {rng.randint(0, 5)},}},")
    lines.append("    },")
    return "\n".join(lines) + "\n"


def gen_json5(rng, size, trigger):
    head = ("// Deployment configuration (JSON5).\n{\n  version: 3,\n  cluster: 'prod-eu',\n"
            "  /* Services, in start order. */\n  services: [\n")
    tail = "  ],\n  updated: \"2024-06-01T12:00:00Z\",\n}\n"
    services = fill(rng, size - len(head) - len(tail), json5_service)
    mid = len(services) // 2
    # A Windows path whose backslashes are not doubled: `\B` is not a JSON5 escape, the
    # parser keeps the string's raw text, and the deserializer unwraps `unescape`'s error.
    # The harmless twin doubles them.
    services[mid] = json5_service(random.Random(31), mid,
                                  workdir="D:\\Builds\\cache" if trigger else "D:\\\\Builds\\\\cache")
    return (head + "".join(services) + tail).encode()


# ---------------------------------------------------------------------------------------
# Unified diff (git): patch 0.7.0 (a release's changes to Rust, SQL, Markdown and TOML
# files, made with difflib)


def diff_file_lines(rng, n):
    """(path, lines) of one file of a repository (each line ends in a newline)."""
    kind = rng.randrange(4)
    w, v = word(rng), word(rng)
    if kind == 0:
        lines = [f"//! The {w} {v}: {words(rng, 3, 8)}.\n", "\n", f"use crate::{word(rng)}::{word(rng).title()};\n", "\n"]
        for i in range(rng.randint(3, 8)):
            f = f"{word(rng)}_{word(rng)}_{i}"
            lines += [f"/// {words(rng, 3, 10).capitalize()}.\n",
                      f"pub fn {f}({w}: &{v.title()}, n: usize) -> Option<u64> {{\n",
                      f"    let total = {w}.{word(rng)}.iter().take(n).sum::<u64>();\n",
                      f"    if total > {rng.randint(10, 9999)} {{\n",
                      f"        return None; // {words(rng, 1, 4)}\n",
                      "    }\n",
                      f"    Some(total * {rng.randint(2, 9)})\n",
                      "}\n", "\n"]
        return f"src/{w}/{v}_{n}.rs", lines
    if kind == 1:
        t = f"{w}_{v}"
        lines = [f"-- Migration {n}: {words(rng, 2, 6)}.\n", "\n", f"CREATE TABLE {t} (\n",
                 "    id BIGSERIAL PRIMARY KEY,\n"]
        for _ in range(rng.randint(3, 8)):
            lines.append(f"    {word(rng)}_{word(rng)} {rng.choice(('TEXT', 'INTEGER', 'BIGINT', 'BOOLEAN', 'TIMESTAMPTZ'))}"
                         f"{rng.choice(('', ' NOT NULL', ' DEFAULT 0'))},\n")
        lines += ["    created_at TIMESTAMPTZ NOT NULL DEFAULT now()\n", ");\n", "\n"]
        for _ in range(rng.randint(1, 4)):
            c = word(rng)
            lines += [f"-- {words(rng, 2, 8).capitalize()}.\n",
                      f"CREATE INDEX {t}_{c}_idx ON {t} ({c}_{word(rng)});\n", "\n"]
        return f"migrations/{n:04d}_{w}_{v}.sql", lines
    if kind == 2:
        lines = [f"# {words(rng, 2, 4).title()}\n", "\n"]
        for _ in range(rng.randint(3, 7)):
            lines += [f"{words(rng, 8, 20).capitalize()}.\n", "\n"]
            lines += [f"- {words(rng, 2, 6)} (`{word(rng)}`)\n" for _ in range(rng.randint(0, 4))]
            lines.append("\n")
        return f"docs/{w}-{v}-{n}.md", lines
    lines = ["[package]\n", f"name = \"{w}-{v}\"\n", f"version = \"0.{rng.randint(1, 30)}.{rng.randint(0, 9)}\"\n",
             "edition = \"2021\"\n", "\n", "[dependencies]\n"]
    lines += [f"{word(rng)}-{word(rng)} = \"{rng.randint(0, 3)}.{rng.randint(0, 40)}\"\n" for _ in range(rng.randint(3, 9))]
    return f"crates/{w}-{v}-{n}/Cargo.toml", lines


def diff_edit(rng, path, lines):
    """The file after a few edits: lines changed, added or removed. A removed (or changed)
    line is never a `-- ` comment: its diff line would start with `--- `."""
    out = list(lines)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(out))
        line, op = out[i], rng.randrange(3)
        removable = line.strip() and not line.startswith("-- ")
        if op == 0 and removable:
            ws = [x for x in re.findall(r"[a-z]+", line) if x in WORDS]
            if ws:
                out[i] = re.sub(rf"\b{ws[0]}\b", word(rng), line, count=1)
        elif op == 1:
            ext = path.rsplit(".", 1)[1]
            add = {"rs": f"    // {words(rng, 2, 8)}\n", "sql": f"-- {words(rng, 2, 8).capitalize()}.\n",
                   "md": f"{words(rng, 6, 16).capitalize()}.\n",
                   "toml": f"{word(rng)}-{word(rng)} = \"{rng.randint(0, 3)}.{rng.randint(0, 40)}\"\n"}[ext]
            out.insert(i + 1, add)
        elif op == 2 and removable and len(out) > 4:
            del out[i]
    return out


def diff_file(path, old, new):
    body = "".join(difflib.unified_diff(old, new, f"a/{path}", f"b/{path}"))
    if not body:
        return ""
    h1 = hashlib.sha1("".join(old).encode()).hexdigest()[:12]
    h2 = hashlib.sha1("".join(new).encode()).hexdigest()[:12]
    return f"diff --git a/{path} b/{path}\nindex {h1}..{h2} 100644\n" + body


def diff_piece(rng, n):
    path, old = diff_file_lines(rng, n)
    return diff_file(path, old, diff_edit(rng, path, old))


def gen_diff(rng, size, trigger):
    files = fill(rng, size, diff_piece)
    mid = len(files) // 2
    # A migration that drops an index together with the `-- ` comment line above it: the
    # removed comment's diff line starts with `--- `, chunk_line stops there, the next patch
    # starts at it as an old-file header, fails on the line after, and parse_multiple_patches
    # asserts that nothing is left. The harmless twin's comment is indented (`-  -- `).
    comment = "-- Only used by the v1 export job; drop with it.\n"
    if not trigger:
        comment = "  " + comment
    old = ["-- Migration 9000: orders by region.\n", "\n", "CREATE TABLE orders_region (\n",
           "    id BIGSERIAL PRIMARY KEY,\n", "    region TEXT NOT NULL,\n",
           "    total_cents BIGINT NOT NULL DEFAULT 0,\n",
           "    created_at TIMESTAMPTZ NOT NULL DEFAULT now()\n", ");\n", "\n",
           "-- Lookups by region.\n", "CREATE INDEX orders_region_region_idx ON orders_region (region);\n", "\n",
           comment, "CREATE INDEX orders_region_export_idx ON orders_region (created_at, region);\n", "\n",
           "-- Reports by day.\n", "CREATE INDEX orders_region_day_idx ON orders_region (created_at);\n"]
    new = old[:12] + old[15:]
    files[mid] = diff_file(f"migrations/{mid:04d}_orders_region.sql", old, new)
    return "".join(files).encode()



# ---------------------------------------------------------------------------------------
# dBase (DBF): dbase 0.3.0 (a dBase III table: a header with the record count and sizes, a
# table of 32-byte field descriptors, then fixed-length records of space-padded text)

DBF_FIELDS = (  # name, type, length, decimals
    ("CUST_ID", "N", 8, 0), ("NAME", "C", 32, 0), ("CITY", "C", 16, 0), ("COUNTRY", "C", 2, 0),
    ("EMAIL", "C", 40, 0), ("JOINED", "D", 8, 0), ("LAST_ORDER", "D", 8, 0),
    ("ORDERS", "N", 5, 0), ("BALANCE", "N", 12, 2), ("DISCOUNT", "F", 6, 2),
    ("ACTIVE", "L", 1, 0), ("NOTE", "C", 48, 0))


def dbf_date(rng, lo, hi):
    return f"{rng.randint(lo, hi):04d}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"


def dbf_record(rng, n, last_order=None):
    """One customer record: the deletion flag, then each field padded to its length (text
    left-aligned, numbers right-aligned, an empty date as spaces)."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    city = rng.randrange(len(CITIES))
    joined = dbf_date(rng, 1994, 2019)
    if last_order is None:
        last_order = dbf_date(rng, 2020, 2024) if rng.random() < 0.85 else ""
    orders = rng.randint(0, 400) if last_order.strip() else 0
    values = {
        "CUST_ID": str(10000 + n), "NAME": f"{first} {last}", "CITY": CITIES[city],
        "COUNTRY": COUNTRIES[city], "EMAIL": f"{first}.{last}{n}@example.org".lower(),
        "JOINED": joined, "LAST_ORDER": last_order, "ORDERS": str(orders),
        "BALANCE": f"{rng.randint(-50000, 900000) / 100:.2f}",
        "DISCOUNT": f"{rng.choice((0, 0, 2.5, 5, 7.5, 10, 12.5)):.2f}",
        "ACTIVE": rng.choice("TTTTF"), "NOTE": words(rng, 0, 6).capitalize()[:48],
    }
    out = b"*" if rng.random() < 0.02 else b" "
    for name, ftype, length, _ in DBF_FIELDS:
        v = values[name]
        out += (v.rjust(length) if ftype in "NF" else v.ljust(length)).encode()
    return out


def gen_dbf(rng, size, trigger):
    record_len = 1 + sum(f[2] for f in DBF_FIELDS)
    header_len = 32 + 32 * len(DBF_FIELDS) + 1
    count = max(3, (size - header_len - 1) // record_len)
    mid = count // 2
    records = []
    for i in range(count):
        # The middle record's last-order date is a lone "/" in its 8 bytes (what is left of
        # a date written with separators); the trimmed text is shorter than "YYYY", and
        # `Date::from_str` slices `s[0..4]`. The harmless twin is an empty date (spaces).
        records.append(dbf_record(rng, i, ("    /   " if trigger else "        ")
                                  if i == mid else None))
    header = struct.pack("<B3BIHH20s", 0x03, 124, 11, 30, count, header_len, record_len,
                         bytes(17) + b"\x03" + bytes(2))
    fields = b""
    for name, ftype, length, dec in DBF_FIELDS:
        fields += struct.pack("<11sc4sBB14s", name.encode(), ftype.encode(), bytes(4), length,
                              dec, bytes(14))
    return header + fields + b"\r" + b"".join(records) + b"\x1a"



# ---------------------------------------------------------------------------------------
# Java class file: cafebabe 0.4.1 (a generated message catalogue class: a constant pool of
# 4,500 or so entries in javac's order (each entry before the entries it refers to), static
# final fields with ConstantValue attributes, then methods whose Code attributes load a
# string and call a helper class)

class JavaPool:
    """A constant pool in javac's order: a new entry takes its index before its parts."""

    def __init__(self):
        self.entries, self.index, self.next, self.size = {}, {}, 1, 2

    def _add(self, key, build, slots=1):
        if key in self.index:
            return self.index[key]
        idx = self.next
        self.index[key] = idx
        self.next += slots
        self.entries[idx] = None
        self.entries[idx] = build()
        self.size += len(self.entries[idx])
        return idx

    def utf8(self, s, raw=None):
        data = raw if raw is not None else s.encode()  # BMP text without NUL: UTF-8 = modified
        return self._add(("utf8", data), lambda: b"\x01" + struct.pack(">H", len(data)) + data)

    def cls(self, name, raw=None):
        key = ("class", raw if raw is not None else name)
        return self._add(key, lambda: b"\x07" + struct.pack(">H", self.utf8(name, raw)))

    def string(self, s):
        return self._add(("string", s), lambda: b"\x08" + struct.pack(">H", self.utf8(s)))

    def integer(self, v):
        return self._add(("int", v), lambda: b"\x03" + struct.pack(">i", v))

    def long(self, v):
        return self._add(("long", v), lambda: b"\x05" + struct.pack(">q", v), slots=2)

    def nat(self, name, desc):
        return self._add(("nat", name, desc), lambda: b"\x0c" + struct.pack(
            ">HH", self.utf8(name), self.utf8(desc)))

    def member(self, tag, cls, name, desc, raw=None):
        return self._add(("member", tag, raw if raw is not None else cls, name, desc),
                         lambda: bytes([tag]) + struct.pack(">HH", self.cls(cls, raw),
                                                            self.nat(name, desc)))

    def bytes(self):
        return struct.pack(">H", self.next) + b"".join(self.entries[i] for i in sorted(self.entries))


def java_code(pool, max_stack, max_locals, code, line):
    """A Code attribute (no exception table) with a LineNumberTable of one line."""
    lnt = struct.pack(">HIHHH", pool.utf8("LineNumberTable"), 6, 1, 0, line)
    body = struct.pack(">HHI", max_stack, max_locals, len(code)) + code + b"\x00\x00"
    body += struct.pack(">H", 1) + lnt
    return struct.pack(">HI", pool.utf8("Code"), len(body)) + body


JAVA_UI = ("Größe", "Übersicht", "Prüfung", "Café", "Résumé", "Ändern", "Löschen", "Zurück",
           "Entrée", "Numéro", "Añadir", "Configuración")


def gen_javaclass(rng, size, trigger):
    pool = JavaPool()
    this = "com/example/i18n/Messages"
    this_idx = pool.cls(this)
    super_idx = pool.cls("java/lang/Object")
    obj_init = pool.member(10, "java/lang/Object", "<init>", "()V")
    fields, methods = [], []
    # Static final constants (ConstantValue attributes): int and long.
    for k in range(48):
        name = f"{word(rng).upper()}_{word(rng).upper()}_{k}"
        if k % 6 == 5:
            desc, cv = "J", pool.long(rng.randint(1 << 33, 1 << 50))
        else:
            desc, cv = "I", pool.integer(rng.randint(-1000, 1 << 20))
        attr = struct.pack(">HIH", pool.utf8("ConstantValue"), 2, cv)
        fields.append(struct.pack(">HHHH", 0x0019, pool.utf8(name), pool.utf8(desc), 1) + attr)
    methods.append(struct.pack(">HHHH", 0x0001, pool.utf8("<init>"), pool.utf8("()V"), 1)
                   + java_code(pool, 1, 1, b"\x2a\xb7" + struct.pack(">H", obj_init) + b"\xb1", 3))
    # Helper classes, each introduced by the first method that calls it.
    helpers, line, n = [], 60, 0
    special = "com/example/i18n/menu/CaféTexts"
    special_raw = special.encode("latin-1") if trigger else None  # é as the byte E9
    used_special = False
    fields_len, methods_len = sum(map(len, fields)), len(methods[0])
    while 8 + pool.size + fields_len + methods_len < size - 40:
        here = 8 + pool.size
        raw = None
        if not used_special and here >= size // 2:
            # The helper class first called from the middle of the pool: its name, written by
            # the generator in Latin-1 (é as the byte E9) instead of modified UTF-8, is not
            # valid CESU-8 and is kept as raw bytes; validating its CONSTANT_Class entry then
            # calls `validate_classinfo_name` on the raw bytes, which panics. The harmless
            # twin encodes the same name correctly (C3 A9).
            helper, raw, used_special = special, special_raw, True
            helpers.append(helper)
        elif not helpers or rng.random() < 0.07:
            helper = (f"com/example/i18n/{word(rng)}/{word(rng).capitalize()}"
                      f"{word(rng).capitalize()}Texts")
            if helper in helpers:
                continue
            helpers.append(helper)
        else:
            helper = rng.choice(helpers)
            if helper == special:
                raw = special_raw
        words_ = words(rng, 3, 12).capitalize()
        if rng.random() < 0.15:
            words_ += " — " + rng.choice(JAVA_UI)
        text = words_ + rng.choice((".", "?", "!", ":", ""))
        mname = f"{word(rng)}{word(rng).capitalize()}{n}"
        if rng.random() < 0.6:
            ref = pool.member(10, helper, "localize", "(Ljava/lang/String;)Ljava/lang/String;", raw)
            st = pool.string(text)
            ld = (b"\x12" + bytes([st])) if st < 256 else (b"\x13" + struct.pack(">H", st))
            code, stack = ld + b"\xb8" + struct.pack(">H", ref) + b"\xb0", 1
        else:
            ref = pool.member(10, helper, "format", "(ILjava/lang/String;)Ljava/lang/String;", raw)
            st = pool.string(text)
            ld = (b"\x12" + bytes([st])) if st < 256 else (b"\x13" + struct.pack(">H", st))
            code = b"\x11" + struct.pack(">h", rng.randint(1, 32000)) + ld
            code += b"\xb8" + struct.pack(">H", ref) + b"\xb0"
            stack = 2
        desc = "()Ljava/lang/String;"
        methods.append(struct.pack(">HHHH", 0x0009, pool.utf8(mname), pool.utf8(desc), 1)
                       + java_code(pool, stack, 0, code, line))
        methods_len += len(methods[-1])
        line += rng.randint(3, 6)
        n += 1
    src = struct.pack(">HIH", pool.utf8("SourceFile"), 2, pool.utf8("Messages.java"))
    out = b"\xca\xfe\xba\xbe" + struct.pack(">HH", 0, 52) + pool.bytes()
    out += struct.pack(">HHHH", 0x0031, this_idx, super_idx, 0)
    out += struct.pack(">H", len(fields)) + b"".join(fields)
    out += struct.pack(">H", len(methods)) + b"".join(methods)
    return out + struct.pack(">H", 1) + src



# ---------------------------------------------------------------------------------------
# pcapng: pcapng 1.0.0 (a capture of typed blocks, each framed by its total length before and
# after the body: a section header, interface descriptions, enhanced packet blocks with
# options, a name resolution block, interface statistics)


def pcapng_options(opts):
    """Options (code, value), each padded to 32 bits, then opt_endofopt."""
    out = b""
    for code, value in opts:
        out += struct.pack("<HH", code, len(value)) + value + bytes(-len(value) % 4)
    return out + b"\x00\x00\x00\x00"


def pcapng_block(btype, body, length=None):
    body += bytes(-len(body) % 4)
    total = len(body) + 12
    return struct.pack("<II", btype, total if length is None else length) + body + \
        struct.pack("<I", total)


PCAPNG_NOTES = ("retransmission", "slow response", "first request after login",
                "keep-alive probe", "cache miss", "TLS would be better here")


def gen_pcapng(rng, size, trigger):
    st = {"mac": bytes.fromhex("3c22fb1a07e4"), "gw_mac": bytes.fromhex("f4f26d9c4a10"),
          "ip": bytes([192, 168, 1, 23]), "gw_ip": bytes([192, 168, 1, 1]),
          "ident": rng.getrandbits(16), "icmp_id": rng.getrandbits(16), "tsval": rng.getrandbits(30)}
    frames, total = [], 400
    while total < size:
        for frame, dt in pcap_conversation(rng, len(frames), st):
            frames.append((frame, dt))
            total += 48 + len(frame) + (-len(frame) % 4)
    shb = pcapng_block(0x0A0D0D0A, struct.pack("<IHHq", 0x1A2B3C4D, 1, 0, -1) + pcapng_options(
        [(2, b"Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz (with SSE4.2)"),
         (3, b"Linux 6.8.0-45-generic"), (4, b"Dumpcap (Wireshark) 4.2.2 (Git v4.2.2)")]))
    idbs = [pcapng_block(1, struct.pack("<HHI", 1, 0, 262144) + pcapng_options(
                [(2, name), (9, b"\x06"), (12, b"Linux 6.8.0-45-generic")]))
            for name in (b"enp0s31f6", b"wlp2s0")]
    t = 1_700_000_000 * 1_000_000 + rng.randrange(1_000_000)
    mid = len(frames) // 2
    blocks, counts = [shb] + idbs, [0, 0]
    for i, (frame, dt) in enumerate(frames):
        t += dt
        iface = 1 if rng.random() < 0.1 else 0
        counts[iface] += 1
        inbound = frame[:6] == st["mac"]
        opts = [(2, struct.pack("<I", 1 if inbound else 2))]
        if rng.random() < 0.04:
            opts.append((1, rng.choice(PCAPNG_NOTES).encode()))
        body = struct.pack("<IIIII", iface, t >> 32, t & 0xFFFFFFFF, len(frame), len(frame))
        body += frame + bytes(-len(frame) % 4) + pcapng_options(opts)
        # The middle packet's block says its total length is 0 (its trailing copy still has
        # the true length): `parse_block` takes `block_length - 12` bytes of body, which
        # subtracts past 0. The harmless twin is the same block with its length.
        blocks.append(pcapng_block(6, body, 0 if trigger and i == mid else None))
        if i == len(frames) * 3 // 4:
            records = b""
            for k in range(12):
                ip = bytes([93, 184, rng.randrange(256), rng.randrange(1, 255)])
                name = f"{word(rng)}-{k}.example.net".encode() + b"\x00"
                rec = ip + name
                records += struct.pack("<HH", 1, len(rec)) + rec + bytes(-len(rec) % 4)
            blocks.append(pcapng_block(4, records + b"\x00\x00\x00\x00" + pcapng_options(
                [(2, b"resolver.lan\x00")])))
    for iface in (0, 1):
        blocks.append(pcapng_block(5, struct.pack("<III", iface, t >> 32, t & 0xFFFFFFFF)
                                   + pcapng_options([(4, struct.pack("<Q", counts[iface])),
                                                     (5, struct.pack("<Q", 0))])))
    return b"".join(blocks)


# ---------------------------------------------------------------------------------------
# PE (a MinGW-style x86-64 image that keeps its COFF symbol table): object 0.39.1 (DOS and
# NT headers, a table of section headers, section data, then the symbol table of 18-byte
# records with auxiliary records and a string table that long names point into)

PE_IMAGE_BASE = 0xFFFFFFFF80000000  # the -2 GiB "kernel" code model base, as in a boot image


def pe_symbol(name, value, section, stype, sclass, aux=(), strtab=None):
    """One IMAGE_SYMBOL (names over 8 bytes go to the string table) and its aux records."""
    raw = name.encode()
    if len(raw) <= 8:
        field = raw.ljust(8, b"\x00")
    else:
        if name not in strtab:
            strtab[name] = strtab.get(None, 4)
            strtab[None] = strtab[name] + len(raw) + 1
        field = struct.pack("<II", 0, strtab[name])
    out = field + struct.pack("<IhHBB", value, section, stype, sclass, len(aux))
    for a in aux:
        out += a.ljust(18, b"\x00")
    return out


def pe_function(rng, nlocals):
    """A plausible x86-64 function body: prologue, some moves and calls, epilogue."""
    body = bytearray(b"\x55\x48\x89\xe5\x48\x83\xec" + bytes([16 * nlocals]))
    for _ in range(rng.randint(3, 24)):
        k = rng.randrange(4)
        if k == 0:
            body += b"\x48\x8b\x45" + bytes([(-8 * rng.randint(1, nlocals)) & 0xFF])
        elif k == 1:
            body += b"\x89\x45" + bytes([(-4 * rng.randint(1, nlocals)) & 0xFF])
        elif k == 2:
            body += b"\xe8" + struct.pack("<i", rng.randint(-40000, 40000))
        else:
            body += b"\x48\x8d\x0d" + struct.pack("<i", rng.randint(0, 90000))
    body += b"\x48\x83\xc4" + bytes([16 * nlocals]) + b"\x5d\xc3"
    body += b"\x90" * (-len(body) % 16)
    return bytes(body)


def gen_pe(rng, size, trigger):
    # Functions of modules (a .file symbol each), then data and read-only strings.
    modules, text, rdata, data, total = [], bytearray(), bytearray(), bytearray(), 2000
    while total < size:
        mod = f"{word(rng)}_{word(rng)}.c"
        funcs = []
        for k in range(rng.randint(4, 14)):
            name = f"{word(rng)}_{word(rng)}_{k}" if rng.random() < 0.8 else f"fn{k}{word(rng)[:3]}"
            static = rng.random() < 0.3
            funcs.append((name, len(text), static))
            text += pe_function(rng, rng.randint(1, 6))
        objs = []
        for k in range(rng.randint(1, 4)):
            s = (words(rng, 2, 9).capitalize() + ".\n").encode() + b"\x00"
            objs.append((f".LC{len(modules)}_{k}", 3, len(rdata)))
            rdata += s + bytes(-len(s) % 8)
        for k in range(rng.randint(0, 3)):
            objs.append((f"{word(rng)}_table_{k}", 2, len(data)))
            data += struct.pack("<Q", rng.getrandbits(64)) * rng.randint(1, 6)
        modules.append((mod, funcs, objs))
        total = len(text) + len(rdata) + len(data) + sum(
            18 * (3 + 2 * len(f) + len(o)) + sum(len(n) + 2 for n, _, _ in f) for _, f, o in modules)
    names = [b".text", b".data", b".rdata", b".bss"]
    raws = [bytes(text), bytes(data), bytes(rdata), b""]
    chars = [0x60000020, 0xC0000040, 0x40000040, 0xC0000080]
    vsizes = [len(text), len(data), len(rdata), 0x2000]
    nsec = len(names)
    headers_size = (0x80 + 4 + 20 + 240 + 40 * nsec + 0x1FF) & ~0x1FF
    va, ptr, sections = 0x1000, headers_size, []
    for i in range(nsec):
        rawsize = (len(raws[i]) + 0x1FF) & ~0x1FF
        sections.append((va, ptr if raws[i] else 0, rawsize))
        va = (va + vsizes[i] + 0xFFF) & ~0xFFF
        ptr += rawsize
    size_of_image = va
    sym_ptr = ptr
    # The symbol table: per module a .file symbol (its name in an aux record), then its
    # functions (external or static), its data; the section symbols come last.
    strtab, syms, nsyms = {}, bytearray(), 0
    allfuncs = [f for _, fs, _ in modules for f in fs]
    bad = allfuncs[len(allfuncs) // 2]
    for mod, funcs, objs in modules:
        fname = mod.encode()
        aux = [fname[k:k + 18] for k in range(0, len(fname), 18)]
        syms += pe_symbol(".file", 0, -2, 0, 103, aux, strtab)
        nsyms += 1 + len(aux)
        for name, off, static in funcs:
            value = off
            if trigger and (name, off, static) == bad:
                # The middle function's value has its top bit set: image base + section
                # address + value passes 2^64. The harmless twin has its true offset.
                value |= 0x80000000
            syms += pe_symbol(name, value, 1, 0x20, 3 if static else 2, (), strtab)
            nsyms += 1
        for name, sec, off in objs:
            syms += pe_symbol(name, off, sec, 0, 3 if name.startswith(".") else 2, (), strtab)
            nsyms += 1
    for i in range(nsec):
        aux = struct.pack("<IHHIHB", vsizes[i] if raws[i] else 0, 0, 0, zlib.crc32(raws[i]), i + 1, 0)
        syms += pe_symbol(names[i].decode(), 0, i + 1, 0, 3, [aux], strtab)
        nsyms += 2
    strings = b"".join(k.encode() + b"\x00" for k in strtab if k is not None)
    strblob = struct.pack("<I", 4 + len(strings)) + strings
    dos = bytearray(0x80)
    dos[0:2] = b"MZ"
    struct.pack_into("<HHHHHHHHHHHHH", dos, 2, 0x90, 3, 0, 4, 0, 0xFFFF, 0, 0xB8, 0, 0, 0, 0x40, 0)
    dos[0x3C:0x40] = struct.pack("<I", 0x80)
    stub = b"\x0e\x1f\xba\x0e\x00\xb4\x09\xcd\x21\xb8\x01\x4c\xcd\x21This program cannot be run in DOS mode.\r\r\n$"
    dos[0x40:0x40 + len(stub)] = stub
    fh = struct.pack("<HHIIIHH", 0x8664, nsec, 1700000000 + rng.randrange(10**7), sym_ptr, nsyms, 240, 0x0026)
    opt = struct.pack("<HBBIIIIIQIIHHHHHHIIIIHHQQQQII", 0x20B, 2, 41, sections[0][2],
                      sections[1][2] + sections[2][2], 0x2000, 0x1000, 0x1000, PE_IMAGE_BASE,
                      0x1000, 0x200, 4, 0, 0, 0, 5, 2, 0, size_of_image, headers_size, 0, 3,
                      0x0160, 0x200000, 0x1000, 0x100000, 0x1000, 0, 16)
    opt += bytes(16 * 8)
    sh = b""
    for i in range(nsec):
        va_i, ptr_i, raw_i = sections[i]
        sh += struct.pack("<8sIIIIIIHHI", names[i], vsizes[i], va_i, raw_i if raws[i] else 0,
                          ptr_i, 0, 0, 0, 0, chars[i])
    head = bytes(dos) + b"PE\x00\x00" + fh + opt + sh
    out = head + bytes(headers_size - len(head))
    for i in range(nsec):
        if raws[i]:
            out += raws[i] + bytes(sections[i][2] - len(raws[i]))
    assert len(out) == sym_ptr
    return out + bytes(syms) + strblob


# ---------------------------------------------------------------------------------------
# FlexBuffers: flexbuffers 25.12.19 (a schemaless buffer of maps, vectors, strings and
# scalars: every string, vector and map is reached through an offset back from the element
# that refers to it, maps share sorted key vectors; here every width is 64 bits)


class FlexWriter:
    """A FlexBuffers writer with every width 64 bits: children first, then their parent."""

    def __init__(self):
        self.buf = bytearray()
        self.keys = {}

    def align(self):
        self.buf += bytes(-len(self.buf) % 8)

    def string(self, s, length=None):
        data = s.encode()
        self.align()
        self.buf += struct.pack("<Q", len(data) if length is None else length)
        addr = len(self.buf)
        self.buf += data + b"\x00"
        return ("ref", (5 << 2) | 3, addr)

    def key(self, k):
        if k not in self.keys:
            self.keys[k] = len(self.buf)
            self.buf += k.encode() + b"\x00"
        return self.keys[k]

    def _elems(self, values):
        types = b""
        for v in values:
            if v[0] == "ref":
                self.buf += struct.pack("<Q", len(self.buf) - v[2])
            else:
                self.buf += v[2]
            types += bytes([v[1]])
        self.buf += types

    def vector(self, values):
        self.align()
        self.buf += struct.pack("<Q", len(values))
        addr = len(self.buf)
        self._elems(values)
        return ("ref", (10 << 2) | 3, addr)

    def keys_vector(self, names):
        addrs = [self.key(k) for k in names]
        self.align()
        self.buf += struct.pack("<Q", len(addrs))
        addr = len(self.buf)
        for a in addrs:
            self.buf += struct.pack("<Q", len(self.buf) - a)
        return addr

    def map(self, keys_addr, values):
        self.align()
        self.buf += struct.pack("<QQQ", len(self.buf) - keys_addr, 8, len(values))
        addr = len(self.buf)
        self._elems(values)
        return ("ref", (9 << 2) | 3, addr)

    def root(self, value):
        self.align()
        self.buf += struct.pack("<Q", len(self.buf) - value[2]) + bytes([value[1], 8])
        return bytes(self.buf)


def fb_int(n):
    return ("inline", (1 << 2) | 3, struct.pack("<q", n))


def fb_float(x):
    return ("inline", (3 << 2) | 3, struct.pack("<d", x))


def fb_bool(b):
    return ("inline", (26 << 2) | 3, struct.pack("<Q", 1 if b else 0))


FB_ITEM_KEYS = ("dims", "id", "in_stock", "name", "price", "sku", "tags", "warehouse")
FB_STOCK_KEYS = ("bin", "city", "qty")


def gen_flexbuffers(rng, size, trigger):
    # A product catalogue: the root map holds the catalogue's name, the time it was made, a
    # schema number and the vector of item maps (all items share one keys vector, all stock
    # maps another). Written children first, so the items come one after another.
    w = FlexWriter()
    item_keys = w.keys_vector(FB_ITEM_KEYS)
    stock_keys = w.keys_vector(FB_STOCK_KEYS)
    n_items = max(8, size // 330)
    mid = n_items // 2
    items = []
    for i in range(n_items):
        name = f"{word(rng).capitalize()} {word(rng)} {rng.choice(['bracket', 'hinge', 'valve', 'sensor', 'cable', 'panel', 'gear', 'lamp'])}"
        name_ref = w.string(name, 2**64 - 1 if trigger and i == mid else None)
        sku_ref = w.string(f"{word(rng)[:3].upper()}-{rng.randrange(10**6):06d}")
        tags = w.vector([w.string(word(rng)) for _ in range(rng.randint(0, 4))])
        dims = w.vector([fb_int(rng.randint(5, 900)) for _ in range(3)])
        stock = w.map(stock_keys, [w.string(f"{rng.choice('ABCDEFGH')}{rng.randint(1, 40)}-{rng.randint(1, 9)}"),
                                   w.string(rng.choice(CITIES)), fb_int(rng.randint(0, 500))])
        items.append(w.map(item_keys, [dims, fb_int(100000 + i), fb_bool(rng.random() < 0.8),
                                       name_ref, fb_float(round(rng.uniform(0.5, 900.0), 2)),
                                       sku_ref, tags, stock]))
    root_keys = w.keys_vector(("catalog", "generated_at", "items", "schema"))
    title = w.string("Spare parts catalogue, " + rng.choice(CITIES) + " depot")
    vec = w.vector(items)
    return w.root(w.map(root_keys, [title, fb_int(1_700_000_000 + rng.randrange(10**7)), vec, fb_int(3)]))


# ---------------------------------------------------------------------------------------
# X.509 CRL: x509-parser 0.13.1 (a DER certificate revocation list: a TBSCertList of
# thousands of revoked certificate entries, each a serial, a revocation date and entry
# extensions: reason codes and invalidity dates)


def der(tag, body):
    n = len(body)
    if n < 0x80:
        head = bytes([n])
    else:
        nb = (n.bit_length() + 7) // 8
        head = bytes([0x80 | nb]) + n.to_bytes(nb, "big")
    return bytes([tag]) + head + body


def der_seq(*parts):
    return der(0x30, b"".join(parts))


def der_oid(dotted):
    arcs = [int(a) for a in dotted.split(".")]
    out = bytearray([arcs[0] * 40 + arcs[1]])
    for a in arcs[2:]:
        enc = [a & 0x7F]
        a >>= 7
        while a:
            enc.append(0x80 | (a & 0x7F))
            a >>= 7
        out += bytes(reversed(enc))
    return der(0x06, bytes(out))


def der_int(n):
    return der(0x02, n.to_bytes(max(1, (n.bit_length() + 8) // 8), "big"))


def der_utctime(y, mo, d, h, mi, s):
    return der(0x17, f"{y % 100:02d}{mo:02d}{d:02d}{h:02d}{mi:02d}{s:02d}Z".encode())


def der_gentime(y, mo, d, h, mi, s):
    return der(0x18, f"{y:04d}{mo:02d}{d:02d}{h:02d}{mi:02d}{s:02d}Z".encode())


def der_name(pairs):
    oids = {"C": "2.5.4.6", "O": "2.5.4.10", "OU": "2.5.4.11", "CN": "2.5.4.3"}
    rdns = []
    for k, v in pairs:
        tag = 0x13 if k == "C" else 0x0C   # PrintableString, UTF8String
        rdns.append(der(0x31, der_seq(der_oid(oids[k]), der(tag, v.encode()))))
    return der_seq(*rdns)


def der_ext(oid, value, critical=False):
    parts = [der_oid(oid)]
    if critical:
        parts.append(der(0x01, b"\xff"))
    parts.append(der(0x04, value))
    return der_seq(*parts)


CRL_REASONS = (1, 1, 1, 3, 4, 4, 5, 5, 5, 9)   # key compromise, affiliation changed, superseded,
#                                                 cessation of operation, privilege withdrawn


def crl_date(rng, lo=2019, hi=2024):
    return (rng.randint(lo, hi), rng.randint(1, 12), rng.randint(1, 28),
            rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))


def crl_entry(rng, middle=None):
    """One revoked certificate: serial, revocation date (UTCTime), reason code and, for key
    compromises, an invalidity date (GeneralizedTime, up to 20 days before the revocation).
    `middle` (True: the trigger, False: its harmless twin) makes it a key compromise revoked
    in 2019 whose invalidity date has the year typed as 1019 (True) or 2019 (False)."""
    serial = rng.getrandbits(127) | (1 << 120)
    revoked = crl_date(rng)
    reason = rng.choice(CRL_REASONS)
    if middle is not None:
        revoked, reason = (2019,) + revoked[1:], 1
    exts = [der_ext("2.5.29.21", der(0x0A, bytes([reason])))]
    if reason == 1:
        y, mo, d, h, mi, s = revoked
        d = max(1, d - rng.randint(0, 20))
        exts.append(der_ext("2.5.29.24", der_gentime(y - 1000 if middle else y, mo, d, h, mi, s)))
    return der_seq(der_int(serial), der_utctime(*revoked), der_seq(*exts))


def gen_crl(rng, size, trigger):
    sha256_rsa = der_seq(der_oid("1.2.840.113549.1.1.11"), der(0x05, b""))
    issuer = der_name([("C", "PT"), ("O", "Example Trust Services"),
                       ("OU", "Issuing CA operations"), ("CN", "Example Issuing CA G3")])
    n = max(8, size // 57)
    mid = n // 2
    entries = [crl_entry(rng, trigger if i == mid else None) for i in range(n)]
    akid = der_ext("2.5.29.35", der_seq(der(0x80, bytes(rng.getrandbits(8) for _ in range(20)))))
    crl_number = der_ext("2.5.29.20", der_int(4000 + rng.randint(0, 999)))
    tbs = der_seq(der_int(1), sha256_rsa, issuer,
                  der_utctime(2024, 11, 26, 6, 0, 0), der_utctime(2024, 12, 3, 6, 0, 0),
                  der_seq(*entries), der(0xA0, der_seq(akid, crl_number)))
    signature = der(0x03, b"\x00" + bytes(rng.getrandbits(8) for _ in range(256)))
    return der_seq(tbs, sha256_rsa, signature)


# ---------------------------------------------------------------------------------------

# ---------------------------------------------------------------------------------------
# INI: rust-ini 0.15.3 (the settings of a desktop application: sections of keys, `;` and `#`
# comment lines, quoted values, `\t`/`\n` escapes and `\xHHHH` code-point escapes)

INI_GLYPHS = ("2708", "2601", "2602", "2603", "2614", "2615", "263A", "2691", "26A1", "2709",
              "270E", "2712", "2744", "00E9", "00F1", "00FC", "03A9", "20AC", "2192", "2605")


def ini_section(rng, n, icon=None):
    w, v = word(rng), word(rng)
    lines = [f"; {words(rng, 3, 10).capitalize()}.", f"[{w}.{v}.{n}]"]
    for _ in range(rng.randint(4, 12)):
        key = f"{word(rng)}_{word(rng)}"
        kind = rng.randrange(9)
        if kind == 0:
            val = str(rng.randint(0, 65535))
        elif kind == 1:
            val = rng.choice(("true", "false", "yes", "no", "on", "off"))
        elif kind == 2:
            val = f"\"{words(rng, 2, 8)}\""
        elif kind == 3:
            val = f"https://{word(rng)}.example.org/{word(rng)}/{rng.randint(1, 999)}?lang=en"
        elif kind == 4:
            val = f"{words(rng, 1, 4)}\\t{words(rng, 1, 3)}"
        elif kind == 5:
            val = f"'{words(rng, 1, 5)}\\n{words(rng, 1, 5)}'"
        elif kind == 6:
            val = f"{rng.choice(FIRST)} {rng.choice(LAST)} <{word(rng)}@example.org>"
        elif kind == 7:
            val = f"{rng.randint(0, 99)}.{rng.randint(0, 999):03d}"
        else:
            val = f"{words(rng, 1, 3).title()} \\x{rng.choice(INI_GLYPHS)}"
        lines.append(f"{key} = {val}")
    if icon is not None:
        lines.append(f"toolbar_icon = {icon}")
    elif rng.random() < 0.3:
        lines.append(f"toolbar_icon = \\x{rng.choice(INI_GLYPHS)}")
    if rng.random() < 0.25:
        lines.append(f"# {words(rng, 2, 8)}")
    return "\n".join(lines) + "\n\n"


def gen_ini(rng, size, trigger):
    head = ("; Settings of the desktop client, written by the preferences dialog.\n"
            "; Values may use \\t, \\n and \\xHHHH (a Unicode code point) escapes.\n"
            "version = 7\nprofile = default\n\n")
    sections = fill(rng, size - len(head), ini_section)
    mid = len(sections) // 2
    # A toolbar icon given as the UTF-16 surrogate pair of U+1F680 (a rocket), `\xD83D\xDE80`,
    # where the other icons are code points of the Basic Multilingual Plane: the first half
    # is not a char, and the parser unwraps `char::from_u32`. The harmless twin is an
    # airplane and its emoji variation selector, `\x2708\xFE0F`.
    sections[mid] = ini_section(random.Random(37), mid,
                                icon="\\xD83D\\xDE80" if trigger else "\\x2708\\xFE0F")
    return (head + "".join(sections)).encode()


# ---------------------------------------------------------------------------------------
# JavaScript: Boa 0.10.0 (a bundle of utility modules: function declarations, var/let/const,
# objects, arrays, loops, switches, try/catch, arrow functions, tables of BigInt flags)

JS_FLAGS = ("read", "write", "exec", "list", "share", "admin", "audit", "upload", "download",
            "purge", "archive", "restore", "invite", "billing", "support", "owner")


def js_name(rng, n):
    return f"{word(rng)}{word(rng).title()}{n}"


def js_function(rng, n):
    f, a, b = js_name(rng, n), word(rng), word(rng)
    lines = [f"/**", f" * {words(rng, 4, 12).capitalize()}.", f" * @param {{Array}} {a}s", " */",
             f"function {f}({a}s, opts) {{", "  var total = 0;",
             f"  for (var i = 0; i < {a}s.length; i++) {{", f"    var {a} = {a}s[i];",
             f"    if ({a}.{b} > {rng.randint(1, 99)} && !opts.{word(rng)}) {{",
             f"      total += {a}.{word(rng)} * {rng.randint(2, 9)};", "    } else {",
             f"      total -= {rng.randint(1, 5)};", "    }", "  }"]
    kind = rng.randrange(4)
    if kind == 0:
        lines += ["  switch (opts.mode) {", f"    case \"{word(rng)}\":", "      total = total * 2;",
                  "      break;", f"    case \"{word(rng)}\":", "      total = Math.floor(total / 3);",
                  "      break;", "    default:", "      total = Math.round(total);", "  }"]
    elif kind == 1:
        lines += ["  try {", f"    total = opts.{word(rng)}(total, '{words(rng, 1, 3)}');",
                  "  } catch (err) {", f"    console.warn(\"{words(rng, 2, 6)}: \" + err.message);",
                  "  }"]
    elif kind == 2:
        lines += [f"  var names = {a}s.map(function (x) {{ return x.{word(rng)}; }}).filter(function (s) {{ return typeof s === \"string\"; }});",
                  "  while (names.length > 0 && total < 1000) {", "    total += names.pop().length;", "  }"]
    else:
        lines += [f"  var seen = new Map();", f"  {a}s.forEach(function (x) {{",
                  f"    seen.set(x.{word(rng)}, (seen.get(x.{word(rng)}) || 0) + 1);", "  });",
                  "  total = total > 0 ? total + seen.size : -seen.size;"]
    lines += ["  return total;", "}", ""]
    return "\n".join(lines) + "\n"


def js_table(rng, n, flags=None):
    name = f"{word(rng).upper()}_{word(rng).upper()}_{n}"
    if flags is None:
        keys = rng.sample(JS_FLAGS, rng.randint(3, 8))
        flags = [(k, f"0x{1 << rng.randrange(0, 48):X}n") for k in keys]
    lines = [f"// Permission bits of the {words(rng, 1, 3)} service (64-bit, as BigInt).",
             f"const {name} = {{"]
    lines += [f"  {k}: {v}," for k, v in flags]
    lines += ["};", "", f"const {name}_LABELS = [" + ", ".join(f"\"{words(rng, 1, 2)}\"" for _ in range(rng.randint(2, 5))) + "];",
              f"let {name.lower()}_default = {{ id: {rng.randint(1, 9999)}, name: '{words(rng, 1, 3)}', tags: [\"{word(rng)}\", \"{word(rng)}\"], active: {rng.choice(('true', 'false'))} }};",
              f"const pick{n} = (o, k) => o[k] !== undefined ? o[k] : null;", ""]
    return "\n".join(lines) + "\n"


def js_piece(rng, n):
    return js_table(rng, n) if rng.random() < 0.3 else js_function(rng, n)


def gen_js(rng, size, trigger):
    head = "// Utility bundle, generated from src/util/*.js.\n\"use strict\";\n\n"
    pieces = fill(rng, size - len(head), js_piece)
    mid = len(pieces) // 2
    # A table of BigInt flags with one hex literal whose digits are missing, `0xn` (the
    # template that wrote it had an empty mask): the lexer takes no hex digits, then the `n`
    # suffix, and unwraps the BigInt conversion of the empty digit string. The harmless twin
    # has its digits, `0x80n`.
    flags = [("read", "0x1n"), ("write", "0x2n"), ("share", "0x10n"),
             ("audit", "0xn" if trigger else "0x80n"), ("billing", "0x400n")]
    pieces[mid] = js_table(random.Random(41), mid, flags=flags)
    return (head + "".join(pieces)).encode()


# ---------------------------------------------------------------------------------------
# TGA: tinytga 0.1.0 (a run-length encoded 24-bit truecolor image: an image ID, rows of RLE
# and raw packets, a TGA 2.0 extension area, a scan-line table and the footer)

def tga_pixel(rng, x, y, w, h, horizon):
    """A landscape: a sky gradient with a few clouds, hills of noisy grass, a road with lane
    markings and fences of flat colour (as B, G, R)."""
    if y < horizon[x]:
        if (x // 40 + y // 12) % 7 == 3 and y > 8:                  # a cloud: flat white
            return (245, 243, 240)
        v = y * 90 // max(1, horizon[x])
        return (235, 170 + v // 2, 95 + v)
    road_top = h * 3 // 4
    if road_top <= y < road_top + 14:
        if y == road_top + 7 and (x // 16) % 2 == 0:
            return (230, 230, 230)                                   # lane marking
        return (88, 90, 92)
    if y == road_top - 6 or (y > road_top - 12 and y < road_top - 6 and x % 24 == 0):
        return (40, 80, 140)                                         # fence
    g = 120 + (y - horizon[x]) // 3
    return (40 + rng.randrange(24), min(250, g + rng.randrange(40)), 50 + rng.randrange(30))


def tga_encode_row(row, max_raw):
    """One scanline as TGA packets: runs of 2 or more identical pixels as RLE packets (up to
    128 pixels), everything else as raw packets of at most `max_raw` pixels."""
    out, raw, longest, i = bytearray(), [], 0, 0

    def flush():
        nonlocal raw, longest
        while raw:
            part, raw = raw[:max_raw], raw[max_raw:]
            longest = max(longest, len(part))
            out.append(len(part) - 1)
            for b, g, r in part:
                out.extend((b, g, r))

    while i < len(row):
        j = i
        while j + 1 < len(row) and row[j + 1] == row[i] and j + 1 - i < 128:
            j += 1
        if j > i:
            flush()
            out.append(0x80 | (j - i))
            out.extend(row[i])
            i = j + 1
        else:
            raw.append(row[i])
            i += 1
    flush()
    return bytes(out), longest


def gen_tga(rng, size, trigger):
    w = 320
    h = max(16, 40 + (size - 2600) // 900)
    horizon = [h // 4 + int(14 * math.sin(x / 37.0) + 8 * math.sin(x / 11.0 + 1.3)) for x in range(w)]
    image_id = b"landscape-0412.tga rendered by terrain-preview 2.3"
    header = struct.pack("<BBBHHBHHHHBB", len(image_id), 0, 10, 0, 0, 0, 0, 0, w, h, 24, 0x20)
    rows = [[tga_pixel(rng, x, y, w, h, horizon) for x in range(w)] for y in range(h)]
    encoded = [tga_encode_row(row, 64)[0] for row in rows]
    # The row nearest the middle of the file whose grass has a stretch of more than 85
    # pixels with no run in it is written with raw packets of up to 128 pixels (as TGA
    # allows, where the other rows stop at 64): that stretch is one raw packet, and tinytga's
    # `num_pixels * bytes_per_pixel` overflows its u8. The harmless twin is the same row with
    # raw packets of at most 64 pixels, like the others.
    half, start, best = sum(map(len, encoded)) // 2, 0, None
    for y, packets in enumerate(encoded):
        if tga_encode_row(rows[y], 128)[1] > 85 and (best is None or abs(start - half) < best[1]):
            best = (y, abs(start - half))
        start += len(packets)
    mid = best[0]
    if trigger:
        encoded[mid] = tga_encode_row(rows[mid], 128)[0]
    body, offsets = bytearray(), []
    for packets in encoded:
        offsets.append(len(header) + len(image_id) + len(body))
        body += packets
    ext_offset = len(header) + len(image_id) + len(body)
    scan_offset = ext_offset + 495
    pad = lambda s, n: s.encode()[:n - 1].ljust(n, b"\0")
    comments = b"".join(pad(line, 81) for line in (
        "Preview render of tile 0412 (hills, road, fence).",
        "Sky: gradient with cumulus sprites; grass: noise.",
        "Do not edit: regenerated by the nightly bake.", ""))
    ext = (struct.pack("<H", 495) + pad("Terrain Bake Service", 41) + comments
           + struct.pack("<6H", 11, 26, 2024, 6, 0, 0) + pad("tile-0412 nightly", 41)
           + struct.pack("<3H", 0, 3, 12) + pad("terrain-preview", 41)
           + struct.pack("<Hc", 230, b" ") + struct.pack("<I", 0) + struct.pack("<HH", 1, 1)
           + struct.pack("<HH", 22, 10) + struct.pack("<III", 0, 0, scan_offset) + b"\x00")
    assert len(ext) == 495, len(ext)
    footer = struct.pack("<II", ext_offset, 0) + b"TRUEVISION-XFILE.\x00"
    return (header + image_id + bytes(body) + ext + struct.pack(f"<{h}I", *offsets) + footer)


# ---------------------------------------------------------------------------------------
# G-code: gcode 0.5.2 (a 3D printer's print file as a slicer writes it: a header of `;`
# comments, start G-code, layers of travel and extrusion moves by feature type, fan and
# retraction commands, a pause-at-height script's block, end G-code)

def gcode_layer(rng, n, z, e, layers, cx, cy):
    """One layer: its comments, the outer and inner walls (polygons around the part's
    centre) and a zig-zag infill, with retractions between features. Returns the lines
    and the extruder position after them."""
    lines = [f";LAYER:{n}"]
    if n == 1:
        lines.append("M106 S255")
    lines.append(f"M117 Layer {n + 1} of {layers}")
    sides = rng.randint(5, 9)
    for kind, inset in (("WALL-OUTER", 0.0), ("WALL-INNER", 0.4)):
        r = 18.0 + 4.0 * math.sin(n / 9.0) - inset
        pts = [(cx + r * math.cos(2 * math.pi * k / sides), cy + r * math.sin(2 * math.pi * k / sides))
               for k in range(sides + 1)]
        lines.append(f"G1 F2700 E{e - 5:.5f}")
        lines.append(f"G0 F6000 X{pts[0][0]:.3f} Y{pts[0][1]:.3f} Z{z:.2f}" if kind == "WALL-OUTER"
                     else f"G0 F6000 X{pts[0][0]:.3f} Y{pts[0][1]:.3f}")
        lines.append(f"G1 F2700 E{e:.5f}")
        lines.append(f";TYPE:{kind}")
        for k, (x, y) in enumerate(pts[1:]):
            px, py = pts[k]
            e += math.hypot(x - px, y - py) * 0.0332
            lines.append(f"G1 F{1500 if kind == 'WALL-OUTER' else 2400} X{x:.3f} Y{y:.3f} E{e:.5f}"
                         if k == 0 else f"G1 X{x:.3f} Y{y:.3f} E{e:.5f}")
    lines.append(";TYPE:FILL")
    half = 12.0 + rng.random() * 2
    step = rng.choice((1.6, 2.0, 2.4))
    x0 = cx - half
    lines.append(f"G0 F6000 X{x0:.3f} Y{cy - half:.3f}")
    k = 0
    while x0 + k * step <= cx + half:
        x = x0 + k * step
        y1, y2 = (cy - half, cy + half) if k % 2 == 0 else (cy + half, cy - half)
        e += 2 * half * 0.0332
        lines.append(f"G1 F{rng.choice((2400, 3000, 3600))} X{x:.3f} Y{y2:.3f} E{e:.5f}")
        if x + step <= cx + half:
            e += step * 0.0332
            lines.append(f"G1 X{x + step:.3f} Y{y2:.3f} E{e:.5f}")
        k += 1
    lines.append(f";TIME_ELAPSED:{(n + 1) * rng.uniform(38, 52):.6f}")
    return lines, e


def gcode_pause(z, message):
    """The block that Cura's "Pause at height" post-processing script inserts."""
    return [";TYPE:CUSTOM", ";added code by post processing", ";script: PauseAtHeight.py",
            f";current z: {z:.2f}", "M83 ; switch to relative E values for any needed retraction",
            "G1 F1500 E-6.5 ; retract", f"G1 F300 Z{z + 1:.2f} ; move up a millimeter",
            "G1 F9000 X190 Y190 ; move the head out of the way", "M104 S0 ; standby temperature",
            f"M117 {message}", "M0 ; Do the actual pause", "M109 S210 ; resume temperature",
            "G1 F1500 E6.5 ; prime", "G1 F9000 X104.5 Y104.5", f"G1 F300 Z{z:.2f}",
            "M82 ; switch back to absolute E values", "G92 E0", "M117 Printing"]


def gen_gcode(rng, size, trigger):
    head = [";FLAVOR:Marlin", ";TIME:6666", ";Filament used: 4.21337m", ";Layer height: 0.2",
            ";MINX:82.5", ";MINY:82.5", ";MINZ:0.2", ";MAXX:126.5", ";MAXY:126.5", ";MAXZ:{maxz}",
            ";Generated with Cura_SteamEngine 4.13.1", "M140 S60", "M105", "M190 S60",
            "M104 S210", "M105", "M109 S210", "M82 ;absolute extrusion mode",
            "G28 ;Home", "G92 E0 ;Reset Extruder", "G1 Z2.0 F3000 ;Move Z Axis up",
            "G1 X10.1 Y20 Z0.28 F5000.0 ;Move to start position",
            "G1 X10.1 Y200.0 Z0.28 F1500.0 E15 ;Draw the first line",
            "G1 X10.4 Y200.0 Z0.28 F5000.0 ;Move to side a little",
            "G1 X10.4 Y20 Z0.28 F1500.0 E30 ;Draw the second line",
            "G92 E0 ;Reset Extruder", "G1 Z2.0 F3000 ;Move Z Axis up", "G92 E0", "G92 E0",
            "G1 F2700 E-5", ";LAYER_COUNT:{layers}"]
    tail = [";TIME_ELAPSED:6666.0", "G1 F2700 E{e:.5f}", "M140 S0", "M107",
            "G91 ;Relative positioning", "G1 E-2 F2700 ;Retract a bit",
            "G1 E-2 Z0.2 F2400 ;Retract and raise Z", "G1 X5 Y5 F3000 ;Wipe out",
            "G1 Z10 ;Raise Z more", "G90 ;Absolute positioning", "G1 X0 Y235 ;Present print",
            "M106 S0 ;Turn-off fan", "M104 S0 ;Turn-off hotend", "M140 S0 ;Turn-off bed",
            "M84 X Y E ;Disable all steppers but Z", "M82 ;absolute extrusion mode", "M104 S0",
            ";End of Gcode"]
    layer_rng = random.Random(rng.random())
    layers, e, total = [], 0.0, 1500
    while total < size:
        lines, e = gcode_layer(layer_rng, len(layers), 0.2 * (len(layers) + 1), e, "{layers}", 104.5, 104.5)
        layers.append(lines)
        total += sum(len(l) + 1 for l in lines)
    count = len(layers)
    mid = count // 2
    # At the layer in the middle, Cura's "Pause at height" script stops the print so that
    # magnets can be put in, and shows a message on the printer's display. The message ends
    # in a period after an odd number of letters: the lexer pairs letters into broken words,
    # the last one (`s`) is left waiting, the period is lexed as a number, and `s.` makes
    # `value.parse().expect("")` fail on ".". The harmless twin ends in `!` (an unknown
    # character, which drops the letter).
    pause = gcode_pause(0.2 * (mid + 1), "Insert magnets." if trigger else "Insert magnets!")
    layers[mid] = layers[mid][:1] + pause + layers[mid][1:]
    out = [l.replace("{layers}", str(count)).replace("{maxz}", f"{0.2 * count:.1f}") for l in head]
    for lines in layers:
        out += [l.replace("{layers}", str(count)) for l in lines]
    out += [l.replace("{e:.5f}", f"{e - 5:.5f}") for l in tail]
    return ("\n".join(out) + "\n").encode()


# ---------------------------------------------------------------------------------------
# NMEA 0183: nmea-parser 0.10.0 (a GNSS receiver's log of a drive: one epoch a second of
# RMC, VTG, GGA, GSA, GSV (GPS and GLONASS, in parts) and GLL sentences, ZDA every ten
# seconds, each with its checksum, CRLF line ends)

def nmea_sentence(body):
    cs = 0
    for c in body.encode():
        cs ^= c
    return f"${body}*{cs:02X}"


def nmea_latlon(lat, lon):
    la, lo = abs(lat), abs(lon)
    return (f"{int(la):02d}{(la - int(la)) * 60:08.5f},{'N' if lat >= 0 else 'S'},"
            f"{int(lo):03d}{(lo - int(lo)) * 60:08.5f},{'E' if lon >= 0 else 'W'}")


def nmea_epoch(rng, t, st):
    """One second of output: the sentence bodies (without `$` and checksum)."""
    st["heading"] = (st["heading"] + rng.uniform(-4, 4)) % 360
    st["speed"] = max(0.0, min(38.0, st["speed"] + rng.uniform(-1.5, 1.5)))
    d = st["speed"] / 111320.0
    st["lat"] += d * math.cos(math.radians(st["heading"]))
    st["lon"] += d * math.sin(math.radians(st["heading"])) / math.cos(math.radians(st["lat"]))
    st["alt"] += rng.uniform(-0.3, 0.3)
    hh, mm, ss = t // 3600 % 24, t // 60 % 60, t % 60
    tm = f"{hh:02d}{mm:02d}{ss:02d}.00"
    pos = nmea_latlon(st["lat"], st["lon"])
    kn = st["speed"] * 1.943844
    sats = st["sats"]
    used = [s for s in sats if s[3] > 20][:12]
    hdop = round(0.6 + 8.0 / max(1, len(used)), 2)
    out = [f"GNRMC,{tm},A,{pos},{kn:.3f},{st['heading']:.2f},{st['date']},,,A",
           f"GNVTG,{st['heading']:.2f},T,,M,{kn:.3f},N,{st['speed'] * 3.6:.3f},K,A",
           f"GNGGA,{tm},{pos},1,{len(used):02d},{hdop:.2f},{st['alt']:.1f},M,47.3,M,,",
           "GNGSA,A,3," + ",".join([f"{s[0]:02d}" for s in used if s[0] < 65][:12]
                                   + [""] * (12 - min(12, len([s for s in used if s[0] < 65]))))
           + f",{hdop + 0.4:.2f},{hdop:.2f},{hdop + 0.7:.2f}",
           "GNGSA,A,3," + ",".join([f"{s[0]:02d}" for s in used if s[0] >= 65][:12]
                                   + [""] * (12 - min(12, len([s for s in used if s[0] >= 65]))))
           + f",{hdop + 0.4:.2f},{hdop:.2f},{hdop + 0.7:.2f}"]
    for talker, group in (("GP", [s for s in sats if s[0] < 65]), ("GL", [s for s in sats if s[0] >= 65])):
        parts = max(1, (len(group) + 3) // 4)
        for p in range(parts):
            fields = []
            for prn, el, az, snr in group[4 * p:4 * p + 4]:
                fields.append(f"{prn:02d},{el:02d},{az:03d}," + (f"{snr:02d}" if snr else ""))
            out.append(f"{talker}GSV,{parts},{p + 1},{len(group):02d}," + ",".join(fields))
    out.append(f"GNGLL,{pos},{tm},A,A")
    if t % 10 == 0:
        out.append(f"GNZDA,{tm},{st['date'][:2]},{st['date'][2:4]},20{st['date'][4:]},00,00")
    for i, (prn, el, az, snr) in enumerate(sats):
        snr = max(0, min(50, snr + rng.randint(-2, 2))) if snr else (rng.randint(15, 30) if rng.random() < 0.1 else 0)
        sats[i] = (prn, el, az, snr)
    return out


def gen_nmea(rng, size, trigger):
    sats = sorted([(prn, rng.randint(5, 85), rng.randint(0, 359), rng.choice((0, 18, 25, 31, 38, 44)))
                   for prn in rng.sample(range(1, 33), 11)]
                  + [(prn, rng.randint(5, 85), rng.randint(0, 359), rng.choice((0, 22, 29, 35, 41)))
                     for prn in rng.sample(range(65, 89), 7)])
    st = {"lat": 38.7223, "lon": -9.1393, "alt": 71.4, "heading": 40.0, "speed": 12.0,
          "date": "140324", "sats": sats}
    epochs, total, t = [], 0, 8 * 3600 + 15 * 60
    while total < size:
        e = nmea_epoch(rng, t, st)
        epochs.append(e)
        total += sum(len(b) + 6 for b in e)
        t += 1
    lines = [nmea_sentence(b) for e in epochs for b in e]
    # Near the middle, one line lost its start (a serial buffer overrun): it begins at a
    # comma inside the sentence and keeps the sentence's checksum. The first cut (from the
    # middle on) where the bytes lost, `$` excluded, XOR to 0 leaves the checksum valid;
    # the sentence type before the first comma is then empty, and `&sentence_type[0..1]`
    # slices past the end of "". The harmless twin is the whole sentence.
    for i in range(len(lines) // 2, len(lines)):
        body, cs, cut = lines[i][1:lines[i].index("*")], 0, None
        for k, c in enumerate(body):
            cs ^= ord(c)
            if c == "," and cs == 0:
                cut = k
                break
        if cut is not None:
            if trigger:
                lines[i] = lines[i][1 + cut:]
            break
    return ("\r\n".join(lines) + "\r\n").encode()


# ---------------------------------------------------------------------------------------
# Geometries shared by the GeoJSON and WKT cases: a city's open-data layer of stops, routes,
# parks with ponds, districts, trails and bike parkings around Lisbon (longitude, latitude).

GEO_STREETS = ("Rua Augusta", "Avenida da Liberdade", "Rua do Ouro", "Praça do Comércio",
               "Largo do Carmo", "Rua da Prata", "Calçada do Combro", "Rua Garrett",
               "Avenida Almirante Reis", "Rua de São Bento", "Largo da Graça", "Rua dos Fanqueiros",
               "Avenida da República", "Campo de Ourique", "Rua Morais Soares", "Alameda")
GEO_PARKS = ("Jardim da Estrela", "Parque Eduardo VII", "Jardim do Torel", "Tapada das Necessidades",
             "Jardim Botânico", "Parque Florestal de Monsanto", "Jardim da Praça das Flores",
             "Quinta das Conchas", "Jardim Amália Rodrigues", "Parque do Vale do Silêncio")


def geo_point(rng):
    return (-9.22 + rng.random() * 0.14, 38.69 + rng.random() * 0.09)


def geo_walk(rng, n, step=0.0018):
    x, y = geo_point(rng)
    heading = rng.random() * 2 * math.pi
    pts = []
    for _ in range(n):
        pts.append((x, y))
        heading += rng.uniform(-0.6, 0.6)
        d = step * rng.uniform(0.4, 1.0)
        x, y = x + d * math.cos(heading), y + d * math.sin(heading)
    return pts


def geo_ring(rng, cx, cy, r, n, clockwise=False):
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n * (-1 if clockwise else 1)
        rr = r * rng.uniform(0.75, 1.15)
        pts.append((cx + rr * math.cos(a) * 1.27, cy + rr * math.sin(a)))
    return pts + [pts[0]]


def geo_shape(rng, n):
    """One feature: (kind, properties, geometry type, coordinates as nested lists of (x, y))."""
    r = rng.random()
    ref = f"{rng.randint(1, 799)}{rng.choice(('', '', 'B', 'E'))}"
    if r < 0.40:
        props = {"id": 100000 + n, "kind": "bus_stop", "name": rng.choice(GEO_STREETS),
                 "ref": f"{rng.randint(1000, 19999)}", "routes": " ".join(sorted({f"{rng.randint(1, 799)}" for _ in range(rng.randint(1, 4))})),
                 "shelter": rng.random() < 0.6, "wheelchair": rng.choice(("yes", "no", "limited"))}
        return "bus_stop", props, "Point", geo_point(rng)
    if r < 0.62:
        pts = geo_walk(rng, rng.randint(8, 34))
        props = {"id": 100000 + n, "kind": "bus_route", "name": f"{ref} {rng.choice(GEO_STREETS)} - {rng.choice(GEO_STREETS)}",
                 "ref": ref, "operator": "Carris", "length_m": round(len(pts) * rng.uniform(110, 190), 1)}
        return "bus_route", props, "LineString", pts
    if r < 0.82:
        cx, cy = geo_point(rng)
        rad = rng.uniform(0.0008, 0.004)
        rings = [geo_ring(rng, cx, cy, rad, rng.randint(7, 26))]
        if rng.random() < 0.35:
            rings.append(geo_ring(rng, cx + rad * 0.2, cy - rad * 0.1, rad * 0.25, rng.randint(5, 9), clockwise=True))
        props = {"id": 100000 + n, "kind": "park", "name": rng.choice(GEO_PARKS),
                 "area_m2": round(math.pi * (rad * 88000) ** 2), "opening_hours": rng.choice(("24/7", "Mo-Su 07:00-21:00", "Mo-Su 09:00-19:00"))}
        return "park", props, "Polygon", rings
    if r < 0.88:
        parts = []
        for _ in range(rng.randint(2, 3)):
            cx, cy = geo_point(rng)
            parts.append([geo_ring(rng, cx, cy, rng.uniform(0.003, 0.008), rng.randint(12, 30))])
        props = {"id": 100000 + n, "kind": "district", "name": f"Freguesia {rng.choice(GEO_STREETS)}",
                 "population": rng.randint(8000, 60000)}
        return "district", props, "MultiPolygon", parts
    if r < 0.94:
        lines = [geo_walk(rng, rng.randint(5, 16), 0.0011) for _ in range(rng.randint(2, 4))]
        props = {"id": 100000 + n, "kind": "trail", "name": f"Percurso {rng.choice(GEO_PARKS)}",
                 "surface": rng.choice(("gravel", "asphalt", "dirt", "paving_stones"))}
        return "trail", props, "MultiLineString", lines
    pts = [geo_point(rng) for _ in range(rng.randint(2, 7))]
    props = {"id": 100000 + n, "kind": "bicycle_parking", "name": rng.choice(GEO_STREETS),
             "capacity": rng.choice((6, 8, 10, 12, 20))}
    return "bicycle_parking", props, "MultiPoint", pts


# ---------------------------------------------------------------------------------------
# GeoJSON: geojson 0.24.0 (a FeatureCollection as ogr2ogr writes it: one feature a line,
# a `name` and a `crs` member; points, line strings, polygons with holes, multi-polygons,
# multi-line strings and multi-points, converted to geo-types)

def gj_pos(p):
    return f"[ {p[0]:.7f}, {p[1]:.7f} ]"


def gj_coords(gtype, c):
    if gtype == "Point":
        return gj_pos(c) if c is not None else "[ ]"
    if gtype in ("LineString", "MultiPoint"):
        return "[ " + ", ".join(gj_pos(p) for p in c) + " ]"
    if gtype in ("Polygon", "MultiLineString"):
        return "[ " + ", ".join(gj_coords("LineString", r) for r in c) + " ]"
    return "[ " + ", ".join(gj_coords("Polygon", p) for p in c) + " ]"


def gj_feature(props, gtype, coords):
    ps = ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in props.items())
    return (f'{{ "type": "Feature", "properties": {{ {ps} }}, "geometry": {{ "type": "{gtype}", '
            f'"coordinates": {gj_coords(gtype, coords)} }} }}')


def gen_geojson(rng, size, trigger):
    shapes, total = [], 200
    while total < size:
        s = geo_shape(rng, len(shapes))
        shapes.append(s)
        total += len(gj_feature(*s[1:])) + 2
    # From the middle on, the first bus stop is one planned but not yet surveyed: GDAL writes
    # its POINT EMPTY as a Point whose coordinates are `[ ]`; the conversion to geo-types
    # indexes `point_type[0]` of the empty position. The harmless twin has its position.
    mid = next(i for i in range(len(shapes) // 2, len(shapes)) if shapes[i][0] == "bus_stop")
    kind, props, gtype, pos = shapes[mid]
    props = dict(props, name="Rua Augusta (provisória)", shelter=False)
    shapes[mid] = (kind, props, gtype, None if trigger else pos)
    head = ('{\n"type": "FeatureCollection",\n"name": "lisboa_mobilidade_espacos_verdes",\n'
            '"crs": { "type": "name", "properties": { "name": "urn:ogc:def:crs:OGC:1.3:CRS84" } },\n'
            '"features": [\n')
    body = ",\n".join(gj_feature(*s[1:]) for s in shapes)
    return (head + body + "\n]\n}\n").encode()


# ---------------------------------------------------------------------------------------
# WKT: wkt 0.2.0 (the same kind of open-data layer as one GEOMETRYCOLLECTION: points, line
# strings, polygons with holes and the multi- forms, one member a line)

def wkt_pos(p):
    return f"{p[0]:.6f} {p[1]:.6f}"


def wkt_member(gtype, c):
    seq = lambda pts: "(" + ", ".join(wkt_pos(p) for p in pts) + ")"
    if gtype == "Point":
        return f"POINT ({c})" if isinstance(c, str) else f"POINT ({wkt_pos(c)})"
    if gtype == "LineString":
        return "LINESTRING " + seq(c)
    if gtype == "MultiPoint":
        return "MULTIPOINT (" + ", ".join(f"({wkt_pos(p)})" for p in c) + ")"
    if gtype == "Polygon":
        return "POLYGON (" + ", ".join(seq(r) for r in c) + ")"
    if gtype == "MultiLineString":
        return "MULTILINESTRING (" + ", ".join(seq(l) for l in c) + ")"
    return "MULTIPOLYGON (" + ", ".join("(" + ", ".join(seq(r) for r in p) + ")" for p in c) + ")"


def gen_wkt(rng, size, trigger):
    shapes, total = [], 40
    while total < size:
        s = geo_shape(rng, len(shapes))
        shapes.append(s)
        total += len(wkt_member(s[2], s[3])) + 3
    # From the middle on, the first point (a bus stop) was typed in by hand from a survey
    # sheet: its latitude has the letter O for the first zero after the decimal point (the
    # third decimal if it has no zero). The tokenizer takes `38.7O...` as a number and
    # panics when it does not parse; the harmless twin has the zero.
    mid = next(i for i in range(len(shapes) // 2, len(shapes)) if shapes[i][2] == "Point")
    x, y = shapes[mid][3]
    lat = f"{y:.6f}"
    k = lat.find("0", lat.index(".") + 1)
    if k < 0:
        k = lat.index(".") + 3
    lat = lat[:k] + ("O" if trigger else "0") + lat[k + 1:]
    shapes[mid] = shapes[mid][:3] + (f"{x:.6f} {lat}",)
    members = [wkt_member(s[2], s[3]) for s in shapes]
    return ("GEOMETRYCOLLECTION (\n  " + ",\n  ".join(members) + "\n)\n").encode()


# ---------------------------------------------------------------------------------------
# BMP: bmp 0.5.0 (an 8-bit palette image: BITMAPINFOHEADER, a web-safe palette of 216
# colours, bottom-up rows of palette indexes)

def bmp_scene(x, y, w, h, rng):
    """A landscape as RGB: sky gradient with a sun, hills of noisy grass, a lake."""
    horizon = h * 0.45 + math.sin(x / 37.0) * h * 0.06 + math.sin(x / 11.0) * h * 0.015
    if y < horizon:
        if (x - w * 0.75) ** 2 + (y - h * 0.18) ** 2 < (h * 0.07) ** 2:
            return (255, 236, 150)
        t = y / max(1.0, horizon)
        return (int(70 + 120 * t), int(130 + 90 * t), int(230 - 20 * t))
    if y > h * 0.72 and abs(x - w * 0.35) < w * 0.22 * (1 - (y - h * 0.72) / (h * 0.6)):
        return (40, 90 + (x + y) % 30, 170)
    g = 110 + int((y - horizon) * 0.4)
    return (50 + rng.randrange(30), min(250, g + rng.randrange(40)), 40 + rng.randrange(25))


BAYER4 = ((0, 8, 2, 10), (12, 4, 14, 6), (3, 11, 1, 9), (15, 7, 13, 5))


def gen_bmp(rng, size, trigger):
    w = 400
    h = max(8, (size - 54 - 864) // w)
    palette = b"".join(bytes((b * 51, g * 51, r * 51, 0)) for r in range(6) for g in range(6) for b in range(6))
    rows = []
    for y in range(h):              # top to bottom; written bottom-up
        row = bytearray(w)
        for x in range(w):
            r, g, b = bmp_scene(x, y, w, h, rng)
            d = (BAYER4[y % 4][x % 4] - 7.5) * 3.2
            q = lambda v: max(0, min(5, int((v + d + 25.5) // 51)))
            row[x] = q(r) * 36 + q(g) * 6 + q(b)
        rows.append(row)
    rows.reverse()
    # In the row in the middle of the file, one pixel of the grass was retouched with an
    # editor's transparent key, index 255, after the palette had been trimmed to the 216
    # colours used (biClrUsed = 216): `read_indexes` looks the index up in the palette
    # unchecked. The harmless twin keeps the pixel's colour.
    if trigger:
        rows[h // 2][w // 2] = 255
    pixels = b"".join(rows)
    offset = 14 + 40 + len(palette)
    header = b"BM" + struct.pack("<IHHI", offset + len(pixels), 0, 0, offset)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 8, 0, len(pixels), 2835, 2835, 216, 216)
    return header + dib + palette + pixels


# ---------------------------------------------------------------------------------------
# Date strings: dtparse 1.0.3 (a photo library's "date taken" column, one date a line, as
# the cameras and apps that made the photos wrote it)

DT_MONTHS = "January February March April May June July August September October November December".split()
DT_DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()


def dt_line(rng, t):
    """Photo n's date (t: seconds since 2017-01-01 00:00 UTC) in one of the apps' formats."""
    days, rem = divmod(t, 86400)
    hh, rem = divmod(rem, 3600)
    mi, ss = divmod(rem, 60)
    y, m, d = 2017, 1, 1 + days
    mdays = lambda y, m: (31, 29 if y % 4 == 0 else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[m - 1]
    while d > mdays(y, m):
        d -= mdays(y, m)
        m += 1
        if m > 12:
            y, m = y + 1, 1
    # 2017-01-01 was a Sunday.
    wd = (6 + days) % 7
    h12, ampm = (hh % 12 or 12), ("AM" if hh < 12 else "PM")
    kind = rng.randrange(9)
    if kind == 0:
        return f"{y}-{m:02d}-{d:02d} {hh:02d}:{mi:02d}:{ss:02d}"
    if kind == 1:
        return f"{y}-{m:02d}-{d:02d}T{hh:02d}:{mi:02d}:{ss:02d}Z"
    if kind == 2:
        off = rng.choice((0, 1, 2))
        return f"{y}-{m:02d}-{d:02d}T{(hh + off) % 24:02d}:{mi:02d}:{ss:02d}+{off:02d}:00"
    if kind == 3:
        off = rng.choice((0, 1, 2))
        return (f"{DT_DAYS[wd][:3]}, {d} {DT_MONTHS[m - 1][:3]} {y} "
                f"{(hh + off) % 24:02d}:{mi:02d}:{ss:02d} +{off:02d}00")
    if kind == 4:
        return f"{DT_MONTHS[m - 1][:3]} {d}, {y} {h12}:{mi:02d} {ampm}"
    if kind == 5:
        return f"{d} {DT_MONTHS[m - 1]} {y} {hh:02d}:{mi:02d}"
    if kind == 6:
        return f"{y}/{m:02d}/{d:02d} {hh:02d}:{mi:02d}:{ss:02d}"
    if kind == 7:
        return f"{m:02d}/{d:02d}/{y} {h12:02d}:{mi:02d} {ampm}"
    return f"{DT_DAYS[wd]}, {DT_MONTHS[m - 1]} {d}, {y} at {h12}:{mi:02d} {ampm}"


def gen_dates(rng, size, trigger):
    lines, total, t = [], 0, rng.randrange(86400)
    stamps = []
    while total < size:
        # Photos come in bursts: seconds apart within a burst, hours or days between them.
        t += rng.randint(1, 40) if rng.random() < 0.7 else rng.randint(3600, 4 * 86400)
        line = dt_line(rng, t)
        lines.append(line)
        stamps.append(t)
        total += len(line) + 1
    # The photo in the middle is a screenshot without EXIF data: the importer fell back to
    # its file name, an Android-style epoch-milliseconds name, `1557671525123.jpg`. dtparse
    # reads the 13-digit number, sees the `.` after it and unwraps
    # `value_repr.parse::<i32>()`. The harmless twin has the photo's date.
    mid = len(lines) // 2
    if trigger:
        lines[mid] = f"{(1483228800 + stamps[mid]) * 1000 + rng.randrange(1000)}.jpg"
    return ("\n".join(lines) + "\n").encode()


# ---------------------------------------------------------------------------------------
# SVG path data: lyon_extra 1.0.2 (a dashboard's charts as a D3-style renderer writes their
# `d` attributes, one path a line)

def svg_num(v):
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def svg_line_series(rng, w, h, gaps, nan_at=None):
    """A line series of 60-240 points with gaps: each run of defined points its own open
    subpath (M then L...). nan_at: the index of the run whose first point has y = NaN."""
    n = rng.randint(60, 240)
    step = w / (n - 1)
    y = rng.uniform(h * 0.2, h * 0.8)
    parts, run, k, started = [], 0, 0, False
    for i in range(n):
        y = min(h - 1, max(1, y + rng.gauss(0, h * 0.03)))
        if gaps and i > 3 and rng.random() < 0.03:
            started = False          # a gap in the data
            continue
        x = svg_num(i * step)
        if not started:
            yy = "NaN" if nan_at is not None and run == nan_at else svg_num(y)
            parts.append(f"M{x},{yy}")
            run += 1
            started = True
        else:
            parts.append(f"L{x},{svg_num(y)}")
    return "".join(parts), run


def svg_area(rng, w, h):
    n = rng.randint(40, 160)
    step = w / (n - 1)
    y = rng.uniform(h * 0.3, h * 0.7)
    top = []
    for i in range(n):
        y = min(h - 1, max(1, y + rng.gauss(0, h * 0.02)))
        top.append((i * step, y))
    d = f"M{svg_num(top[0][0])},{svg_num(top[0][1])}"
    d += "".join(f"L{svg_num(x)},{svg_num(y)}" for x, y in top[1:])
    d += f"L{svg_num(w)},{svg_num(h)}L0,{svg_num(h)}Z"
    return d


def svg_axis(rng, w, h):
    ticks = rng.randint(5, 12)
    d = f"M0.5,6V0.5H{svg_num(w + 0.5)}V6"
    for i in range(ticks + 1):
        x = svg_num(i * w / ticks + 0.5)
        d += f"M{x},0.5v6"
    return d


def svg_pie(rng, r):
    """A donut chart's slices: arcs, each slice closed."""
    vals = [rng.uniform(1, 10) for _ in range(rng.randint(3, 9))]
    tot, a0, out = sum(vals), 0.0, []
    ri = r * 0.6
    for v in vals:
        a1 = a0 + v / tot * 2 * math.pi
        large = 1 if a1 - a0 > math.pi else 0
        p = lambda rr, a: f"{svg_num(rr * math.sin(a))},{svg_num(-rr * math.cos(a))}"
        out.append(f"M{p(r, a0)}A{svg_num(r)},{svg_num(r)},0,{large},1,{p(r, a1)}"
                   f"L{p(ri, a1)}A{svg_num(ri)},{svg_num(ri)},0,{large},0,{p(ri, a0)}Z")
        a0 = a1
    return "".join(out)


def svg_path_line(rng, n):
    kind = rng.randrange(6)
    w, h = rng.choice(((960, 300), (640, 240), (480, 200))), None
    w, h = w
    if kind in (0, 1):
        return svg_line_series(rng, w, h, gaps=(kind == 1))[0]
    if kind == 2:
        return svg_area(rng, w, h)
    if kind == 3:
        return svg_axis(rng, w, h)
    if kind == 4:
        return svg_pie(rng, rng.choice((80, 100, 120)))
    # Bars: closed rectangles.
    bars = rng.randint(6, 30)
    bw = w / bars
    return "".join(f"M{svg_num(i * bw + 1)},{svg_num(h)}V{svg_num(rng.uniform(10, h - 10))}"
                   f"H{svg_num((i + 1) * bw - 1)}V{svg_num(h)}Z" for i in range(bars))


def gen_svg_paths(rng, size, trigger):
    lines = fill(rng, size, lambda r, n: svg_path_line(r, n) + "\n")
    # From the middle on, the first line series with gaps and at least three runs: the first
    # point of its third run has y = NaN (a value that passed the series' `defined` test but
    # that the scale maps to NaN), `M<x>,NaN`. The parser ends the open subpath for the M,
    # fails on `NaN`, and `parse` ends it again. The harmless twin has the number.
    i = len(lines) // 2
    while True:
        r = random.Random(f"svg-series:{i}")
        d, runs = svg_line_series(r, 960, 300, gaps=True)
        if runs >= 3:
            break
        i += 1
    d, _ = svg_line_series(random.Random(f"svg-series:{i}"), 960, 300, gaps=True,
                           nan_at=2 if trigger else None)
    lines[len(lines) // 2] = d + "\n"
    return "".join(lines).encode()


# ---------------------------------------------------------------------------------------
# XZ: lzma-rust2 0.15.1 (an x86-64 code image in a multi-block .xz, each block compressed on
# its own with the BCJ x86 filter and LZMA2, the filter's start offset the block's offset in
# the image; CRC32 checks)

def xz_varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def x86_image(rng, size):
    """Plausible x86-64 code: 16-byte aligned functions with prologues, moves, adds,
    compares, conditional jumps, calls (E8 rel32) to other functions, jumps (E9), returns."""
    code = bytearray()
    starts = []
    bodies = [b"\x48\x89\xc7", b"\x48\x8b\x45\xf8", b"\x48\x83\xc4\x08", b"\x31\xc0",
              b"\x48\x85\xc0", b"\x89\x45\xfc", b"\x8b\x55\xfc", b"\x48\x8d\x3d",
              b"\x0f\xb6\x07", b"\x48\x63\xd0", b"\x41\x89\xf8", b"\x4c\x89\xe7"]
    pending = []
    while len(code) < size:
        while len(code) % 16:
            code.append(0xCC)
        starts.append(len(code))
        code += b"\x55\x48\x89\xe5"
        if rng.random() < 0.5:
            code += b"\x48\x83\xec" + bytes([rng.choice((8, 16, 24, 32, 48))])
        for _ in range(rng.randint(4, 30)):
            k = rng.random()
            if k < 0.2 and len(starts) > 1:
                # call a function: earlier ones directly, later ones patched at the end
                code.append(0xE8)
                pending.append((len(code), rng.randrange(len(starts) + 40)))
                code += b"\0\0\0\0"
            elif k < 0.3:
                code += b"\x74" + bytes([rng.randint(2, 40)])
            elif k < 0.35:
                code += b"\xb8" + struct.pack("<I", rng.randrange(1 << rng.choice((8, 16, 31))))
            else:
                ins = rng.choice(bodies)
                code += ins
                if ins == b"\x48\x8d\x3d":
                    code += struct.pack("<i", rng.randint(-4096, 65536))
        if rng.random() < 0.2 and len(starts) > 2:
            code.append(0xE9)
            pending.append((len(code), rng.randrange(len(starts))))
            code += b"\0\0\0\0"
        else:
            code += b"\xc9\xc3" if rng.random() < 0.5 else b"\x5d\xc3"
    for at, f in pending:
        target = starts[min(f, len(starts) - 1)]
        code[at:at + 4] = struct.pack("<i", target - (at + 4))
    return bytes(code)


def xz_block(data, start_offset):
    import lzma
    filters = [{"id": lzma.FILTER_X86, "start_offset": start_offset},
               {"id": lzma.FILTER_LZMA2, "preset": 6, "dict_size": 1 << 20}]
    comp = lzma.compress(data, format=lzma.FORMAT_RAW, filters=filters)
    flags = bytearray([0x01])                       # 2 filters, no sizes in the header
    flags += b"\x04" + (b"\x04" + struct.pack("<I", start_offset) if start_offset else b"\x00")
    flags += b"\x21\x01\x10"                        # LZMA2, dictionary 1 MiB
    hsize = (1 + len(flags) + 4 + 3) // 4 * 4
    head = bytes([hsize // 4 - 1]) + flags
    head += b"\0" * (hsize - 4 - len(head))
    head += struct.pack("<I", zlib.crc32(head))
    unpadded = len(head) + len(comp) + 4
    block = head + comp + b"\0" * (-len(comp) % 4) + struct.pack("<I", zlib.crc32(data))
    return block, unpadded


def gen_xz(rng, size, trigger):
    # Sections of 24 KiB of code; compressed, each block is about 0.43 of that.
    sec = 24576
    image = x86_image(rng, int(size * 2.3))
    nblocks = (len(image) + sec - 1) // sec
    mid = nblocks // 2
    blocks, records = [], []
    for k in range(nblocks):
        off = k * sec
        # The block in the middle: the packer wrote the section's load address,
        # 0x80000000 + its offset, as the filter's start offset (liblzma's filter wraps
        # around 2^32 and decodes it); lzma-rust2's x86 decoder computes
        # `src - (self.pos + i) as i32`, and past 2^31 the position is negative.
        # The harmless twin gives the offset.
        start = off + (0x80000000 if trigger and k == mid else 0)
        block, unpadded = xz_block(image[off:off + sec], start)
        blocks.append(block)
        records.append((unpadded, len(image[off:off + sec])))
    flags = b"\x00\x01"                             # CRC32 checks
    header = b"\xfd7zXZ\x00" + flags + struct.pack("<I", zlib.crc32(flags))
    index = b"\x00" + xz_varint(len(records))
    index += b"".join(xz_varint(u) + xz_varint(n) for u, n in records)
    index += b"\0" * (-len(index) % 4)
    index += struct.pack("<I", zlib.crc32(index))
    back = struct.pack("<I", len(index) // 4 - 1) + flags
    footer = struct.pack("<I", zlib.crc32(back)) + back + b"YZ"
    return header + b"".join(blocks) + index + footer


# ---------------------------------------------------------------------------------------
# Wavefront OBJ: obj 0.10.1 (a workshop scene as Blender 2.93 exports it: objects of
# vertices, texture coordinates and normals, then faces of v/vt/vn triples)

OBJ_NAMES = {"box": ("Workbench", "Shelf", "Crate", "Beam", "Drawer", "Toolbox"),
             "cylinder": ("Barrel", "Post", "Bolt", "Stool_Leg", "Bucket", "Wheel"),
             "pipe": ("Pipe", "Cable_Duct", "Sleeve"),
             "sphere": ("Ball", "Lamp_Bulb", "Knob"),
             "terrain": ("Floor", "Rock", "Tarp")}
OBJ_MATERIALS = ("Wood_Oak", "Wood_Pine", "Metal_Brushed", "Metal_Rust", "Rubber", "Plastic_Red",
                 "Plastic_Grey", "Concrete", "Glass", "Paint_Green")


def obj_f(v):
    s = f"{v:.6f}"
    return "0.000000" if s == "-0.000000" else s


def obj_norm(x, y, z):
    n = math.sqrt(x * x + y * y + z * z) or 1.0
    return (x / n, y / n, z / n)


def obj_mesh(rng, kind):
    """One mesh as (positions, uvs, normals, faces); a face is a list of (v, vt, vn) corners,
    0-based within the mesh."""
    cx, cy, cz = rng.uniform(-20, 20), rng.uniform(0, 3), rng.uniform(-20, 20)
    s = rng.uniform(0.2, 2.5)
    pos, uvs, nrm, faces = [], [], [], []
    if kind == "box":
        sx, sy, sz = s * rng.uniform(0.5, 2), s * rng.uniform(0.3, 1.5), s * rng.uniform(0.5, 2)
        for i in range(8):
            pos.append((cx + (sx if i & 1 else -sx), cy + (sy if i & 2 else -sy),
                        cz + (sz if i & 4 else -sz)))
        uvs = [(0.375, 0.0), (0.625, 0.0), (0.625, 0.25), (0.375, 0.25), (0.625, 0.5),
               (0.375, 0.5), (0.625, 0.75), (0.375, 0.75), (0.625, 1.0), (0.375, 1.0),
               (0.125, 0.5), (0.125, 0.75), (0.875, 0.5), (0.875, 0.75)]
        nrm = [(0, 0, -1), (0, 0, 1), (-1, 0, 0), (1, 0, 0), (0, -1, 0), (0, 1, 0)]
        quads = [((0, 2, 3, 1), (0, 1, 2, 3), 0), ((4, 5, 7, 6), (3, 2, 4, 5), 1),
                 ((0, 4, 6, 2), (5, 4, 6, 7), 2), ((1, 3, 7, 5), (7, 6, 8, 9), 3),
                 ((0, 1, 5, 4), (10, 11, 7, 5), 4), ((2, 6, 7, 3), (4, 12, 13, 6), 5)]
        for vs, ts, n in quads:
            faces.append([(v, t, n) for v, t in zip(vs, ts)])
    elif kind in ("cylinder", "pipe"):
        seg = rng.choice((6, 8, 12, 16, 24))
        r, hh = s * rng.uniform(0.2, 1.0), s * rng.uniform(0.5, 3)
        for i in range(seg):
            a = 2 * math.pi * i / seg
            x, z = math.cos(a), math.sin(a)
            pos += [(cx + r * x, cy - hh, cz + r * z), (cx + r * x, cy + hh, cz + r * z)]
            nrm.append((x, 0, z))
        for i in range(seg + 1):
            uvs += [(i / seg, 0.0), (i / seg, 1.0)]
        for i in range(seg):
            j = (i + 1) % seg
            faces.append([(2 * i, 2 * i, i), (2 * i + 1, 2 * i + 1, i),
                          (2 * j + 1, 2 * i + 3, j), (2 * j, 2 * i + 2, j)])
        if kind == "cylinder":
            nrm += [(0, -1, 0), (0, 1, 0)]
            base = len(uvs)
            for i in range(seg):
                a = 2 * math.pi * i / seg
                uvs.append((0.5 + 0.5 * math.cos(a), 0.5 + 0.5 * math.sin(a)))
            faces.append([(2 * i, base + i, seg) for i in reversed(range(seg))])
            faces.append([(2 * i + 1, base + i, seg + 1) for i in range(seg)])
    elif kind == "sphere":
        seg, rings = rng.choice((8, 12, 16)), rng.choice((4, 6, 8))
        r = s * rng.uniform(0.3, 1.2)
        for k in range(1, rings):
            th = math.pi * k / rings
            for i in range(seg):
                a = 2 * math.pi * i / seg
                d = (math.sin(th) * math.cos(a), math.cos(th), math.sin(th) * math.sin(a))
                pos.append((cx + r * d[0], cy + r * d[1], cz + r * d[2]))
                nrm.append(d)
        pos += [(cx, cy + r, cz), (cx, cy - r, cz)]
        nrm += [(0, 1, 0), (0, -1, 0)]
        top, bot = len(pos) - 2, len(pos) - 1
        for k in range(rings + 1):
            for i in range(seg + 1):
                uvs.append((i / seg, 1 - k / rings))
        uv = lambda k, i: k * (seg + 1) + i
        for i in range(seg):
            j = (i + 1) % seg
            faces.append([(top, uv(0, i), top), (i, uv(1, i), i), (j, uv(1, i + 1), j)])
            for k in range(rings - 2):
                a, b = k * seg, (k + 1) * seg
                faces.append([(a + i, uv(k + 1, i), a + i), (b + i, uv(k + 2, i), b + i),
                              (b + j, uv(k + 2, i + 1), b + j), (a + j, uv(k + 1, i + 1), a + j)])
            last = (rings - 2) * seg
            faces.append([(last + j, uv(rings - 1, i + 1), last + j),
                          (last + i, uv(rings - 1, i), last + i), (bot, uv(rings, i), bot)])
    else:                                   # a terrain patch: a grid of quads with heights
        nx, nz = rng.randint(3, 9), rng.randint(3, 9)
        step = s * rng.uniform(0.5, 1.5)
        hgt = [[0.4 * s * math.sin(x * 0.7 + z * 0.3) + rng.uniform(-0.1, 0.1) * s
                for x in range(nx + 1)] for z in range(nz + 1)]
        for z in range(nz + 1):
            for x in range(nx + 1):
                pos.append((cx + x * step, cy + hgt[z][x], cz + z * step))
                uvs.append((x / nx, z / nz))
                dx = hgt[z][min(x + 1, nx)] - hgt[z][max(x - 1, 0)]
                dz = hgt[min(z + 1, nz)][x] - hgt[max(z - 1, 0)][x]
                nrm.append(obj_norm(-dx, 2 * step, -dz))
        for z in range(nz):
            for x in range(nx):
                a = z * (nx + 1) + x
                c = [a, a + nx + 1, a + nx + 2, a + 1]
                faces.append([(v, v, v) for v in c])
    return pos, uvs, nrm, faces


def gen_obj(rng, size, trigger):
    out = ["# Blender v2.93.1 OBJ File: 'workshop.blend'\n", "# www.blender.org\n",
           "mtllib workshop.mtl\n"]
    total = sum(map(len, out))
    nv = nt = nn = 0
    faces_at = []                    # (index in out, corners with 1-based indices)
    count = {}
    while total < size:
        kind = rng.choice(("box", "box", "cylinder", "pipe", "sphere", "terrain"))
        pos, uvs, nrm, faces = obj_mesh(rng, kind)
        name = rng.choice(OBJ_NAMES[kind])
        count[name] = count.get(name, 0) + 1
        lines = [f"o {name}.{count[name]:03d}\n" if count[name] > 1 else f"o {name}\n"]
        lines += [f"v {obj_f(x)} {obj_f(y)} {obj_f(z)}\n" for x, y, z in pos]
        lines += [f"vt {obj_f(u)} {obj_f(v)}\n" for u, v in uvs]
        lines += ["vn %.4f %.4f %.4f\n" % n for n in nrm]
        lines.append(f"usemtl {rng.choice(OBJ_MATERIALS)}\n")
        lines.append("s 1\n" if kind in ("sphere", "terrain", "pipe") else "s off\n")
        for f in faces:
            corners = [(v + 1 + nv, t + 1 + nt, n + 1 + nn) for v, t, n in f]
            faces_at.append((len(out) + len(lines), corners))
            lines.append("f " + " ".join("%d/%d/%d" % c for c in corners) + "\n")
        nv, nt, nn = nv + len(pos), nt + len(uvs), nn + len(nrm)
        out += lines
        total += sum(map(len, lines))
    # The first face from the middle of the file on was added by a mesh repair tool that
    # filled a hole and had no texture coordinate for the new corner: it wrote texture
    # index 0 (OBJ indices are 1-based), and obj 0.10.1 computes `idx as usize - 1`. The
    # harmless twin has the corner's texture index.
    pos, mid = 0, total // 2
    for i, line in enumerate(out):
        pos += len(line)
        if pos >= mid:
            break
    at, corners = next((k, c) for k, c in faces_at if k > i)
    if trigger:
        corners = [(corners[0][0], 0, corners[0][2])] + corners[1:]
    out[at] = "f " + " ".join("%d/%d/%d" % c for c in corners) + "\n"
    return "".join(out).encode()


# ---------------------------------------------------------------------------------------
# PDB: pdbtbx 0.9.2 (a virus capsid protein's crystal structure as the wwPDB distributes it:
# a header, REMARK sections in number order, SEQRES, the crystal frame, ATOM records)

PDB_RESIDUES = {
    "ALA": "CB", "GLY": "", "SER": "CB OG", "VAL": "CB CG1 CG2", "LEU": "CB CG CD1 CD2",
    "ILE": "CB CG1 CG2 CD1", "THR": "CB OG1 CG2", "ASP": "CB CG OD1 OD2",
    "GLU": "CB CG CD OE1 OE2", "LYS": "CB CG CD CE NZ", "ARG": "CB CG CD NE CZ NH1 NH2",
    "ASN": "CB CG OD1 ND2", "GLN": "CB CG CD OE1 NE2", "PHE": "CB CG CD1 CD2 CE1 CE2 CZ",
    "TYR": "CB CG CD1 CD2 CE1 CE2 CZ OH", "PRO": "CB CG CD", "MET": "CB CG SD CE",
    "CYS": "CB SG", "HIS": "CB CG ND1 CD2 CE1 NE2",
    "TRP": "CB CG CD1 CD2 NE1 CE2 CE3 CZ2 CZ3 CH2",
}


def pdb_line(s):
    return s.ljust(80) + "\n"


def pdb_remark(n, text=""):
    return pdb_line(f"REMARK {n:3d} {text}".rstrip())


def pdb_tls_group(rng, k, chain, lo, hi):
    t = lambda: " ".join(f"{rng.uniform(-0.2, 0.3):8.4f}" for _ in range(3))
    return [pdb_remark(3, f"  TLS GROUP : {k}"),
            pdb_remark(3, f"   NUMBER OF COMPONENTS GROUP : 1"),
            pdb_remark(3, f"   COMPONENTS        C SSSEQI   TO  C SSSEQI"),
            pdb_remark(3, f"   RESIDUE RANGE :   {chain} {lo:5d}        {chain} {hi:5d}"),
            pdb_remark(3, f"   ORIGIN FOR THE GROUP (A): {rng.uniform(-90, 90):8.3f}"
                          f"{rng.uniform(-90, 90):8.3f}{rng.uniform(-90, 90):8.3f}"),
            pdb_remark(3, f"   T TENSOR"),
            pdb_remark(3, f"     T11:{t()}"),
            pdb_remark(3, f"     T22:{t()}"),
            pdb_remark(3, f"   L TENSOR"),
            pdb_remark(3, f"     L11:{t()}"),
            pdb_remark(3, f"     L22:{t()}"),
            pdb_remark(3, f"   S TENSOR"),
            pdb_remark(3, f"     S11:{t()}"),
            pdb_remark(3, f"     S21:{t()}"),
            pdb_remark(3, "")]


def pdb_icosahedral_ops():
    """The 60 rotations of the icosahedral group (as 3x3 matrices), generated from a 5-fold
    and a 3-fold axis."""
    phi = (1 + 5 ** 0.5) / 2

    def rot(axis, ang):
        x, y, z = axis
        n = math.sqrt(x * x + y * y + z * z)
        x, y, z = x / n, y / n, z / n
        c, s, t = math.cos(ang), math.sin(ang), 1 - math.cos(ang)
        return ((t * x * x + c, t * x * y - s * z, t * x * z + s * y),
                (t * x * y + s * z, t * y * y + c, t * y * z - s * x),
                (t * x * z - s * y, t * y * z + s * x, t * z * z + c))

    def mul(a, b):
        return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3))
                     for i in range(3))

    key = lambda m: tuple(round(v, 6) for row in m for v in row)
    ident = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    gens = [rot((0, 1, phi), 2 * math.pi / 5), rot((1, 1, 1), 2 * math.pi / 3)]
    seen, ops, todo = {key(ident)}, [ident], [ident]
    while todo:
        m = todo.pop(0)
        for g in gens:
            p = mul(g, m)
            if key(p) not in seen:
                seen.add(key(p))
                ops.append(p)
                todo.append(p)
    return ops[:60]


def gen_pdb(rng, size, trigger):
    pdb_id = "6QXV"
    head = [pdb_line(f"HEADER    VIRUS{' ' * 35}14-MAR-19   {pdb_id}"),
            pdb_line("TITLE     CRYSTAL STRUCTURE OF THE INNER CAPSID PROTEIN VP3 OF AN"),
            pdb_line("TITLE    2 ORBIVIRUS CORE PARTICLE"),
            pdb_line("COMPND    MOL_ID: 1;"),
            pdb_line("COMPND   2 MOLECULE: CORE PROTEIN VP3;"),
            pdb_line("COMPND   3 CHAIN: A, B, C;"),
            pdb_line("COMPND   4 ENGINEERED: YES"),
            pdb_line("SOURCE    MOL_ID: 1;"),
            pdb_line("SOURCE   2 ORGANISM_SCIENTIFIC: BLUETONGUE VIRUS;"),
            pdb_line("SOURCE   3 ORGANISM_TAXID: 40051"),
            pdb_line("KEYWDS    ICOSAHEDRAL VIRUS, CAPSID PROTEIN, VIRUS"),
            pdb_line("EXPDTA    X-RAY DIFFRACTION"),
            pdb_line("AUTHOR    A.B.LOVELACE,G.M.HOPPER,E.W.DIJKSTRA"),
            pdb_line(f"REVDAT   1   08-APR-20 {pdb_id}    0"),
            pdb_line("JRNL        AUTH   A.B.LOVELACE,G.M.HOPPER,E.W.DIJKSTRA"),
            pdb_line("JRNL        TITL   THE INNER CAPSID OF AN ORBIVIRUS AT 3.2 A"),
            pdb_line("JRNL        REF    J.MOL.BIOL.                   V. 432  2201 2020"),
            pdb_line("JRNL        REFN                   ESSN 1089-8638"),
            pdb_line("JRNL        DOI    10.1016/J.JMB.2020.02.011")]
    rem = [pdb_remark(2), pdb_remark(2, "RESOLUTION.    3.20 ANGSTROMS."), pdb_remark(3),
           pdb_remark(3, "REFINEMENT."), pdb_remark(3, "  PROGRAM     : PHENIX 1.14_3260"),
           pdb_remark(3, "  AUTHORS     : PAUL ADAMS,PAVEL AFONINE,VINCENT CHEN,IAN"),
           pdb_remark(3), pdb_remark(3, "  REFINEMENT TARGET : ML"), pdb_remark(3),
           pdb_remark(3, " DATA USED IN REFINEMENT."),
           pdb_remark(3, "  RESOLUTION RANGE HIGH (ANGSTROMS) : 3.20"),
           pdb_remark(3, "  RESOLUTION RANGE LOW  (ANGSTROMS) : 48.71"),
           pdb_remark(3, "  COMPLETENESS FOR RANGE        (%) : 99.4"),
           pdb_remark(3, "  NUMBER OF REFLECTIONS             : 212876"),
           pdb_remark(3), pdb_remark(3, " FIT TO DATA USED IN REFINEMENT."),
           pdb_remark(3, "  R VALUE     (WORKING + TEST SET) : 0.213"),
           pdb_remark(3, "  R VALUE            (WORKING SET) : 0.211"),
           pdb_remark(3, "  FREE R VALUE                     : 0.254"),
           pdb_remark(3, "  FREE R VALUE TEST SET SIZE   (%) : 5.000"), pdb_remark(3),
           pdb_remark(3, " FIT TO DATA USED IN REFINEMENT (IN BINS)."),
           pdb_remark(3, "  BIN  RESOLUTION RANGE  COMPL.  NWORK NFREE   RWORK  RFREE")]
    lo = 48.71
    for b in range(1, 21):
        hi = 3.2 + (48.71 - 3.2) * (1 - b / 20) ** 3
        rem.append(pdb_remark(3, f"  {b:3d} {lo:7.4f} - {hi:6.4f}    {rng.uniform(0.95, 1.0):4.2f}"
                                 f"  {rng.randint(9000, 11000):5d}  {rng.randint(400, 600):4d}"
                                 f"  {rng.uniform(0.16, 0.32):6.4f} {rng.uniform(0.2, 0.38):6.4f}"))
        lo = hi
    rem += [pdb_remark(3), pdb_remark(3, " TLS DETAILS")]
    tail = [pdb_remark(200), pdb_remark(200, "EXPERIMENTAL DETAILS"),
            pdb_remark(200, " EXPERIMENT TYPE                : X-RAY DIFFRACTION"),
            pdb_remark(200, " DATE OF DATA COLLECTION        : 12-OCT-18"),
            pdb_remark(200, " TEMPERATURE           (KELVIN) : 100"),
            pdb_remark(200, " RADIATION SOURCE               : SYNCHROTRON"),
            pdb_remark(200, " BEAMLINE                       : I04"),
            pdb_remark(200, " WAVELENGTH OR RANGE        (A) : 0.9795"),
            pdb_remark(200, " DETECTOR TYPE                  : PIXEL"),
            pdb_remark(200, " DETECTOR MANUFACTURER          : DECTRIS PILATUS 6M"),
            pdb_remark(280), pdb_remark(280, "CRYSTAL"),
            pdb_remark(280, "SOLVENT CONTENT, VS   (%): 61.20"),
            pdb_remark(280, "CRYSTALLIZATION CONDITIONS: 0.1 M TRIS PH 8.0, 8% PEG 8000"),
            pdb_remark(290), pdb_remark(290, "CRYSTALLOGRAPHIC SYMMETRY"),
            pdb_remark(290, "SYMMETRY OPERATORS FOR SPACE GROUP: P 21 21 21"), pdb_remark(290),
            pdb_remark(290, "     SYMOP   SYMMETRY"), pdb_remark(290, "    NNNMMM   OPERATOR"),
            pdb_remark(290, "      1555   X,Y,Z"), pdb_remark(290, "      2555   -X+1/2,-Y,Z+1/2"),
            pdb_remark(290, "      3555   -X,Y+1/2,-Z+1/2"),
            pdb_remark(290, "      4555   X+1/2,-Y+1/2,-Z"), pdb_remark(290),
            pdb_remark(300), pdb_remark(300, "BIOMOLECULE: 1"),
            pdb_remark(300, "SEE REMARK 350 FOR THE AUTHOR PROVIDED AND/OR PROGRAM"),
            pdb_remark(300, "GENERATED ASSEMBLY INFORMATION FOR THE STRUCTURE IN"),
            pdb_remark(300, "THIS ENTRY."),
            pdb_remark(350), pdb_remark(350, "COORDINATES FOR A COMPLETE MULTIMER REPRESENTING "
                                             "THE KNOWN"),
            pdb_remark(350, "BIOLOGICALLY SIGNIFICANT OLIGOMERIZATION STATE OF THE"),
            pdb_remark(350, "MOLECULE CAN BE GENERATED BY APPLYING BIOMT TRANSFORMATIONS"),
            pdb_remark(350, "GIVEN BELOW.  BOTH NON-CRYSTALLOGRAPHIC AND")]
    ops = pdb_icosahedral_ops()
    for mol, chains, nops in ((1, "A, B, C", 60), (2, "A, B, C", 5), (3, "A, B, C", 30)):
        tail += [pdb_remark(350), pdb_remark(350, f"BIOMOLECULE: {mol}"),
                 pdb_remark(350, "SOFTWARE USED: PISA"),
                 pdb_remark(350, f"APPLY THE FOLLOWING TO CHAINS: {chains}")]
        for k in range(nops):
            m = ops[(k * 7) % 60] if mol == 3 else ops[k]
            for r in range(3):
                tail.append(pdb_remark(350, f"  BIOMT{r + 1} {k + 1:3d}{m[r][0]:10.6f}{m[r][1]:10.6f}"
                                            f"{m[r][2]:10.6f}{0.0:15.5f}"))
    # Residues: three chains of the capsid protein; the REMARK 3 TLS groups are sized so
    # that the header ends (and REMARK 400 starts) near the middle of the file.
    names = list(PDB_RESIDUES)
    per = 8 * 81 / 1.15                        # bytes of ATOM records a residue (some missing)
    after_fixed = 81 * 60                      # REMARK 465, 500, SEQRES, crystal frame, MASTER
    body = sum(map(len, head)) + sum(map(len, rem)) + sum(map(len, tail)) + 81
    ntls = max(1, int((size / 2 - body) / (15 * 81)))
    rem.append(pdb_remark(3, f"  NUMBER OF TLS GROUPS  : {ntls}"))
    nres = max(9, int((size / 2 - after_fixed) / per)) // 3 * 3
    seq = [rng.choice(names) for _ in range(nres // 3)]
    per_chain = len(seq)
    for k in range(ntls):
        c = "ABC"[k % 3]
        a = 1 + (k // 3) * per_chain * 3 // max(1, ntls)
        rem += pdb_tls_group(rng, k + 1, c, a, min(per_chain, a + per_chain * 3 // max(1, ntls) - 1))
    # REMARK 400 (COMPOUND), a standard remark that pdbtbx 0.9.2's table of valid numbers
    # lacks: `add_remark` asserts the number is valid. The harmless twin gives the same
    # text as REMARK 450 (SOURCE).
    n4 = 400 if trigger else 450
    r400 = [pdb_remark(n4), pdb_remark(n4, "COMPOUND" if trigger else "SOURCE"),
            pdb_remark(n4, "THE INNER CAPSID IS FORMED BY 120 COPIES OF VP3 (T=2); THE"),
            pdb_remark(n4, "ICOSAHEDRAL ASYMMETRIC UNIT HOLDS TWO COPIES, A AND B,"),
            pdb_remark(n4, "CHAIN C BELONGS TO THE NEXT ASYMMETRIC UNIT.")]
    loop = rng.randint(per_chain // 3, per_chain * 2 // 3)
    missing = [1, 2] + list(range(loop, loop + rng.randint(2, 4)))   # N-terminus, a loop
    r465 = [pdb_remark(465), pdb_remark(465, "MISSING RESIDUES"),
            pdb_remark(465, "THE FOLLOWING RESIDUES WERE NOT LOCATED IN THE"),
            pdb_remark(465, "EXPERIMENT. (M=MODEL NUMBER; RES=RESIDUE NAME; C=CHAIN"),
            pdb_remark(465, "IDENTIFIER; SSSEQ=SEQUENCE NUMBER; I=INSERTION CODE.)"),
            pdb_remark(465), pdb_remark(465, "  M RES C SSSEQI")]
    r465 += [pdb_remark(465, f"    {seq[i - 1]} {c} {i:5d}") for c in "ABC" for i in missing]
    r500 = [pdb_remark(500), pdb_remark(500, "GEOMETRY AND STEREOCHEMISTRY"),
            pdb_remark(500, "SUBTOPIC: TORSION ANGLES"), pdb_remark(500),
            pdb_remark(500, "TORSION ANGLES OUTSIDE THE EXPECTED RAMACHANDRAN REGIONS:"),
            pdb_remark(500, "(M=MODEL NUMBER; RES=RESIDUE NAME; C=CHAIN IDENTIFIER;"),
            pdb_remark(500, "SSEQ=SEQUENCE NUMBER; I=INSERTION CODE)."), pdb_remark(500),
            pdb_remark(500, "STANDARD TABLE:"), pdb_remark(500, "FORMAT:(10X,I3,1X,A3,1X,A1,I4,A1,"
                                                                "4X,F7.2,3X,F7.2)"),
            pdb_remark(500), pdb_remark(500, "  M RES CSSEQI        PSI       PHI")]
    for _ in range(rng.randint(20, 40)):
        i = rng.randint(1, per_chain)
        r500.append(pdb_remark(500, f"    {seq[i - 1]} {rng.choice('ABC')}{i:4d}     "
                                    f"{rng.uniform(-180, 180):7.2f}   {rng.uniform(-180, 180):7.2f}"))
    r500.append(pdb_remark(500))
    r500.append(pdb_remark(500, "REMARK: NULL"))
    rem_after = r400 + r465 + r500
    seqres = [pdb_line(f"DBREF  {pdb_id} {c} {1:4d}  {per_chain:4d}  {'UNP':<6} {'P12171':<8} "
                       f"{'VP3_BTV10':<12} {201:5d}  {200 + per_chain:5d}") for c in "ABC"]
    for c in "ABC":
        for k in range(0, per_chain, 13):
            seqres.append(pdb_line(f"SEQRES {k // 13 + 1:3d} {c} {per_chain:4d}  "
                                   + " ".join(seq[k:k + 13])))
    frame = [pdb_line("CRYST1  143.120  184.330  255.700  90.00  90.00  90.00 P 21 21 21   16"),
             pdb_line("ORIGX1      1.000000  0.000000  0.000000        0.00000"),
             pdb_line("ORIGX2      0.000000  1.000000  0.000000        0.00000"),
             pdb_line("ORIGX3      0.000000  0.000000  1.000000        0.00000"),
             pdb_line("SCALE1      0.006987  0.000000  0.000000        0.00000"),
             pdb_line("SCALE2      0.000000  0.005425  0.000000        0.00000"),
             pdb_line("SCALE3      0.000000  0.000000  0.003911        0.00000")]
    atoms, serial = [], 1
    for ci, c in enumerate("ABC"):
        x, y, z = 20.0 * ci, 10.0, -15.0 * ci
        for i, res in enumerate(seq, start=1):
            if i in missing:
                continue
            x += rng.uniform(-2.5, 3.8)
            y += 1.5 * math.sin(i * 1.7)
            z += 1.5 * math.cos(i * 1.7)
            for an in ["N", "CA", "C", "O"] + PDB_RESIDUES[res].split():
                ax = x + rng.uniform(-1.6, 1.6)
                ay = y + rng.uniform(-1.6, 1.6)
                az = z + rng.uniform(-1.6, 1.6)
                atoms.append(pdb_line(f"ATOM  {serial:5d}  {an:<3s} {res} {c}{i:4d}    "
                                      f"{ax:8.3f}{ay:8.3f}{az:8.3f}  1.00{rng.uniform(40, 140):6.2f}"
                                      f"           {an[0]}"))
                serial += 1
        atoms.append(pdb_line(f"TER   {serial:5d}      {seq[-1]} {c}{per_chain:4d}"))
        serial += 1
    nrem = len(rem) + len(tail) + len(rem_after)
    ncoord = sum(1 for a in atoms if a.startswith("ATOM"))
    master = pdb_line(f"MASTER    {nrem:5d}    0    0    0    0    0    0    6{ncoord:5d}"
                      f"    3    0{len(seqres) - 3:5d}")
    return "".join(head + rem + tail + rem_after + seqres + frame + atoms + [master,
                   pdb_line("END")]).encode()


# ---------------------------------------------------------------------------------------
# ESRI shapefile (.shp): shapefile 0.3.0 (a city's building footprints: a 100-byte header,
# then polygon records, each a big-endian record number and content length before a
# little-endian polygon of rings)

def shp_ring(rng, cx, cy, kind, scale):
    """A closed ring, clockwise (an outer ring in shapefile order)."""
    a0 = rng.uniform(0, math.pi / 2)
    if kind == "rect":
        w, h = scale * rng.uniform(0.6, 1.4), scale * rng.uniform(0.5, 1.2)
        pts = [(-w, -h), (-w, h), (w, h), (w, -h)]
    elif kind == "ell":                                     # an L-shaped footprint
        w, h = scale * rng.uniform(0.8, 1.4), scale * rng.uniform(0.8, 1.4)
        cw, ch = w * rng.uniform(0.3, 0.6), h * rng.uniform(0.3, 0.6)
        pts = [(-w, -h), (-w, h), (w - cw, h), (w - cw, h - ch), (w, h - ch), (w, -h)]
    else:                                                   # a round-ish building (n-gon)
        n = rng.randint(8, 36)
        r = scale * rng.uniform(0.6, 1.2)
        pts = [(r * math.cos(2 * math.pi * k / n), r * math.sin(2 * math.pi * k / n))
               for k in range(n)]
    ca, sa = math.cos(a0), math.sin(a0)
    pts = [(round(cx + x * ca - y * sa, 3), round(cy + x * sa + y * ca, 3)) for x, y in pts]
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))
    if area > 0:
        pts.reverse()
    return pts + [pts[0]]


def shp_polygon(rng, n):
    """One building footprint's record content: shape type 5, bounding box, parts, points.
    Some have a courtyard (a counter-clockwise inner ring); some are two buildings (two outer
    rings)."""
    cx = 488000 + (n % 40) * 45 + rng.uniform(-8, 8)
    cy = 4290000 + (n // 40) * 38 + rng.uniform(-8, 8)
    kind = rng.choice(("rect", "rect", "ell", "ell", "round"))
    scale = rng.uniform(5, 15)
    rings = [shp_ring(rng, cx, cy, kind, scale)]
    k = rng.random()
    if k < 0.15 and kind != "round":
        hole = shp_ring(rng, cx, cy, "rect", scale * 0.3)
        rings.append(hole[::-1])                                # counter-clockwise
    elif k < 0.25:
        rings.append(shp_ring(rng, cx + scale * 2.5, cy, "rect", scale * 0.4))
    pts = [p for r in rings for p in r]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    parts, at = [], 0
    for r in rings:
        parts.append(at)
        at += len(r)
    content = struct.pack("<i4d2i", 5, min(xs), min(ys), max(xs), max(ys), len(rings), len(pts))
    content += struct.pack(f"<{len(parts)}i", *parts)
    content += b"".join(struct.pack("<2d", x, y) for x, y in pts)
    return content, (min(xs), min(ys), max(xs), max(ys))


def gen_shp(rng, size, trigger):
    records, total, boxes = [], 100, []
    while total < size:
        content, box = shp_polygon(rng, len(records))
        records.append(content)
        boxes.append(box)
        total += 8 + len(content)
    # The first record from the middle of the file on whose content length (in 16-bit words)
    # has a low byte of 0x40 or more was rewritten by a tool that wrote the record header's
    # content length little-endian (the rest of a record is little-endian, the header
    # big-endian): read big-endian it is 2^30 or more (or negative), and shapefile 0.3.0's
    # `read_one_shape_as` computes `record_size * 2` in an i32. The harmless twin has the
    # header big-endian like every other record.
    mid, pos = size // 2, 100
    for k, c in enumerate(records):
        if pos >= mid and (len(c) // 2) & 0xFF >= 0x40:
            break
        pos += 8 + len(c)
    out = bytearray()
    for i, c in enumerate(records):
        words = len(c) // 2
        head = struct.pack(">i", i + 1)
        head += struct.pack("<i" if trigger and i == k else ">i", words)
        out += head + c
    header = struct.pack(">7i", 9994, 0, 0, 0, 0, 0, (100 + len(out)) // 2)
    header += struct.pack("<2i", 1000, 5)
    header += struct.pack("<8d", min(b[0] for b in boxes), min(b[1] for b in boxes),
                          max(b[2] for b in boxes), max(b[3] for b in boxes), 0, 0, 0, 0)
    return header + bytes(out)


# ---------------------------------------------------------------------------------------
# GIF: gif 0.11.2 (an animated GIF89a: a global palette, an XMP packet, a looping
# extension, then frames of sub-rectangles, each a graphic control extension, an image
# descriptor, maybe a local palette, and LZW data in sub-blocks)

def gif_lzw(pixels, mcs):
    """GIF's variable-width LZW (LSB-first codes), starting with a clear code and ending with
    the end-of-information code; the table is reset before it fills."""
    clear, eoi = 1 << mcs, (1 << mcs) + 1
    out, acc, nbits = bytearray(), 0, 0

    def emit(code, width):
        nonlocal acc, nbits
        acc |= code << nbits
        nbits += width
        while nbits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            nbits -= 8

    def fresh():
        return {bytes([i]): i for i in range(clear)}, eoi + 1, mcs + 1

    table, nxt, width = fresh()
    emit(clear, width)
    w = b""
    for p in pixels:
        wc = w + bytes([p])
        if wc in table:
            w = wc
            continue
        emit(table[w], width)
        if nxt < 4000:
            table[wc] = nxt
            nxt += 1
            if nxt > (1 << width) and width < 12:
                width += 1
        else:
            emit(clear, width)
            table, nxt, width = fresh()
        w = bytes([p])
    if w:
        emit(table[w], width)
    emit(eoi, width)
    if nbits:
        out.append(acc & 0xFF)
    return bytes(out)


def gif_sub_blocks(data):
    return b"".join(bytes([len(data[i:i + 255])]) + data[i:i + 255]
                    for i in range(0, len(data), 255))


def gif_palette():
    pal = [(r * 51, g * 51, b * 51) for r in range(6) for g in range(6) for b in range(6)]
    pal += [(v * 255 // 39,) * 3 for v in range(40)]
    return pal


def gif_frame(rng, n, w, h):
    """One frame: a sprite (a ball with a shadow over grass and sky) in a sub-rectangle of
    the canvas. Returns (the bytes before the LZW data, the LZW data)."""
    fw, fh = rng.randint(24, 72), rng.randint(20, 56)
    left, top = rng.randint(0, w - fw), rng.randint(0, h - fh)
    local = rng.random() < 0.2
    cx, cy, r = fw / 2 + rng.uniform(-4, 4), fh / 2 + rng.uniform(-4, 4), min(fw, fh) / 3
    hue = rng.randrange(6)
    pixels = bytearray()
    for y in range(fh):
        for x in range(fw):
            d = math.hypot(x - cx, y - cy)
            if d < r:
                shade = min(5, int(5 - 4 * d / r) + rng.randrange(2))
                idx = (shade * 36 + hue * 6 + 5 - shade) if not local else 8 + shade
            elif (top + y) > h * 0.6:
                idx = 0 * 36 + (2 + rng.randrange(3)) * 6 + rng.randrange(2) if not local else rng.randrange(4)
            else:
                v = 216 + min(39, (top + y) * 40 // h + rng.randrange(3))
                idx = v if not local else 4 + rng.randrange(4)
            pixels.append(idx)
    trans = rng.random() < 0.3
    disposal = rng.choice((1, 1, 1, 2, 3))
    gce = b"\x21\xf9\x04" + bytes([(disposal << 2) | int(trans)]) + struct.pack(
        "<H", rng.choice((4, 6, 8, 10))) + bytes([0 if not local else 15]) + b"\x00"
    desc = b"\x2c" + struct.pack("<4H", left, top, fw, fh)
    if local:
        desc += b"\x83" + bytes(c for v in range(16) for c in ((v * 17, 200 - v * 9, 60 + v * 12)))
        mcs = 4
    else:
        desc += b"\x00"
        mcs = 8
    return gce + desc + bytes([mcs]), gif_lzw(bytes(pixels), mcs)


def gen_gif(rng, size, trigger):
    w, h = 240, 160
    lsd = b"GIF89a" + struct.pack("<HH", w, h) + b"\xf7\x00\x00"
    gct = bytes(c for rgb in gif_palette() for c in rgb)
    loop = b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    comment = b"\x21\xfe" + gif_sub_blocks(b"bouncing balls, frame export from sprite-tool 1.8") + b"\x00"
    frames, total = [], len(lsd) + len(gct) + len(loop) + len(comment) + 4000
    while total < size:
        head, data = gif_frame(rng, len(frames), w, h)
        frames.append((head, data))
        total += len(head) + len(gif_sub_blocks(data)) + 1
    # One frame near the middle was re-encoded by an editor that writes a sub-block of 255
    # zero bytes after the LZW end code (the data after the end code is to be skipped).
    # gif 0.11.2's decoder skips the rest of the sub-block with `goto!(left, ...)` where the
    # buffer may hold fewer than `left` bytes: the decoder is fed the 8 KiB chunks of a
    # BufReader, so it panics when the padding sub-block straddles a multiple of 8192. The
    # frame is picked, and the XMP packet's padding sized, so that the padding sub-block is
    # the one holding byte 8192 * k nearest the middle of the file. The harmless twin is
    # the frame without the padding sub-block.
    xmp_fixed = (b'<?xpacket begin="\xef\xbb\xbf" id="W5M0MpCehiHzreSzNTczkc9d"?>'
                 b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/'
                 b'1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:xmp="http:'
                 b'//ns.adobe.com/xap/1.0/" xmp:CreatorTool="sprite-tool 1.8" xmp:CreateDate='
                 b'"2021-03-14T10:22:31+01:00"/></rdf:RDF></x:xmpmeta>')
    xmp_end = b'<?xpacket end="w"?>'
    trailer = b"\x01" + bytes(range(255, -1, -1)) + b"\x00"

    def xmp(pad):
        body = xmp_fixed + b"\n" + (b" " * 99 + b"\n") * (pad // 100) + b" " * (pad % 100) + xmp_end
        return b"\x21\xff\x0bXMP DataXMP" + body + trailer

    prefix = lsd + gct + loop
    base = len(prefix) + len(xmp(2048)) + len(comment)
    offs, pos = [], base
    for head, data in frames:
        blocks = gif_sub_blocks(data)
        offs.append(pos + len(head) + len(blocks))     # where a padding sub-block would start
        pos += len(head) + len(blocks) + 1
    mid, best, reach = size // 2, None, 12000
    while best is None:
        for k in range(len(frames)):
            if abs(offs[k] - mid) > reach:
                continue
            b = (offs[k] + 128 + 8191) // 8192 * 8192
            d = b - (offs[k] + 128)                      # the shift that puts byte b mid-padding
            if d <= 2400 and (best is None or abs(b - mid) < abs(best[2] - mid)):
                best = (k, d, b)
        reach *= 2
    k, d, _ = best
    out = [prefix, xmp(2048 + d), comment]
    for i, (head, data) in enumerate(frames):
        out.append(head + gif_sub_blocks(data))
        if trigger and i == k:
            out.append(b"\xff" + b"\x00" * 255)
        out.append(b"\x00")
    out.append(b"\x3b")
    return b"".join(out)


# ---------------------------------------------------------------------------------------
# OpenEXR: exr 1.7.0 (a scan-line image: a header of attributes, a table of chunk offsets,
# then the chunks, each a y coordinate, a byte count and the scan line's pixels)

def exr_attr(name, kind, value):
    return name.encode() + b"\0" + kind.encode() + b"\0" + struct.pack("<i", len(value)) + value


def exr_header(channels, display, data, extra):
    chlist = b"".join(n.encode() + b"\0" + struct.pack("<iB3xii", t, 0, 1, 1)
                      for n, t in channels) + b"\0"
    attrs = [
        exr_attr("channels", "chlist", chlist),
        exr_attr("compression", "compression", b"\0"),            # NO_COMPRESSION
        exr_attr("dataWindow", "box2i", struct.pack("<4i", *data)),
        exr_attr("displayWindow", "box2i", struct.pack("<4i", *display)),
        exr_attr("lineOrder", "lineOrder", b"\0"),                # INCREASING_Y
        exr_attr("pixelAspectRatio", "float", struct.pack("<f", 1.0)),
        exr_attr("screenWindowCenter", "v2f", struct.pack("<2f", 0.0, 0.0)),
        exr_attr("screenWindowWidth", "float", struct.pack("<f", 1.0)),
    ] + extra
    attrs.sort(key=lambda a: a.split(b"\0", 1)[0])
    return b"\x76\x2f\x31\x01" + struct.pack("<I", 2) + b"".join(attrs) + b"\0"


def exr_scanline(rng, y, x0, w, cx, cy, r):
    """One row of a crop render of a lit, slightly noisy sphere over a dark gradient:
    half-float A, B, G, R planes, each the whole row (channels in name order)."""
    a, b, g, rr = [], [], [], []
    for x in range(x0, x0 + w):
        dx, dy = (x - cx) / r, (y - cy) / r
        d2 = dx * dx + dy * dy
        if d2 < 1.0:
            nz = math.sqrt(1.0 - d2)
            lit = max(0.0, -0.5 * dx - 0.6 * dy + 0.62 * nz) * 1.6 + 0.04
            spec = max(0.0, -0.5 * dx - 0.6 * dy + 0.62 * nz) ** 40 * 6.0
            noise = rng.gauss(0, 0.01)
            rgb = (0.8 * lit + spec + noise, 0.35 * lit + spec + noise, 0.12 * lit + spec + noise)
            alpha = 1.0
        else:
            t = (y - cy) / 1080.0
            n = rng.gauss(0, 0.004)
            rgb = (0.02 + 0.01 * t + n, 0.025 + 0.012 * t + n, 0.04 + 0.03 * t + n)
            alpha = 0.0
        a.append(alpha)
        rr.append(max(rgb[0], 0.0))
        g.append(max(rgb[1], 0.0))
        b.append(max(rgb[2], 0.0))
    return b"".join(struct.pack(f"<{w}e", *plane) for plane in (a, b, g, rr))


def gen_exr(rng, size, trigger):
    # A crop render (a render farm's region of a 1920 x 1080 frame): the data window is a
    # 160-pixel-wide region starting at row 478, one uncompressed scan line a chunk.
    w, x0, y0 = 160, 880, 478
    channels = [("A", 1), ("B", 1), ("G", 1), ("R", 1)]
    extra = [
        exr_attr("owner", "string", b"lighting dept."),
        exr_attr("software", "string", b"RenderFarm 4.2 region stitcher"),
        exr_attr("comments", "string", b"shot 042 / take 7 / crop region of beauty pass"),
        exr_attr("capDate", "string", b"2023:03:14 10:22:31"),
        exr_attr("framesPerSecond", "rational", struct.pack("<iI", 24, 1)),
        exr_attr("worldToCamera", "m44f", struct.pack("<16f", 1, 0, 0, 0, 0, 1, 0, 0,
                                                      0, 0, 1, 0, 0.5, -1.25, -8, 1)),
    ]
    row_bytes = 8 + w * 8 + 8                      # chunk header, pixels, offset table entry
    head_guess = len(exr_header(channels, (0, 0, 1919, 1079), (0, 0, 0, 0), extra))
    h = max(3, (size - head_guess) // row_bytes)
    data = (x0, y0, x0 + w - 1, y0 + h - 1)
    header = exr_header(channels, (0, 0, 1919, 1079), data, extra)
    cx, cy, r = x0 + w * 0.55, y0 + h * 0.5, min(w, h) * 0.42
    chunks = []
    for k in range(h):
        y = y0 + k
        pixels = exr_scanline(rng, y, x0, w, cx, cy, r)
        chunks.append([y, pixels])
    # The chunk of the middle row was written by the region stitcher as a placeholder for a
    # bucket that failed to render: its y coordinate is i32::MIN (0x80000000), the
    # stitcher's "missing" marker, with the row's pixels as rendered. exr 1.7.0 computes
    # `block.y_coordinate - layer_position.y` (here i32::MIN - 478) in an i32. The harmless
    # twin has the row's y coordinate.
    if trigger:
        chunks[h // 2][0] = -0x80000000
    offsets, pos = [], len(header) + 8 * h
    for y, pixels in chunks:
        offsets.append(pos)
        pos += 8 + len(pixels)
    out = [header, struct.pack(f"<{h}Q", *offsets)]
    out += [struct.pack("<ii", y, len(p)) + p for y, p in chunks]
    return b"".join(out)


# ---------------------------------------------------------------------------------------
# Mach-O: goblin 0.10.7 (an x86-64 executable: load commands, __TEXT with stubs, __DATA
# with lazy symbol pointers, __LINKEDIT with the dyld info opcode streams, the symbol table
# and its strings)

def uleb128(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def macho_segment(name, vmaddr, vmsize, fileoff, filesize, prot, sections):
    """LC_SEGMENT_64 with its section headers (name, addr, size, offset, align, flags, r1, r2)."""
    body = b"".join(struct.pack("<16s16sQQIIIIIIII", s[0].encode(), name.encode(), s[1], s[2],
                                s[3], s[4], 0, 0, s[5], s[6], s[7], 0) for s in sections)
    return struct.pack("<II16sQQQQiiII", 0x19, 72 + len(body), name.encode(), vmaddr, vmsize,
                       fileoff, filesize, prot, prot, len(sections), 0) + body


def macho_dylib(path, current, compat):
    name = path.encode() + b"\0"
    name += b"\0" * (-(24 + len(name)) % 8)
    return struct.pack("<IIIIII", 0xC, 24 + len(name), 24, 2, current, compat) + name


def macho_import_names(rng, n):
    libs = ("libSystem", "libc++", "Foundation", "CoreFoundation", "libz", "libsqlite3")
    verbs = ("Get", "Set", "Create", "Copy", "Release", "Open", "Close", "Read", "Write",
             "Find", "Append", "Remove", "Encode", "Decode", "Compare", "Hash", "Lock")
    nouns = ("String", "Array", "Dictionary", "Data", "Number", "Date", "URL", "Stream",
             "Buffer", "Bundle", "Locale", "TimeZone", "RunLoop", "Set", "Value", "Error")
    names, seen = [], set()
    while len(names) < n:
        k = rng.randrange(len(libs))
        if k == 0:
            name = "_" + rng.choice(("str", "mem", "pthread_", "dispatch_", "os_", "f", "x"))
            name += rng.choice(WORDS) + rng.choice(("", "_r", "_np", "at", "_f", "v"))
        elif k == 1:
            cls = rng.choice(("basic_string", "locale", "ios_base", "mutex", "thread"))
            meth = rng.choice(WORDS)
            name = f"__ZNSt3__1{len(cls)}{cls}{len(meth)}{meth}Ev"
        elif k in (2, 3):
            pre = "NS" if k == 2 else "CF"
            name = "_" + pre + rng.choice(nouns) + rng.choice(verbs) + rng.choice(nouns)
        elif k == 4:
            name = "_" + rng.choice(("deflate", "inflate", "crc32", "adler32", "gz")) + \
                rng.choice(("", "Init", "End", "Reset", "Bound", "Params", "_combine"))
        else:
            name = "_sqlite3_" + rng.choice(("bind", "column", "prepare", "step", "result",
                                             "value", "db", "blob")) + "_" + rng.choice(WORDS)
        if name not in seen:
            seen.add(name)
            names.append((name, k + 1))
    return libs, names


def gen_macho(rng, size, trigger):
    n_imp = max(8, size // 122)
    libs, imports = macho_import_names(rng, n_imp)
    n_funcs = max(8, size // 1000)
    base = 0x100000000
    # __TEXT: the header and load commands, then __text, __stubs, __stub_helper, __cstring
    lib_paths = ["/usr/lib/libSystem.B.dylib", "/usr/lib/libc++.1.dylib",
                 "/System/Library/Frameworks/Foundation.framework/Versions/C/Foundation",
                 "/System/Library/Frameworks/CoreFoundation.framework/Versions/A/CoreFoundation",
                 "/usr/lib/libz.1.dylib", "/usr/lib/libsqlite3.dylib"]
    code = bytearray()
    func_offs, calls = [], []
    for f in range(n_funcs):
        func_offs.append(len(code))
        body = bytearray(b"\x55\x48\x89\xe5")                      # push rbp; mov rbp, rsp
        body += b"\x48\x83\xec" + bytes([16 * rng.randint(1, 6)])    # sub rsp, imm8
        for _ in range(rng.randint(4, 40)):
            kind = rng.random()
            if kind < 0.35:                                          # call a stub
                calls.append((len(code) + len(body) + 5, rng.randrange(n_imp)))
                body += b"\xe8\0\0\0\0"
            elif kind < 0.6:
                body += bytes([0x48, 0x8b, 0x45 + 8 * rng.randrange(2), 0x100 - 8 * rng.randint(1, 8)])
            elif kind < 0.8:
                body += b"\x89\xc7" if rng.random() < 0.5 else b"\x31\xc0"
            else:
                body += b"\x83\xf8" + bytes([rng.randrange(64)]) + b"\x74" + bytes([rng.randrange(2, 30)])
        body += b"\x48\x83\xc4" + bytes([body[7]]) + b"\x5d\xc3"   # add rsp; pop rbp; ret
        body += b"\x90" * (-len(body) % 16)
        code += body
    cstrings = b"".join(f"{rng.choice(WORDS)} {rng.choice(WORDS)}: %s (%d)\n\0".encode()
                        for _ in range(max(4, size // 3000)))
    ncmds_guess = 13 + len(lib_paths)
    hdr_space = 0x1000 if size < 40000 else 0x2000
    text_off = hdr_space
    stubs_off = text_off + len(code)
    stubs_off += -stubs_off % 2
    helper_off = stubs_off + 6 * n_imp
    helper_off += -helper_off % 4
    cstr_off = helper_off + 16 + 10 * n_imp
    text_end = cstr_off + len(cstrings)
    text_size = (text_end + 0xFFF) & ~0xFFF
    for end, imp in calls:                                   # call rel32 to the import's stub
        code[end - 4:end] = struct.pack("<i", (stubs_off + 6 * imp) - (text_off + end))
    # __DATA_CONST (__got: dyld_stub_binder), __DATA (__la_symbol_ptr, __data)
    dc_off = text_size
    dc_size = 0x1000
    data_off = dc_off + dc_size
    la_size = 8 * n_imp
    data_payload = bytes(rng.randrange(256) for _ in range(256))
    data_fsize = (la_size + len(data_payload) + 0xFFF) & ~0xFFF
    le_off = data_off + data_fsize
    # dyld info: rebase (the lazy pointers), bind (dyld_stub_binder in __got), lazy bind
    rebase = bytes([0x11, 0x23]) + uleb128(0) + bytes([0x63]) + uleb128(n_imp) + b"\0"
    rebase += b"\0" * (-len(rebase) % 8)
    bind = bytes([0x11, 0x40]) + b"dyld_stub_binder\0" + bytes([0x51, 0x72, 0x00, 0x90, 0x00])
    bind += b"\0" * (-len(bind) % 8)
    lazy_entries = []
    for i, (name, ordinal) in enumerate(imports):
        ent = bytes([0x73]) + uleb128(8 * i) + bytes([0x10 | ordinal, 0x40]) + name.encode() + b"\0"
        lazy_entries.append(ent + bytes([0x90, 0x00]))
    # symbol table: local function symbols, then the undefined imports
    strtab = bytearray(b" \0")
    syms = []
    for f in range(n_funcs):
        nm = f"_{rng.choice(WORDS)}_{rng.choice(WORDS)}_{f}"
        syms.append(struct.pack("<IBBHQ", len(strtab), 0x0E, 1, 0, base + text_off + func_offs[f]))
        strtab += nm.encode() + b"\0"
    n_local = len(syms)
    syms.append(struct.pack("<IBBHQ", len(strtab), 0x0F, 1, 0x10, base))
    strtab += b"__mh_execute_header\0"
    syms.append(struct.pack("<IBBHQ", len(strtab), 0x0F, 1, 0, base + text_off))
    strtab += b"_main\0"
    n_ext = 2
    for name, ordinal in sorted(imports + [("dyld_stub_binder", 1)]):
        syms.append(struct.pack("<IBBHQ", len(strtab), 0x01, 0, ordinal << 8, 0))
        strtab += name.encode() + b"\0"
    n_undef = len(syms) - n_local - n_ext
    strtab += b"\0" * (-len(strtab) % 8)
    # The lazy bind entry nearest the middle of the file: one bit of its
    # BIND_OPCODE_SET_SEGMENT_AND_OFFSET_ULEB byte flipped on the way (0x73, segment 3,
    # __DATA, became 0x7B, segment 11 of the binary's 5). goblin's `Import::new` indexes
    # `segments[bi.seg_index]` unchecked. The harmless twin has the byte intact.
    lazy_off = le_off + len(rebase) + len(bind)
    lazy_len = sum(len(e) for e in lazy_entries)
    total = lazy_off + lazy_len + (-lazy_len % 8) + 16 * len(syms) + len(strtab)
    mid, pos, pick = total // 2, lazy_off, 0
    for i, ent in enumerate(lazy_entries):
        if pos >= mid:
            pick = i
            break
        pos += len(ent)
    if trigger:
        lazy_entries[pick] = bytes([0x7B]) + lazy_entries[pick][1:]
    lazy = b"".join(lazy_entries)
    lazy += b"\0" * (-len(lazy) % 8)
    sym_off = lazy_off + len(lazy)
    symtab = b"".join(syms)
    str_off = sym_off + len(symtab)
    le_size = str_off + len(strtab) - le_off
    # load commands
    text_secs = [("__text", base + text_off, len(code), text_off, 4, 0x80000400, 0, 0),
                 ("__stubs", base + stubs_off, 6 * n_imp, stubs_off, 1, 0x80000408, 0, 6),
                 ("__stub_helper", base + helper_off, 16 + 10 * n_imp, helper_off, 2,
                  0x80000400, 0, 0),
                 ("__cstring", base + cstr_off, len(cstrings), cstr_off, 0, 0x2, 0, 0)]
    cmds = [
        macho_segment("__PAGEZERO", 0, base, 0, 0, 0, []),
        macho_segment("__TEXT", base, text_size, 0, text_size, 5, text_secs),
        macho_segment("__DATA_CONST", base + dc_off, dc_size, dc_off, dc_size, 3,
                      [("__got", base + dc_off, 8, dc_off, 3, 0x6, 0, 0)]),
        macho_segment("__DATA", base + data_off, data_fsize, data_off, data_fsize, 3,
                      [("__la_symbol_ptr", base + data_off, la_size, data_off, 3, 0x7,
                        1, 0),
                       ("__data", base + data_off + la_size, len(data_payload),
                        data_off + la_size, 3, 0, 0, 0)]),
        macho_segment("__LINKEDIT", base + le_off, (le_size + 0xFFF) & ~0xFFF, le_off, le_size,
                      1, []),
        struct.pack("<12I", 0x80000022, 48, le_off, len(rebase), le_off + len(rebase),
                    len(bind), 0, 0, lazy_off, len(lazy), 0, 0),
        struct.pack("<6I", 0x2, 24, sym_off, len(syms), str_off, len(strtab)),
        struct.pack("<20I", 0xB, 80, 0, n_local, n_local, n_ext, n_local + n_ext, n_undef,
                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        struct.pack("<III", 0xE, 32, 12) + b"/usr/lib/dyld\0" + b"\0" * 6,
        struct.pack("<II", 0x1B, 24) + bytes(rng.randrange(256) for _ in range(16)),
        struct.pack("<6I", 0x32, 32, 1, 0x000D0000, 0x000E0000, 1) + struct.pack("<II", 3, 0x03590100),
        struct.pack("<IIQQ", 0x80000028, 24, text_off, 0),
    ]
    cmds += [macho_dylib(p, 0x05000000 + 0x10000 * i, 0x10000) for i, p in enumerate(lib_paths)]
    cmds_blob = b"".join(cmds)
    header = struct.pack("<IiiIIIII", 0xFEEDFACF, 0x01000007, 3, 2, len(cmds), len(cmds_blob),
                         0x00200085, 0)
    assert len(header) + len(cmds_blob) <= text_off
    out = bytearray(header + cmds_blob)
    out += b"\0" * (text_off - len(out))
    out += code
    out += b"\0" * (stubs_off - len(out))
    for i in range(n_imp):                                   # jmp *__la_symbol_ptr[i](%rip)
        at = base + stubs_off + 6 * i + 6
        out += b"\xff\x25" + struct.pack("<i", (base + data_off + 8 * i) - at)
    out += b"\0" * (helper_off - len(out))
    out += b"\x4c\x8d\x1d\x00\x00\x00\x00\x41\x53\xff\x25\x00\x00\x00\x00\x90"
    lazy_pos = 0
    for i in range(n_imp):                                   # push $lazy_off; jmp helper
        out += b"\x68" + struct.pack("<I", lazy_pos) + b"\xe9" + struct.pack("<i", -(16 + 10 * (i + 1)))
        lazy_pos += len(lazy_entries[i])
    out += cstrings
    out += b"\0" * (dc_off - len(out))
    out += b"\0" * 8 + b"\0" * (dc_size - 8)
    for i in range(n_imp):
        out += struct.pack("<Q", base + helper_off + 16 + 10 * i)
    out += data_payload
    out += b"\0" * (le_off - len(out))
    out += rebase + bind + lazy + symtab + strtab
    return bytes(out)


# ---------------------------------------------------------------------------------------
# WebP: image-webp 0.2.4 (an animated WebP: VP8X, ANIM, then ANMF frames of sub-rectangles,
# most lossless (VP8L), some lossy with an alpha plane (ALPH then VP8), as a mixed-mode
# encoder writes them)

class BitWriterLSB:
    def __init__(self):
        self.out, self.acc, self.n = bytearray(), 0, 0

    def put(self, value, bits):
        self.acc |= (value & ((1 << bits) - 1)) << self.n
        self.n += bits
        while self.n >= 8:
            self.out.append(self.acc & 0xFF)
            self.acc >>= 8
            self.n -= 8

    def bytes(self):
        return bytes(self.out) + (bytes([self.acc]) if self.n else b"")


def webp_chunk(tag, payload):
    return tag + struct.pack("<I", len(payload)) + payload + b"\0" * (len(payload) & 1)


def webp_vp8l(w, h, mask, c0, c1):
    """A lossless bitstream of a two-colour sprite (ARGB tuples c0 where mask is 0, c1 where
    it is 1): no transforms, no colour cache, five simple prefix codes of one or two
    symbols each, so a pixel costs one bit for each channel that differs."""
    bw = BitWriterLSB()
    bw.put(0x2F, 8)
    bw.put(w - 1, 14)
    bw.put(h - 1, 14)
    bw.put(1, 1)                                            # alpha is used
    bw.put(0, 3)
    bw.put(0, 1)                                            # no transform
    bw.put(0, 1)                                            # no colour cache
    bw.put(0, 1)                                            # no meta prefix codes
    order = (2, 1, 3, 0)                                    # green, red, blue, alpha of (a, r, g, b)
    flips = []
    for ch in order:
        a, b = c0[ch], c1[ch]
        if a == b:
            bw.put(1, 1); bw.put(0, 1)                      # simple, one symbol
            bw.put(1, 1); bw.put(a, 8)
            flips.append(None)
        else:
            lo, hi = min(a, b), max(a, b)
            bw.put(1, 1); bw.put(1, 1)                      # simple, two symbols
            bw.put(1, 1); bw.put(lo, 8); bw.put(hi, 8)
            flips.append(a > b)                             # colour 0 takes code 1
    bw.put(1, 1); bw.put(0, 1); bw.put(0, 1); bw.put(0, 1)  # distance: one symbol, 0
    for bit in mask:
        for flip in flips:
            if flip is not None:
                bw.put(bit ^ int(flip), 1)
    return bw.bytes()


def webp_vp8_flat(w, h, room):
    """A lossy keyframe whose partitions are all zero bytes: every flag and probability
    update reads as 0, each macroblock is B_PRED with DC sub-blocks and no coefficients, so
    it decodes to a flat grey. The partitions are sized for a frame of `room`."""
    mbs = ((room[0] + 15) // 16) * ((room[1] + 15) // 16)
    first = 32 + 4 * mbs
    tag = (0) | (0 << 1) | (1 << 4) | (first << 5)
    head = struct.pack("<I", tag)[:3] + b"\x9d\x01\x2a" + struct.pack("<HH", w, h)
    return head + b"\0" * first + b"\0" * (16 + 8 * mbs)


def webp_sprite(rng, w, h, kind):
    mask = []
    cx, cy = (w - 1) / 2, (h - 1) / 2
    r = min(w, h) * rng.uniform(0.3, 0.48)
    for y in range(h):
        for x in range(w):
            if kind == 0:                                  # a ball
                on = (x - cx) ** 2 + (y - cy) ** 2 <= r * r
            elif kind == 1:                                # a ring
                d = (x - cx) ** 2 + (y - cy) ** 2
                on = (r * 0.6) ** 2 <= d <= r * r
            elif kind == 2:                                # a checkered flag
                on = ((x // 6) + (y // 6)) % 2 == 0
            else:                                          # a diamond
                on = abs(x - cx) + abs(y - cy) <= r
            mask.append(int(on))
    return mask


def gen_webp(rng, size, trigger):
    cw, ch = 320, 240
    colors = [(255, rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(24)]
    frames, total = [], 30 + 18 + 14
    while total < size:
        k = len(frames)
        w, h = rng.randrange(24, 97, 2), rng.randrange(24, 97, 2)
        x, y = rng.randrange(0, cw - w + 1, 2), rng.randrange(0, ch - h + 1, 2)
        lossy = k % 7 == 3
        frames.append((k, w, h, x, y, lossy))
        total += 24 + (w * h + 300 if lossy else w * h // 2 + 40)
    # the lossy frame nearest the middle of the file
    def frame_bytes(k, w, h, x, y, lossy, bad):
        duration = 40 + 20 * (k % 3)
        flags = (0 if k % 5 else 0x02) | (1 if k % 11 == 0 else 0)
        head = struct.pack("<I", x // 2)[:3] + struct.pack("<I", y // 2)[:3]
        head += struct.pack("<I", w - 1)[:3] + struct.pack("<I", h - 1)[:3]
        head += struct.pack("<I", duration)[:3] + bytes([flags])
        if lossy:
            cx, cy = (w - 1) / 2, (h - 1) / 2
            alpha = bytes(255 if ((xx - cx) / (w / 2)) ** 2 + ((yy - cy) / (h / 2)) ** 2 <= 1 else 0
                          for yy in range(h) for xx in range(w))
            vw, vh = (w + 2, h + 2) if bad else (w, h)
            body = webp_chunk(b"ALPH", b"\0" + alpha) + webp_chunk(b"VP8 ", webp_vp8_flat(vw, vh, (w + 2, h + 2)))
        else:
            mask = webp_sprite(rng, w, h, k % 4)
            c0 = (0, 0, 0, 0) if k % 3 else colors[(k + 5) % 24]
            body = webp_chunk(b"VP8L", webp_vp8l(w, h, mask, c0, colors[k % 24]))
        return webp_chunk(b"ANMF", head + body)
    blobs = [frame_bytes(*f, False) for f in frames]
    prefix = 12 + 18 + 14
    total = prefix + sum(len(b) for b in blobs)
    pos, pick = prefix, None
    for f, b in zip(frames, blobs):
        if f[5] and pos + len(b) // 2 >= total // 2:
            pick = f[0]
            break
        pos += len(b)
    # The pick: a lossy frame whose rectangle (the ANMF header and its ALPH plane) an
    # optimizer cropped by 2 pixels each way, leaving the VP8 bitstream at the original
    # size. image-webp decodes the VP8 frame into a buffer of the ANMF size without
    # comparing the sizes (it does for a frame without ALPH) and `fill_rgba` writes past it.
    if trigger:
        blobs[pick] = frame_bytes(*frames[pick], True)
    vp8x = webp_chunk(b"VP8X", bytes([0x12, 0, 0, 0]) + struct.pack("<I", cw - 1)[:3]
                      + struct.pack("<I", ch - 1)[:3])
    anim = webp_chunk(b"ANIM", bytes([0x20, 0x18, 0x10, 0xFF]) + struct.pack("<H", 0))
    body = b"WEBP" + vp8x + anim + b"".join(blobs)
    return b"RIFF" + struct.pack("<I", len(body)) + body


# ---------------------------------------------------------------------------------------
# 7z: sevenz-rust2 0.21.3 (a non-solid archive, one folder a file: LZMA for text files, BCJ
# x86 then LZMA for executables; the header uncompressed, after the packed streams)

def sz_number(n):
    """7z's variable-length UINT64: the leading 1 bits of the first byte count the bytes
    that follow (little-endian), the rest of the first byte holds the high bits."""
    for k in range(8):
        if n < 1 << (7 * (k + 1)):
            high = n >> (8 * k)
            first = (0xFF << (8 - k)) & 0xFF | high
            return bytes([first]) + (n & ((1 << (8 * k)) - 1)).to_bytes(k, "little")
    return b"\xff" + n.to_bytes(8, "little")


def sz_file_text(rng, path):
    if path.endswith(".toml"):
        lines = [f'[package]\nname = "{rng.choice(WORDS)}-{rng.choice(WORDS)}"\nversion = "0.{rng.randrange(20)}.{rng.randrange(9)}"\nedition = "2021"\n\n[dependencies]']
        lines += [f'{rng.choice(WORDS)} = "{rng.randrange(5)}.{rng.randrange(30)}"' for _ in range(rng.randint(1, 4))]
    elif path.endswith(".md"):
        lines = [f"# {rng.choice(WORDS).title()} {rng.choice(WORDS)}", ""]
        lines += [" ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14))) + "." for _ in range(rng.randint(1, 3))]
    else:
        lines = [f"//! The {rng.choice(WORDS)} {rng.choice(WORDS)} module.", "",
                 f"use crate::{rng.choice(WORDS)}::{rng.choice(WORDS).title()};", ""]
        for _ in range(rng.randint(1, 2)):
            f, a, b = rng.choice(WORDS), rng.choice(WORDS), rng.choice(WORDS)
            lines += [f"pub fn {f}_{a}({a}: u32, {b}: &str) -> Option<u32> {{",
                      f"    if {b}.is_empty() {{ return None; }}",
                      f"    Some({a}.wrapping_mul({rng.randrange(3, 999)}) ^ {b}.len() as u32)", "}", ""]
    return ("\n".join(lines) + "\n").encode()


def sz_file_exe(rng, n):
    """x86-64 code: prologues, moves, compares and calls with rel32 operands."""
    out = bytearray()
    while len(out) < n:
        out += b"\x55\x48\x89\xe5\x48\x83\xec" + bytes([16 * rng.randint(1, 8)])
        for _ in range(rng.randint(3, 12)):
            if rng.random() < 0.4:
                out += b"\xe8" + struct.pack("<i", rng.randrange(-len(out) - 1, 4096) & ~0xF)
            else:
                out += bytes([0x48, 0x8b, 0x45 + 8 * rng.randrange(2), 0x100 - 8 * rng.randint(1, 8)])
        out += b"\xc9\xc3" + b"\xcc" * (-len(out) % 16)
    return bytes(out[:n])


def gen_7z(rng, size, trigger):
    crates = [f"{rng.choice(('core', 'services', 'adapters', 'tools'))}/{rng.choice(WORDS)}-{rng.choice(WORDS)}"
              for _ in range(14)]
    files, names = [], set()
    packed_total, header_guess = 0, 200
    while packed_total + header_guess < size:
        crate = rng.choice(crates)
        if rng.random() < 0.2:
            name = f"workspace/target/release/deps/lib{crate.split('/')[1].replace('-', '_')}-{rng.getrandbits(64):016x}.so"
            data = sz_file_exe(rng, rng.randint(100, 300))
            exe = True
        else:
            ext = rng.choice((".rs", ".rs", ".rs", ".md", ".toml"))
            sub = "" if ext == ".toml" else rng.choice(("src/", "src/", "tests/", "benches/", "src/bin/"))
            if sub in ("src/", "tests/"):
                sub += f"{rng.choice(WORDS)}/{rng.choice(WORDS)}_{rng.choice(('impl', 'types', 'util', 'tests'))}/"
            leaf = "Cargo" if ext == ".toml" else f"{rng.choice(WORDS)}_{rng.choice(WORDS)}"
            name = f"workspace/crates/{crate}/{sub}{leaf}{ext}"
            data = sz_file_text(rng, name)
            exe = False
        if name in names:
            continue
        names.add(name)
        filters = ([{"id": lzma.FILTER_X86}] if exe else []) + \
            [{"id": lzma.FILTER_LZMA1, "dict_size": 1 << 16, "lc": 3, "lp": 0, "pb": 2}]
        packed = lzma.compress(data, format=lzma.FORMAT_RAW, filters=filters)
        files.append((name, data, packed, exe))
        packed_total += len(packed)
        header_guess += 2 * len(name) + 2 + 56 + (10 if exe else 0)
    lzma_props = b"\x5d" + struct.pack("<I", 1 << 16)
    lzma_coder = b"\x23\x03\x01\x01\x05" + lzma_props

    def folder(exe, bad):
        if not exe:
            return b"\x01" + lzma_coder
        # BCJ x86 (coder 0), LZMA (coder 1); bind pair: BCJ's input 0 <- LZMA's output 1
        lz = lzma_coder
        if bad:                         # the LZMA coder as "complex", in-streams 2^64 - 1
            lz = b"\x33\x03\x01\x01" + b"\xff" * 9 + b"\x01" + b"\x05" + lzma_props
        return b"\x02" + b"\x04\x03\x03\x01\x03" + lz + b"\x00\x01"

    def header(bad_index):
        h = bytearray(b"\x01\x04")                                  # kHeader, kMainStreamsInfo
        h += b"\x06" + sz_number(0) + sz_number(len(files)) + b"\x09"  # kPackInfo, kSize
        h += b"".join(sz_number(len(f[2])) for f in files) + b"\x00"
        h += b"\x07\x0b" + sz_number(len(files)) + b"\x00"          # kUnPackInfo, kFolder
        folders_at = len(h)
        starts = []
        for i, f in enumerate(files):
            starts.append(len(h))
            h += folder(f[3], i == bad_index)
        h += b"\x0c"                                                # kCodersUnPackSize
        for f in files:
            h += sz_number(len(f[1])) * (2 if f[3] else 1)
        h += b"\x00"
        h += b"\x08\x0a\x01" + b"".join(struct.pack("<I", zlib.crc32(f[1])) for f in files)
        h += b"\x00"                                                # kSubStreamsInfo end
        h += b"\x00"                                                # kMainStreamsInfo end
        h += b"\x05" + sz_number(len(files))                        # kFilesInfo
        names_blob = b"\x00" + b"".join(f[0].encode("utf-16-le") + b"\0\0" for f in files)
        h += b"\x11" + sz_number(len(names_blob)) + names_blob      # kName
        t0 = 133_500_000_000_000_000                                # 2024-01 in FILETIME
        times = b"\x01\x00" + b"".join(struct.pack("<Q", t0 + i * 37_000_000 + rng.randrange(10_000_000))
                                       for i in range(len(files)))
        ctimes = b"\x01\x00" + b"".join(struct.pack("<Q", t0 - 86_400_000_000_0 + i * 11_000_000)
                                        for i in range(len(files)))
        atimes = b"\x01\x00" + b"".join(struct.pack("<Q", t0 + 3_000_000_000_000 + i * 5_000)
                                        for i in range(len(files)))
        h += b"\x12" + sz_number(len(ctimes)) + ctimes              # kCTime
        h += b"\x13" + sz_number(len(atimes)) + atimes              # kATime
        h += b"\x14" + sz_number(len(times)) + times                # kMTime
        attrs = b"\x01\x00" + b"".join(struct.pack("<I", 0x20 | (0x8000 | (0o755 if f[3] else 0o644)) << 16)
                                       for f in files)
        h += b"\x15" + sz_number(len(attrs)) + attrs                # kWinAttributes
        h += b"\x00\x00"                                            # kFilesInfo end, kHeader end
        return bytes(h), starts

    packed = b"".join(f[2] for f in files)
    state = rng.getstate()
    plain, starts = header(None)
    total = 32 + len(packed) + len(plain)
    # The executable folder whose record lies nearest the middle of the file: its LZMA
    # coder written as a complex coder with 2^64 - 1 in-streams; sevenz-rust2's `read_block`
    # adds the count to the folder's total (1, BCJ's) before checking it against the limit.
    pick = min((i for i, f in enumerate(files) if f[3]),
               key=lambda i: abs(32 + len(packed) + starts[i] - total // 2))
    rng.setstate(state)
    head, _ = header(pick if trigger else None)
    start = struct.pack("<QQI", len(packed), len(head), zlib.crc32(head))
    sig = b"7z\xbc\xaf\x27\x1c\x00\x04" + struct.pack("<I", zlib.crc32(start)) + start
    return sig + packed + head


# ---------------------------------------------------------------------------------------
# HTTP/2 (a client's side of a connection: frames of HPACK header blocks): hpack 0.3.0

H2_STATIC = [
    (":authority", ""), (":method", "GET"), (":method", "POST"), (":path", "/"),
    (":path", "/index.html"), (":scheme", "http"), (":scheme", "https"), (":status", "200"),
    (":status", "204"), (":status", "206"), (":status", "304"), (":status", "400"),
    (":status", "404"), (":status", "500"), ("accept-charset", ""),
    ("accept-encoding", "gzip, deflate"), ("accept-language", ""), ("accept-ranges", ""),
    ("accept", ""), ("access-control-allow-origin", ""), ("age", ""), ("allow", ""),
    ("authorization", ""), ("cache-control", ""), ("content-disposition", ""),
    ("content-encoding", ""), ("content-language", ""), ("content-length", ""),
    ("content-location", ""), ("content-range", ""), ("content-type", ""), ("cookie", ""),
    ("date", ""), ("etag", ""), ("expect", ""), ("expires", ""), ("from", ""), ("host", ""),
    ("if-match", ""), ("if-modified-since", ""), ("if-none-match", ""), ("if-range", ""),
    ("if-unmodified-since", ""), ("last-modified", ""), ("link", ""), ("location", ""),
    ("max-forwards", ""), ("proxy-authenticate", ""), ("proxy-authorization", ""),
    ("range", ""), ("referer", ""), ("refresh", ""), ("retry-after", ""), ("server", ""),
    ("set-cookie", ""), ("strict-transport-security", ""), ("transfer-encoding", ""),
    ("user-agent", ""), ("vary", ""), ("via", ""), ("www-authenticate", "")]

H2_AGENTS = ("Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
             "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like "
             "Gecko) Version/17.4 Safari/605.1.15",
             "okhttp/4.12.0", "grpc-go/1.63.2", "curl/8.7.1")
H2_PATHS = ("/api/v2/orders", "/api/v2/orders/{}", "/api/v2/users/{}", "/api/v2/search?q={}",
            "/static/app.{}.js", "/static/img/{}.webp", "/graphql", "/healthz", "/login",
            "/api/v2/carts/{}/items")


def hpack_int(value, prefix, first):
    limit = (1 << prefix) - 1
    if value < limit:
        return bytes([first | value])
    out, value = [first | limit], value - limit
    while value >= 128:
        out.append(0x80 | (value & 127))
        value >>= 7
    out.append(value)
    return bytes(out)


def hpack_str(s):
    b = s.encode()
    return hpack_int(len(b), 7, 0) + b


class HpackEncoder:
    """Raw (not Huffman) literals; the values that repeat are indexed once, and the
    dynamic table is kept well under its 4,096 bytes, so nothing is ever evicted."""

    def __init__(self):
        self.dynamic = []      # newest first
        self.size = 0

    def field(self, name, value, index=False):
        pair = (name, value)
        if pair in H2_STATIC:
            return hpack_int(H2_STATIC.index(pair) + 1, 7, 0x80)
        if pair in self.dynamic:
            return hpack_int(62 + self.dynamic.index(pair), 7, 0x80)
        names = [n for n, _ in H2_STATIC]
        name_idx = names.index(name) + 1 if name in names else 0
        if index and self.size + len(name) + len(value) + 32 < 3000:
            self.dynamic.insert(0, pair)
            self.size += len(name) + len(value) + 32
            head = hpack_int(name_idx, 6, 0x40)
        else:
            head = hpack_int(name_idx, 4, 0x00)
        return head + (b"" if name_idx else hpack_str(name)) + hpack_str(value)


def h2_frame(ftype, flags, stream, payload):
    return struct.pack(">I", len(payload))[1:] + bytes([ftype, flags]) + struct.pack(">I", stream) + payload


def h2_request(rng, enc, stream, host, agent, session):
    method = "POST" if rng.random() < 0.3 else "GET"
    path = rng.choice(H2_PATHS).format(rng.randrange(1, 99999) if rng.random() < 0.7
                                       else "%08x" % rng.getrandbits(32))
    body = b""
    if method == "POST":
        body = json.dumps({"id": rng.randrange(10**6), "qty": rng.randrange(1, 9),
                           "note": words(rng, 2, 12)}).encode()
    fields = [(":method", method, False), (":scheme", "https", False),
              (":authority", host, True), (":path", path, False),
              ("user-agent", agent, True), ("accept", "application/json", True),
              ("accept-encoding", "gzip, deflate", False),
              ("accept-language", "en-GB,en;q=0.8", True),
              ("cookie", "session=" + session, True),
              ("x-request-id", "%032x" % rng.getrandbits(128), False)]
    if method == "POST":
        fields += [("content-type", "application/json", True),
                   ("content-length", str(len(body)), False)]
    if rng.random() < 0.2:
        fields.append(("if-none-match", '"%016x"' % rng.getrandbits(64), False))
    block = b"".join(enc.field(n, v, i) for n, v, i in fields)
    return block, body


def gen_h2(rng, size, trigger):
    enc = HpackEncoder()
    settings = b"".join(struct.pack(">HI", k, v) for k, v in
                        ((2, 0), (3, 100), (4, 6291456), (6, 262144)))
    frames = [b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", h2_frame(4, 0, 0, settings),
              h2_frame(8, 0, 0, struct.pack(">I", 15663105)), h2_frame(4, 1, 0, b"")]
    hosts = ["api.example.com", "shop.example.com", "static.example.net", "auth.example.com"]
    agent = rng.choice(H2_AGENTS)
    session = "%040x" % rng.getrandbits(160)
    requests, stream, total = [], 1, sum(map(len, frames))
    while total < size:
        block, body = h2_request(rng, enc, stream, rng.choice(hosts), agent, session)
        piece = []
        if rng.random() < 0.15 and len(block) > 40:       # header block split in two
            cut = len(block) // 2
            piece.append(h2_frame(1, 0 if body else 1, stream, block[:cut]))
            piece.append(h2_frame(9, 4, stream, block[cut:]))
        else:
            piece.append(h2_frame(1, 4 | (0 if body else 1), stream, block))
        if body:
            piece.append(h2_frame(0, 1, stream, body))
        if rng.random() < 0.05:
            piece.append(h2_frame(6, 0, 0, struct.pack(">Q", rng.getrandbits(64))))
        if rng.random() < 0.04:
            piece.append(h2_frame(3, 0, stream, struct.pack(">I", 8)))     # RST_STREAM CANCEL
        if rng.random() < 0.08:
            piece.append(h2_frame(8, 0, 0, struct.pack(">I", rng.randrange(1 << 16, 1 << 20))))
        requests.append((stream, piece))
        total += sum(map(len, piece))
        stream += 2
    # The request nearest the middle went through a proxy that re-encodes each header block
    # and starts it with a dynamic table size update (4,096, the size in use), writing the
    # integer in a fixed width: `3f e1 9f 80 80 00` (five continuation octets, the last ones
    # empty). hpack 0.3.0 rejects the fifth octet (TooManyOctets), and
    # `update_max_dynamic_size` unwraps the error (src/decoder.rs:453, mlalic/hpack-rs#11).
    # The harmless twin has the shortest form, `3f e1 1f`.
    mid_stream, piece = requests[len(requests) // 2]
    update = bytes.fromhex("3fe19f808000") if trigger else bytes.fromhex("3fe11f")
    head = piece[0]
    length = struct.unpack(">I", b"\0" + head[:3])[0] + len(update)
    piece[0] = struct.pack(">I", length)[1:] + head[3:9] + update + head[9:]
    return b"".join(frames) + b"".join(b"".join(p) for _, p in requests)


# ---------------------------------------------------------------------------------------
# SSH (the binary packets of an SSH transport, cipher "none"): ssh-parser 0.1.0

def ssh_string(b):
    if isinstance(b, str):
        b = b.encode()
    return struct.pack(">I", len(b)) + b


def ssh_mpint(rng, nbytes):
    v = bytearray(rng.getrandbits(8) for _ in range(nbytes))
    if v[0] & 0x80:
        v = b"\0" + v
    return ssh_string(bytes(v))


def ssh_packet(rng, payload, padding=None):
    if padding is None:
        padding = 8 - (len(payload) + 5) % 8
        if padding < 4:
            padding += 8
        padding += 8 * rng.randrange(0, 3)
    return struct.pack(">IB", len(payload) + padding + 1, padding) + payload + bytes(padding)


SSH_KEX = ("curve25519-sha256,curve25519-sha256@libssh.org,ecdh-sha2-nistp256,"
           "diffie-hellman-group14-sha256,ext-info-c,kex-strict-c-v00@openssh.com")
SSH_HOSTKEY = "ssh-ed25519,ecdsa-sha2-nistp256,rsa-sha2-512,rsa-sha2-256"
SSH_CIPHERS = "none,chacha20-poly1305@openssh.com,aes128-ctr,aes256-gcm@openssh.com"
SSH_MACS = "umac-64-etm@openssh.com,hmac-sha2-256-etm@openssh.com,hmac-sha2-256,none"


def ssh_kexinit(rng):
    lists = [SSH_KEX, SSH_HOSTKEY, SSH_CIPHERS, SSH_CIPHERS, SSH_MACS, SSH_MACS,
             "none,zlib@openssh.com", "none,zlib@openssh.com", "", ""]
    return (bytes([20]) + bytes(rng.getrandbits(8) for _ in range(16))
            + b"".join(ssh_string(s) for s in lists) + b"\0" + b"\0\0\0\0")


def ssh_rekey(rng):
    host_key = ssh_string("ssh-ed25519") + ssh_string(bytes(rng.getrandbits(8) for _ in range(32)))
    sig = ssh_string("ssh-ed25519") + ssh_string(bytes(rng.getrandbits(8) for _ in range(64)))
    return [ssh_kexinit(rng), ssh_kexinit(rng),
            bytes([30]) + ssh_mpint(rng, 256),
            bytes([31]) + ssh_string(host_key) + ssh_mpint(rng, 256) + ssh_string(sig),
            bytes([21]), bytes([21])]


def gen_ssh(rng, size, trigger):
    payloads = ssh_rekey(rng) + [bytes([5]) + ssh_string("ssh-userauth"),
                                 bytes([6]) + ssh_string("ssh-userauth")]
    total = sum(len(p) + 16 for p in payloads)
    n = 0
    while total < size:
        r = rng.random()
        if r < 0.8:
            # keystroke timing obfuscation (OpenSSH 9.5): SSH_MSG_IGNORE of random bytes
            p = bytes([2]) + ssh_string(bytes(rng.getrandbits(8) for _ in range(rng.randrange(4, 64))))
        elif r < 0.97:
            p = (bytes([4, rng.randrange(2)]) + ssh_string("debug%d: channel %d: %s" % (
                rng.randrange(1, 4), rng.randrange(4), words(rng, 2, 9))) + ssh_string("en"))
        else:
            for q in ssh_rekey(rng):
                payloads.append(q)
                total += len(q) + 16
            continue
        payloads.append(p)
        total += len(p) + 16
        n += 1
    packets = [ssh_packet(rng, p) for p in payloads]
    # The IGNORE packet nearest the middle had one bit flipped in its padding length: 0x86
    # where the padding is 6 bytes (0x06, the harmless twin), more than the packet length;
    # `parse_ssh_packet` computes `packet_length - padding_length as u32 - 1` in a u32
    # (src/ssh.rs:351, rusticata/ssh-parser#1).
    mid = len(packets) // 2
    while not (payloads[mid][0] == 2 and packets[mid][4] == 6 and len(payloads[mid]) + 7 < 0x86):
        mid += 1
    if trigger:
        packets[mid] = packets[mid][:4] + b"\x86" + packets[mid][5:]
    return b"".join(packets)


# ---------------------------------------------------------------------------------------
# A symbol list (`nm` output of a Rust firmware image): rustc-demangle 0.1.5

NM_CRATES = ("core", "alloc", "std", "firmware", "embassy_executor", "heapless", "defmt",
             "nrf_hal", "smoltcp", "serde", "postcard", "sensor_fusion", "ble_stack")
NM_WORDS = ("poll", "new", "fmt", "write_str", "read", "drop_in_place", "into_iter", "next",
            "from", "try_from", "deref", "handle_irq", "on_event", "encode", "decode", "push",
            "pop", "spawn", "run", "tick", "flush", "configure", "calibrate", "as_ref",
            "clone", "eq", "cmp", "hash", "len", "is_empty", "get", "insert", "remove")


def nm_ident(rng):
    if rng.random() < 0.5:
        return rng.choice(NM_WORDS)
    return "_".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 3)))


def nm_symbol(rng, path):
    return "_ZN" + "".join("%d%s" % (len(p), p) for p in path) + "17h%016xE" % rng.getrandbits(64)


def gen_nm(rng, size, trigger):
    lines, addr, total = [], 0x00010000, 0
    kinds = "TTTTTtttRrDdBb"
    while total < size:
        path = [rng.choice(NM_CRATES)] + [nm_ident(rng) for _ in range(rng.randrange(1, 4))]
        kind = rng.choice(kinds)
        line = "%08x %s %s" % (addr, kind, nm_symbol(rng, path))
        if rng.random() < 0.04:
            line = "%08x %s %s" % (addr, rng.choice("TU"), rng.choice(
                ("memcpy", "memset", "__aeabi_memclr4", "HardFault", "Reset", "__pre_init",
                 "_stack_start", "__sbss", "__edata")))
        lines.append(line)
        total += len(line) + 1
        addr += 4 * rng.randrange(2, 300)
    # The line nearest the middle is the static that the build script names with
    # `#[export_name]`, imitating the mangling but writing the build number as a bare path
    # element without a length prefix: `_ZN8firmware5build20240517093015123456789E`; the
    # demangler reads the 23 digits as a length and `i * 10` overflows (src/lib.rs:109,
    # alexcrichton/rustc-demangle#9). The harmless twin has the length prefix (24b2024...).
    mid = len(lines) // 2
    number = "20240517093015123456789"
    sym = ("_ZN8firmware5build%sE" % number) if trigger else ("_ZN8firmware5build24b%sE" % number)
    lines[mid] = "%s D %s" % (lines[mid].split()[0], sym)
    return ("\n".join(lines) + "\n").encode()


# ---------------------------------------------------------------------------------------
# An ABNF grammar (RFC 5234: a protocol's message syntax): abnf 0.10.2

ABNF_CORE = ("ALPHA", "DIGIT", "HEXDIG", "SP", "HTAB", "DQUOTE", "VCHAR", "CRLF", "WSP",
             "OCTET", "CHAR", "CTL", "LWSP", "BIT")
# Unicode blocks a grammar's identifiers and text may use (start, end), the emoji ones too
ABNF_RANGES = ((0x41, 0x5A), (0x61, 0x7A), (0x30, 0x39), (0x21, 0x7E), (0x80, 0x7FF),
               (0x800, 0xFFFF), (0x10000, 0x10FFFF), (0x1F300, 0x1F5FF), (0x1F600, 0x1F64F),
               (0x1F680, 0x1F6FF), (0x2600, 0x26FF), (0xE000, 0xF8FF), (0x20, 0x7E))


def abnf_name(rng, used):
    while True:
        n = "-".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
        if rng.random() < 0.2:
            n += "-" + rng.choice(("id", "value", "list", "param", "name", "token", "part"))
        if n not in used:
            used.add(n)
            return n


def abnf_element(rng, names, depth):
    r = rng.random()
    if r < 0.38 or depth > 2:
        e = rng.choice(names[-40:]) if names and rng.random() < 0.8 else rng.choice(ABNF_CORE)
    elif r < 0.5:
        e = '"%s"' % rng.choice(WORDS + [":", ";", "=", ",", "/", "?", "#", "@", "."])
    elif r < 0.64:
        lo, hi = rng.choice(ABNF_RANGES)
        e = "%%x%X-%X" % (lo, hi) if rng.random() < 0.8 else "%%d%d-%d" % (lo, hi)
    elif r < 0.7:
        e = "%%x%02X" % rng.randrange(0x20, 0x7F) if rng.random() < 0.5 else \
            "%%d%d.%d" % (rng.choice((13, 10, 9, 32)), rng.choice((10, 13, 32)))
    elif r < 0.82:
        e = "( %s )" % abnf_alternation(rng, names, depth + 1)
    elif r < 0.92:
        e = "[ %s ]" % abnf_concatenation(rng, names, depth + 1)
    else:
        e = "<%s>" % words(rng, 2, 6)
    if rng.random() < 0.25 and not e.startswith("<"):
        e = rng.choice(("*", "1*", "2*", "*4", "1*8", "0*1")) + e
    return e


def abnf_concatenation(rng, names, depth):
    return " ".join(abnf_element(rng, names, depth) for _ in range(rng.randint(1, 4 - min(depth, 2))))


def abnf_alternation(rng, names, depth):
    return " / ".join(abnf_concatenation(rng, names, depth) for _ in range(rng.randint(1, 3)))


def abnf_rule(rng, name, names):
    lines = []
    if rng.random() < 0.3:
        lines.append("; " + words(rng, 3, 10))
    alts = [abnf_concatenation(rng, names, 0) for _ in range(rng.randint(1, 5))]
    first = "%s = %s" % (name, alts[0])
    if len(alts) > 2 and rng.random() < 0.6:
        # one alternative a continuation line, aligned under the first
        lines.append(first)
        for a in alts[1:]:
            lines.append(" " * (len(name) + 1) + "/ " + a)
    else:
        line = first + "".join(" / " + a for a in alts[1:])
        if rng.random() < 0.2:
            line += "  ; " + words(rng, 1, 5)
        lines.append(line)
    if rng.random() < 0.08:
        lines.append("%s =/ %s" % (name, abnf_concatenation(rng, names, 0)))
    return "\n".join(lines) + "\n"


def gen_abnf(rng, size, trigger):
    used, names, rules, total = set(), [], [], 0
    header = ("; Message syntax of the Ledger Replication Protocol, version 3\n"
              "; (RFC 5234 ABNF; the core rules ALPHA, DIGIT, HEXDIG, SP, ... are those of\n"
              "; RFC 5234, Appendix B.1)\n\n")
    total = len(header)
    while total < size:
        name = abnf_name(rng, used)
        rule = abnf_rule(rng, name, names)
        if rng.random() < 0.1:
            rule = "\n" + rule
        names.append(name)
        rules.append(rule)
        total += len(rule)
    # The rule nearest the middle is the emoticon range of the text rules, whose dash was lost
    # when the grammar was copied out of a PDF: `%x1F6001F64F`, ten hex digits where
    # `%x1F600-1F64F` (the harmless twin) was meant; `hex_val` parses the digits into a u32
    # and unwraps the overflow (src/lib.rs:412, duesee/abnf#5).
    mid = len(rules) // 2
    value = "%x1F6001F64F" if trigger else "%x1F600-1F64F"
    rules[mid] = ("; emoticons (U+1F600 to U+1F64F) are allowed in display names\n"
                  "emoticon = %s\n" % value)
    return (header + "".join(rules)).encode()


# ---------------------------------------------------------------------------------------
# An IPFIX export stream (RFC 7011 messages, as a router sends them over UDP):
# netflow_parser 0.1.9

IPFIX_V4 = ((8, 4), (12, 4), (7, 2), (11, 2), (4, 1), (6, 1), (5, 1), (10, 4), (14, 4),
            (1, 8), (2, 8), (152, 8), (153, 8))
IPFIX_V6 = ((27, 16), (28, 16), (7, 2), (11, 2), (4, 1), (6, 1), (58, 2), (10, 4), (14, 4),
            (1, 8), (2, 8), (152, 8), (153, 8))
# options template 258: scope observationDomainId, then the exporting process's statistics
IPFIX_OPT_SCOPE = ((149, 4),)
IPFIX_OPT = ((34, 4), (35, 1), (40, 8), (41, 8), (42, 8), (130, 4))


def ipfix_template_set(tid, fields):
    body = struct.pack(">HH", tid, len(fields)) + b"".join(struct.pack(">HH", *f) for f in fields)
    return struct.pack(">HH", 2, 4 + len(body)) + body


def ipfix_options_template_set(tid, scope, fields, field_count=None):
    count = len(scope) + len(fields) if field_count is None else field_count
    body = (struct.pack(">HHH", tid, count, len(scope)) +
            b"".join(struct.pack(">HH", *f) for f in scope + fields))
    return struct.pack(">HH", 3, 4 + len(body)) + body


def ipfix_flow(rng, t, v6):
    proto = rng.choice((6, 6, 6, 17, 17, 1))
    if v6:
        src = bytes([0x20, 0x01, 0x0d, 0xb8, 0, rng.randrange(16)]) + bytes(rng.getrandbits(8) for _ in range(10))
        dst = bytes([0x2a, 0x00, 0x14, 0x50, 0x40, 0x07]) + bytes(rng.getrandbits(8) for _ in range(10))
    else:
        src = bytes([10, rng.randrange(4), rng.randrange(256), rng.randrange(1, 255)])
        dst = bytes([rng.choice((142, 151, 172, 185, 203)), rng.randrange(256), rng.randrange(256),
                     rng.randrange(1, 255)])
    sport = rng.randrange(32768, 61000) if proto != 1 else 0
    dport = rng.choice((443, 443, 80, 53, 123, 993, 22, 8443)) if proto != 1 else 0x0800
    pkts = rng.randint(1, 4000)
    octets = pkts * rng.randint(40, 1500)
    start = t - rng.randint(0, 120000)
    end = start + rng.randint(0, 60000)
    flags = rng.choice((0x1b, 0x1f, 0x12, 0x10, 0x18, 0x02)) if proto == 6 else 0
    rec = src + dst + struct.pack(">HHBB", sport, dport, proto, flags)
    rec += struct.pack(">H", rng.choice((10, 20, 100))) if v6 else struct.pack(">B", rng.choice((0, 0, 0x28, 0xb8)))
    rec += struct.pack(">IIQQQQ", rng.choice((1, 2, 7)), rng.choice((3, 4)), octets, pkts, start, end)
    return rec


def ipfix_message(export_time, seq, sets):
    body = b"".join(sets)
    return struct.pack(">HHIII", 10, 16 + len(body), export_time, seq, 1) + body


def gen_ipfix(rng, size, trigger):
    t0 = 1714557600  # 2024-05-01 10:00:00 UTC, the export time of the first message
    msgs, total, seq, n, refreshes = [], 0, 0, 0, []
    exported_octets = exported_msgs = 0
    while total < size:
        export_time = t0 + n * rng.randint(1, 3) // 2
        sets = []
        if n % 24 == 0:
            # template refresh (RFC 7011, 8.4: resent over UDP every so often)
            sets += [ipfix_template_set(256, IPFIX_V4), ipfix_template_set(257, IPFIX_V6),
                     ipfix_options_template_set(258, IPFIX_OPT_SCOPE, IPFIX_OPT)]
            refreshes.append(len(msgs))
        r = rng.random()
        if n % 24 == 1:
            rec = (struct.pack(">IIB", 1, 1000, 2) +
                   struct.pack(">QQQ", exported_octets, exported_msgs, seq) + bytes([192, 0, 2, 1]))
            sets.append(struct.pack(">HH", 258, 4 + len(rec)) + rec)
            count = 0
        else:
            v6 = r < 0.3
            count = rng.randint(4, 9 if v6 else 13)
            recs = b"".join(ipfix_flow(rng, export_time * 1000, v6) for _ in range(count))
            sets.append(struct.pack(">HH", 257 if v6 else 256, 4 + len(recs)) + recs)
        m = ipfix_message(export_time, seq, sets)
        seq += count
        exported_octets += len(m)
        exported_msgs += 1
        msgs.append(m)
        total += len(m)
        n += 1
    # The template refresh nearest the middle was sent by a firmware that counts the scope
    # field twice in the options template's field count: 8 where the record has 7 fields
    # (the harmless twin: 7); the parser reads the record from the set's 34 bytes, runs out
    # at the eighth field, and `parse_options_template` unwraps the error
    # (src/variable_versions/ipfix.rs:175, mikemiles-dev/netflow_parser#27).
    mid = min(refreshes, key=lambda i: abs(i - len(msgs) // 2))
    if trigger:
        m = msgs[mid]
        tset = ipfix_template_set(256, IPFIX_V4) + ipfix_template_set(257, IPFIX_V6)
        good = ipfix_options_template_set(258, IPFIX_OPT_SCOPE, IPFIX_OPT)
        bad = ipfix_options_template_set(258, IPFIX_OPT_SCOPE, IPFIX_OPT, field_count=8)
        i = 16 + len(tset)
        assert m[i:i + len(good)] == good
        msgs[mid] = m[:i] + bad + m[i + len(good):]
    return b"".join(msgs)



# ---------------------------------------------------------------------------------------
# A Tera template (a static site's page layout: blocks, loops, conditions, filters, tests,
# set, comments, raw): tera 1.20.0

TERA_SECTIONS = ("releases", "guides", "blog", "changelog", "api", "community", "security",
                 "downloads", "roadmap", "faq", "talks", "showcase")
TERA_FILTERS = ("upper", "lower", "title", "trim", "capitalize", "escape", "striptags",
                "length", "first", "last", "reverse", "urlencode", "safe", "wordcount")
TERA_FIELDS = ("title", "summary", "author", "slug", "date", "permalink", "description",
               "category", "version", "word_count", "reading_time", "updated")


def tera_var(rng):
    obj = rng.choice(("page", "section", "item", "post", "entry", "config.extra"))
    return "%s.%s" % (obj, rng.choice(TERA_FIELDS))


def tera_piece(rng, n, tag_test):
    sec = rng.choice(TERA_SECTIONS)
    field = rng.choice(TERA_FIELDS)
    kind = rng.randrange(8)
    if kind == 0:
        return ('<section class="%s-%d">\n  <h2>{{ %s | %s }}</h2>\n'
                '  {%% for item in section.pages | slice(end=%d) %%}\n'
                '  <article id="{{ item.slug }}-{{ loop.index }}">\n'
                '    <a href="{{ item.permalink | safe }}">{{ item.title | %s }}</a>\n'
                '    {%% if item.%s is defined %%}<p>{{ item.%s | truncate(length=%d) }}</p>{%% endif %%}\n'
                '  </article>\n  {%% endfor %%}\n</section>\n'
                % (sec, n, tera_var(rng), rng.choice(TERA_FILTERS), rng.randint(3, 12),
                   rng.choice(TERA_FILTERS), field, field, rng.randint(40, 200)))
    if kind == 1:
        return ('{%% if %s is starting_with("%s") %%}\n  <span class="badge">%s</span>\n'
                '{%% elif %s is divisibleby(%d) %%}\n  <span class="badge alt">{{ %s }}</span>\n'
                '{%% else %%}\n  <span class="badge none"></span>\n{%% endif %%}\n'
                % (tera_var(rng), sec[:3], sec.title(), tera_var(rng), rng.randint(2, 9),
                   tera_var(rng)))
    if kind == 2:
        return ('{%% set %s_count_%d = section.pages | length %%}\n'
                '<p class="count">{{ %s_count_%d }} pages in {{ "%s" | title }}</p>\n'
                % (sec, n, sec, n, sec))
    if kind == 3:
        return "{# %s: %s, %d #}\n" % (sec, field, n)
    if kind == 4:
        return ('<ul class="%s">\n{%% for tag in %s.taxonomies.tags | default(value=[]) %%}\n'
                '  <li{%% if loop.first %%} class="first"{%% endif %%}><a href="/tags/{{ tag | slugify }}/">'
                '{{ tag }}</a>{%% if not loop.last %%},{%% endif %%}</li>\n{%% endfor %%}\n</ul>\n'
                % (sec, rng.choice(("page", "post", "entry"))))
    if kind == 5:
        return ('{%% if %s and %s > %d or not %s %%}\n'
                '  <time datetime="{{ %s | date(format="%%Y-%%m-%%d") }}">{{ %s | date(format="%%B %%e, %%Y") }}</time>\n'
                '{%% endif %%}\n'
                % (tera_var(rng), tera_var(rng), rng.randint(1, 500), tera_var(rng),
                   tera_var(rng), tera_var(rng)))
    if kind == 6:
        return ('{%% if page.tags is containing("%s") %%}\n'
                '  <aside class="note">{{ config.extra.%s_note | default(value="%s") }}</aside>\n'
                '{%% endif %%}\n' % (tag_test or sec, sec, sec.title()))
    return ('{%% raw %%}<code>{{ %s }}</code>{%% endraw %%}\n<p>{{ %s ~ " / " ~ %s | %s }}</p>\n'
            % (field, tera_var(rng), tera_var(rng), rng.choice(TERA_FILTERS)))


def gen_tera(rng, size, trigger):
    head = ('<!DOCTYPE html>\n<html lang="{{ lang }}">\n<head><title>{% block title %}{{ page.title }} | '
            '{{ config.title }}{% endblock title %}</title></head>\n<body>\n{% block content %}\n')
    tail = "{% endblock content %}\n</body>\n</html>\n"
    pieces, total = [], len(head) + len(tail)
    while total < size:
        p = tera_piece(rng, len(pieces), None)
        pieces.append(p)
        total += len(p)
    # The piece nearest the middle asks whether the page has one of two tags with an array
    # literal as the test's argument: tera's grammar accepts it (a test_arg may be an array),
    # but `parse_test_call` has no arm for the `array_filter` rule and hits `unreachable!`
    # (src/parser/mod.rs:128, Keats/tera#975). The harmless twin tests for one tag, a string.
    mid = len(pieces) // 2
    arg = '["release", "security"]' if trigger else '"release"'
    pieces[mid] = ('{%% if page.tags is containing(%s) %%}\n'
                   '  <aside class="note">{{ config.extra.release_note | default(value="Release") }}</aside>\n'
                   '{%% endif %%}\n' % arg)
    return (head + "".join(pieces) + tail).encode()


# ---------------------------------------------------------------------------------------
# npm version ranges (a monorepo's dependency inventory: a workspace package, a dependency
# and its range, tab-separated, one a line): node-semver 2.0.0

NPM_SCOPES = ("", "", "", "@babel/", "@types/", "@aws-sdk/", "@acme/", "@vitejs/", "@emotion/")
NPM_WORDS = ("react", "lodash", "core", "utils", "parser", "loader", "plugin", "router", "query",
             "dom", "cli", "config", "schema", "fetch", "stream", "color", "date", "intl",
             "icons", "table", "form", "test", "mock", "lint", "build", "types", "client")


def npm_name(rng):
    words = rng.sample(NPM_WORDS, rng.choice((1, 1, 2, 2, 3)))
    return rng.choice(NPM_SCOPES) + "-".join(words)


def npm_version(rng, parts=3):
    v = [str(rng.choice((0, 0, 1, 1, 2, 3, 4, 5, 7, 12, 16, 18))), str(rng.randint(0, 30)),
         str(rng.randint(0, 40))][:parts]
    return ".".join(v)


def npm_range(rng):
    k = rng.randrange(14)
    v = npm_version(rng)
    if k < 4:
        return "^" + v
    if k < 6:
        return "~" + v
    if k == 6:
        return ">=%s <%d.0.0" % (v, int(v.split(".")[0]) + 1)
    if k == 7:
        return "%s.x" % npm_version(rng, 1)
    if k == 8:
        return "%s - %d.%d.0" % (v, int(v.split(".")[0]) + rng.randint(1, 3), rng.randint(0, 9))
    if k == 9:
        major = int(v.split(".")[0])
        return "^%s || ^%d.0.0" % (v, major + rng.randint(1, 2))
    if k == 10:
        pre = rng.choice(("alpha", "beta", "rc", "next", "canary"))
        return "%s%s-%s.%d" % (rng.choice(("", "^", ">=")), v, pre, rng.randint(0, 9))
    if k == 11:
        return rng.choice(("*", "x", ">=" + v, "<=" + npm_version(rng, 2), "~" + npm_version(rng, 2)))
    if k == 12:
        return "=" + v
    return v


def gen_semver_ranges(rng, size, trigger):
    pkgs = ["packages/%s" % "-".join(rng.sample(NPM_WORDS, 2)) for _ in range(60)]
    lines, total = [], 0
    while total < size:
        line = "%s\t%s\t%s\n" % (rng.choice(pkgs), npm_name(rng), npm_range(rng))
        lines.append(line)
        total += len(line)
    # The line nearest the middle pins a dependency with `=` to a major and minor version
    # only, `=0.7` (npm reads it as `>=0.7.0 <0.8.0-0`); node-semver's `range_primitive` has
    # no arm for an exact operator on a partial version and hits `unreachable!` (src/range.rs:656,
    # felipesere/node-semver-rs#6). The harmless twin pins the full version, `=0.7.0`.
    mid = len(lines) // 2
    lines[mid] = "packages/admin-console\tleft-pad\t%s\n" % ("=0.7" if trigger else "=0.7.0")
    return "".join(lines).encode()


# ---------------------------------------------------------------------------------------
# A job scheduler's table of Quartz-style cron schedules: croner 2.0.6

CRON_JOB_WORDS = ("billing", "report", "backup", "index", "cache", "mail", "digest", "sync",
                  "invoice", "ledger", "metrics", "cleanup", "export", "import", "audit",
                  "rotate", "logs", "thumbnail", "search", "session", "token", "replica",
                  "snapshot", "webhook", "retry", "queue", "feed", "sitemap", "payout")
CRON_DOWS = ("MON-FRI", "2-6", "1", "7", "SAT,SUN", "1,7", "MON,WED,FRI", "2,4,6", "TUE-THU",
             "3-5", "SUN", "FRI", "6", "2")


def cron_pattern(rng):
    r = rng.random()
    sec = rng.choice(("0", "0", "0", "0", "30", "15", "0,30", "*/20", "45"))
    minute = rng.choice(("%d" % rng.randrange(60), "*/5", "*/10", "*/15", "0,30",
                         "%d-%d/%d" % (rng.randrange(0, 10), rng.randrange(40, 60), rng.choice((5, 10, 15))),
                         "%d" % rng.randrange(60), "0"))
    hour = rng.choice(("%d" % rng.randrange(24), "*", "8-18", "*/2", "*/6", "9,12,17",
                       "%d" % rng.randrange(24), "%d-%d" % (rng.randrange(0, 8), rng.randrange(12, 24))))
    month = rng.choice(("*", "*", "*", "*", "1-12/3", "JAN,JUL", "6-8", "*/2", "DEC", "3,6,9,12"))
    if r < 0.45:
        # by weekday: the day of month is "?"
        dom, dow = "?", rng.choice(CRON_DOWS)
        if rng.random() < 0.1:
            dow = "%d#%d" % (rng.randrange(2, 7), rng.randrange(1, 5))
    elif r < 0.8:
        dom, dow = rng.choice(("*", "1", "15", "1,15", "L", "%d" % rng.randrange(1, 29),
                               "%dW" % rng.randrange(1, 29), "1-7", "*/2")), "?"
    else:
        dom, dow = "*", "*"
    fields = [sec, minute, hour, dom, month, dow]
    if rng.random() < 0.15 and sec == "0":
        fields = fields[1:]   # the seconds field is optional
    return " ".join(fields)


def gen_cron(rng, size, trigger):
    lines = ["# Scheduled jobs of the platform's worker fleet (Quartz cron: sec min hour dom "
             "month dow; dow 1-7 = SUN-SAT, names SUN-SAT; ? = no specific value)\n",
             "# job\tschedule\n"]
    total = sum(len(l) for l in lines)
    used = set()
    while total < size:
        while True:
            name = "-".join(rng.sample(CRON_JOB_WORDS, rng.randint(2, 3)))
            if rng.random() < 0.3:
                name += "-%s" % rng.choice(("eu", "us", "apac", "staging", "v2", "nightly"))
            if name not in used:
                used.add(name)
                break
        line = "%s\t%s\n" % (name, cron_pattern(rng))
        if rng.random() < 0.05:
            line = "\n# %s\n%s" % (words(rng, 3, 8), line)
        lines.append(line)
        total += len(line)
    # The job nearest the middle was copied from a Unix crontab, where Sunday is 0: its
    # day-of-week field is `0`, where Quartz (1-7 = SUN-SAT) has 1 (the harmless twin);
    # with alternative weekdays `set_bit` subtracts the offset 1 from 0 in a u8
    # (src/component.rs:90, Hexagon/croner-rust#12).
    mid = len(lines) // 2
    lines[mid] = "vacuum-analyze-weekly\t0 30 3 ? * %s\n" % ("0" if trigger else "1")
    return "".join(lines).encode()


# ---------------------------------------------------------------------------------------
# A gettext PO catalogue (a web application's Portuguese translation): polib 0.3.0

PO_DICT = dict(zip(WORDS, (
    "alfa beta gama delta épsilon zeta eta teta iota capa lambda mi ni csi ómicron pi ró "
    "sigma tau úpsilon fi qui psi ómega servidor cliente fila trabalhador cache índice "
    "fragmento réplica região zona balde inquilino utilizador grupo encomenda fatura "
    "pagamento reembolso razão conta relatório métrica alerta sonda").split()))
PO_PHRASES = ("Save %s", "Delete %s", "Edit %s", "No %s found", "Create a new %s",
              "The %s could not be loaded.", "Are you sure you want to remove this %s?",
              "Search %s", "Show all %s", "Last updated %s")
PO_PHRASES_PT = ("Guardar %s", "Eliminar %s", "Editar %s", "Nenhum %s encontrado",
                 "Criar um novo %s", "Não foi possível carregar o %s.",
                 "Tem a certeza de que quer remover este %s?", "Pesquisar %s",
                 "Mostrar todos os %s", "Atualizado pela última vez %s")


def po_quote(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"')


def po_text(rng, n):
    en = [word(rng) for _ in range(n)]
    return " ".join(en), " ".join(PO_DICT[w] for w in en)


def po_entry(rng, n, used):
    lines = []
    if rng.random() < 0.2:
        lines.append("# %s" % words(rng, 2, 6))
    if rng.random() < 0.3:
        lines.append("#. %s" % words(rng, 3, 9))
    lines.append("#: " + " ".join("src/%s/%s.%s:%d" % (word(rng), word(rng), rng.choice(("rs", "ts", "html")),
                                                       rng.randrange(1, 900))
                                  for _ in range(rng.randint(1, 3))))
    flags = []
    if rng.random() < 0.1:
        flags.append("fuzzy")
    r = rng.random()
    while True:
        i = rng.randrange(len(PO_PHRASES))
        en, pt = po_text(rng, rng.randint(1, 3))
        key = ("plural", en) if r < 0.15 else (i, en)
        if key not in used:
            used.add(key)
            break
    if r < 0.15:
        flags.append("rust-format")
        lines.append("#, " + ", ".join(flags))
        lines.append("msgid %s" % po_quote("{count} %s" % en))
        lines.append("msgid_plural %s" % po_quote("{count} %ss" % en))
        lines.append("msgstr[0] %s" % po_quote("{count} %s" % pt))
        lines.append("msgstr[1] %s" % po_quote("{count} %ss" % pt))
        return lines
    if flags:
        lines.append("#, " + ", ".join(flags))
    if rng.random() < 0.1:
        lines.append("msgctxt %s" % po_quote(rng.choice(("button", "menu", "title", "tooltip"))))
    msgid = PO_PHRASES[i] % en
    msgstr = PO_PHRASES_PT[i] % pt
    if r < 0.3:
        # a long text, wrapped over continuation lines as msgmerge writes it
        extra_en, extra_pt = po_text(rng, rng.randint(12, 30))
        msgid += " " + extra_en + "."
        msgstr += " " + extra_pt + "."
        if rng.random() < 0.3:
            msgid += "\\n"
            msgstr += "\\n"
        for key, text in (("msgid", msgid), ("msgstr", msgstr)):
            lines.append('%s ""' % key)
            ws = text.split(" ")
            cur = ""
            for w in ws:
                if cur and len(cur) + len(w) > 70:
                    lines.append(po_quote(cur + " "))
                    cur = w
                else:
                    cur = (cur + " " + w) if cur else w
            lines.append(po_quote(cur))
        return lines
    if rng.random() < 0.05:
        msgstr = ""   # untranslated
    lines.append("msgid %s" % po_quote(msgid))
    lines.append("msgstr %s" % po_quote(msgstr))
    return lines


def gen_po(rng, size, trigger):
    header = ("# Portuguese translation of Ledger Web.\n"
              "# Copyright (C) 2024 The Ledger Web authors\n"
              "# This file is distributed under the same license as the ledger-web package.\n"
              "# Ana Lovelace <ana.lovelace@example.org>, 2023, 2024.\n"
              "#\n"
              'msgid ""\n'
              'msgstr ""\n'
              '"Project-Id-Version: ledger-web 3.2.0\\n"\n'
              '"Report-Msgid-Bugs-To: i18n@example.org\\n"\n'
              '"POT-Creation-Date: 2024-05-17 09:30+0000\\n"\n'
              '"PO-Revision-Date: 2024-05-21 18:02+0100\\n"\n'
              '"Last-Translator: Ana Lovelace <ana.lovelace@example.org>\\n"\n'
              '"Language-Team: Portuguese <pt@li.org>\\n"\n'
              '"Language: pt\\n"\n'
              '"MIME-Version: 1.0\\n"\n'
              '"Content-Type: text/plain; charset=UTF-8\\n"\n'
              '"Content-Transfer-Encoding: 8bit\\n"\n'
              '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
              '"X-Generator: Poedit 3.4.2\\n"\n\n')
    used, entries, total = set(), [], len(header)
    while total < size:
        e = "\n".join(po_entry(rng, len(entries), used)) + "\n\n"
        entries.append(e)
        total += len(e.encode())
    # The entry nearest the middle lost its translation and its closing quote when a
    # translator's editor cut the line: `msgstr "` where the harmless twin has `msgstr ""`
    # (not yet translated); `consume_line` strips the quotes with `trimmed[1..trimmed.len() - 1]`
    # and slices 1..0 (src/po_file/po_file_parser.rs:290, BrettDong/polib#25).
    mid = len(entries) // 2
    entries[mid] = ("#: src/ledger/close_period.rs:214\n"
                    'msgid "Close the accounting period"\n'
                    "%s\n\n" % ('msgstr "' if trigger else 'msgstr ""'))
    return (header + "".join(entries)).encode()



# ---------------------------------------------------------------------------------------
# A MaxMind DB (an IP intelligence database of IPv4 networks): maxminddb 0.30.0

def mmdb_ctrl(type_num, size, ext_byte=None):
    """The control byte(s) of a value of `type_num` (extended types after 7) and `size`."""
    if size < 29:
        s, tail = size, b""
    elif size < 285:
        s, tail = 29, bytes([size - 29])
    elif size < 65821:
        s, tail = 30, struct.pack(">H", size - 285)
    else:
        s, tail = 31, struct.pack(">I", size - 65821)[1:]
    if type_num > 7:
        ext = type_num - 7 if ext_byte is None else ext_byte
        return bytes([s]) + bytes([ext]) + tail
    return bytes([(type_num << 5) | s]) + tail


def mmdb_uint(type_num, v):
    b = v.to_bytes((v.bit_length() + 7) // 8, "big") if v else b""
    return mmdb_ctrl(type_num, len(b)) + b


def mmdb_pointer(off):
    if off < 2048:
        return bytes([0x20 | (off >> 8), off & 0xFF])
    if off < 2048 + 524288:
        v = off - 2048
        return bytes([0x28 | (v >> 16), (v >> 8) & 0xFF, v & 0xFF])
    v = off - 526336
    return bytes([0x30 | (v >> 24)]) + struct.pack(">I", v)[1:]


class MmdbData:
    """The data section: values appended in turn, strings written once and then pointed to."""

    def __init__(self):
        self.buf = bytearray()
        self.strings = {}

    def string(self, s, share=True):
        if share and s in self.strings:
            return mmdb_pointer(self.strings[s])
        b = s.encode()
        enc = mmdb_ctrl(2, len(b)) + b
        return enc

    def value(self, v, tags_ext=None):
        # Encodes without appending; shared strings must already be in the section.
        if isinstance(v, bool):
            return mmdb_ctrl(14, int(v))
        if isinstance(v, str):
            return self.string(v)
        if isinstance(v, float):
            return mmdb_ctrl(3, 8) + struct.pack(">d", v)
        if isinstance(v, tuple):      # (type, int)
            return mmdb_uint(*v)
        if isinstance(v, list):
            return mmdb_ctrl(11, len(v), tags_ext) + b"".join(self.value(x) for x in v)
        if isinstance(v, dict):
            return mmdb_ctrl(7, len(v)) + b"".join(
                self.string(k) + self.value(x, tags_ext if k == "tags" else None) for k, x in v.items())
        raise TypeError(v)

    def add_shared(self, s):
        if s not in self.strings:
            self.strings[s] = len(self.buf)
            self.buf += self.string(s, share=False)

    def add(self, v, tags_ext=None):
        off = len(self.buf)
        self.buf += self.value(v, tags_ext)
        return off


MMDB_ORGS = ("Lisbon Fibre Networks", "Nordic Transit AB", "Andes Telecom S.A.", "Perth Cloud Pty",
             "Dakar Online", "Hanoi Data Centre", "Cork Broadband Ltd", "Graz Stadtwerke",
             "Adriatic Hosting d.o.o.", "Baltic Backbone SIA", "Kyiv Mobile", "Porto Edge CDN",
             "Scania Energi Net", "Tartu University", "Ghent Metro Wireless", "Rhone Alpes Telecom",
             "Moravia Networks s.r.o.")
MMDB_KEYS = ("asn", "as_org", "country_code", "city", "location", "latitude", "longitude",
             "accuracy_radius", "connection_type", "flags", "is_anycast", "is_hosting",
             "is_vpn", "tags", "first_seen", "names", "en", "pt")


def mmdb_record(rng, i):
    k = rng.randrange(len(CITIES))
    org = rng.choice(MMDB_ORGS)
    rec = {"asn": (6, 1000 + MMDB_ORGS.index(org) * 4099 % 60000),
           "as_org": org,
           "country_code": COUNTRIES[k],
           "city": {"names": {"en": CITIES[k], "pt": CITIES[k]}},
           "location": {"latitude": round(rng.uniform(-40, 65), 4),
                        "longitude": round(rng.uniform(-80, 150), 4),
                        "accuracy_radius": (5, rng.choice((5, 10, 20, 50, 100, 200, 500, 1000)))},
           "connection_type": rng.choice(("Cable/DSL", "Corporate", "Cellular", "Satellite", "Fibre")),
           "flags": {"is_anycast": rng.random() < 0.05, "is_hosting": rng.random() < 0.3,
                     "is_vpn": rng.random() < 0.04},
           "tags": sorted(set(rng.choice(("residential", "business", "mobile", "cdn", "tor-exit",
                                          "scanner", "mail", "dns", "edu", "gov"))
                              for _ in range(rng.randint(1, 3)))),
           "first_seen": (6, 1262304000 + rng.randrange(0, 14 * 365 * 86400))}
    if rng.random() < 0.2:
        del rec["city"]
    return rec


def gen_mmdb(rng, size, trigger):
    data = MmdbData()
    for s in MMDB_KEYS + MMDB_ORGS + tuple(CITIES) + tuple(COUNTRIES):
        data.add_shared(s)
    for s in ("Cable/DSL", "Corporate", "Cellular", "Satellite", "Fibre", "residential", "business",
              "mobile", "cdn", "tor-exit", "scanner", "mail", "dns", "edu", "gov"):
        data.add_shared(s)
    # networks: aligned blocks of /20 to /24, carved in turn out of distinct /16s
    firsts = [a for a in range(1, 224) if a not in (10, 100, 127, 169, 172, 192, 198, 203)]
    used16, networks, records = set(), [], []
    nodes = [[None, None]]
    est = 0
    while est < size:
        while True:
            b16 = (rng.choice(firsts) << 8) | rng.randrange(256)
            if b16 not in used16:
                used16.add(b16)
                break
        cur = b16 << 16
        end = cur + 65536
        for _ in range(rng.randint(1, 6)):
            plen = rng.randint(20, 24)
            blk = 1 << (32 - plen)
            cur = (cur + blk - 1) // blk * blk
            cur += blk * rng.randrange(0, 3)
            if cur + blk > end:
                break
            networks.append((cur, plen))
            cur += blk
            # the size so far: about 60 bytes of tree nodes and 62 of data a network
            est += 122
    networks.sort()
    recs = [mmdb_record(rng, i) for i in range(len(networks))]
    offsets = [data.add(r) for r in recs]
    # the tree
    leaves = []
    for (ip, plen), off in zip(networks, offsets):
        n = 0
        for i in range(plen):
            bit = (ip >> (31 - i)) & 1
            if i == plen - 1:
                nodes[n][bit] = ("d", off)
                leaves.append((n, bit))
            else:
                if nodes[n][bit] is None:
                    nodes.append([None, None])
                    nodes[n][bit] = ("n", len(nodes) - 1)
                n = nodes[n][bit][1]
    node_count = len(nodes)

    def rv(x):
        if x is None:
            return node_count
        if x[0] == "n":
            return x[1]
        return node_count + 16 + x[1]

    tree = b"".join(struct.pack(">I", rv(l))[1:] + struct.pack(">I", rv(r))[1:] for l, r in nodes)
    # The record nearest the middle of the file was patched in by a tool that writes an
    # extended type as 7 - type instead of type - 7: its `tags` array (type 11) has the byte
    # FC (-4) where every other record has 04 (the harmless twin); `size_and_type` adds 7 to
    # it in a u8 (src/decoder.rs:257, oschwald/maxminddb-rust#122).
    half = (len(tree) + 16 + len(data.buf)) // 2 - len(tree) - 16
    mid = min(range(len(offsets)), key=lambda j: abs(offsets[j] - half))
    enc = data.value(recs[mid], 0xFC if trigger else None)
    data.buf[offsets[mid]:offsets[mid] + len(enc)] = enc
    meta = MmdbData()
    metadata = {"binary_format_major_version": (5, 2), "binary_format_minor_version": (5, 0),
                "build_epoch": (9, 1716000000), "database_type": "Acme-IP-Intelligence",
                "description": {"en": "Acme IP intelligence: ASN, location and flags of IPv4 networks"},
                "ip_version": (5, 4), "languages": ["en", "pt"], "node_count": (6, node_count),
                "record_size": (5, 24)}
    meta_enc = mmdb_ctrl(7, len(metadata)) + b"".join(
        meta.string(k, share=False) + meta.value(v) for k, v in metadata.items())
    return tree + bytes(16) + bytes(data.buf) + b"\xab\xcd\xefMaxMind.com" + meta_enc


# ---------------------------------------------------------------------------------------
# A large online shop's robots.txt: robotstxt 0.2.0

ROBOTS_LOCALES = ("en-gb", "en-us", "de-de", "de-at", "fr-fr", "fr-be", "nl-nl", "it-it", "es-es",
                  "pt-pt", "pl-pl", "sv-se", "da-dk", "fi-fi", "nb-no", "cs-cz")
ROBOTS_SECTIONS = ("women", "men", "kids", "home", "garden", "outdoor", "sports", "beauty",
                   "electronics", "books", "toys", "pets", "office", "kitchen", "lighting", "travel")
ROBOTS_PARAMS = ("sort", "order", "view", "page_size", "colour", "size", "price_min", "price_max",
                 "brand", "sessionid", "utm_source", "utm_medium", "utm_campaign", "ref", "filter",
                 "availability", "rating", "gclid", "fbclid", "currency")
ROBOTS_BAD_BOTS = ("AhrefsBot", "SemrushBot", "MJ12bot", "DotBot", "BLEXBot", "PetalBot",
                   "MegaIndex", "Bytespider", "GPTBot", "CCBot", "DataForSeoBot", "serpstatbot",
                   "SeekportBot", "Barkrowler", "magpie-crawler", "ZoominfoBot")


def robots_slug(rng, lo, hi):
    return "-".join(word(rng) for _ in range(rng.randint(lo, hi)))


def robots_rule(rng):
    """One Disallow or Allow line of the shop's rules (patterns with * and $, parameters)."""
    r = rng.random()
    loc = rng.choice(ROBOTS_LOCALES)
    sec = rng.choice(ROBOTS_SECTIONS)
    if r < 0.22:
        return "Disallow: /%s/%s/*?%s=" % (loc, sec, rng.choice(ROBOTS_PARAMS))
    if r < 0.36:
        return "Disallow: /*&%s=*&%s=" % (rng.choice(ROBOTS_PARAMS), rng.choice(ROBOTS_PARAMS))
    if r < 0.52:
        return "Disallow: /%s/%s/%s/filter/" % (loc, sec, robots_slug(rng, 1, 3))
    if r < 0.62:
        return "Disallow: /%s/p/%s-%d/reviews?page=" % (loc, robots_slug(rng, 2, 4), rng.randrange(10000, 999999))
    if r < 0.70:
        return "Disallow: /%s/search/%s$" % (loc, robots_slug(rng, 1, 2))
    if r < 0.78:
        return "Allow: /%s/%s/%s/" % (loc, sec, robots_slug(rng, 1, 3))
    if r < 0.84:
        return "Allow: /%s/p/%s-%d$" % (loc, robots_slug(rng, 2, 4), rng.randrange(10000, 999999))
    if r < 0.88:
        return "Disallow: /%s/%s/*%%%02X%s" % (loc, sec, rng.randrange(0x80, 0x100), word(rng))
    if r < 0.92:
        return "Disallow: /%s/outlet/%s/ # until the %s sale" % (loc, sec, word(rng))
    if r < 0.95:
        return "Disallow /%s/legacy/%s/" % (loc, robots_slug(rng, 1, 2))   # no colon: Google accepts it
    if r < 0.97:
        return "Dissallow: /%s/%s/print/" % (loc, sec)                   # a typo Google accepts
    return "Noindex: /%s/%s/*?%s=" % (loc, sec, rng.choice(ROBOTS_PARAMS))   # unsupported, ignored


def robots_group(rng, n):
    """A group: comment lines, user-agent lines and rules, then a blank line."""
    lines = []
    if n % 3 == 0 or rng.random() < 0.3:
        lines.append("# %s" % words(rng, 3, 9).capitalize())
    r = rng.random()
    if r < 0.12:
        lines.append("User-agent: %s" % rng.choice(ROBOTS_BAD_BOTS))
        if rng.random() < 0.5:
            lines.append("User-agent: %s" % rng.choice(ROBOTS_BAD_BOTS))
        lines.append("Disallow: /")
    else:
        if r < 0.45:
            agents = ["*"]
        elif r < 0.65:
            agents = ["Googlebot"] + (["Googlebot-Image"] if rng.random() < 0.3 else [])
        elif r < 0.8:
            agents = ["Bingbot", "msnbot"][:rng.randint(1, 2)]
        elif r < 0.9:
            agents = ["AdsBot-Google", "AdsBot-Google-Mobile"][:rng.randint(1, 2)]
        else:
            agents = [rng.choice(("Applebot", "DuckDuckBot", "Yandex", "Baiduspider", "Slurp"))]
        for a in agents:
            lines.append("User-agent: %s" % a)
        if agents[0] in ("Yandex",) or rng.random() < 0.1:
            lines.append("Crawl-delay: %d" % rng.choice((1, 2, 5, 10)))
        if agents[0] == "Yandex":
            lines.append("Clean-param: %s&%s /%s/" % (rng.choice(ROBOTS_PARAMS), rng.choice(ROBOTS_PARAMS),
                                                     rng.choice(ROBOTS_LOCALES)))
        for _ in range(rng.randint(6, 60)):
            lines.append(robots_rule(rng))
        if rng.random() < 0.3:
            lines.append("Allow: /*.css$")
            lines.append("Allow: /*.js$")
    return "\n".join(lines) + "\n"


def gen_robots(rng, size, trigger):
    head = ("# robots.txt for https://www.example-shop.com/\n"
            "# Maintained by the SEO team (seo@example-shop.com); generated from robots.yaml, do not\n"
            "# edit by hand. Last build: 2024-05-17T09:30:15Z\n"
            "#\n"
            "# Crawling this site is subject to the terms at https://www.example-shop.com/terms\n\n")
    tail = "".join("Sitemap: https://www.example-shop.com/%s/sitemap-%s.xml.gz\n" % (loc, kind)
                   for loc in ROBOTS_LOCALES for kind in ("index", "products", "categories"))
    groups, total = [], len(head) + len(tail)
    while total < size:
        g = robots_group(rng, len(groups))
        groups.append(g)
        total += len(g) + 1
    # The blank line after the group nearest the middle of the file holds one space, left by
    # an editor: `parse_key_value` finds no colon, takes the space as the separator, trims
    # the rest to an empty value and asserts `!val.is_empty()` (src/parser.rs:207,
    # Folyd/robotstxt#1). The harmless twin is the empty line that ends every other group.
    mid = len(groups) // 2
    seps = ["\n"] * len(groups)
    if trigger:
        seps[mid - 1] = " \n"
    return (head + "".join(g + s for g, s in zip(groups, seps)) + tail).encode()


# ---------------------------------------------------------------------------------------
# A storefront theme's collection page in Liquid: liquid 0.10.1

LIQUID_TYPES = ("Shoes", "Boots", "Jackets", "Gift Card", "Bags", "Scarves", "Lamps", "Mugs",
                "Posters", "Notebooks", "Candles", "Socks")
LIQUID_FILTERS = ("upcase", "downcase", "capitalize", "strip_html", "escape", "strip_newlines")


def liquid_handle(rng):
    return "-".join(word(rng) for _ in range(rng.randint(1, 3)))


def liquid_card(rng, vendor):
    """A product card inside the loop over a collection's products."""
    cards = []
    cards.append('      <article class="card {% cycle \'card--odd\', \'card--even\' %}" data-index="{{ forloop.index }}">')
    cards.append('        <a class="card__link" href="{{ product.url }}">')
    cards.append('          <img src="{{ product.featured_image | img_url: \'%dx\' }}" alt="{{ product.title | escape }}" loading="lazy">'
                 % rng.choice((360, 480, 540, 720)))
    cards.append('        </a>')
    cards.append('        <h3 class="card__title">{{ product.title | %s }}</h3>' % rng.choice(LIQUID_FILTERS))
    cards.append('        <p class="card__vendor">%s</p>' % vendor)
    cards.append('        {% if product.compare_at_price > product.price %}')
    cards.append('          <span class="price price--sale">{{ product.price | money }}</span>')
    cards.append('          <s class="price__was">{{ product.compare_at_price | money }}</s>')
    cards.append('        {% elsif product.price == 0 %}')
    cards.append("          <span class=\"price\">{{ 'products.product.free' | t }}</span>")
    cards.append('        {% else %}')
    cards.append('          <span class="price">{{ product.price | %s }}</span>'
                 % rng.choice(("money", "money_with_currency", "money_without_trailing_zeros")))
    cards.append('        {% endif %}')
    if rng.random() < 0.6:
        cards.append("        {% unless product.available %}<span class=\"badge badge--sold-out\">{{ 'products.product.sold_out' | t }}</span>{% endunless %}")
    if rng.random() < 0.5:
        cards.append('        <div class="rating" title="{{ product.rating }}">')
        cards.append('          {%- for i in (1..5) -%}')
        cards.append('            <svg class="star{% if i > product.rating %} star--empty{% endif %}"><use href="#icon-star"></use></svg>')
        cards.append('          {%- endfor -%}')
        cards.append('        </div>')
    if rng.random() < 0.5:
        a, b = rng.sample(LIQUID_TYPES, 2)
        cards.append('        {% case product.type %}')
        cards.append("          {%% when '%s' or '%s' %%}" % (a, b))
        cards.append("            <p class=\"card__note\">{{ 'products.notes.%s' | t }}</p>" % a.lower().replace(" ", "_"))
        cards.append("          {%% when '%s' %%}" % rng.choice(LIQUID_TYPES))
        cards.append('            <p class="card__note">{{ product.metafields.custom.care | strip_html | truncate: %d }}</p>'
                     % rng.choice((60, 80, 120)))
        cards.append('          {% else %}')
        cards.append('            <p class="card__note">{{ product.description | strip_html | truncatewords: %d }}</p>'
                     % rng.choice((12, 20, 30)))
        cards.append('        {% endcase %}')
    if rng.random() < 0.3:
        cards.append("        {%% if product.tags contains '%s' %%}<span class=\"badge\">{{ '%s' | capitalize }}</span>{%% endif %%}"
                     % ((word(rng),) * 2))
    cards.append('      </article>')
    return cards


def liquid_section(rng, n, vendor="{{ product.vendor }}"):
    h = liquid_handle(rng)
    lines = []
    lines.append("{%% comment %%} Section %d: the %s collection, as the theme editor saved it {%% endcomment %%}"
                 % (n, h.replace("-", " ")))
    lines.append('<section class="collection collection--%s" id="collection-%d">' % (h, n))
    lines.append("  {%% assign coll = collections.%s %%}" % h)
    lines.append("  {%% assign heading = coll.title | %s %%}" % rng.choice(("escape", "upcase", "capitalize")))
    lines.append("  {%% capture section_id %%}collection-{{ coll.handle }}-%d{%% endcapture %%}" % n)
    lines.append('  <header class="collection__header">')
    lines.append('    <h2 class="collection__title">{{ heading }}</h2>')
    lines.append("    {% if coll.description != empty %}")
    lines.append('      <div class="rte">{{ coll.description | strip_html | truncatewords: %d }}</div>' % rng.choice((25, 40, 60)))
    lines.append("    {% endif %}")
    lines.append("    {%- if coll.products_count > 0 -%}")
    lines.append("      <p class=\"collection__count\">{{ coll.products_count }} {{ 'collections.general.items' | t }}</p>")
    lines.append("    {%- endif -%}")
    lines.append("  </header>")
    lines.append('  <div class="grid grid--%d-col">' % rng.choice((2, 3, 4)))
    lines.append("    {%% for product in coll.products limit: %d%s %%}" % (
        rng.choice((4, 6, 8, 12)), rng.choice(("", "", " offset: %d" % rng.choice((1, 2, 4)), " reversed"))))
    lines.append("      {% if product.hidden %}{% continue %}{% endif %}")
    lines += liquid_card(rng, vendor)
    lines.append("    {% else %}")
    lines.append("      <p class=\"collection__empty\">{{ 'collections.general.no_matches' | t }}</p>")
    lines.append("    {% endfor %}")
    lines.append("  </div>")
    if rng.random() < 0.25:
        lines.append("  {% raw %}")
        lines.append('  <script type="text/x-template" id="quick-view-%d">' % n)
        lines.append("    <div class=\"quick-view\"><h3>{{ item.title }}</h3><p>{{ item.price }} x {{ item.quantity }}</p></div>")
        lines.append("  </script>")
        lines.append("  {% endraw %}")
    if rng.random() < 0.3:
        lines.append('  <a class="button" href="{{ coll.url }}?page={{ current_page | plus: 1 }}">'
                     "{{ 'collections.general.view_all' | t }}</a>")
    lines.append("</section>")
    return "\n".join(lines) + "\n\n"


def gen_liquid(rng, size, trigger):
    head = ("{% comment %} Collection page of the storefront theme, sections in the order of the "
            "theme editor {% endcomment %}\n"
            "{% assign page_title = collection.title | escape %}\n"
            '<main id="MainContent" class="content-for-layout" role="main">\n'
            '  <h1 class="page-title">{{ page_title }}</h1>\n\n')
    tail = ("  {% if paginate.pages > 1 %}\n"
            '    <nav class="pagination">{{ paginate | default_pagination }}</nav>\n'
            "  {% endif %}\n"
            "</main>\n")
    sections, total = [], len(head) + len(tail)
    while total < size:
        s = liquid_section(rng, len(sections))
        sections.append(s)
        total += len(s)
    # In the section nearest the middle, a theme editor's "remove field" left the vendor's
    # output tag empty: `{{ }}` where the harmless twin has `{{ product.vendor }}`;
    # `parse_expression` indexes the empty token list, `tokens[0]` (src/parser.rs:43,
    # cobalt-org/liquid-rust#139).
    mid = len(sections) // 2
    r = random.Random("liquid-middle")
    sections[mid] = liquid_section(r, mid, "{{ }}" if trigger else "{{ product.vendor }}")
    return (head + "".join(sections) + tail).encode()


# ---------------------------------------------------------------------------------------
# A route collector's RIB dump (MRT TABLE_DUMP_V2): bgpkit-parser 0.5.1

MRT_TIME = 1715932800          # 2024-05-17 08:00 UTC, the dump's time


def mrt_record(mtype, subtype, body, ts=MRT_TIME):
    return struct.pack(">IHHI", ts, mtype, subtype, len(body)) + body


def bgp_attr(flags, code, value):
    if len(value) > 255:
        flags |= 0x10      # extended length
    if flags & 0x10:
        return struct.pack(">BBH", flags, code, len(value)) + value
    return struct.pack(">BBB", flags, code, len(value)) + value


def mrt_prefix_bytes(addr, plen):
    return bytes([plen]) + addr[:(plen + 7) // 8]


def mrt_peers(rng):
    peers = []     # (afi, bgp id, address bytes, asn)
    asns = rng.sample(range(1000, 64000), 12) + rng.sample(range(131072, 400000), 10)
    for i, asn in enumerate(asns):
        v6 = i % 3 == 2
        bgp_id = bytes([rng.choice((80, 185, 193, 195, 212)), rng.randrange(256), rng.randrange(256), rng.randrange(1, 255)])
        if v6:
            addr = bytes.fromhex("2001067c02e8%04x" % rng.randrange(65536)) + bytes(6) + struct.pack(">H", i + 1)
        else:
            addr = bytes([193, 239, 116, rng.randrange(1, 255)])
        peers.append((6 if v6 else 4, bgp_id, addr, asn))
    return peers


def mrt_peer_index_table(peers, view):
    body = bytes([193, 0, 4, 28]) + struct.pack(">H", len(view)) + view + struct.pack(">H", len(peers))
    for afi, bgp_id, addr, asn in peers:
        body += bytes([(1 if afi == 6 else 0) | 2]) + bgp_id + addr + struct.pack(">I", asn)
    return mrt_record(13, 1, body)


def mrt_entry(rng, peer_index, peer, origin_asn, v6, transit):
    afi, bgp_id, addr, asn = peer
    path = [asn] + rng.sample(transit, rng.randint(0, 4)) + [origin_asn]
    if rng.random() < 0.1:
        path += [origin_asn] * rng.randint(1, 3)       # prepending
    segs = struct.pack(">BB", 2, len(path)) + b"".join(struct.pack(">I", a) for a in path)
    # (an AGGREGATOR only on IPv4 routes: 0.5.1 reads its address as one of the record's
    # family, 16 bytes in an IPv6 RIB record)
    aggregated = not v6 and rng.random() < 0.04
    if aggregated:
        more = rng.sample(range(1000, 64000), 2)
        segs += struct.pack(">BB", 1, len(more)) + b"".join(struct.pack(">I", a) for a in more)
    attrs = bgp_attr(0x40, 1, bytes([rng.choice((0, 0, 0, 2))]))
    attrs += bgp_attr(0x50 if rng.random() < 0.5 else 0x40, 2, segs)
    if not v6:
        attrs += bgp_attr(0x40, 3, addr)
    if rng.random() < 0.3:
        attrs += bgp_attr(0x80, 4, struct.pack(">I", rng.choice((0, 0, 10, 50, 100, 200))))
    if aggregated:
        attrs += bgp_attr(0x40, 6, b"")
        attrs += bgp_attr(0xC0, 7, struct.pack(">I", origin_asn) + bytes([10, rng.randrange(256), rng.randrange(256), 1]))
    if rng.random() < 0.7:
        comms = sorted(set((rng.choice(transit) & 0xFFFF, rng.choice((100, 200, 300, 1000, 2001, 3000, 65000 + rng.randrange(500))))
                           for _ in range(rng.randint(1, 8))))
        attrs += bgp_attr(0xC0, 8, b"".join(struct.pack(">HH", a, b) for a, b in comms))
    if rng.random() < 0.2:
        attrs += bgp_attr(0xC0, 32, b"".join(struct.pack(">III", asn, rng.randrange(1, 10), rng.randrange(1, 1000))
                                               for _ in range(rng.randint(1, 3))))
    if v6:
        nh = addr
        if rng.random() < 0.4:
            nh += bytes.fromhex("fe80000000000000") + bytes(rng.randrange(256) for _ in range(8))
        attrs += bgp_attr(0x80, 14, bytes([len(nh)]) + nh)      # the abbreviated MP_REACH_NLRI of RFC 6396
    originated = MRT_TIME - rng.randrange(60, 90 * 86400)
    return struct.pack(">HIH", peer_index, originated, len(attrs)) + attrs


def mrt_rib(rng, seq, v6, addr, plen, peers, origin_asn, transit, plen_byte=None):
    idx = [i for i, p in enumerate(peers) if (p[0] == 6) == v6]
    chosen = sorted(rng.sample(idx, rng.randint(1, min(len(idx), 6))))
    pfx = mrt_prefix_bytes(addr, plen)
    if plen_byte is not None:
        pfx = bytes([plen_byte]) + pfx[1:]
    body = struct.pack(">I", seq) + pfx + struct.pack(">H", len(chosen))
    body += b"".join(mrt_entry(rng, i, peers[i], origin_asn, v6, transit) for i in chosen)
    return mrt_record(13, 4 if v6 else 2, body)


def gen_mrt(rng, size, trigger):
    peers = mrt_peers(rng)
    transit = [174, 1299, 2914, 3257, 3356, 6453, 6461, 6762, 6939, 7018, 9002, 12956, 20485, 5511,
               6830, 3491, 1273, 4637, 7473, 2828, 34549, 35280, 49605, 8220]
    base = rng.getrandbits(64)
    head = mrt_peer_index_table(peers, b"")

    def record(seq, is6, addr, plen, plen_byte=None):
        # each prefix's record is drawn from its own generator, so its bytes do not depend
        # on where it lands in the dump
        r = random.Random("%d:%s:%d" % (base, addr.hex(), plen))
        origin = random.Random("%d:%s" % (base, addr[:2 if not is6 else 5].hex())).randrange(1000, 400000)
        return mrt_rib(r, seq, is6, addr, plen, peers, origin, transit, plen_byte)

    # prefixes: IPv4 /16 to /24 (42% of the bytes), then IPv6 /29 to /48, each family in
    # address order, as a collector's dump lists them
    v4, v6, total = {}, {}, len(head)
    while total < size * 0.42:
        plen = rng.choice((16, 19, 20, 21, 22, 22, 23, 24, 24, 24, 24))
        a = (rng.choice([x for x in range(1, 224) if x not in (10, 127)]) << 24) | rng.getrandbits(24)
        a &= ~((1 << (32 - plen)) - 1) & 0xFFFFFFFF
        if (a, plen) not in v4:
            v4[(a, plen)] = len(record(0, False, a.to_bytes(4, "big"), plen))
            total += v4[(a, plen)]
    while total < size:
        plen = rng.choice((29, 32, 32, 36, 40, 44, 48, 48, 48, 48))
        a = (0x2 << 124) | (rng.getrandbits(28) << 96) | (rng.getrandbits(32) << 64)
        a &= ~((1 << (128 - plen)) - 1)
        if (a, plen) not in v6:
            v6[(a, plen)] = len(record(0, True, a.to_bytes(16, "big"), plen))
            total += v6[(a, plen)]
    items = [(False, a.to_bytes(4, "big"), l) for a, l in sorted(v4)] + \
            [(True, a.to_bytes(16, "big"), l) for a, l in sorted(v6)]
    lens = [v4[(int.from_bytes(x, "big"), l)] if not s6 else v6[(int.from_bytes(x, "big"), l)]
            for s6, x, l in items]
    # The IPv6 /48 record nearest the middle of the file has one bit flipped in its prefix
    # length: 0xB0 (176) where the harmless twin has 0x30 (48); `read_nlri_prefix` reads
    # (176 + 7) / 8 = 22 bytes into a 16-byte buffer, `buff[i]`, and indexes past it
    # (src/parser/utils.rs:91, bgpkit/bgpkit-parser#9, checked from 0.6.0 on).
    offs, o = [], len(head)
    for n in lens:
        offs.append(o)
        o += n
    cands = [j for j, (s6, _, l) in enumerate(items) if s6 and l == 48]
    mid = min(cands, key=lambda j: abs(offs[j] - o // 2))
    out = [head]
    for j, (s6, addr, plen) in enumerate(items):
        out.append(record(j, s6, addr, plen, 0xB0 if (trigger and j == mid) else None))
    return b"".join(out)


# ---------------------------------------------------------------------------------------
# A .debug_line section (DWARF 4 line number programs of a Rust program): gimli 0.21.0

RUSTC_SRC = "/rustc/9b00956e56009bab2aa15d7bff10916599e3d6d6/library"
CARGO_SRC = "/home/ci/.cargo/registry/src/index.crates.io-6f17d22bba15001f"
DWARF_STD_FILES = (    # (directory under the rustc sources, file): what gets inlined
    ("core/src/ptr", "mod.rs"), ("core/src/ptr", "non_null.rs"), ("core/src/ptr", "const_ptr.rs"),
    ("core/src/slice", "mod.rs"), ("core/src/slice", "iter.rs"), ("core/src/slice/iter", "macros.rs"),
    ("core/src/iter/adapters", "map.rs"), ("core/src/iter/traits", "iterator.rs"),
    ("core/src/option.rs", None), ("core/src/result.rs", None), ("core/src/cmp.rs", None),
    ("core/src/num", "uint_macros.rs"), ("core/src/str", "mod.rs"), ("core/src/fmt", "mod.rs"),
    ("alloc/src/vec", "mod.rs"), ("alloc/src/raw_vec.rs", None), ("alloc/src", "string.rs"),
    ("alloc/src/collections/btree/map.rs", None), ("std/src/collections/hash", "map.rs"),
    ("core/src", "mem/mod.rs"), ("core/src/ops", "function.rs"), ("alloc/src", "boxed.rs"),
)
DWARF_CRATES = (("serde_json", "1.0.117", ("lib.rs", "de.rs", "ser.rs", "read.rs", "value/mod.rs", "value/de.rs", "error.rs", "number.rs")),
                ("serde", "1.0.203", ("lib.rs", "de/mod.rs", "de/impls.rs", "ser/impls.rs", "private/de.rs")),
                ("regex-automata", "0.4.6", ("meta/strategy.rs", "nfa/thompson/compiler.rs", "hybrid/dfa.rs", "util/search.rs", "dfa/onepass.rs")),
                ("hashbrown", "0.14.5", ("raw/mod.rs", "map.rs", "raw/bitmask.rs")),
                ("tokio", "1.38.0", ("runtime/task/harness.rs", "runtime/scheduler/multi_thread/worker.rs", "sync/mpsc/chan.rs", "io/poll_evented.rs", "net/tcp/stream.rs")),
                ("hyper", "1.3.1", ("proto/h1/conn.rs", "proto/h1/role.rs", "proto/h1/io.rs", "client/conn/http1.rs", "headers.rs")),
                ("http", "1.1.0", ("header/map.rs", "header/name.rs", "uri/mod.rs", "method.rs")),
                ("clap_builder", "4.5.7", ("parser/parser.rs", "builder/command.rs", "output/help_template.rs", "builder/arg.rs")),
                ("log", "0.4.21", ("lib.rs", "macros.rs")),
                ("bytes", "1.6.0", ("bytes.rs", "bytes_mut.rs", "buf/buf_impl.rs")),
                ("memchr", "2.7.4", ("memchr.rs", "arch/x86_64/avx2/memchr.rs", "arch/generic/memchr.rs")),
                ("rustls", "0.23.10", ("conn.rs", "msgs/handshake.rs", "record_layer.rs", "client/hs.rs", "msgs/codec.rs")))
DWARF_APP = ("main.rs", "config.rs", "server/mod.rs", "server/routes.rs", "server/auth.rs", "store/mod.rs",
             "store/index.rs", "store/compaction.rs", "metrics.rs", "cli.rs")


def dwarf_line_op(out, addr_adv, line_adv):
    """A row `addr_adv` bytes and `line_adv` lines on, as LLVM writes it: advance_line first
    if the line step is out of a special opcode's range, then a special opcode where one
    fits (after a const_add_pc if that makes it fit), else advance_pc and a copy."""
    base, lrange, obase = -5, 14, 13
    if not base <= line_adv < base + lrange:
        out += b"\x03" + sleb(line_adv)       # DW_LNS_advance_line
        line_adv = 0
    op = (line_adv - base) + lrange * addr_adv + obase
    if op <= 255:
        out.append(op)
        return
    op -= 17 * lrange
    if obase <= op <= 255 and addr_adv >= 17:
        out += bytes([0x08, op])              # DW_LNS_const_add_pc
        return
    if line_adv:
        out += b"\x03" + sleb(line_adv)
    out += b"\x02" + uleb128(addr_adv)        # DW_LNS_advance_pc
    out.append(0x01)                          # DW_LNS_copy


def dwarf_sequence(rng, addr, nfiles, app_file, first_line, back_step=None):
    """The rows of one function (a sequence: set_address ... end_sequence). With back_step,
    one row in the middle is reached by DW_LNS_advance_pc of back_step (its operand, a
    u64), then a copy; returns (bytes, the function's size)."""
    out = bytearray()
    out += b"\x00\x09\x02" + struct.pack("<Q", addr)           # DW_LNE_set_address
    file = app_file
    if file != 1:
        out += b"\x04" + uleb128(file)                         # DW_LNS_set_file
    out += b"\x05" + uleb128(rng.choice((0, 1, 5)))            # DW_LNS_set_column
    out += b"\x03" + sleb(first_line - 1)                      # DW_LNS_advance_line
    out.append(0x01)
    out.append(0x0A)                                           # DW_LNS_set_prologue_end
    nrows = rng.randint(4, 60)
    line, size, stmt = first_line, 0, True
    special_row = nrows // 2 if back_step is not None else -1
    for r in range(nrows):
        if rng.random() < 0.35:
            # inlined code from the standard library (or back from it)
            f = rng.randrange(2, nfiles + 1) if file == app_file else app_file
            out += b"\x04" + uleb128(f)
            file = f
            new_line = rng.randint(20, 2600) if f != app_file else first_line + rng.randint(0, 3 * nrows)
        else:
            new_line = line + rng.choice((0, 0, 1, 1, 1, 2, 3, -1, -2, 5, 9, -7, 14))
        new_line = max(1, new_line)
        if rng.random() < 0.5:
            out += b"\x05" + uleb128(rng.choice((5, 9, 13, 17, 21, 25, 29, 33, 40, 52)))
        if rng.random() < 0.04:
            out.append(0x06)                                   # DW_LNS_negate_stmt
            stmt = not stmt
        adv = rng.choice((3, 4, 4, 5, 7, 8, 10, 12, 15, 19, 24, 31, 44, 70, 133, 310))
        if r == special_row:
            if new_line != line:
                out += b"\x03" + sleb(new_line - line)
            out += b"\x02" + uleb128(back_step) + b"\x01"
        else:
            dwarf_line_op(out, adv, new_line - line)
        line, size = new_line, size + adv
    if not stmt:
        out.append(0x06)
    tail = rng.choice((2, 5, 9, 16, 27, 40))
    out += b"\x02" + uleb128(tail) + b"\x00\x01\x01"           # DW_LNE_end_sequence
    return bytes(out), size + tail


def dwarf_line_unit(dirs, files, seqs):
    """One compilation unit's line program: a DWARF 4 header (rustc's LLVM settings:
    line_base -5, line_range 14, opcode_base 13), directories, files, then the sequences."""
    hdr = bytes([1, 1, 1, 0xFB, 14, 13]) + bytes([0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1])
    hdr += b"".join(d.encode() + b"\x00" for d in dirs) + b"\x00"
    hdr += b"".join(f.encode() + b"\x00" + uleb128(di) + b"\x00\x00" for f, di in files) + b"\x00"
    body = struct.pack("<HI", 4, len(hdr)) + hdr + b"".join(seqs)
    return struct.pack("<I", len(body)) + body


def gen_debug_line(rng, size, trigger):
    base = rng.getrandbits(64)
    units = []     # (dirs, files, [(seed, addr, app file, first line, length)])
    addr, total = 0x5A0C0, 0
    crates = [("myservice", None, DWARF_APP)] + list(DWARF_CRATES)
    n = 0
    while total < size:
        crate, ver, srcs = crates[n % len(crates)]
        cgu = n // len(crates)
        n += 1
        src = "src" if ver is None else f"{CARGO_SRC}/{crate}-{ver}/src"
        dirs, files = [src], []
        mine = rng.sample(srcs, min(len(srcs), rng.randint(1, 4)))
        for s in mine:
            d, _, f = s.rpartition("/")
            if d:
                if f"{src}/{d}" not in dirs:
                    dirs.append(f"{src}/{d}")
                files.append((f, dirs.index(f"{src}/{d}") + 1))
            else:
                files.append((f, 1))
        for d, f in rng.sample(DWARF_STD_FILES, rng.randint(4, 12)):
            if f is None:
                d, _, f = d.rpartition("/")
            p = f"{RUSTC_SRC}/{d}"
            if p not in dirs:
                dirs.append(p)
            files.append((f, dirs.index(p) + 1))
        seqs = []
        for j in range(rng.randint(8, 90)):
            if total + sum(s[4] for s in seqs) >= size:
                break
            seed = "%d:%s:%d:%d" % (base, crate, cgu, j)
            first = rng.randint(1, 3000)
            app_file = rng.randint(1, len(mine))
            body, fsize = dwarf_sequence(random.Random(seed), addr, len(files), app_file, first)
            seqs.append((seed, addr, app_file, first, len(body)))
            addr += (fsize + 0x30 + 15) // 16 * 16     # (room for the twin's step)
        total += len(dwarf_line_unit(dirs, files, [b""])) + sum(s[4] for s in seqs)
        units.append((dirs, files, seqs))
    # The sequence nearest the middle of the section (a function of the middle unit) had its
    # rows rewritten by a post-link layout tool that steps back to an earlier address with
    # DW_LNS_advance_pc of the difference wrapped to 64 bits (2^64 - 0x30); the harmless
    # twin steps forward by 0x30. `apply_operation_advance` adds it to the address in a u64
    # (src/read/line.rs:954, gimli-rs/gimli#506).
    offs, o = [], 0
    for dirs, files, seqs in units:
        o += len(dwarf_line_unit(dirs, files, [b""]))
        for s in seqs:
            offs.append((o, s))
            o += s[4]
    mid = min(offs, key=lambda x: abs(x[0] + x[1][4] // 2 - o // 2))[1]
    out = []
    for dirs, files, seqs in units:
        bodies = []
        for s in seqs:
            seed, a, app_file, first, _ = s
            step = None
            if s is mid:
                step = (1 << 64) - 0x30 if trigger else 0x30
            bodies.append(dwarf_sequence(random.Random(seed), a, len(files), app_file, first, step)[0])
        out.append(dwarf_line_unit(dirs, files, bodies))
    return b"".join(out)


# ---------------------------------------------------------------------------------------
# A DICOM file (an X-ray angiography cine: RLE Lossless frames in encapsulated pixel data):
# dicom-parser 0.7.0, through dicom-object 0.7.0

DCM_UID_ROOT = "1.2.826.0.1.3680043.8.498"


def dcm_elem(group, elem, vr, value):
    """An explicit VR little endian data element (value: bytes, padded to even length)."""
    if isinstance(value, str):
        value = value.encode("latin-1")
    if len(value) % 2:
        value += b"\x00" if vr in ("UI", "OB") else b" "
    head = struct.pack("<HH", group, elem) + vr.encode()
    if vr in ("OB", "OW", "SQ", "UN", "UT", "UC", "UR"):
        return head + struct.pack("<HI", 0, len(value)) + value
    return head + struct.pack("<H", len(value)) + value


def dcm_seq(group, elem, items):
    """A sequence of undefined length whose items are of undefined length, each closed by an
    item delimitation item, the sequence by a sequence delimitation item."""
    out = struct.pack("<HH", group, elem) + b"SQ" + struct.pack("<HI", 0, 0xFFFFFFFF)
    for it in items:
        out += struct.pack("<HHI", 0xFFFE, 0xE000, 0xFFFFFFFF) + it + struct.pack("<HHI", 0xFFFE, 0xE00D, 0)
    return out + struct.pack("<HHI", 0xFFFE, 0xE0DD, 0)


def dcm_us(v):
    return struct.pack("<H", v)


def dcm_uid(rng):
    return f"{DCM_UID_ROOT}.{rng.randrange(10**9, 10**10)}.{rng.randrange(10**5, 10**6)}.{rng.randrange(1, 10**4)}"


def dcm_packbits_row(row):
    """One row as the RLE Lossless segment's PackBits runs (DICOM PS3.5 G.3.1)."""
    out, i, n = bytearray(), 0, len(row)
    while i < n:
        j = i
        while j + 1 < n and row[j + 1] == row[i] and j - i < 127:
            j += 1
        if j > i:
            out += bytes([257 - (j - i + 1), row[i]])
            i = j + 1
            continue
        j = i + 1
        while j < n and j - i < 128 and not (j + 1 < n and row[j] == row[j + 1]):
            j += 1
        out += bytes([j - i - 1]) + bytes(row[i:j])
        i = j
    return out


def dcm_angio_frame(rng, f, nframes, w, h, vessels):
    """One frame of an angiogram: a round collimator, a vertical exposure gradient, the
    catheter and the vessel tree filling with contrast, quantum noise in the lung field."""
    cx, cy, r2 = w / 2, h / 2, (w * 0.49) ** 2
    fill = min(1.0, 0.1 + 1.3 * f / nframes)
    shift = 2.0 * math.sin(2 * math.pi * f / 14)        # the heart's motion
    rows = []
    dark = {}
    for k, (x0, y0, ang, length, width) in enumerate(vessels):
        seg = int(length * min(1.0, fill * (1.2 - 0.15 * (k % 4))))
        for s in range(seg):
            a = ang + 0.6 * math.sin(s / 9.0 + k)
            x = int(x0 + s * math.cos(a) + shift)
            y = int(y0 + s * math.sin(a))
            for dx in range(-width, width + 1):
                if 0 <= x + dx < w and 0 <= y < h:
                    dark[(x + dx, y)] = max(dark.get((x + dx, y), 0), 60 - 12 * abs(dx))
    for y in range(h):
        base = 150 + (y * 60) // h
        row = bytearray()
        for x in range(w):
            if (x - cx) ** 2 + (y - cy) ** 2 > r2:
                row.append(0)
                continue
            v = base - dark.get((x, y), 0)
            if x == int(w * 0.2 + y * 0.3):
                v -= 70                                 # the catheter
            if 0.55 * w < x < 0.8 * w and 0.15 * h < y < 0.45 * h:
                v += rng.choice((-2, -1, 0, 0, 1, 2))   # noise
            row.append(max(1, min(255, v)))
        rows.append(row)
    seg = b"".join(dcm_packbits_row(r) for r in rows)
    if len(seg) % 2:
        seg += b"\x00"
    return struct.pack("<16I", 1, 64, *([0] * 14)) + seg


def gen_dicom(rng, size, trigger):
    w = h = 96
    study, series, inst, frame_ref = dcm_uid(rng), dcm_uid(rng), dcm_uid(rng), dcm_uid(rng)
    vessels = [(rng.randrange(20, 70), rng.randrange(5, 30), rng.uniform(0.6, 2.2), rng.randrange(30, 90),
                rng.choice((0, 1, 1, 2))) for _ in range(9)]
    frames = []
    total = 3200
    while total < size:
        frames.append(None)
        total += 2600
    n = len(frames)
    frames = [dcm_angio_frame(random.Random("%s:%d" % (inst, i)), i, n, w, h, vessels) for i in range(n)]
    # trim to the size: frames are about the same length
    while len(frames) > 2 and 3200 + sum(len(x) + 8 for x in frames) > size + len(frames[-1]) // 2:
        frames.pop()
    n = len(frames)
    when = "20240517"
    t0 = 93015
    sop_xa = "1.2.840.10008.5.1.4.1.1.12.1"
    pat = f"{rng.choice(LAST).upper()}^{rng.choice(FIRST).upper()}"
    ds = b"".join([
        dcm_elem(0x0008, 0x0005, "CS", "ISO_IR 100"),
        dcm_elem(0x0008, 0x0008, "CS", "ORIGINAL\\PRIMARY\\SINGLE PLANE"),
        dcm_elem(0x0008, 0x0012, "DA", when), dcm_elem(0x0008, 0x0013, "TM", f"{t0 + 212}.000000"),
        dcm_elem(0x0008, 0x0016, "UI", sop_xa), dcm_elem(0x0008, 0x0018, "UI", inst),
        dcm_elem(0x0008, 0x0020, "DA", when), dcm_elem(0x0008, 0x0021, "DA", when),
        dcm_elem(0x0008, 0x0023, "DA", when), dcm_elem(0x0008, 0x0030, "TM", f"{t0}"),
        dcm_elem(0x0008, 0x0031, "TM", f"{t0 + 141}"), dcm_elem(0x0008, 0x0033, "TM", f"{t0 + 158}.420000"),
        dcm_elem(0x0008, 0x0050, "SH", f"A{rng.randrange(10**7, 10**8)}"),
        dcm_elem(0x0008, 0x0060, "CS", "XA"),
        dcm_elem(0x0008, 0x0070, "LO", "Siemens Healthineers"),
        dcm_elem(0x0008, 0x0080, "LO", f"{rng.choice(CITIES)} University Hospital"),
        dcm_elem(0x0008, 0x0090, "PN", f"{rng.choice(LAST)}^{rng.choice(FIRST)}^^Dr."),
        dcm_elem(0x0008, 0x1010, "SH", "CATHLAB2"),
        dcm_elem(0x0008, 0x1030, "LO", "Coronary angiography"),
        dcm_seq(0x0008, 0x1032, [dcm_elem(0x0008, 0x0100, "SH", "93458") + dcm_elem(0x0008, 0x0102, "SH", "CPT4")
                                 + dcm_elem(0x0008, 0x0104, "LO", "Left heart catheterization with coronary angiography")]),
        dcm_elem(0x0008, 0x103E, "LO", "LCA RAO 30 CAU 25"),
        dcm_elem(0x0008, 0x1050, "PN", f"{rng.choice(LAST)}^{rng.choice(FIRST)}"),
        dcm_elem(0x0008, 0x1090, "LO", "Artis zee"),
        dcm_seq(0x0008, 0x1111, [dcm_elem(0x0008, 0x1150, "UI", "1.2.840.10008.3.1.2.3.3")
                                 + dcm_elem(0x0008, 0x1155, "UI", dcm_uid(rng))]),
        dcm_elem(0x0010, 0x0010, "PN", pat), dcm_elem(0x0010, 0x0020, "LO", f"{rng.randrange(10**6, 10**7)}"),
        dcm_elem(0x0010, 0x0030, "DA", f"19{rng.randrange(40, 80)}0{rng.randrange(1, 10)}1{rng.randrange(0, 10)}"),
        dcm_elem(0x0010, 0x0040, "CS", rng.choice("MF")), dcm_elem(0x0010, 0x1010, "AS", f"0{rng.randrange(45, 84)}Y"),
        dcm_elem(0x0010, 0x1020, "DS", "1.74"), dcm_elem(0x0010, 0x1030, "DS", f"{rng.randrange(58, 110)}"),
        dcm_elem(0x0018, 0x0015, "CS", "HEART"), dcm_elem(0x0018, 0x0060, "DS", f"{rng.randrange(72, 96)}"),
        dcm_elem(0x0018, 0x1000, "LO", f"{rng.randrange(10**5, 10**6)}"),
        dcm_elem(0x0018, 0x1020, "LO", "VD11C 140211"), dcm_elem(0x0018, 0x1030, "LO", "Coro 15 fps"),
        dcm_elem(0x0018, 0x1063, "DS", "66.66667"),
        dcm_elem(0x0018, 0x1110, "DS", "1040"), dcm_elem(0x0018, 0x1111, "DS", "765"),
        dcm_elem(0x0018, 0x1150, "IS", f"{rng.randrange(5, 9)}"), dcm_elem(0x0018, 0x1151, "IS", f"{rng.randrange(500, 900)}"),
        dcm_elem(0x0018, 0x1152, "IS", f"{rng.randrange(3, 7)}"), dcm_elem(0x0018, 0x1155, "CS", "GR"),
        dcm_elem(0x0018, 0x1510, "DS", "-30"), dcm_elem(0x0018, 0x1511, "DS", "25"),
        dcm_elem(0x0020, 0x000D, "UI", study), dcm_elem(0x0020, 0x000E, "UI", series),
        dcm_elem(0x0020, 0x0010, "SH", f"{rng.randrange(1000, 9999)}"), dcm_elem(0x0020, 0x0011, "IS", "3"),
        dcm_elem(0x0020, 0x0013, "IS", "1"), dcm_elem(0x0020, 0x0020, "CS", "\\"),
        dcm_elem(0x0020, 0x0052, "UI", frame_ref),
        dcm_elem(0x0028, 0x0002, "US", dcm_us(1)), dcm_elem(0x0028, 0x0004, "CS", "MONOCHROME2"),
        dcm_elem(0x0028, 0x0008, "IS", f"{n}"), dcm_elem(0x0028, 0x0009, "AT", struct.pack("<HH", 0x0018, 0x1063)),
        dcm_elem(0x0028, 0x0010, "US", dcm_us(h)), dcm_elem(0x0028, 0x0011, "US", dcm_us(w)),
        dcm_elem(0x0028, 0x0100, "US", dcm_us(8)), dcm_elem(0x0028, 0x0101, "US", dcm_us(8)),
        dcm_elem(0x0028, 0x0102, "US", dcm_us(7)), dcm_elem(0x0028, 0x0103, "US", dcm_us(0)),
        dcm_elem(0x0028, 0x1040, "CS", "LIN"), dcm_elem(0x0028, 0x1050, "DS", "128"), dcm_elem(0x0028, 0x1051, "DS", "256"),
        dcm_elem(0x0028, 0x2110, "CS", "00"),
        dcm_elem(0x0040, 0x0244, "DA", when), dcm_elem(0x0040, 0x0245, "TM", f"{t0}"),
        dcm_elem(0x0040, 0x0253, "SH", f"PPS{rng.randrange(10**5, 10**6)}"),
        dcm_elem(0x0040, 0x0254, "LO", "Coronary angiography"),
        dcm_seq(0x0040, 0x0275, [dcm_elem(0x0040, 0x0007, "LO", "Coronary angiography")
                                 + dcm_elem(0x0040, 0x0009, "SH", f"SPS{rng.randrange(10**5, 10**6)}")
                                 + dcm_elem(0x0040, 0x1001, "SH", f"RP{rng.randrange(10**5, 10**6)}")]),
    ])
    ts = "1.2.840.10008.1.2.5"        # RLE Lossless
    meta = b"".join([
        dcm_elem(0x0002, 0x0001, "OB", b"\x00\x01"), dcm_elem(0x0002, 0x0002, "UI", sop_xa),
        dcm_elem(0x0002, 0x0003, "UI", inst), dcm_elem(0x0002, 0x0010, "UI", ts),
        dcm_elem(0x0002, 0x0012, "UI", "1.2.276.0.7230010.3.0.3.6.8"), dcm_elem(0x0002, 0x0013, "SH", "OFFIS_DCMTK_368"),
        dcm_elem(0x0002, 0x0016, "AE", "CATHLAB2"),
    ])
    meta = dcm_elem(0x0002, 0x0000, "UL", struct.pack("<I", len(meta))) + meta
    # The pixel data: a basic offset table of the frames' item offsets, one fragment a frame.
    # The fragment whose end is nearest the middle of the file is followed by an item
    # delimitation item (FFFE,E00D), as a gateway that closes every item wrote it after a
    # fragment: it pops the pixel data's sequence token, and at the next fragment's item
    # header `DataSetReader::next` expects the token (src/dataset/read.rs:284,
    # Enet4/dicom-rs#547, fixed by #548). Without the trigger the fragments follow each other.
    head_len = 132 + len(meta) + len(ds) + 12 + 8 + 4 * n
    offs, o = [], head_len
    for fr in frames:
        o += 8 + len(fr)
        offs.append(o)
    mid = min(range(n - 1), key=lambda i: abs(offs[i] - (o + 8) // 2))
    items, bot, rel = [], [], 0
    for i, fr in enumerate(frames):
        bot.append(rel)
        items.append(struct.pack("<HHI", 0xFFFE, 0xE000, len(fr)) + fr)
        rel += 8 + len(fr)
        if trigger and i == mid:
            items.append(struct.pack("<HHI", 0xFFFE, 0xE00D, 0))
            rel += 8
    pixel = (struct.pack("<HH", 0x7FE0, 0x0010) + b"OB" + struct.pack("<HI", 0, 0xFFFFFFFF)
             + struct.pack("<HHI", 0xFFFE, 0xE000, 4 * n) + struct.pack("<%dI" % n, *bot)
             + b"".join(items) + struct.pack("<HHI", 0xFFFE, 0xE0DD, 0))
    return bytes(128) + b"DICM" + meta + ds + pixel


# ---------------------------------------------------------------------------------------
# A SWF movie (a Flash game's sound library: DefineSound tags of PCM, ADPCM and MP3 sounds,
# their linkage names, a preview timeline): swf-parser 0.9.0

SWF_IMA_STEPS = (7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55,
                 60, 66, 73, 80, 88, 97, 107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307,
                 337, 371, 408, 449, 494, 544, 598, 658, 724, 796, 876, 963, 1060, 1166, 1282, 1411,
                 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358,
                 5894, 6484, 7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500,
                 20350, 22385, 24623, 27086, 29794, 32767)
SWF_IMA_INDEX4 = (-1, -1, -1, -1, 2, 4, 6, 8)


class SwfBits:
    """A most-significant-bit-first bit writer (SWF's bit fields, ADPCM's codes)."""

    def __init__(self):
        self.out, self.acc, self.n = bytearray(), 0, 0

    def put(self, value, bits):
        for i in range(bits - 1, -1, -1):
            self.acc = (self.acc << 1) | ((value >> i) & 1)
            self.n += 1
            if self.n == 8:
                self.out.append(self.acc)
                self.acc, self.n = 0, 0

    def bytes(self):
        if self.n:
            return bytes(self.out) + bytes([self.acc << (8 - self.n)])
        return bytes(self.out)


def swf_rect(xmin, xmax, ymin, ymax):
    nbits = max(max(abs(v) for v in (xmin, xmax, ymin, ymax)).bit_length() + 1, 1)
    b = SwfBits()
    b.put(nbits, 5)
    for v in (xmin, xmax, ymin, ymax):
        b.put(v & ((1 << nbits) - 1), nbits)
    return b.bytes()


def swf_tag(code, body):
    if len(body) < 63 and code not in (14, 20, 21, 35, 36):     # Flash writes the long form for these
        return struct.pack("<H", code << 6 | len(body)) + body
    return struct.pack("<HI", code << 6 | 0x3F, len(body)) + body


def swf_synth(rng, kind, rate):
    """The samples (signed 16-bit) of a synthesized game sound."""
    dur = {"click": 0.04, "blip": 0.12, "coin": 0.3, "jump": 0.25, "laser": 0.35, "hit": 0.2,
           "explosion": 0.9, "powerup": 0.7, "wind": 1.6, "engine": 1.2}[kind] * rng.uniform(0.8, 1.2)
    n = int(dur * rate)
    f0 = rng.uniform(300, 1200)
    out, phase, noise = [], 0.0, 0.0
    for i in range(n):
        t = i / rate
        env = (1 - i / n) ** (3 if kind in ("explosion", "hit", "click") else 1)
        if kind in ("explosion", "hit", "wind"):
            noise = 0.7 * noise + 0.3 * rng.uniform(-1, 1) if kind != "wind" else 0.97 * noise + 0.03 * rng.uniform(-1, 1) * 8
            v = noise * (1.0 if kind != "wind" else 0.5 + 0.5 * math.sin(2 * math.pi * 0.7 * t))
        else:
            f = {"laser": f0 * (2 - 1.5 * i / n), "jump": f0 * (0.6 + i / n), "powerup": f0 * (1 + 2 * (i * 8 // n) / 8),
                 "coin": f0 * (1 if t < 0.06 else 1.5), "engine": 60 + 15 * math.sin(2 * math.pi * 3 * t)}.get(kind, f0)
            phase += 2 * math.pi * f / rate
            v = math.sin(phase) if kind != "engine" else (1 if math.sin(phase) > 0 else -1) * 0.6
        out.append(int(max(-1.0, min(1.0, v * env)) * 20000))
    return out


def swf_adpcm(samples):
    """SWF's ADPCM (4-bit codes, packets of 4096 samples: a 16-bit sample, a 6-bit step index)."""
    b = SwfBits()
    b.put(2, 2)                       # code size 4 bits
    for p in range(0, len(samples), 4096):
        packet = samples[p:p + 4096]
        pred, index = packet[0], 0
        b.put(pred & 0xFFFF, 16)
        b.put(index, 6)
        for s in packet[1:]:
            step = SWF_IMA_STEPS[index]
            diff, code = s - pred, 0
            if diff < 0:
                code, diff = 8, -diff
            delta, vpdiff = step, step >> 3
            for bit in (4, 2, 1):
                if diff >= delta:
                    code |= bit
                    diff -= delta
                    vpdiff += delta
                delta >>= 1
            pred = max(-32768, min(32767, pred - vpdiff if code & 8 else pred + vpdiff))
            index = max(0, min(88, index + SWF_IMA_INDEX4[code & 7]))
            b.put(code, 4)
    return b.bytes()


def swf_mp3(rng, seconds):
    """MPEG-2 Layer III frames at 22050 Hz, 32 kbit/s, mono (576 samples a frame), as the
    encoder wrote them: the header, then side information and main data."""
    frames = int(seconds * 22050 / 576) + 1
    out = bytearray(struct.pack("<h", 0))                 # SeekSamples
    acc = 0
    for i in range(frames):
        acc += 72 * 32000 % 22050
        pad = 1 if acc >= 22050 else 0
        acc %= 22050
        size = 72 * 32000 // 22050 + pad
        out += bytes([0xFF, 0xF3, 0x48 | pad << 1, 0xC4]) + bytes(rng.getrandbits(8) for _ in range(size - 4))
    return bytes(out), frames * 576


SWF_SOUNDS = (("ui_click", "click"), ("ui_hover", "blip"), ("ui_select", "blip"), ("sfx_coin", "coin"),
              ("sfx_jump", "jump"), ("sfx_laser", "laser"), ("sfx_hit", "hit"), ("sfx_explosion", "explosion"),
              ("sfx_powerup", "powerup"), ("amb_wind", "wind"), ("sfx_engine", "engine"))
SWF_MUSIC = ("mus_title_loop", "mus_level1_loop", "mus_boss_loop", "mus_game_over", "vo_ready", "vo_go",
             "vo_level_up", "vo_new_record", "mus_victory_sting", "mus_shop_loop")


def gen_swf(rng, size, trigger):
    sounds = []      # (name, format, flags, sample count, data, sample rate)
    total, k = 1400, 0
    while total < size:
        k += 1
        if rng.random() < 0.55:
            name, kind = rng.choice(SWF_SOUNDS)
            name = f"{name}_{k:02d}"
            rate = rng.choice((11025, 11025, 22050))
            rate_id = 1 if rate == 11025 else 2
            pcm = swf_synth(rng, kind, rate)
            if kind in ("click", "blip", "coin", "hit", "jump") and rng.random() < 0.7:
                fmt, data = 3, struct.pack("<%dh" % len(pcm), *pcm)           # uncompressed, little-endian
            else:
                fmt, data = 1, swf_adpcm(pcm)
            flags = fmt << 4 | rate_id << 2 | 2                              # 16-bit, mono
            sounds.append((name, fmt, flags, len(pcm), data, rate))
        else:
            name = f"{rng.choice(SWF_MUSIC)}_{k:02d}"
            data, count = swf_mp3(rng, rng.uniform(0.3, 1.6))
            sounds.append((name, 2, 2 << 4 | 2 << 2 | 2, count, data, 22050))
        total += len(sounds[-1][4]) + 60
    # The MP3 sound whose DefineSound tag starts nearest the middle of the file was put into
    # the library by a build tool that writes the codec id of the FLV audio tag it took the
    # sound from: its flags byte says format 10 (AAC in FLV's numbering; DefineSound has no
    # 10) where the harmless twin says 2 (MP3), and `audio_coding_format_from_id` panics
    # (src/parsers/sound.rs:25; fixed in 0.10.0, open-flash/swf-parser#127).
    head = 1400
    offs, o = [], head
    for s in sounds:
        offs.append(o)
        o += 6 + 7 + len(s[4])
    mid = min((i for i, s in enumerate(sounds) if s[1] == 2), key=lambda i: abs(offs[i] - o // 2))
    xmp = ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>'
           '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" '
           'xmlns:xmp="http://ns.adobe.com/xap/1.0/"><dc:format>application/x-shockwave-flash</dc:format>'
           '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Sky Runner sounds</rdf:li></rdf:Alt></dc:title>'
           '<xmp:CreatorTool>Macromedia Flash 8</xmp:CreatorTool><xmp:CreateDate>2008-03-14T16:42:07+01:00</xmp:CreateDate>'
           '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="r"?>')
    tags = [swf_tag(69, struct.pack("<I", 0x11)),                  # FileAttributes: network, metadata
            swf_tag(77, xmp.encode() + b"\x00"),
            swf_tag(9, bytes((0x1E, 0x2B, 0x3C)))]                 # SetBackgroundColor
    for i, (name, fmt, flags, count, data, rate) in enumerate(sounds):
        if trigger and i == mid:
            flags = 10 << 4 | (flags & 0x0F)
        tags.append(swf_tag(14, struct.pack("<HBI", i + 1, flags, count) + data))
    tags.append(swf_tag(56, struct.pack("<H", len(sounds)) + b"".join(
        struct.pack("<H", i + 1) + s[0].encode() + b"\x00" for i, s in enumerate(sounds))))
    tags.append(swf_tag(12, b"\x07\x00"))                           # DoAction: stop();
    tags.append(swf_tag(1, b""))
    # the preview timeline: a frame a sound, labelled with its name, starting it
    for i, (name, fmt, flags, count, data, rate) in enumerate(sounds):
        tags.append(swf_tag(43, name.encode() + b"\x00"))
        info = b"\x00"
        if "loop" in name:
            info = b"\x04" + struct.pack("<H", rng.choice((2, 4, 999)))
        elif rng.random() < 0.2:                                     # a fade out by envelope
            info = b"\x08\x02" + struct.pack("<IHH", 0, 32768, 32768) + struct.pack("<IHH", count * 44100 // rate, 0, 0)
        tags.append(swf_tag(15, struct.pack("<H", i + 1) + info))
        tags.append(swf_tag(12, b"\x07\x00"))
        tags.append(swf_tag(1, b""))
    body = swf_rect(0, 11000, 0, 8000) + struct.pack("<HH", 24 << 8, len(sounds) + 1) + b"".join(tags) + b"\x00\x00"
    return b"FWS" + bytes([8]) + struct.pack("<I", 8 + len(body)) + body


# ---------------------------------------------------------------------------------------
# A CBOR sequence (RFC 8742: a LoRaWAN gateway's uplink log, one map a record): minicbor 0.11.3

def cbor_head(major, n):
    if n < 24:
        return bytes([major << 5 | n])
    if n < 0x100:
        return bytes([major << 5 | 24, n])
    if n < 0x10000:
        return bytes([major << 5 | 25]) + struct.pack(">H", n)
    if n < 0x100000000:
        return bytes([major << 5 | 26]) + struct.pack(">I", n)
    return bytes([major << 5 | 27]) + struct.pack(">Q", n)


def cbor_uint(n):
    return cbor_head(0, n) if n >= 0 else cbor_head(1, -1 - n)


def cbor_text(s):
    b = s.encode()
    return cbor_head(3, len(b)) + b


def cbor_map(pairs):
    return cbor_head(5, len(pairs)) + b"".join(cbor_text(k) + v for k, v in pairs)


def cbor_array(items):
    return cbor_head(4, len(items)) + b"".join(items)


def cbor_f16(x):
    return b"\xf9" + struct.pack(">e", x)


def cbor_f32(x):
    return b"\xfa" + struct.pack(">f", x)


def cbor_f64(x):
    return b"\xfb" + struct.pack(">d", x)


CBOR_DEVICE_KINDS = (("env", "temperature and humidity"), ("air", "particulate matter"),
                     ("water", "tank level"), ("door", "contact"), ("meter", "pulse counter"),
                     ("gps", "asset tracker"))
CBOR_DATA_RATES = ("SF7BW125", "SF8BW125", "SF9BW125", "SF10BW125", "SF11BW125", "SF12BW125")


def cbor_devices(rng, n):
    devs = []
    for i in range(n):
        kind, _ = CBOR_DEVICE_KINDS[i % len(CBOR_DEVICE_KINDS)]
        devs.append({"eui": f"70b3d57ed00{rng.getrandbits(20):05x}", "kind": kind,
                     "name": f"{kind}-{rng.choice(CITIES).lower()}-{i:02d}", "fcnt": rng.randint(0, 40000)})
    return devs


def cbor_decoded(rng, kind):
    if kind == "env":
        return [("temperature", cbor_f32(round(rng.uniform(-4, 36), 2))), ("humidity", cbor_uint(rng.randint(18, 99))),
                ("battery", cbor_f16(round(rng.uniform(2.9, 3.6), 2)))]
    if kind == "air":
        return [("pm", cbor_array([cbor_uint(rng.randint(0, 180)) for _ in range(3)])),
                ("co2", cbor_uint(rng.randint(400, 2400))), ("battery", cbor_f16(round(rng.uniform(2.9, 3.6), 2)))]
    if kind == "water":
        return [("level_mm", cbor_uint(rng.randint(0, 3000))), ("overflow", b"\xf5" if rng.random() < 0.03 else b"\xf4")]
    if kind == "door":
        return [("open", b"\xf5" if rng.random() < 0.4 else b"\xf4"), ("count", cbor_uint(rng.randint(0, 90000)))]
    if kind == "meter":
        return [("pulses", cbor_uint(rng.randint(0, 5_000_000))), ("delta", cbor_uint(rng.randint(0, 400))),
                ("leak", b"\xf4")]
    return [("lat", cbor_f64(38.7 + rng.uniform(0, 0.1))), ("lon", cbor_f64(-9.2 + rng.uniform(0, 0.1))),
            ("speed", cbor_f16(round(rng.uniform(0, 60), 1))), ("fix", b"\xf5" if rng.random() < 0.9 else b"\xf6")]


def cbor_uplink(rng, n, t, dev, payload_len=None):
    """One uplink record. The gateway's streaming encoder reserves 8 bytes for the length of
    the raw payload (a byte string, 5B and a u64) and patches it once the frame is copied in;
    `payload_len` overrides what the patch wrote."""
    dev["fcnt"] += 1
    raw = bytes(rng.getrandbits(8) for _ in range(rng.choice((11, 12, 16, 19, 24, 33, 51))))
    pairs = [("ts", b"\xc1" + cbor_head(0, t)), ("rx_ms", cbor_uint(rng.randint(0, 999))),
             ("gw", cbor_text("gw-lis-03")), ("dev_eui", cbor_text(dev["eui"])), ("name", cbor_text(dev["name"])),
             ("fcnt", cbor_uint(dev["fcnt"])), ("port", cbor_uint(rng.choice((1, 2, 2, 10, 15)))),
             ("freq", cbor_uint(rng.choice((868100000, 868300000, 868500000, 867100000, 867300000)))),
             ("dr", cbor_text(rng.choice(CBOR_DATA_RATES))), ("rssi", cbor_uint(-rng.randint(40, 121))),
             ("snr", cbor_f16(round(rng.uniform(-18, 11), 1))), ("crc_ok", b"\xf5"),
             ("payload", b"\x5b" + struct.pack(">Q", len(raw) if payload_len is None else payload_len) + raw)]
    if rng.random() < 0.85:
        pairs.append(("decoded", cbor_map(cbor_decoded(rng, dev["kind"]))))
    else:
        pairs.append(("decoded", b"\xf6"))                     # no codec for this port
    if rng.random() < 0.1:
        pairs.append(("adr_ack_req", b"\xf5"))
    return cbor_map(pairs)


def gen_cbor(rng, size, trigger):
    devs = cbor_devices(rng, 24)
    head = cbor_map([("log", cbor_text("uplinks")), ("gateway", cbor_text("gw-lis-03")),
                     ("eui", cbor_text("b827ebfffe61a2c4")), ("started", b"\xc1" + cbor_head(0, 1718000000)),
                     ("devices", cbor_array([cbor_map([("eui", cbor_text(d["eui"])), ("name", cbor_text(d["name"])),
                                                       ("kind", cbor_text(d["kind"]))]) for d in devs]))])
    # Each record is generated from its own seed, so the bad one can be rewritten in place.
    seeds, recs, total, t = [], [], len(head), 1718000000
    while total < size:
        t += rng.randint(1, 40)
        seed = rng.getrandbits(32)
        snap = [d["fcnt"] for d in devs]
        dev = devs[rng.randrange(len(devs))]
        recs.append(cbor_uplink(random.Random(seed), len(recs), t, dev))
        seeds.append((seed, t, dev, snap))
        total += len(recs[-1])
    # The record that starts nearest the middle of the log: the patch of its payload length
    # was lost, and the reserved u64 still holds the placeholder 2^64 - 1 (the harmless twin
    # has the length); minicbor's `read_slice` computes `self.pos + n` and overflows.
    offs, o = [], len(head)
    for r in recs:
        offs.append(o)
        o += len(r)
    mid = min(range(len(recs)), key=lambda i: abs(offs[i] - o // 2))
    if trigger:
        seed, t, dev, snap = seeds[mid]
        fcnt = dev["fcnt"]
        dev["fcnt"] = snap[devs.index(dev)]
        recs[mid] = cbor_uplink(random.Random(seed), mid, t, dev, payload_len=2**64 - 1)
        dev["fcnt"] = fcnt
    return head + b"".join(recs)


# ---------------------------------------------------------------------------------------
# A WebSocket frame stream (the client's side of a connection: masked text frames of JSON-RPC
# requests, pings and pongs, fragmented binary uploads, a close): tungstenite 0.5.3

def ws_frame(rng, opcode, payload, fin=True, long_len=None):
    """A client frame: masked, with the shortest length form (`long_len`: the 64-bit form
    with that value)."""
    b0 = (0x80 if fin else 0) | opcode
    n = len(payload)
    if long_len is not None:
        hdr = bytes([b0, 0x80 | 127]) + struct.pack(">Q", long_len)
    elif n < 126:
        hdr = bytes([b0, 0x80 | n])
    elif n < 0x10000:
        hdr = bytes([b0, 0x80 | 126]) + struct.pack(">H", n)
    else:
        hdr = bytes([b0, 0x80 | 127]) + struct.pack(">Q", n)
    key = bytes(rng.getrandbits(8) for _ in range(4))
    return hdr + key + bytes(c ^ key[i % 4] for i, c in enumerate(payload))


WS_METHODS = ("subscribe", "unsubscribe", "get_ticker", "get_order_book", "place_order", "cancel_order",
              "get_balance", "heartbeat", "get_positions", "upload.begin", "upload.end")
WS_SYMBOLS = ("BTC-EUR", "ETH-EUR", "SOL-EUR", "ADA-EUR", "DOT-EUR", "XRP-EUR", "LTC-EUR", "LINK-EUR")


def ws_request(rng, rid):
    m = rng.choice(WS_METHODS[:9])
    if m in ("subscribe", "unsubscribe"):
        params = {"channels": rng.sample(["ticker", "trades", "book.L2", "candles.1m", "orders"], rng.randint(1, 4)),
                  "symbols": rng.sample(WS_SYMBOLS, rng.randint(1, 6))}
    elif m == "place_order":
        params = {"symbol": rng.choice(WS_SYMBOLS), "side": rng.choice(["buy", "sell"]),
                  "type": rng.choice(["limit", "market", "stop_limit"]), "qty": f"{rng.uniform(0.001, 40):.4f}",
                  "price": f"{rng.uniform(0.3, 64000):.2f}", "client_oid": f"{rng.getrandbits(64):016x}",
                  "time_in_force": rng.choice(["GTC", "IOC", "FOK"]), "note": words(rng, 0, 12)}
    elif m == "cancel_order":
        params = {"order_id": f"{rng.getrandbits(96):024x}"}
    elif m == "heartbeat":
        params = {}
    else:
        params = {"symbol": rng.choice(WS_SYMBOLS), "depth": rng.choice([5, 10, 20, 50])}
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": m, "params": params}, separators=(",", ":")).encode()


def ws_pieces(rng, size):
    """The frames as pieces: (kind, frames); an upload is one piece of its fragments."""
    pieces, rid, up = [], 1, 0
    while sum(len(f) if isinstance(f, bytes) else len(f[1]) + 8 for _, fs in pieces for f in fs) < size:
        r = rng.random()
        if r < 0.012:
            up += 1
            name = f"statement-{up:03d}.pdf"
            begin = ws_frame(rng, 1, json.dumps({"jsonrpc": "2.0", "id": rid, "method": "upload.begin",
                                                 "params": {"name": name, "mime": "application/pdf"}},
                                                separators=(",", ":")).encode())
            rid += 1
            frags = []
            for k in range(rng.randint(2, 4)):
                data = bytes(rng.getrandbits(8) for _ in range(rng.choice((1024, 2048)) - rng.randint(0, 300)))
                frags.append((2 if k == 0 else 0, data))
            pieces.append(("text", [begin]))
            pieces.append(("upload", frags))
            end = ws_frame(rng, 1, json.dumps({"jsonrpc": "2.0", "id": rid, "method": "upload.end",
                                               "params": {"name": name}}, separators=(",", ":")).encode())
            rid += 1
            pieces.append(("text", [end]))
        elif r < 0.13:
            pieces.append(("ping", [ws_frame(rng, 9, struct.pack(">Q", 1718000000000 + rid * 250))]))
        elif r < 0.2:
            pieces.append(("pong", [ws_frame(rng, 10, bytes(rng.getrandbits(8) for _ in range(rng.choice((0, 4, 8)))))]))
        else:
            pieces.append(("text", [ws_frame(rng, 1, ws_request(rng, rid))]))
            rid += 1
    return pieces


def gen_ws(rng, size, trigger):
    pieces = ws_pieces(rng, size - 40)
    # Frame the upload fragments (each from its own seed, so the bad one can be rewritten).
    frames = []                          # (bytes, is an upload fragment, seed, opcode, fin, data)
    for kind, fs in pieces:
        if kind == "upload":
            for k, (op, data) in enumerate(fs):
                seed = rng.getrandbits(32)
                fin = k == len(fs) - 1
                frames.append((ws_frame(random.Random(seed), op, data, fin), True, seed, op, fin, data))
        else:
            frames.extend((f, False, None, None, None, None) for f in fs)
    frames.append((ws_frame(rng, 8, struct.pack(">H", 1000) + b"session closed by user"), False, None, None, None, None))
    # The upload fragment that starts nearest the middle of the stream: the client streamed it
    # from a pipe, switched to the 64-bit length form and, not knowing the length, wrote
    # 2^64 - 1 (the harmless twin has its length in the 16-bit form, 6 bytes shorter);
    # `Frame::parse` computes `length + header_length` in a u64 and overflows.
    offs, o = [], 0
    for f in frames:
        offs.append(o)
        o += len(f[0])
    mid = min((i for i, f in enumerate(frames) if f[1]), key=lambda i: abs(offs[i] - o // 2))
    if trigger:
        _, _, seed, op, fin, data = frames[mid]
        frames[mid] = (ws_frame(random.Random(seed), op, data, fin, long_len=2**64 - 1),) + frames[mid][1:]
    return b"".join(f[0] for f in frames)


CASES = {
    # full_moon 1.1.0 (luau): an interpolated string with an empty `{}` gives the
    # expression parser an interpolated-string token of kind End, and
    # `unreachable!("unexpected interpolated string kind: {other:?}")`
    # (src/ast/parsers.rs:1701, Kampfkarren/full-moon#332).
    "full-moon-interpolated-string": ("big.luau", gen_luau),
    # pulldown-cmark 0.6.0: the text of a (reference) link that is a code span containing a
    # line break makes the link-label scan subtract past 0 (src/parse.rs:1684,
    # pulldown-cmark/pulldown-cmark#398).
    "pulldown-cmark-reflink-newline": ("big.md", gen_markdown),
    # tinytemplate 1.2.1: the comment `{#}` ends at the `#}` that overlaps its opening, and
    # `tag[2..tag.len() - 2]` slices 2..1 (src/compiler.rs:59, bheisler/TinyTemplate#22).
    "tinytemplate-comment-slice": ("big.tt", gen_tt),
    # sqlparser 0.43.1: `parse_replace` unwraps the result of `parse_insert`, so any REPLACE
    # statement that does not parse as an INSERT panics (src/parser/mod.rs:7866,
    # sqlparser-rs/sqlparser-rs#1140, getsentry/relay#3080).
    "sqlparser-replace-unwrap": ("big.sql", gen_sql),
    # serde_yaml 0.9.0: after a syntax error in one document, asking for the next document
    # calls libyaml again, which returns no event; `convert_event` hits `unreachable!()`
    # (src/libyaml/parser.rs:142, dtolnay/serde-yaml#293).
    "serde-yaml-scan-error": ("big.yaml", gen_yaml_stream),
    # json 0.7.4: an integer literal of 2^64 or more overflows the u64 digit accumulator
    # in `read_number` (src/parser.rs:214, maciejhirsz/json-rust#36).
    "json-int-overflow": ("big.json", gen_json),
    # quick-xml 0.10.0: a decimal character reference above u32::MAX overflows
    # `code *= 10` in `parse_decimal` (src/escape.rs:166, tafia/quick-xml#101).
    "quick-xml-charref-overflow": ("big.xml", gen_xml),
    # zip 4.6.1: an extended-timestamp extra field ("UT", 0x5455) of length 0 followed by
    # more extra data: `bytes_to_read -= flags.len()` underflows
    # (src/extra_fields/extended_timestamp.rs:26, zip-rs/zip2#404, #696).
    "zip-extended-timestamp": ("big.zip", gen_zip),
    # jpeg-decoder 0.1.11: a DHT segment whose last code is 0xFFFF overflows the u16 code
    # counter in `derive_huffman_codes` (src/huffman.rs:277, image-rs/jpeg-decoder#69).
    "jpeg-decoder-dht-overflow": ("big.jpg", gen_jpeg),
    # snap 1.0.0: a compressed chunk of length < 4 makes FrameDecoder compute `len - 4`
    # (src/read.rs:191, BurntSushi/rust-snappy#29).
    "snap-frame-empty-chunk": ("big.sz", gen_snappy),
    # tomling 0.1.0: an integer that does not fit an i64 reaches
    # `s.parse().unwrap()` (src/parse.rs:191, zeenix/tomling#9).
    "tomling-int-overflow": ("big.toml", gen_toml),
    # fancy-regex 0.6.0: `\u` (or `\x`) at the very end of a pattern: `parse_hex` reads
    # the byte after it (src/parse.rs:394, fancy-regex/fancy-regex#76).
    "fancy-regex-hex-escape": ("big.txt", gen_regex),
    # lazycsv 0.1.0: a row with one column too many leaves its line end to the next
    # `CsvRowIter::next`, which then computes `i - 1` with i = 0 (src/lib.rs:329,
    # fixed in 0.3.1 by contentstech-com/crates#28).
    "lazycsv-extra-column": ("big.csv", gen_csv),
    # tiff 0.10.3: a SampleFormat tag (339) with no values (count 0) in one page's IFD:
    # `Image::from_reader` indexes the empty list, `sample_format[0]`
    # (src/decoder/image.rs:153, fixed by image-rs/image-tiff#305).
    "tiff-empty-sample-format": ("big.tif", gen_tiff),
    # ico 0.3.0: a BMP image whose header gives a width and height whose product does
    # not fit a u32: `(width * height) as usize` overflows in `IconImage::read_bmp`
    # (src/image.rs:295, mdsteele/rust-ico#7, fixed in 0.4.0).
    "ico-bmp-size-overflow": ("big.ico", gen_ico),
    # tar 0.4.37: a header whose size field (base-256 form) is 2^64 - 1: rounding the size
    # up to a whole block, `(size + 511) & !(512 - 1)`, overflows the u64
    # (src/archive.rs:301, alexcrichton/tar-rs#265, fixed in 0.4.38 by checked_add).
    "tar-entry-size-overflow": ("big.tar", gen_tar),
    # wasmparser 0.51.0 (multi-value on): a block whose type takes parameters, right after
    # `unreachable` at a function's top level: the polymorphic stack passes the type check,
    # then `self.stack_types.len() - start_types.len()` subtracts past 0
    # (src/operators_validator.rs:170, bytecodealliance/wasmparser#192).
    "wasmparser-multivalue-block": ("big.wasm", gen_wasm),
    # psd 0.3.4: a layer that extends past the canvas's bottom edge: `PsdLayer::rgba`
    # writes its pixels into a canvas-sized buffer at row * width + column, past the end
    # (src/psd_channel.rs, chinedufn/psd#52 "Handle out of bounds layers", from #46).
    "psd-layer-out-of-bounds": ("big.psd", gen_psd),
    # midi-msg 0.7.4: a sequence-number meta event (FF 00) of length 0 in a track:
    # `Meta::from_midi` reads `u16::from_be_bytes([data[0], data[1]])` from the empty
    # event data (src/file.rs:661, AlexCharlton/midi-msg#26, fixed by commit 8499a6c).
    "midi-msg-sequence-number": ("big.mid", gen_midi),
    # lofty 0.20.1: an `ilst` item whose `data` box is shorter than 16 bytes (its header
    # and type indicator only): `debug_assert!(next_atom.len >= 16)` before
    # `next_atom.len - 16` in parse_data_inner (src/mp4/ilst/read.rs:228,
    # Serial-ATA/lofty-rs#429, fixed in 0.21.0 by a length check).
    "lofty-mp4-short-data-atom": ("big.m4a", gen_m4a),
    # serde_bser 0.4.0: a string whose length is a negative int: `read_bytes` casts it to
    # usize and the slice reader's bounds check `self.index + len` overflows
    # (src/de/read.rs:155, facebook/sapling#1417).
    "serde-bser-negative-length": ("big.bser", gen_bser),
    # async-graphql-parser 2.11.2: a number literal out of f64's range (`4e444`) as an
    # argument: `pair.as_str().parse().expect("failed to parse number")`
    # (src/parse/mod.rs:153, async-graphql/async-graphql#704).
    "async-graphql-number-range": ("big.graphql", gen_graphql),
    # hcl-edit 0.7.2: an object item whose value is followed by a comment with no space
    # before it: the value's decor suffix has no span, and `suffix.span().unwrap()` panics
    # (src/parser/expr.rs:433, martinohmann/hcl-rs#284, fixed in hcl-edit 0.7.3 / hcl-rs 0.16.4).
    "hcl-edit-comment-suffix": ("big.tf", gen_terraform),
    # freedesktop-desktop-entry 0.7.6: a value that ends in a lone backslash: format_value
    # checks `input.len() < i + 1` instead of `<=`, then reads `input.as_bytes()[i + 1]`
    # (src/decoder.rs:285, fixed by pop-os/freedesktop-desktop-entry#39 in 0.7.7).
    "desktop-entry-trailing-backslash": ("big.desktop", gen_desktop),
    # bson 0.12.0: a UTC datetime before 1970 that is not a whole second: the decoder
    # computes `((time % 1000) as u32) * 1_000_000` and the product overflows
    # (src/decoder/mod.rs:209, mongodb/bson-rust#64; fixed in 0.12.1).
    "bson-negative-datetime": ("big.bson", gen_bson),
    # riff 1.0.1: a LIST chunk whose size runs past the end of the file: its iterator reads
    # a chunk header at the end of the file and unwraps the error (src/lib.rs:186,
    # frabert/riff#9 "Remove unwrap in iter", released in 2.0.0).
    "riff-list-size-overrun": ("big.avi", gen_avi),
    # goblin 0.3.1: an ELF note whose name size is 0: `Note::try_from_ctx` reads the name
    # with length `n_namesz - 1` (src/elf/note.rs:208, m4b/goblin#256, fixed in 0.3.2).
    "goblin-elf-note-empty-name": ("big.core", gen_core),
    # pcap-file 1.1.1: a packet header whose microseconds field is 4294968 or more (here the
    # time in nanoseconds): `PacketHeader::from_reader` converts it with `ts_nsec *= 1000`
    # in a u32 (src/pcap/packet.rs:51, courvoif/pcap-file#18; checked_mul in 2.0.0).
    "pcap-file-usec-overflow": ("big.pcap", gen_pcap),
    # id3 1.16.0: an ID3v2.4 frame with the data length indicator flag whose size is below
    # 4: `v4::decode` reads the indicator, then computes `content_size - 4`
    # (src/stream/frame/v4.rs:48, polyfloyd/rust-id3#149; saturating_sub in 1.16.1).
    "id3-data-length-underflow": ("big.mp3", gen_mp3),
    # metaflac 0.2.5: an APPLICATION block shorter than its 4-byte application id (here of
    # length 0): `Application::from_bytes` slices `bytes[0..4]` (src/block.rs:355,
    # TianyiShi2001/audiotags#30; jameshurst/rust-metaflac#18, #21).
    "metaflac-empty-application": ("big.flac", gen_flac),
    # mailparse 0.16.0: a multipart body that ends right after a boundary line, with no
    # part after it: the next part's start is the end of the data, and
    # `find_from_u8_line_prefix` asserts `ix_start < line.len()` (src/lib.rs:123,
    # staktrace/mailparse#130, fixed by #131 in 0.16.1).
    "mailparse-boundary-at-end": ("big.mbox", gen_mbox),
    # icalendar 0.16.0: a content line whose name starts with a multi-byte character that
    # spans byte 3: `property_key` compares `&input[0..=2]` with "END" and slices inside the
    # character (src/parser/utils.rs:19, hoodie/icalendar#91, where the same slices run past
    # the end of a short input).
    "icalendar-property-key-slice": ("big.ics", gen_ics),
    # png 0.17.11: an APNG frame whose fcTL gives a width of 0: `next_frame` cuts the output
    # buffer into rows with `chunks_exact_mut(line_size)`, and the line size is 0
    # (src/decoder/mod.rs:534, image-rs/image-png#444; 0.17.11 rejects a zero-sized IHDR,
    # #438, and 0.17.13 a zero-sized fcTL).
    "png-apng-zero-width-frame": ("big.png", gen_apng),
    # quick-protobuf 0.8.1: a nested message whose length runs past the end of its parent:
    # `read_len` sets the nested message's end without bounding it by the parent's, the
    # cursor is left past the parent's end, and the parent's next unknown field computes
    # `self.end - self.start` in `read_unknown` (src/reader.rs:543, reported against 0.8.1
    # in nxm-rs/vertex#981; no fixed release).
    "quick-protobuf-nested-length": ("big.pb", gen_protobuf),
    # libflate 1.1.1: a dynamic-Huffman block whose literal/length code lengths give the
    # end-of-block symbol (256) no code: the literal decoder's builder never sees it and
    # `finish` calls `self.safely_peek_bitwidth.expect("bug")` (src/huffman.rs:124,
    # sile/libflate#64, fixed by #65 in 1.1.2).
    "libflate-missing-end-of-block": ("big.gz", gen_gzip),
    # noodles-bgzf 0.47.0: a block whose trailer gives an uncompressed size (ISIZE) above
    # 65536: the block's data buffer (64 KiB) is sized to it, and `Data::as_mut` slices
    # `buf[pos..len]` past its end (src/io/block/data.rs:51, zaeleus/noodles#401).
    "noodles-bgzf-block-isize": ("big.vcf.gz", gen_bgzf_vcf),
    # simple-dns 0.5.0: a message shorter than the 12-byte DNS header: `Packet::parse`
    # slices `&data[..12]` before checking the length (src/dns/packet.rs:108,
    # balliegojr/simple-dns#12).
    "simple-dns-short-message": ("big.dns", gen_dns_stream),
    # cab 0.6.0: a folder whose CFFOLDER entry says it has no data blocks, holding a file at
    # an offset above 0: `seek_to_uncompressed_offset` indexes the folder's empty list of
    # blocks, `data_blocks[self.current_block_index]` (src/folder.rs:134,
    # mdsteele/rust-cab#41).
    "cab-folder-no-data-blocks": ("big.cab", gen_cab),
    # lightningcss 1.0.0-alpha.72: a percentage written with a math function that calc()
    # does not fold to a plain percentage (`abs(-35%)` as an hsl() saturation):
    # `Percentage::parse` gets a Calc that is not a value and calls `unreachable!()`
    # (src/values/percentage.rs:30, reported against alpha.72 in ubugeeei-prod/vize#3295).
    "lightningcss-percentage-calc": ("big.css", gen_css),
    # json-five 0.3.0: a string with an escape that JSON5 does not have (`\B`): the tokenizer
    # and parser keep the raw text, and deserializing it calls `unescape(s).unwrap()`
    # (src/de.rs:46, fixed by spyoungtech/json-five-rs#21).
    "json-five-unknown-escape": ("big.json5", gen_json5),
    # patch 0.7.0: a hunk that removes a line starting with `-- ` (an SQL comment): its diff
    # line `--- ...` ends the hunk and is taken as the next patch's old-file header, that
    # patch fails, and `parse_multiple_patches` asserts that no input is left
    # (src/parser.rs:84, uniphil/patch-rs#22, #25; the FIXME on `chunk_line`).
    "patch-triple-minus-line": ("big.diff", gen_diff),
    # dbase 0.3.0: a date field whose text, trimmed of spaces, is shorter than "YYYY" (here a
    # lone "/"): `Date::from_str` slices `s[0..4]` before parsing (src/record/field.rs:487,
    # tmontaigu/dbase-rs#51).
    "dbase-short-date-field": ("big.dbf", gen_dbf),
    # cafebabe 0.4.1: a CONSTANT_Class entry whose name is a CONSTANT_Utf8 that is not valid
    # modified UTF-8 (kept as raw bytes): the type check accepts it, and
    # `validate_classinfo_name` panics on anything but a decoded string
    # (src/constant_pool.rs:264, staktrace/cafebabe#7, fixed by #10).
    "cafebabe-classinfo-utf8-bytes": ("big.class", gen_javaclass),
    # pcapng 1.0.0: a block whose total length is below 12 (here 0): `parse_block` takes
    # `(block_length - 12) as usize` bytes of body, and the u32 subtraction overflows
    # (src/block.rs:84, richo/pcapng-rs#6).
    "pcapng-block-length-underflow": ("big.pcapng", gen_pcapng),
    # object 0.39.1: a COFF symbol of a PE image whose value, added to the image base and its
    # section's address, passes 2^64: `ImageSymbol::address` computes
    # `image_base + virtual_address + value` unchecked (src/read/coff/symbol.rs:581,
    # gimli-rs/object#928).
    "object-pe-symbol-address-overflow": ("big.exe", gen_pe),
    # flexbuffers 25.12.19: a string whose (64-bit) length prefix is 2^64 - 1: `get_str`
    # slices `self.address..self.address + self.length()` and the addition overflows
    # (src/reader/mod.rs:369, google/flatbuffers#8924, listed with get_blob and get_key).
    "flexbuffers-string-length-overflow": ("big.flexbuf", gen_flexbuffers),
    # x509-parser 0.13.1: a CRL entry's invalidity date (a GeneralizedTime) before 1900 (here
    # the year 1019, a typo for 2019): `ASN1Time::to_rfc2822` unwraps the time crate's
    # formatting error, which RFC 2822 has for years before 1900 (src/time.rs:49; the fix,
    # "Fix panic in ASN1Time::to_rfc2822() when year is less than 1900", is in 0.13.2).
    "x509-crl-invalidity-date-year": ("big.crl", gen_crl),
    # rust-ini 0.15.3: a `\xHHHH` escape whose code point is a UTF-16 surrogate (here the
    # first half of a surrogate pair, `\xD83D`): `parse_str_until` pushes
    # `char::from_u32(c).unwrap()` (src/ini.rs:1114, zonyitoo/rust-ini#75; 0.16.0 returns
    # an "unknown character in \xHH form" error).
    "rust-ini-surrogate-escape": ("big.ini", gen_ini),
    # Boa 0.10.0: a hex BigInt literal with no digits, `0xn`: the number lexer takes no hex
    # digits, sees the `n` suffix, and `BigInt::from_string_radix("", 16)` is unwrapped with
    # `expect("Could not convert to BigInt")` (src/syntax/lexer/number.rs:291,
    # boa-dev/boa#772).
    "boa-empty-hex-bigint": ("big.js", gen_js),
    # tinytga 0.1.0: a raw packet of more than 85 pixels in a 24-bit RLE image: `raw_packet`
    # takes `num_pixels * bytes_per_pixel` bytes, both u8, and the product overflows
    # (src/packet/raw_packet.rs:29, embedded-graphics/embedded-graphics#216).
    "tinytga-raw-packet-overflow": ("big.tga", gen_tga),
    # gcode 0.5.2: a letter followed by a number token that is only a period (here the end
    # of a display message, `M117 Insert magnets.`, whose letters pair up into broken words
    # but for the last `s`): `value.parse().expect("")` fails on "." (src/words.rs:100,
    # Michael-F-Bryan/gcode-rs#48, `M28 teg.gcode`).
    "gcode-message-period": ("big.gcode", gen_gcode),
    # nmea-parser 0.10.0: a sentence that starts with a comma (a line whose start was lost)
    # and whose checksum still matches: the sentence type before the first comma is empty,
    # and `&sentence_type[0..1]` slices past its end (src/lib.rs:317, zaari/nmea-parser#37).
    "nmea-parser-lost-sentence-start": ("big.nmea", gen_nmea),
    # geojson 0.24.0: a Point whose coordinates are an empty array (GDAL writes POINT EMPTY
    # so): the conversion to geo-types indexes `point_type[0]` (src/conversion/to_geo_types.rs:291,
    # georust/geojson#224).
    "geojson-empty-point-coordinates": ("big.geojson", gen_geojson),
    # wkt 0.2.0: a number token that does not parse as a float (here a latitude typed with the
    # letter O for a zero): the tokenizer panics with "Could not parse number"
    # (src/tokenizer.rs:73, georust/wkt#39 "Don't panic on invalid number").
    "wkt-letter-in-number": ("big.wkt", gen_wkt),
    # bmp 0.5.0: a pixel of an 8-bit image whose index is past the end of the palette
    # (biClrUsed = 216, index 255): `read_indexes` pushes `palette[i]` unchecked
    # (src/decoder.rs:261).
    "bmp-palette-index-overflow": ("big.bmp", gen_bmp),
    # dtparse 1.0.3: a number of more than 9 digits followed by `-`, `/` or `.` (here an
    # epoch-milliseconds file name, `1557671525123.jpg`): `parse_numeric_token` unwraps
    # `value_repr.parse::<i32>()` (src/lib.rs:1069, bspeice/dtparse#21).
    "dtparse-epoch-millis-overflow": ("big.txt", gen_dates),
    # lyon_extra 1.0.2: a moveto whose coordinates do not parse (here `M<x>,NaN`) after an
    # open subpath: the parser ends the subpath for the M, fails, and `parse` ends it again;
    # lyon_path's debug validator asserts "end() called without begin()"
    # (lyon_path-1.0.5/src/private.rs:37, nical/lyon#919).
    "lyon-moveto-nan-double-end": ("big.paths", gen_svg_paths),
    # lzma-rust2 0.15.1: an .xz block whose BCJ x86 filter has a start offset of 2^31 or more:
    # `x86_code` computes `src - (self.pos + i) as i32` and the subtraction overflows
    # (src/filter/bcj/x86.rs:66, hasenbanck/lzma-rust2#72).
    "lzma-rust2-bcj-start-offset": ("big.xz", gen_xz),
    # obj 0.10.1: a face corner whose texture index is 0 (OBJ indices are 1-based; here a
    # face added by a mesh repair tool with no texture coordinate): `normalize` computes
    # `idx as usize - 1` (src/obj.rs:381, kvark/obj#23 "Erroneous zero vertex numbers
    # cause panics").
    "obj-zero-texture-index": ("big.obj", gen_obj),
    # pdbtbx 0.9.2: a REMARK 400 (COMPOUND) section, a standard remark missing from the
    # crate's table of valid remark numbers: `PDB::add_remark` asserts the number is valid
    # (src/structs/pdb.rs:114, douweschulte/pdbtbx#96).
    "pdbtbx-remark-400": ("big.pdb", gen_pdb),
    # shapefile 0.3.0: a record header whose content length reads as 2^30 or more (here
    # written little-endian): `read_one_shape_as` computes `hdr.record_size * 2` in an i32
    # (src/reader.rs:107, tmontaigu/shapefile-rs#25).
    "shapefile-record-size-overflow": ("big.shp", gen_shp),
    # gif 0.11.2: data after a frame's LZW end code (here a padding sub-block) that
    # straddles the end of the decoder's 8 KiB read buffer: the decoder skips `left` bytes
    # where the buffer holds fewer (src/reader/decoder.rs:251, image-rs/image-gif#106).
    "gif-padding-after-end-code": ("big.gif", gen_gif),
    # exr 1.7.0: a scan-line chunk whose y coordinate is far outside the data window (here
    # i32::MIN, with the window starting at row 478): `get_block_data_indices` computes
    # `block.y_coordinate - layer_position.y` in an i32 (src/meta/header.rs:536,
    # johannesvollmer/exrs#221).
    "exr-block-y-coordinate-overflow": ("big.exr", gen_exr),
    # goblin 0.10.7: a lazy bind entry whose BIND_OPCODE_SET_SEGMENT_AND_OFFSET_ULEB names a
    # segment the binary does not have (here 11 of 5): `Import::new` indexes
    # `segments[bi.seg_index]` unchecked (src/mach/imports.rs:94, m4b/goblin#542).
    "goblin-mach-bind-segment-index": ("big.macho", gen_macho),
    # image-webp 0.2.4: an animation frame of an alpha plane (ALPH) and a lossy bitstream
    # (VP8) whose VP8 size is larger than the frame's ANMF size: the ALPH branch of
    # `read_frame` does not compare the sizes and indexes the alpha plane with the VP8 size
    # (src/decoder.rs:858, image-rs/image-webp#182, #186).
    "image-webp-alpha-frame-size": ("big.webp", gen_webp),
    # sevenz-rust2 0.21.3: a folder whose second coder is a "complex" coder with 2^64 - 1
    # in-streams: `read_block` adds the count to the folder's total before checking it
    # (src/reader.rs:1046, hasenbanck/sevenz-rust2#127).
    "sevenz-rust2-coder-stream-count": ("big.7z", gen_7z),
    # hpack 0.3.0: a header block that starts with a dynamic table size update whose
    # integer is written with more continuation octets than the decoder allows:
    # `update_max_dynamic_size` unwraps `decode_integer`'s TooManyOctets error
    # (src/decoder.rs:453, mlalic/hpack-rs#11; the crate has no later release).
    "hpack-size-update-overlong-integer": ("big.h2", gen_h2),
    # ssh-parser 0.1.0: a binary packet whose padding length is larger than its packet
    # length: `parse_ssh_packet` computes `packet_length - padding_length as u32 - 1`
    # (src/ssh.rs:351, rusticata/ssh-parser#1).
    "ssh-parser-padding-length-underflow": ("big.ssh", gen_ssh),
    # rustc-demangle 0.1.5: a `_ZN...E` symbol with a run of 20 or more digits where a
    # path element's length is read: `i = i * 10 + ...` overflows (src/lib.rs:109,
    # alexcrichton/rustc-demangle#9, checked from 0.1.6 on).
    "rustc-demangle-long-length": ("big.nm", gen_nm),
    # abnf 0.10.2: a numeric value of more than 8 hex digits (here a range whose dash was
    # lost, `%x1F6001F64F`): `hex_val` unwraps `u32::from_str_radix`'s overflow error
    # (src/lib.rs:412, duesee/abnf#5, fixed by commit deaf14bf).
    "abnf-hex-value-overflow": ("big.abnf", gen_abnf),
    # netflow_parser 0.1.9: an IPFIX options template set whose record has fewer fields than
    # its field count (here 8 for 7): `parse_options_template` parses the record from the
    # set's bytes and unwraps the error (src/variable_versions/ipfix.rs:175,
    # mikemiles-dev/netflow_parser#27, `?` from 0.2.0).
    "netflow-parser-options-field-count": ("big.ipfix", gen_ipfix),
    # tera 1.20.0: a test whose argument is an array literal (`is containing(["a", "b"])`):
    # the grammar accepts it, `parse_test_call` has no arm for the `array_filter` rule and
    # hits `unreachable!` (src/parser/mod.rs:128, Keats/tera#975).
    "tera-test-array-argument": ("big.html", gen_tera),
    # node-semver 2.0.0: an exact range on a partial version (`=0.7`): `range_primitive` has
    # no arm for `Exact` with a missing patch and hits `unreachable!("Odd parsed version")`
    # (src/range.rs:656, felipesere/node-semver-rs#6).
    "node-semver-exact-partial-version": ("big.tsv", gen_semver_ranges),
    # croner 2.0.6: with alternative (Quartz) weekdays, 1-7 = SUN-SAT, a day of week of `0`
    # (Unix Sunday): `set_bit` subtracts the input offset 1 from 0 in a u8
    # (src/component.rs:90, Hexagon/croner-rust#12).
    "croner-alternative-weekday-zero": ("big.tsv", gen_cron),
    # polib 0.3.0: a PO line whose value is a lone quote (`msgstr "`): `consume_line` strips
    # the quotes with `trimmed[1..trimmed.len() - 1]` and slices 1..0
    # (src/po_file/po_file_parser.rs:290, BrettDong/polib#25).
    "polib-unterminated-msgstr": ("big.po", gen_po),
    # maxminddb 0.30.0: an extended type byte above 248 (here FC, written as 7 - type by a
    # patching tool): `size_and_type` adds 7 to it in a u8 (src/decoder.rs:257,
    # oschwald/maxminddb-rust#122).
    "maxminddb-extended-type-overflow": ("big.mmdb", gen_mmdb),
    # robotstxt 0.2.0: a line that holds only whitespace (here the blank line after a group,
    # with one space): `parse_key_value` takes the space for the separator and asserts that
    # the trimmed value is not empty (src/parser.rs:207, Folyd/robotstxt#1).
    "robotstxt-whitespace-only-line": ("big.txt", gen_robots),
    # liquid 0.10.1: an empty output tag (`{{ }}`): `parse_expression` indexes the empty
    # token list, `tokens[0]` (src/parser.rs:43, cobalt-org/liquid-rust#139).
    "liquid-empty-output-tag": ("big.liquid", gen_liquid),
    # bgpkit-parser 0.5.1: an NLRI prefix length above 128 in an IPv6 RIB record (here 0xB0,
    # a /48 with one bit flipped): `read_nlri_prefix` reads (len + 7) / 8 bytes into a 16-byte
    # buffer (src/parser/utils.rs:91, bgpkit/bgpkit-parser#9, checked from 0.6.0 on).
    "bgpkit-parser-ipv6-prefix-length": ("big.mrt", gen_mrt),
    # gimli 0.21.0: a line program's DW_LNS_advance_pc whose operand is a step back to an
    # earlier address wrapped to 64 bits (here 2^64 - 0x30): `apply_operation_advance` adds it
    # to the row's address in a u64 (src/read/line.rs:954, gimli-rs/gimli#506).
    "gimli-line-advance-pc-overflow": ("big.debug_line", gen_debug_line),
    # dicom-parser 0.7.0: an item delimitation item (FFFE,E00D) between two fragments of
    # encapsulated pixel data: it pops the pixel data's sequence token, and the next
    # fragment's item header finds no sequence: `.expect("item header should be read only
    # inside an existing sequence")` (src/dataset/read.rs:284, Enet4/dicom-rs#547, fixed by
    # #548 in 0.7.1).
    "dicom-parser-extra-item-delimiter": ("big.dcm", gen_dicom),
    # swf-parser 0.9.0: a DefineSound tag whose format is not one of SWF's codecs (here 10, AAC
    # in FLV's numbering): `audio_coding_format_from_id` panics with "Unexpected audio coding
    # format id" (src/parsers/sound.rs:25; "Fix panic on unknown audio codec code" in 0.10.0,
    # open-flash/swf-parser#127).
    "swf-parser-unknown-audio-codec": ("big.swf", gen_swf),
    # minicbor 0.11.3: a byte string whose length is 2^64 - 1 (here the placeholder of a
    # streaming encoder's reserved 64-bit length, never patched): `read_slice` computes
    # `self.pos + n` and overflows (src/decode/decoder.rs:586; "Decoding strings or bytes with a
    # length of `u64::MAX` would cause an overflow of the internal decoder position value", fixed
    # in 0.11.4, twittner/minicbor#12).
    "minicbor-bytes-length-overflow": ("big.cbor", gen_cbor),
    # tungstenite 0.5.3: a frame whose 64-bit payload length is 2^64 - 1: `Frame::parse`
    # compares `size < length + header_length` and the u64 addition overflows
    # (src/protocol/frame/frame.rs:347, snapview/tungstenite-rs#33, fixed in 0.5.4).
    "tungstenite-frame-length-overflow": ("big.ws", gen_ws),
}


def case_dirs(root):
    for split in ("tune", "heldout"):
        d = os.path.join(root, split)
        if os.path.isdir(d):
            for name in sorted(os.listdir(d)):
                if name in CASES:
                    yield os.path.join(d, name)


def generate(case_dir, size, trigger):
    name = os.path.basename(os.path.abspath(case_dir))
    if name not in CASES:
        raise SystemExit(f"unknown case {name!r} (known: {', '.join(sorted(CASES))})")
    fname, gen = CASES[name]
    data = gen(random.Random(f"{name}:{size}"), size, trigger)
    return name, fname, data


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", help="case directories")
    ap.add_argument("--all", action="store_true", help="every case under tune/ and heldout/")
    ap.add_argument("--size", type=int, default=160_000, help="target input size in bytes")
    ap.add_argument("--no-trigger", action="store_true", help="write the filler alone")
    ap.add_argument("--out", help="output file (one case only)")
    args = ap.parse_args()
    dirs = list(args.cases)
    if args.all:
        dirs += list(case_dirs(HERE))
    if not dirs:
        ap.error("no case given")
    if args.out and len(dirs) != 1:
        ap.error("--out takes one case")
    for d in dirs:
        name, fname, data = generate(d, args.size, not args.no_trigger)
        path = args.out or os.path.join(d, "tests", "fixtures", fname)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        print(f"{path}: {len(data)} bytes")


if __name__ == "__main__":
    main()

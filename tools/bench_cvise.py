#!/usr/bin/env python3
"""Benchmark: `cargo minimize --test NAME --input FILE` against C-Vise on real
failing-test inputs (the crates of examples/test-bugs/, each pinning a published
crate version with a known panic), one job each, in the same run.

    apt-get install cvise                    # Debian's C-Vise (2.7 here)
    cargo build --release -p cargo-minimize
    tools/bench_cvise.py [--size BYTES] [--case NAME] [--out results.json]

Prints a Markdown table. For each case:
- the case crate is copied into a fresh directory and its input written by
  tools/gen_test_inputs.py (seeded: the same bytes every run);
- ours: `cargo-minimize minimize --test NAME --input tests/fixtures/F -j 1 --no-cache
  --json`; its predicate runs are the `predicate_runs` of the JSON summary (the test
  binary runs; the one build per worker is not counted there and is listed apart);
- C-Vise: `cvise --not-c --n 1 check.sh F` (`--pass-group binary` for binary
  inputs, where `--not-c` crashes on the first non-UTF-8 byte), where check.sh copies the candidate into
  a built copy of the crate, runs the same test binary directly (no cargo, so the
  fastest check C-Vise can have) and exits 0 iff the test panics at the same
  location with the same message; runs are counted by check.sh itself;
- both results are checked again with the real test binary;
- "build s" is one `cargo test --no-run` of the case from scratch: C-Vise's check
  uses a binary built beforehand (its time is not in "C-Vise s"), ours builds once
  from scratch inside "ours s" (then each worker copies those compiled dependencies
  and rebuilds only the crate); "bare test s" is the median of 5 runs of the test
  binary on the original input, and "ours s per run" is the reduction phase's time
  (the JSON summary's `seconds`: after the checks of the original, including the
  worker's own build) / predicate runs.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "cargo-minimize")

CASES = {
    "yaml-rust-flow-dash": ("loads_big_stream", "big.yaml",
                            "scanner.rs:955:13", "internal error: entered unreachable code"),
    "libyaml-safer-tag-comma": ("loads_big_stream", "big.yaml",
                                "scanner.rs:1112:13", "TODO: What is expected here?"),
    "markdown-it-emphasis": ("renders_big_document", "big.md",
                             "emph_pair.rs:133:9", "attempt to subtract with overflow"),
    "gif-interlace": ("decodes_big_gif", "big.gif",
                      "reader/mod.rs:389:20", "index out of bounds"),
}


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw)


def prepare(case, size, dest):
    """A copy of the case crate with its big input written and its tests built."""
    shutil.copytree(os.path.join(ROOT, "examples", "test-bugs", case), dest,
                    ignore=shutil.ignore_patterns("target", "fixtures"))
    sh([sys.executable, os.path.join(ROOT, "tools", "gen_test_inputs.py"),
        "--size", str(size), "--case", case, os.path.dirname(dest)])
    if os.path.basename(dest) != case:
        raise SystemExit("dest must end in the case name")
    t0 = time.monotonic()
    out = sh(["cargo", "test", "--no-run", "--message-format=json"], cwd=dest).stdout
    prepare.build_seconds = time.monotonic() - t0
    exes = [json.loads(l)["executable"] for l in out.splitlines()
            if '"executable":"' in l and json.loads(l).get("target", {}).get("kind") == ["test"]]
    return exes[0]


def panics_the_same_way(exe, test, location, message):
    r = subprocess.run([exe, "--exact", test], capture_output=True, text=True,
                       env={**os.environ, "RUST_BACKTRACE": "0"}, timeout=60)
    return r.returncode != 0 and location in r.stdout + r.stderr and message in r.stdout + r.stderr


def binary(path):
    with open(path, "rb") as f:
        data = f.read()
    try:
        data.decode("utf-8")
        return b"\0" in data
    except UnicodeDecodeError:
        return True


def nonblank(path):
    with open(path, "rb") as f:
        return len(f.read())


def run_ours(case, size, work):
    test, fname, location, message = CASES[case]
    crate = os.path.join(work, "ours", case)
    os.makedirs(os.path.dirname(crate), exist_ok=True)
    exe = prepare(case, size, crate)
    t0 = time.monotonic()
    r = subprocess.run([BIN, "minimize", "--test", test, "--input", f"tests/fixtures/{fname}",
                        "-j", "1", "--no-cache", "--json"],
                       cwd=crate, capture_output=True, text=True)
    secs = time.monotonic() - t0
    if r.returncode != 0:
        raise SystemExit(f"ours failed on {case}:\n{r.stderr}")
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    out = os.path.join(crate, summary["output_path"])
    # Check the result with the real test binary.
    fixture = os.path.join(crate, "tests", "fixtures", fname)
    shutil.copy(fixture, fixture + ".orig")
    shutil.copy(out, fixture)
    ok = panics_the_same_way(exe, test, location, message)
    shutil.copy(fixture + ".orig", fixture)
    bare = []
    for _ in range(5):
        t = time.monotonic()
        panics_the_same_way(exe, test, location, message)
        bare.append(time.monotonic() - t)
    return {
        "input": summary["input_bytes"], "size": summary["output_bytes"],
        "runs": summary["predicate_runs"], "cache_hits": summary["cache_hits"],
        "seconds": secs, "same": ok, "bare_test": statistics.median(bare),
        "build": prepare.build_seconds, "reduce_seconds": summary["seconds"],
    }


CHECK = """#!/bin/sh
# C-Vise's check: exit 0 iff the test panics at the same place with the same message.
echo . >> '{counter}'
cp '{fname}' '{fixture}' || exit 1
out=$(RUST_BACKTRACE=0 timeout 60 '{exe}' --exact '{test}' 2>&1) && exit 1
printf '%s' "$out" | grep -qF '{location}' || exit 1
printf '%s' "$out" | grep -qF '{message}'
"""


def run_cvise(case, size, work):
    test, fname, location, message = CASES[case]
    crate = os.path.join(work, "cvise", case)
    os.makedirs(os.path.dirname(crate), exist_ok=True)
    exe = prepare(case, size, crate)
    fixture = os.path.join(crate, "tests", "fixtures", fname)
    red = os.path.join(work, "cvise-work", case)
    os.makedirs(red)
    shutil.copy(fixture, os.path.join(red, fname))
    counter = os.path.join(work, f"{case}.cvise.count")
    script = os.path.join(red, "check.sh")
    with open(script, "w") as f:
        f.write(CHECK.format(counter=counter, fname=fname, fixture=fixture, exe=exe,
                             test=test, location=location, message=message))
    os.chmod(script, 0o755)
    t0 = time.monotonic()
    # `--not-c` dies on non-UTF-8 input (its line pass decodes the file as text),
    # so binary inputs get C-Vise's own pass group for binary files.
    mode = ["--pass-group", "binary"] if binary(fixture) else ["--not-c"]
    r = subprocess.run(["cvise", *mode, "--n", "1", "--tidy", script, fname],
                       cwd=red, capture_output=True, text=True)
    secs = time.monotonic() - t0
    if r.returncode != 0:
        raise SystemExit(f"cvise failed on {case}:\n{r.stdout}\n{r.stderr}")
    with open(counter) as f:
        runs = len(f.read().split())
    result = os.path.join(red, fname)
    shutil.copy(result, fixture)
    ok = panics_the_same_way(exe, test, location, message)
    return {"size": nonblank(result), "runs": runs, "seconds": secs, "same": ok}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=160_000)
    ap.add_argument("--case", action="append")
    ap.add_argument("--out")
    args = ap.parse_args()
    if not shutil.which("cvise"):
        raise SystemExit("cvise not found: apt-get install cvise")
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-cvise-") as work:
        for case in CASES:
            if args.case and case not in args.case:
                continue
            ours = run_ours(case, args.size, work)
            cv = run_cvise(case, args.size, work)
            rows.append({"case": case, "ours": ours, "cvise": cv})
            print(f"{case}: ours {ours}, cvise {cv}", file=sys.stderr)
    print("| case | input B | ours B | C-Vise B | ours runs | C-Vise runs | runs ratio "
          "| ours s | C-Vise s | build s | bare test s | ours s per run | same panic |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        o, c = r["ours"], r["cvise"]
        print(f"| {r['case']} | {o['input']} | {o['size']} | {c['size']} | {o['runs']} "
              f"| {c['runs']} | {o['runs'] / c['runs']:.2f} | {o['seconds']:.1f} "
              f"| {c['seconds']:.1f} | {o['build']:.1f} | {o['bare_test']:.3f} "
              f"| {o['reduce_seconds'] / o['runs']:.3f} "
              f"| {'yes' if o['same'] and c['same'] else 'NO'} |")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()

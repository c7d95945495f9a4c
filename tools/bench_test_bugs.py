#!/usr/bin/env python3
"""Benchmark: cargo-minimize against C-Vise and Shrink Ray on the failing-test corpus
(tools/corpus/test-bugs/<split>/, issue 28), one job each, one tool at a time, one
case at a time, every tool with the same check script.

    ./scripts/install-bench-deps.sh          # C-Vise 2.7 (apt) and Shrink Ray (venv)
    cargo build --release -p cargo-minimize
    tools/bench_test_bugs.py [--split tune|heldout] [--only CASE[,CASE]] \\
        [--tools ours,cvise,shrinkray] [--timeout SECS] [--out results.json]

For each case (bug.json names the test, the input file, the panic message substring and
the panic location):
- the fixture is written by the corpus's gen.py (seeded, default size) into a work copy
  of the case, whose test is built once (`cargo test --no-run`);
- check.sh, shared by every tool: copies the candidate (its last argument, else
  ./big.EXT, as C-Vise runs it) over the built copy's fixture (the test binary reads
  the path baked in by `env!("CARGO_MANIFEST_DIR")`; a lock serialises this), runs the
  prebuilt test binary directly (no cargo) in a fresh temp dir with a 60 s timeout,
  and exits 0 iff the test fails and its output has the panic location and message.
  Each run appends a line to $BENCH_COUNTER when that is set: the "checks" column;
- ours: `cargo-minimize minimize --test NAME --input tests/fixtures/big.EXT -j 1
  --no-cache --json` in a scratch copy of the built case (its own build inside, which
  starts from the copy's target/); its checks are the summary's `predicate_runs`
  (test-binary runs; the build is not a check);
- ours (script): `cargo-minimize minimize --script check.sh big.EXT -j 1 --no-cache
  --json` (the like-for-like comparison: same check as the other tools);
- C-Vise: `cvise --not-c --n 1 --tidy check.sh big.EXT`. For a binary input it runs
  under a Latin-1 locale (LC_ALL=en_US.ISO-8859-1, built with localedef into the work
  directory, LOCPATH): C-Vise 2.7 reads the file as text in the locale's encoding, so
  under UTF-8 `--not-c` dies on the first non-UTF-8 byte (UnicodeDecodeError in its
  blank/lines passes), and `--pass-group binary` (what tools/bench_cvise.py uses) holds
  only a pass for gcov's .gcda files, which does nothing: 1 check, the input unchanged.
  Latin-1 maps every byte to one character, so each candidate is the file's bytes
  (save C-Vise's own text-mode newline handling: "\r\n" read as "\n");
- Shrink Ray: `shrinkray --no-llm --no-restart --parallelism 1 --ui basic
  --input-type arg --trivial-is-not-error check.sh big.EXT` from
  target/bench-tools/shrinkray-venv (`--ui basic`: no terminal UI; `--input-type arg`:
  the candidate's path as the argument, as for the others; `--trivial-is-not-error`: a
  result of a byte or two is a right answer here, not an error exit);
- every result is checked again with check.sh ("same failure"), and our results with
  tools/check_minimal.py (`--max-bytes 2000`, the same check.sh): "1-minimal", followed
  by what cargo-minimize's summary claimed (`one_minimal`: "says 1-minimal" or "claims
  nothing"), so that a claim the check contradicts shows.
A run longer than --timeout is killed (its process group) and recorded as timed out,
with the size of its file at that moment.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_cvise import binary, sh  # noqa: E402  (shared helpers)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "tools", "corpus", "test-bugs")
GEN = os.path.join(CORPUS, "gen.py")
CHECK_MINIMAL = os.path.join(ROOT, "tools", "check_minimal.py")
SHRINKRAY = os.path.join(ROOT, "target", "bench-tools", "shrinkray-venv", "bin", "shrinkray")
TOOLS = ["ours", "ours-script", "cvise", "shrinkray"]
LABEL = {"ours": "ours (--test)", "ours-script": "ours (--script)", "cvise": "C-Vise",
         "shrinkray": "Shrink Ray"}

CHECK = """#!/bin/sh
# exit 0 iff the test fails with the case's panic (location and message substring).
# The candidate is the last argument, else ./{fname} (C-Vise's convention).
[ -n "$BENCH_COUNTER" ] && echo . >> "$BENCH_COUNTER"
cand={fname}
for a in "$@"; do cand="$a"; done
case "$cand" in /*) ;; *) cand="$PWD/$cand" ;; esac
exec 9>{lock}
flock 9
cp "$cand" {fixture} || exit 1
tmp=$(mktemp -d) || exit 1
cd "$tmp" || exit 1
out=$(RUST_BACKTRACE=0 timeout 60 {exe} --exact {test} 2>&1)
rc=$?
cd / && rm -rf "$tmp"
[ "$rc" -ne 0 ] || exit 1
printf '%s' "$out" | grep -qF -- {location} || exit 1
printf '%s' "$out" | grep -qF -- {message}
"""


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def cases(split, only):
    base = os.path.join(CORPUS, split)
    names = sorted(d for d in os.listdir(base) if os.path.isfile(os.path.join(base, d, "bug.json")))
    if only:
        unknown = set(only) - set(names)
        if unknown:
            raise SystemExit(f"unknown case(s) in {split}: {', '.join(sorted(unknown))}")
        names = [n for n in names if n in only]
    return [os.path.join(base, n) for n in names]


def run(cmd, cwd, timeout, env=None):
    """Runs cmd in its own process group; kills the group on timeout.
    Returns (returncode or None on timeout, stdout, stderr, seconds)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, text=True, errors="replace",
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        for sig in (signal.SIGINT, signal.SIGKILL):
            try:
                os.killpg(p.pid, sig)
            except ProcessLookupError:
                break
            try:
                out, err = p.communicate(timeout=10)
                break
            except subprocess.TimeoutExpired:
                continue
        else:
            out, err = p.communicate()
        rc = None
    # Whatever the tool left running in its group (check scripts, test binaries).
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    return rc, out or "", err or "", time.monotonic() - t0


def tail(text, n=15):
    return "\n".join(text.rstrip().splitlines()[-n:])


def size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return None


def count(counter):
    try:
        with open(counter) as f:
            return len(f.read().split())
    except OSError:
        return 0


def prepare(case_dir, work):
    """Writes the fixture, builds the test once; returns the case's facts."""
    with open(os.path.join(case_dir, "bug.json")) as f:
        bug = json.load(f)
    name = os.path.basename(case_dir)
    built = os.path.join(work, "built", name)
    shutil.copytree(case_dir, built, ignore=shutil.ignore_patterns("target", "big.*"))
    fname = bug["input"]
    original = os.path.join(work, fname)
    sh([sys.executable, GEN, case_dir, "--out", original])
    fixture = os.path.join(built, "tests", "fixtures", fname)
    shutil.copy(original, fixture)
    t0 = time.monotonic()
    out = sh(["cargo", "test", "--no-run", "--message-format=json"], cwd=built).stdout
    build_seconds = time.monotonic() - t0
    exes = [json.loads(l)["executable"] for l in out.splitlines()
            if '"executable":"' in l and json.loads(l).get("target", {}).get("kind") == ["test"]]
    check = os.path.join(work, "check.sh")
    q = shlex.quote
    with open(check, "w") as f:
        f.write(CHECK.format(fname=q(fname), lock=q(os.path.join(work, "check.lock")),
                             fixture=q(fixture), exe=q(exes[0]), test=q(bug["test"]),
                             location=q(bug["location"]), message=q(bug["panic"])))
    os.chmod(check, 0o755)
    trig = os.path.join(case_dir, "tests", "fixtures", bug["trigger_file"])
    return {"name": name, "bug": bug, "built": built, "fname": fname, "original": original,
            "check": check, "build_seconds": build_seconds, "input_bytes": size(original),
            "trigger_bytes": size(trig), "binary": binary(original)}


def still_fails(case, path):
    env = {k: v for k, v in os.environ.items() if k != "BENCH_COUNTER"}
    if path is None or not os.path.isfile(path):
        return False
    r = subprocess.run([case["check"], os.path.abspath(path)], env=env, timeout=120,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return r.returncode == 0


def scratch(case, work, tool):
    d = os.path.join(work, tool)
    os.makedirs(d)
    shutil.copy(case["original"], os.path.join(d, case["fname"]))
    return d


def with_counter(work, tool):
    counter = os.path.join(work, f"{tool}.count")
    open(counter, "w").close()
    return counter, {**os.environ, "BENCH_COUNTER": counter}


def run_ours(case, work, bin_, timeout):
    # A scratch copy of the built case (its target/ too, as a user's would be).
    crate = os.path.join(work, "ours", case["name"])
    shutil.copytree(case["built"], crate, symlinks=True)
    shutil.copy(case["original"], os.path.join(crate, "tests", "fixtures", case["fname"]))
    cmd = [bin_, "minimize", "--test", case["bug"]["test"], "--input",
           f"tests/fixtures/{case['fname']}", "-j", "1", "--no-cache", "--json"]
    rc, out, err, secs = run(cmd, crate, timeout)
    res = {"cmd": cmd, "cwd": crate, "exit": rc, "seconds": secs, "timed_out": rc is None}
    lines = out.strip().splitlines()
    summary = None
    if rc == 0 and lines:
        try:
            summary = json.loads(lines[-1])
        except json.JSONDecodeError:
            pass
    guess = os.path.join(crate, "tests", "fixtures", "big.min" + os.path.splitext(case["fname"])[1])
    result = os.path.join(crate, summary["output_path"]) if summary else guess
    res.update(result=result, bytes=size(result))
    if summary:
        res.update(checks=summary["predicate_runs"], cache_hits=summary.get("cache_hits"),
                   reduce_seconds=summary.get("seconds"), summary=summary)
    if rc != 0:
        res["stderr_tail"] = tail(err)
        res["checks"] = interrupted_checks(res)
    return res


def interrupted_checks(res):
    """The checks of an interrupted run of ours, from its last message
    (`interrupted: A → B bytes (…) in Ts: N checks run, …`)."""
    m = re.search(r"(\d+) checks run", res.get("stderr_tail", ""))
    return int(m.group(1)) if m else None


def run_ours_script(case, work, bin_, timeout):
    d = scratch(case, work, "ours-script")
    counter, env = with_counter(work, "ours-script")
    cmd = [bin_, "minimize", "--script", case["check"], case["fname"], "-j", "1", "--no-cache",
           "--json"]
    rc, out, err, secs = run(cmd, d, timeout, env)
    res = {"cmd": cmd, "cwd": d, "exit": rc, "seconds": secs, "timed_out": rc is None,
           "checks": count(counter)}
    summary = None
    if rc == 0 and out.strip():
        try:
            summary = json.loads(out.strip().splitlines()[-1])
        except json.JSONDecodeError:
            pass
    base, ext = os.path.splitext(case["fname"])
    result = os.path.join(d, summary["output_path"]) if summary else os.path.join(d, base + ".min" + ext)
    res.update(result=result, bytes=size(result))
    if summary:
        res.update(predicate_runs=summary["predicate_runs"], cache_hits=summary.get("cache_hits"),
                   summary=summary)
    if rc != 0:
        res["stderr_tail"] = tail(err)
    return res


LATIN1 = "en_US.ISO-8859-1"


def latin1_locale(work_root):
    """LOCPATH holding a Latin-1 locale (for C-Vise on binary inputs), or None."""
    locpath = os.path.join(work_root, "locale")
    if not os.path.isdir(os.path.join(locpath, LATIN1)):
        os.makedirs(locpath, exist_ok=True)
        subprocess.run(["localedef", "-i", "en_US", "-f", "ISO-8859-1",
                        os.path.join(locpath, LATIN1)], capture_output=True)
    probe = subprocess.run(["python3", "-c", "import locale; print(locale.getpreferredencoding(False))"],
                           env={**os.environ, "LOCPATH": locpath, "LC_ALL": LATIN1},
                           capture_output=True, text=True)
    return locpath if probe.stdout.strip() == "ISO-8859-1" else None


def run_cvise(case, work, timeout, locpath):
    d = scratch(case, work, "cvise")
    counter, env = with_counter(work, "cvise")
    cmd = ["cvise", "--not-c", "--n", "1", "--tidy", case["check"], case["fname"]]
    locale_note = None
    if case["binary"]:
        if locpath:
            env.update(LOCPATH=locpath, LC_ALL=LATIN1)
            locale_note = f"LC_ALL={LATIN1} (LOCPATH={locpath})"
        else:
            locale_note = "no Latin-1 locale (localedef failed): default locale"
    rc, out, err, secs = run(cmd, d, timeout, env)
    result = os.path.join(d, case["fname"])
    res = {"cmd": cmd, "cwd": d, "exit": rc, "seconds": secs, "timed_out": rc is None,
           "checks": count(counter), "result": result, "bytes": size(result),
           "locale": locale_note}
    if rc != 0:
        res["stderr_tail"] = tail(out + "\n" + err)
    return res


def run_shrinkray(case, work, timeout):
    d = scratch(case, work, "shrinkray")
    counter, env = with_counter(work, "shrinkray")
    cmd = [SHRINKRAY, "--no-llm", "--no-restart", "--parallelism", "1", "--ui", "basic",
           "--input-type", "arg", "--trivial-is-not-error", case["check"], case["fname"]]
    rc, out, err, secs = run(cmd, d, timeout, env)
    result = os.path.join(d, case["fname"])
    res = {"cmd": cmd, "cwd": d, "exit": rc, "seconds": secs, "timed_out": rc is None,
           "checks": count(counter), "result": result, "bytes": size(result)}
    if rc != 0:
        res["stderr_tail"] = tail(out + "\n" + err)
    return res


def check_minimal(case, path, timeout):
    env = {k: v for k, v in os.environ.items() if k != "BENCH_COUNTER"}
    cmd = [sys.executable, CHECK_MINIMAL, path, "--json", "--max-bytes", "2000", "--", case["check"]]
    rc, out, err, secs = run(cmd, os.path.dirname(path), timeout, env)
    if rc is None:
        return {"minimal": None, "timed_out": True, "seconds": secs}
    try:
        r = json.loads(out.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return {"minimal": None, "error": tail(err), "seconds": secs}
    r["seconds"] = secs
    return r


def fmt_bytes(r):
    if not r or r.get("skipped"):
        return ""
    if r.get("bytes") is None:
        return "—"
    b = str(r["bytes"])
    if r.get("timed_out"):
        return b + " (timeout)"
    if r.get("exit") not in (0, None):
        return b + f" (exit {r['exit']})"
    return b


def yes(v):
    return "" if v is None else ("yes" if v else "NO")


def table(rows, tools):
    lines = ["| case | format | input B | trigger B | tool | result B | checks | seconds "
             "| same failure | 1-minimal |",
             "|---|---|---:|---:|---|---:|---:|---:|---|---|"]
    for row in rows:
        for t in tools:
            r = row["tools"].get(t)
            if r is None:
                continue
            if r.get("skipped"):
                lines.append(f"| {row['case']} | {row['format']} | {row['input_bytes']} "
                             f"| {row['trigger_bytes']} | {LABEL[t]} | — | — | — | — | "
                             f"| ({r['skipped']}) |")
                continue
            if t == "ours" and r.get("checks") is None:
                r["checks"] = interrupted_checks(r)
            m = r.get("minimal")
            mtxt = ""
            if m is not None:
                if m.get("skipped"):
                    mtxt = "not checked (reduction timed out)"
                elif m.get("minimal") is None:
                    mtxt = "check timed out" if m.get("timed_out") else "error"
                elif m["minimal"]:
                    mtxt = f"yes ({m['neighbours']} nbrs)"
                else:
                    mtxt = f"NO ({m['interesting']} of {m['neighbours']})"
            # The tool's own claim (cargo-minimize's `one_minimal`), beside the check's.
            says = (r.get("summary") or {}).get("one_minimal")
            if says is not None:
                mtxt = (mtxt + "; " if mtxt else "") + ("says 1-minimal" if says else "claims nothing")
            label = LABEL[t]
            if t == "cvise" and "--pass-group" in r.get("cmd", []):
                label += " (--pass-group binary)"
            elif t == "cvise" and (r.get("locale") or "").startswith("LC_ALL="):
                label += " (Latin-1 locale)"
            lines.append(f"| {row['case']} | {row['format']} | {row['input_bytes']} "
                         f"| {row['trigger_bytes']} | {label} | {fmt_bytes(r)} "
                         f"| {r.get('checks', '')} | {r['seconds']:.1f} | {yes(r.get('same'))} "
                         f"| {mtxt} |")
    lines += ["", "| case | build s | ours B <= min(C-Vise, Shrink Ray) | ours runs < C-Vise runs "
              "| ours 1-minimal | ours (script) B <= min | ours (script) runs < C-Vise | "
              "ours (script) 1-minimal |", "|---|---:|---|---|---|---|---|---|"]
    for row in rows:
        lines.append(f"| {row['case']} | {row['build_seconds']:.1f} | "
                     + " | ".join(targets(row, o) for o in ("ours", "ours-script")) + " |")
    return "\n".join(lines)


def ok_result(r):
    return r and not r.get("skipped") and r.get("exit") == 0 and r.get("bytes") is not None \
        and r.get("same")


def targets(row, ours):
    t = row["tools"]
    o = t.get(ours)
    if not o or o.get("skipped") or o.get("bytes") is None or not o.get("same"):
        return " | ".join(["n/a"] * 3)
    late = " (ours timed out)" if o.get("timed_out") else ""
    others = [t[k]["bytes"] for k in ("cvise", "shrinkray") if ok_result(t.get(k))]
    size_ok = (f"{'yes' if o['bytes'] <= min(others) and not late else 'NO'} "
               f"({o['bytes']} vs {min(others)}){late}" if others else "n/a")
    cv = t.get("cvise")
    runs_ok = (f"{'yes' if o.get('checks') is not None and o['checks'] < cv['checks'] and not late else 'NO'} "
               f"({o.get('checks')} vs {cv['checks']}){late}" if ok_result(cv) else "n/a")
    m = o.get("minimal") or {}
    min_ok = {True: "yes", False: "NO"}.get(m.get("minimal"), "n/a")
    if m.get("skipped"):
        min_ok = f"n/a ({m['skipped']})"
    elif m.get("timed_out"):
        min_ok = "n/a (check timed out)"
    return f"{size_ok} | {runs_ok} | {min_ok}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", choices=["tune", "heldout"], default="tune")
    ap.add_argument("--only", action="append", help="case name(s), comma-separated; repeatable")
    ap.add_argument("--tools", default="ours,cvise,shrinkray",
                    help="comma-separated: ours (both ours rows), ours-test, ours-script, cvise, "
                         "shrinkray")
    ap.add_argument("--timeout", type=float, default=900, help="per tool run, seconds")
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "cargo-minimize"),
                    help="cargo-minimize binary (copied to a private path first)")
    ap.add_argument("--work", help="work directory (default: a new temp dir, kept)")
    ap.add_argument("--out", help="JSON results")
    ap.add_argument("--merge", action="store_true",
                    help="with --out: keep the saved run's other cases and tools, replace "
                         "only what this run measures")
    ap.add_argument("--render", metavar="JSON", help="print the tables of a saved run and exit")
    args = ap.parse_args()
    if args.render:
        with open(args.render) as f:
            saved = json.load(f)
        print(table(saved["rows"], saved["tools"]))
        return
    tools = []
    for t in args.tools.split(","):
        t = t.strip()
        tools += {"ours": ["ours", "ours-script"], "ours-test": ["ours"]}.get(t, [t])
        if tools[-1] not in TOOLS:
            raise SystemExit(f"unknown tool {t!r}")
    tools = [t for t in TOOLS if t in tools]
    only = [n for o in (args.only or []) for n in o.split(",") if n]
    base = None
    if args.merge:
        if not args.out or not os.path.exists(args.out):
            raise SystemExit("--merge needs --out naming a saved run")
        with open(args.out) as f:
            base = json.load(f)
    work_root = args.work or tempfile.mkdtemp(prefix="bench-test-bugs-")
    os.makedirs(work_root, exist_ok=True)
    log(f"work directory: {work_root}")

    bin_ = None
    if {"ours", "ours-script"} & set(tools):
        bin_ = os.path.join(work_root, "cargo-minimize")
        shutil.copy(args.bin, bin_)
    unavailable = {}
    if "cvise" in tools and not shutil.which("cvise"):
        unavailable["cvise"] = "cvise not found (scripts/install-bench-deps.sh)"
    if "shrinkray" in tools and not os.access(SHRINKRAY, os.X_OK):
        unavailable["shrinkray"] = f"{SHRINKRAY} not found (scripts/install-bench-deps.sh)"
    versions = {}
    if bin_:
        versions["cargo-minimize"] = sh([bin_, "--version"]).stdout.strip()
    if "cvise" in tools and "cvise" not in unavailable:
        versions["cvise"] = sh(["cvise", "--version"]).stdout.strip()
    if "shrinkray" in tools and "shrinkray" not in unavailable:
        pip = os.path.join(os.path.dirname(SHRINKRAY), "pip")
        r = subprocess.run([pip, "show", "shrinkray"], capture_output=True, text=True)
        versions["shrinkray"] = next((l.split()[1] for l in r.stdout.splitlines()
                                      if l.startswith("Version:")), "?")

    locpath = latin1_locale(work_root) if "cvise" in tools else None
    rows = []
    for case_dir in cases(args.split, only):
        name = os.path.basename(case_dir)
        work = os.path.join(work_root, name)
        if os.path.exists(work):
            shutil.rmtree(work)
        os.makedirs(work)
        log(f"== {name}: preparing")
        case = prepare(case_dir, work)
        if not still_fails(case, case["original"]):
            raise SystemExit(f"{name}: the generated input does not fail the expected way")
        row = {"case": name, "split": args.split, "format": case["bug"]["format"],
               "input_bytes": case["input_bytes"], "trigger_bytes": case["trigger_bytes"],
               "binary": case["binary"], "build_seconds": case["build_seconds"],
               "check_script": open(case["check"]).read(), "tools": {}}
        for t in tools:
            if t in unavailable:
                row["tools"][t] = {"skipped": unavailable[t]}
                continue
            log(f"== {name}: {LABEL[t]}")
            if t == "ours":
                r = run_ours(case, work, bin_, args.timeout)
            elif t == "ours-script":
                r = run_ours_script(case, work, bin_, args.timeout)
            elif t == "cvise":
                r = run_cvise(case, work, args.timeout, locpath)
            else:
                r = run_shrinkray(case, work, args.timeout)
            r["same"] = still_fails(case, r.get("result"))
            if r.get("result") and os.path.isfile(r["result"]) and r["bytes"] <= 4096:
                with open(r["result"], "rb") as f:
                    data = f.read()
                r["result_text"] = data.decode("utf-8", "backslashreplace")
            row["tools"][t] = r
            log(f"   {fmt_bytes(r)} B, {r.get('checks')} checks, {r['seconds']:.1f} s, "
                f"same failure: {yes(r['same'])}"
                + (f"\n   stderr: {r['stderr_tail']}" if r.get("stderr_tail") else ""))
        for t in ("ours", "ours-script"):
            r = row["tools"].get(t)
            if r and r.get("timed_out"):
                r["minimal"] = {"minimal": None, "skipped": "the reduction timed out"}
            elif r and r.get("same"):
                log(f"== {name}: check_minimal on {LABEL[t]}")
                r["minimal"] = check_minimal(case, r["result"], args.timeout)
                log(f"   {r['minimal']}")
        rows.append(row)
        # The case's build (target/) is big and no longer needed.
        for d in (case["built"], os.path.join(work, "ours", name)):
            shutil.rmtree(os.path.join(d, "target"), ignore_errors=True)
        if args.out:
            rows_out, tools_out = save(args, rows, tools, versions, work_root, base)
    if args.out:
        rows_out, tools_out = save(args, rows, tools, versions, work_root, base)
    else:
        rows_out, tools_out = rows, tools
    print(table(rows_out, tools_out))


def save(args, rows, tools, versions, work_root, base):
    """Writes the JSON; with --merge, this run's cases and tools replace those of the
    saved run `base` (each merged row keeps the `runs` it came from)."""
    commands = [{"argv": sys.argv, "work": work_root}]
    if base:
        if base["split"] != args.split:
            raise SystemExit(f"--merge: {args.out} is of split {base['split']}")
        by_case = {r["case"]: r for r in json.loads(json.dumps(base["rows"]))}
        for r in rows:
            old = by_case.get(r["case"])
            if old is None:
                by_case[r["case"]] = r
                continue
            for t, res in r["tools"].items():
                old["tools"][t] = {**res, "merged_from": sys.argv}
        rows = [by_case[k] for k in sorted(by_case)]
        tools = [t for t in TOOLS if t in set(base["tools"]) | set(tools)]
        versions = {**base.get("versions", {}), **versions}
        earlier = base.get("commands") or [{"argv": base.get("argv"), "work": base.get("work")}]
        commands = earlier + commands
    with open(args.out, "w") as f:
        json.dump({"split": args.split, "tools": tools, "timeout": args.timeout,
                   "versions": versions, "commands": commands,
                   "table": table(rows, tools), "rows": rows}, f, indent=1)
    return rows, tools


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""One table of the whole failing-test corpus: our latest results beside C-Vise's and
Shrink Ray's, with issue 28's targets.

Our rows come from the runs given with --ours (bench_test_bugs.py JSON files, later
files winning); the competitors' from every `docs/bench-data/test-bugs-*.json` (or
--competitors) that holds a C-Vise or Shrink Ray row for the case, the last such file in
name order winning, and named in the table (competitor runs are long, so each case's were
run once, in the session that added it). A competitor run that timed out or failed is
counted with the result it had reached (its result under the same time limit), marked
"(timeout)"; a run that failed does not count.

    tools/bench_summary.py --ours docs/bench-data/test-bugs-binary-session18.json,...
"""

import argparse
import glob
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_test_bugs as btb  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "tools", "corpus", "test-bugs")


def rows_of(path):
    with open(path) as f:
        d = json.load(f)
    return d.get("rows", []) if isinstance(d, dict) else []


def split_of(case):
    for split in ("tune", "heldout"):
        if os.path.isdir(os.path.join(CORPUS, split, case)):
            return split
    return "?"


def cell(r):
    if not r:
        return "–"
    checks = r.get("checks")
    return f"{btb.fmt_bytes(r)} / {checks if checks is not None else '?'}"


def targets(o, got, input_bytes=None):
    """Size and runs targets of our result `o` against the competitors' runs `got`. A
    competitor's run that timed out counts with what it had reached (its result under
    the same time limit), marked `(timeout)`; one that failed does not count."""
    if not o or o.get("bytes") is None or not o.get("same") or o.get("timed_out"):
        return "n/a", "n/a"
    usable = {k: r for k, r in got.items()
              if r and r.get("bytes") is not None and r.get("same") and
              (r.get("exit") == 0 or r.get("timed_out"))}
    size_ok = "n/a"
    if usable:
        k = min(usable, key=lambda k: usable[k]["bytes"])
        best = usable[k]
        mark = " (timeout)" if best.get("timed_out") else ""
        size_ok = (f"{'yes' if o['bytes'] <= best['bytes'] else 'NO'} "
                   f"({o['bytes']} vs {best['bytes']}{mark})")
    cv = usable.get("cvise")
    runs_ok = "n/a"
    if cv and cv.get("checks") is not None and o.get("checks") is not None:
        if cv["bytes"] == input_bytes and not cv.get("timed_out"):
            runs_ok = f"n/a (C-Vise stopped at once, unreduced, after {cv['checks']} runs)"
        elif not cv.get("timed_out"):
            runs_ok = f"{'yes' if o['checks'] < cv['checks'] else 'NO'} ({o['checks']} vs {cv['checks']})"
        elif o["checks"] < cv["checks"]:
            runs_ok = f"yes ({o['checks']} vs {cv['checks']}, C-Vise timed out)"
        else:
            runs_ok = f"n/a ({o['checks']} vs {cv['checks']} when C-Vise timed out)"
    return size_ok, runs_ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ours", required=True, help="comma-separated JSON files of our runs")
    ap.add_argument("--competitors", help="comma-separated JSON files (default: the bench data)")
    args = ap.parse_args()
    ours, meta = {}, {}
    for path in args.ours.split(","):
        for row in rows_of(path):
            r = row["tools"].get("ours")
            if r:
                ours[row["case"]] = r
                meta[row["case"]] = row
    comp_files = (args.competitors.split(",") if args.competitors else
                  sorted(glob.glob(os.path.join(ROOT, "docs", "bench-data", "test-bugs-*.json"))))
    comps = {}
    for path in comp_files:
        for row in rows_of(path):
            got = {t: row["tools"][t] for t in ("cvise", "shrinkray") if t in row["tools"]}
            if got:
                comps[row["case"]] = (os.path.basename(path), got)
                meta.setdefault(row["case"], row)
    print("| case | split | binary | trigger B | ours B / checks | 1-minimal (check; tool) "
          "| C-Vise B / runs | Shrink Ray B / runs | competitors' run | B <= min(others) "
          "| runs < C-Vise | binary <= 2 x trigger |")
    print("|---|---|---|---:|---:|---|---:|---:|---|---|---|---|")
    met = {"size": [0, 0], "runs": [0, 0], "min": [0, 0], "two": [0, 0]}
    for case in sorted(meta, key=lambda c: (split_of(c), not meta[c].get("binary"), c)):
        row = meta[case]
        o = ours.get(case)
        src, got = comps.get(case, ("–", {}))
        m = (o or {}).get("minimal") or {}
        says = ((o or {}).get("summary") or {}).get("one_minimal")
        mtxt = {True: "yes", False: "NO"}.get(m.get("minimal"), "n/a")
        if o and not o.get("same") and not o.get("timed_out"):
            mtxt = "NO (not the same failure)"
        mtxt += "; " + {True: "says so", False: "claims nothing", None: "–"}[says]
        size_ok, runs_ok = targets(o, got, row.get("input_bytes"))
        two = "n/a"
        if row.get("binary") and o and o.get("bytes") is not None and not o.get("same"):
            two = "NO (not the same failure by the check script)"
        elif row.get("binary") and o and o.get("bytes") is not None:
            ok = o["bytes"] <= 2 * row["trigger_bytes"] and not o.get("timed_out")
            two = f"{'yes' if ok else 'NO'} ({o['bytes']} vs {row['trigger_bytes']})"
        for key, v in (("size", size_ok), ("runs", runs_ok), ("min", mtxt), ("two", two)):
            if not v.startswith("n/a"):
                met[key][1] += 1
                met[key][0] += v.startswith("yes")
        print(f"| {case} | {split_of(case)} | {'yes' if row.get('binary') else 'no'} "
              f"| {row.get('trigger_bytes', '?')} | {cell(o)} | {mtxt} | {cell(got.get('cvise'))} "
              f"| {cell(got.get('shrinkray'))} | {src} | {size_ok} | {runs_ok} | {two} |")
    print()
    late = sorted(c for c, r in ours.items() if r.get("timed_out"))
    other = sorted(c for c, r in ours.items() if not r.get("timed_out") and not r.get("same"))
    print(f"- ours: {len(ours)} cases run, {len(late)} timed out ({', '.join(late) or 'none'}), "
          f"{len(other)} with a result the case's check script does not accept as the same "
          f"failure ({', '.join(other) or 'none'})")
    for key, label in (("size", "size <= min(C-Vise, Shrink Ray)"), ("runs", "runs < C-Vise"),
                       ("min", "1-minimal by check_minimal.py"), ("two", "binary <= 2 x trigger")):
        print(f"- {label}: {met[key][0]} of {met[key][1]} cases where it applies")


if __name__ == "__main__":
    main()

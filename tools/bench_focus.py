#!/usr/bin/env python3
"""Benchmark: what `rust-focus` (the first candidate, built from the ICE's query stack
and error spans) saves. The six buried ICE cases of tools/bench_treereduce.py, each
reduced at -j 2 without cache twice: with the default passes, and with the default
passes minus `rust-focus` (`--passes`). Prints rustc starts (counted by a wrapper),
wall time, the result's non-whitespace size and whether the two results are equal.

Usage: tools/bench_focus.py [--only SUBSTRING] [--out results.json]
Needs: target/release/cargo-minimize.
"""
import argparse, importlib.util, json, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("bt", os.path.join(ROOT, "tools", "bench_treereduce.py"))
bt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bt)

# The default file passes without `rust-focus` (and without `bytes`, which the default
# list restricts to files that are not `.rs`, where these cases have none).
WITHOUT = ("rust-unused,rust-items,rust-modules,rust-comments,rust-private,rust-bodies-empty,"
           "rust-bodies-loop,rust-statements,rust-params,rust-lists,rust-attributes,rust-hoist,"
           "rust-types,rust-renames,ends,chaos-lines,chaos-records,records,lines,brackets,tokens,"
           "repeats,ngrams,shared-integers,integers")


def run(case, flags, work, wrapper, counter, passes, tag):
    out, secs, runs, summary = bt.run_ours_json(
        case, flags, work, wrapper, counter, 2, ["--passes", passes] if passes else [],
        os.path.join(work, f"{tag}.rs"))
    focus = next((p for p in summary["passes"] if p["name"] == "rust-focus"), None)
    return {"runs": runs, "seconds": round(secs, 1), "nonws": bt.nonws(out), "focus": focus}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=2000)
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default="")
    a = ap.parse_args()
    rows = []
    for name, flags, ice, _, work, case in bt.buried_cases(a.lines, a.only, "bench-focus"):
        wrapper, counter = bt.write_wrapper(work)
        row = {"case": name, "with": run(case, flags, work, wrapper, counter, "", "with"),
               "without": run(case, flags, work, wrapper, counter, WITHOUT, "without")}
        for k in ("with", "without"):
            row[k]["same_ice"] = bt.shows_ice(os.path.join(work, f"{k}.rs"), flags, ice)
        print(f"{name}: {row['with']['runs']} / {row['without']['runs']}", file=sys.stderr, flush=True)
        rows.append(row)
    print("| case | runs with | runs without | ratio | s with | s without | size with | size without "
          "| `rust-focus` (runs, bytes) | same ICE |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for r in rows:
        w, o = r["with"], r["without"]
        f = w["focus"] or {}
        print(f"| {r['case']} | {w['runs']} | {o['runs']} | {w['runs'] / o['runs']:.2f} | {w['seconds']} "
              f"| {o['seconds']} | {w['nonws']} | {o['nonws']} | {f.get('runs')}, {f.get('removed')} "
              f"| {'yes' if w['same_ice'] and o['same_ice'] else 'NO'} |")
    tw = sum(r["with"]["runs"] for r in rows)
    to = sum(r["without"]["runs"] for r in rows)
    print(f"\nTotal runs: {tw} with, {to} without ({tw / to:.2f}).")
    if a.out:
        json.dump(rows, open(a.out, "w"), indent=1)


if __name__ == "__main__":
    main()

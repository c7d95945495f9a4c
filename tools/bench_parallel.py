#!/usr/bin/env python3
"""Benchmark: cargo-minimize at -j 1 against -j 2 on the buried ICE cases of
tools/bench_treereduce.py (each ICE of tests/ices/ in ~40 KB of ordinary Rust, seeded),
no cache; the counting `rustc` wrapper calls the toolchain's rustc directly, as
cargo-minimize does when $RUSTC is not set. Prints wall time of each, the speed-up, rustc runs, and whether the two
results are byte-identical. Runs alternate (j1, j2) per case, so load drifts hit both.

With --repeat N, each case runs N times at each -j (alternating) and the table shows
the median time of each (single runs of these 1-10 s cases vary by 10-20 %).

With --crates, the crate cases of tools/bench_crate.py instead (three ICEs buried in
five-file crates, and with --real the semver crate): `--ice --manifest-path`, cargo
runs counted by a `cargo` wrapper; "identical" compares every file of the results.

Usage: tools/bench_parallel.py [--only SUBSTRING] [--repeat N] [--out results.json]
                               [--crates [--real]]
Needs: target/release/cargo-minimize.
"""
import argparse, glob, importlib.util, json, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("bt", os.path.join(ROOT, "tools", "bench_treereduce.py"))
bt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bt)
spec = importlib.util.spec_from_file_location("bc", os.path.join(ROOT, "tools", "bench_crate.py"))
bc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bc)


def tree_text(root):
    """Every file of a result crate (not target/), by relative path."""
    out = {}
    for p in sorted(glob.glob(os.path.join(root, "**", "*"), recursive=True)):
        if os.path.isfile(p) and "/target/" not in p:
            out[os.path.relpath(p, root)] = open(p, encoding="utf-8", errors="replace").read()
    return out


def crate_cases(only, real):
    """(name, run) per crate case; run(jobs) -> (result tree, seconds, cargo runs, same ICE)."""
    for name in bc.CASES + ([f"{bc.REAL[0]}+{bc.REAL[1]}"] if real else []):
        if only not in name:
            continue
        is_real = name.startswith(bc.REAL[0])
        ice_file = os.path.join(ROOT, "tests", "ices", (bc.REAL[1] if is_real else name) + ".rs")
        ice = open(ice_file).read().splitlines()[1].removeprefix("// ice:").strip()
        work = tempfile.mkdtemp(prefix=f"bench-par-crate-{name}-")
        crate = os.path.join(work, "inventory")
        if is_real:
            bc.make_real_crate(ice_file, crate)
        else:
            bc.make_crate(ice_file, crate, 2000)
        sub = "check" if bc.shows_ice(crate, ice, "check") else "build"
        bindir, counter = bc.cargo_wrapper(work)
        env = {**os.environ, "PATH": bindir + os.pathsep + os.environ["PATH"],
               "RUSTC_BOOTSTRAP": "1", "RUSTC_ICE": "0"}

        def run(jobs, crate=crate, work=work, env=env, counter=counter, ice=ice, sub=sub):
            out = os.path.join(work, f"ours-j{jobs}")
            open(counter, "w").close()
            t0 = time.time()
            subprocess.run([bt.OURS, "minimize", "--ice", "--manifest-path", os.path.join(crate, "Cargo.toml"),
                            "-o", out, "-j", str(jobs), "--no-cache", "--json"], env=env,
                           capture_output=True, text=True, check=True)
            secs = time.time() - t0
            return out, secs, bt.count(counter), bc.shows_ice(out, ice, sub)
        yield name, run


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=2000)
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default="")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--crates", action="store_true")
    ap.add_argument("--real", action="store_true")
    a = ap.parse_args()
    rows = []
    for name, run in (crate_cases(a.only, a.real) if a.crates else []):
        row = {"case": name}
        times = {1: [], 2: []}
        for _ in range(a.repeat):
            for jobs in (1, 2):
                out, secs, calls, same = run(jobs)
                times[jobs].append(secs)
                row[f"j{jobs}"] = {"seconds": round(statistics.median(times[jobs]), 2),
                                   "all_seconds": [round(t, 2) for t in times[jobs]], "calls": calls,
                                   "nonws": bc.nonws_tree(out), "same_ice": same, "text": tree_text(out)}
                print(f"{name} -j {jobs}: {secs:.1f} s, {calls} runs", file=sys.stderr, flush=True)
        row["identical"] = row["j1"]["text"] == row["j2"]["text"]
        rows.append(row)
    for name, flags, ice, _, work, case in ([] if a.crates else bt.buried_cases(a.lines, a.only, "bench-par")):
        wrapper, counter = bt.write_wrapper(work, direct=True)
        row = {"case": name}
        times = {1: [], 2: []}
        for _ in range(a.repeat):
            for jobs in (1, 2):
                out, secs, calls = bt.run_ours(case, flags, work, wrapper, counter, jobs)
                times[jobs].append(secs)
                row[f"j{jobs}"] = {"seconds": round(statistics.median(times[jobs]), 2), "all_seconds": [round(t, 2) for t in times[jobs]],
                                   "calls": calls, "nonws": bt.nonws(out),
                                   "same_ice": bt.shows_ice(out, flags, ice), "text": open(out).read()}
                print(f"{name} -j {jobs}: {secs:.1f} s, {calls} runs", file=sys.stderr, flush=True)
        row["identical"] = row["j1"]["text"] == row["j2"]["text"]
        rows.append(row)
    print("| case | -j 1 s | -j 2 s | speed-up | -j 1 runs | -j 2 runs | size | identical | same ICE |")
    print("|---|---:|---:|---:|---:|---:|---:|---|---|")
    for r in rows:
        j1, j2 = r["j1"], r["j2"]
        print(f"| {r['case']} | {j1['seconds']:.1f} | {j2['seconds']:.1f} | {j1['seconds'] / j2['seconds']:.2f} "
              f"| {j1['calls']} | {j2['calls']} | {j2['nonws']} | {'yes' if r['identical'] else 'NO'} "
              f"| {'yes' if j1['same_ice'] and j2['same_ice'] else 'NO'} |")
    sp = [r["j1"]["seconds"] / r["j2"]["seconds"] for r in rows]
    tot = sum(r["j1"]["seconds"] for r in rows) / sum(r["j2"]["seconds"] for r in rows)
    print(f"\nMedian speed-up: {statistics.median(sp):.2f}; total time -j 1 / -j 2: {tot:.2f}")
    if a.out:
        json.dump(rows, open(a.out, "w"), indent=1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Benchmark: the disk cache. Each buried ICE case of tools/bench_treereduce.py is
reduced twice with the same fresh --cache-dir (-j 2): a cold run, then a warm one.
Prints rustc runs (counted by a wrapper) and wall time of each; the warm run should
only repeat the checks that are never answered from the cache (the checks of the
original before reducing, and the final check of the result).

Usage: tools/bench_cache.py [--only SUBSTRING]
Needs: target/release/cargo-minimize.
"""
import argparse, importlib.util, json, os, subprocess, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("bt", os.path.join(ROOT, "tools", "bench_treereduce.py"))
bt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bt)


def run(case, flags, out, cache, wrapper, counter):
    open(counter, "w").close()
    extra = [f for f in flags if not f.startswith("--edition") and not f.startswith("--crate-type")]
    t0 = time.time()
    r = subprocess.run([bt.OURS, "minimize", "--ice", case, "--crate-type", "lib", "-o", out, "-j", "2",
                        "--cache-dir", cache, "--json", "--", *extra],
                       env={**os.environ, "RUSTC": wrapper, "RUSTC_BOOTSTRAP": "1", "RUSTC_ICE": "0"},
                       capture_output=True, text=True, check=True)
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    return time.time() - t0, bt.count(counter), summary["cache_hits"], open(out).read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=2000)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    print("| case | cold runs | cold s | warm runs | warm cache hits | warm s | same result |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for name, flags, _, _, work, case in bt.buried_cases(a.lines, a.only, "bench-cache"):
        wrapper, counter = bt.write_wrapper(work)
        cache = os.path.join(work, "cache")
        cs, cr, _, cold = run(case, flags, os.path.join(work, "cold.rs"), cache, wrapper, counter)
        ws, wr, wh, warm = run(case, flags, os.path.join(work, "warm.rs"), cache, wrapper, counter)
        print(f"| {name} | {cr} | {cs:.1f} | {wr} | {wh} | {ws:.1f} | {'yes' if cold == warm else 'NO'} |", flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Benchmark: cargo-minimize against treereduce-rust (default and --slow) on each ICE of
tests/ices/ buried in ~40 KB of ordinary compiling Rust (tools/gen_buried.py), at -j 2.

Predicate calls are counted outside each tool by a `rustc` wrapper (RUSTC for
cargo-minimize, called by treereduce-rust's check script); sizes are non-whitespace
bytes; each result is checked to show the same ICE.

Usage: tools/bench_treereduce.py [--lines N] [--only SUBSTRING] [--out results.json]
                                 [--reuse-treereduce results.json]
--reuse-treereduce takes treereduce-rust's rows from an earlier run's JSON (the
generated inputs are identical: the generator is seeded) and reruns only ours.
Needs: target/release/cargo-minimize (or $CARGO_MINIMIZE: another build, for an A/B
comparison; every bench tool takes it from here), treereduce-rust on PATH (or $TREEREDUCE).
"""
import argparse, glob, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OURS = os.environ.get("CARGO_MINIMIZE", os.path.join(ROOT, "target", "release", "cargo-minimize"))
TR = os.environ.get("TREEREDUCE", shutil.which("treereduce-rust") or "treereduce-rust")


def nonws(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return sum(1 for c in f.read() if not c.isspace())


def parse_ice(path):
    lines = open(path).read().splitlines()
    cmd = lines[0].removeprefix("// cmd:").split()
    flags = [a for a in cmd if a.startswith("-")]
    ice = lines[1].removeprefix("// ice:").strip()
    body = "\n".join(lines[2:]) + "\n"
    return flags, ice, body


def write_wrapper(work, direct=False):
    """A `rustc` wrapper counting compiles. `direct`: it calls the toolchain's own
    rustc (as cargo-minimize does without $RUSTC) instead of the rustup proxy."""
    counter = os.path.join(work, "calls")
    open(counter, "w").close()
    wrapper = os.path.join(work, "count-rustc.sh")
    real = shutil.which("rustc")
    if direct:
        sysroot = subprocess.run(["rustc", "--print", "sysroot"], capture_output=True, text=True, check=True).stdout.strip()
        real = os.path.join(sysroot, "bin", "rustc")
    with open(wrapper, "w") as f:
        f.write(f"""#!/bin/sh
# counts compiles (not `rustc -vV`)
case "$*" in *-vV*) ;; *) echo x >> '{counter}' ;; esac
exec '{real}' "$@"
""")
    os.chmod(wrapper, 0o755)
    return wrapper, counter


def count(counter):
    with open(counter) as f:
        return sum(1 for _ in f)


def shows_ice(path, flags, ice):
    out = tempfile.mkdtemp()
    r = subprocess.run(["rustc", *flags, "--crate-name", "x", "--out-dir", out, path],
                       capture_output=True, text=True, env={**os.environ, "RUSTC_BOOTSTRAP": "1", "RUSTC_ICE": "0"})
    shutil.rmtree(out, ignore_errors=True)
    return ice in r.stderr


def run_ours(case, flags, work, wrapper, counter, jobs=2):
    out, secs, calls, _ = run_ours_json(case, flags, work, wrapper, counter, jobs)
    return out, secs, calls


def run_ours_json(case, flags, work, wrapper, counter, jobs=2, options=(), out=None):
    """Like run_ours, with extra options (e.g. `--passes`) and an output path; also
    returns the `--json` summary."""
    out = out or os.path.join(work, f"ours-j{jobs}.rs" if jobs != 2 else "ours.rs")
    open(counter, "w").close()
    edition = next((f.split("=")[1] for f in flags if f.startswith("--edition")), "2021")
    ctype = next((f.split("=")[1] for f in flags if f.startswith("--crate-type")), "lib")
    extra = [f for f in flags if not f.startswith("--edition") and not f.startswith("--crate-type")]
    t0 = time.time()
    r = subprocess.run([OURS, "minimize", "--ice", case, "--edition", edition, "--crate-type", ctype,
                        "-o", out, "-j", str(jobs), "--no-cache", "--json", *options, "--", *extra],
                       env={**os.environ, "RUSTC": wrapper, "RUSTC_BOOTSTRAP": "1", "RUSTC_ICE": "0"},
                       capture_output=True, check=True, text=True)
    secs = time.time() - t0
    return out, secs, count(counter), json.loads(r.stdout.strip().splitlines()[-1])


def run_tr(case, flags, ice, work, wrapper, counter, slow):
    out = os.path.join(work, "tr-slow.rs" if slow else "tr.rs")
    check = os.path.join(work, "check.sh")
    quoted = " ".join(f"'{f}'" for f in flags)
    with open(check, "w") as f:
        f.write(f"""#!/bin/sh
# exit 0 iff the same ICE appears
d=$(mktemp -d)
RUSTC_BOOTSTRAP=1 RUSTC_ICE=0 '{wrapper}' {quoted} --crate-name x --out-dir "$d" "$1" 2> "$d/err" >/dev/null
grep -qF -- '{ice}' "$d/err"; r=$?
rm -rf "$d"
exit $r
""")
    os.chmod(check, 0o755)
    open(counter, "w").close()
    t0 = time.time()
    args = [TR, "-s", case, "-o", out, "-j", "2", "--timeout", "60"]
    if slow:
        args.append("--slow")
    subprocess.run([*args, check, "@@.rs"], capture_output=True, check=True, cwd=work)
    return out, time.time() - t0, count(counter)


def buried_cases(lines, only, prefix):
    """Each ICE of tests/ices/ whose name contains `only`, buried by gen_buried.py in a
    fresh work directory: yields (name, flags, ice, body, work, case path)."""
    for ice_file in sorted(glob.glob(os.path.join(ROOT, "tests", "ices", "*.rs"))):
        name = os.path.basename(ice_file)[:-3]
        if only not in name:
            continue
        flags, ice, body = parse_ice(ice_file)
        work = tempfile.mkdtemp(prefix=f"{prefix}-{name}-")
        case = os.path.join(work, "case.rs")
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_buried.py"), ice_file, case, str(lines)], check=True)
        yield name, flags, ice, body, work, case


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=2000)
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default="")
    ap.add_argument("--reuse-treereduce", default="")
    a = ap.parse_args()
    rows = []
    for name, flags, ice, body, work, case in buried_cases(a.lines, a.only, "bench"):
        assert shows_ice(case, flags, ice), f"{name}: the generated case does not show the ICE"
        hand = os.path.join(work, "hand.rs")
        with open(hand, "w") as f:
            f.write(body)
        wrapper, counter = write_wrapper(work)
        reuse = {}
        if a.reuse_treereduce:
            reuse = {r["case"]: r for r in json.load(open(a.reuse_treereduce))}
        row = {"case": name, "input_bytes": os.path.getsize(case), "input_nonws": nonws(case), "hand_nonws": nonws(hand)}
        for tool, fn in [("ours", lambda: run_ours(case, flags, work, wrapper, counter)),
                         ("tr", lambda: run_tr(case, flags, ice, work, wrapper, counter, False)),
                         ("tr_slow", lambda: run_tr(case, flags, ice, work, wrapper, counter, True))]:
            if tool != "ours" and name in reuse:
                row[tool] = reuse[name][tool]
                continue
            out, secs, calls = fn()
            row[tool] = {"nonws": nonws(out), "seconds": round(secs, 1), "calls": calls, "same_ice": shows_ice(out, flags, ice), "path": out}
            print(f"{name} {tool}: {row[tool]}", file=sys.stderr, flush=True)
        rows.append(row)
    hdr = "| case | input B | hand | ours size | tr size | tr --slow size | ours calls | tr calls | tr --slow calls | ours s | tr s | tr --slow s | calls ratio | time ratio | same ICE |"
    print(hdr)
    print("|" + "---|" * hdr.count("|")[:-1] if False else "|" + "---|" * (hdr.count("|") - 1))
    for r in rows:
        o, t, s = r["ours"], r["tr"], r["tr_slow"]
        print(f"| {r['case']} | {r['input_bytes']} | {r['hand_nonws']} | {o['nonws']} | {t['nonws']} | {s['nonws']} | "
              f"{o['calls']} | {t['calls']} | {s['calls']} | {o['seconds']} | {t['seconds']} | {s['seconds']} | "
              f"{o['calls'] / max(t['calls'], 1):.2f} | {o['seconds'] / max(t['seconds'], 0.1):.2f} | "
              f"{'yes' if o['same_ice'] and t['same_ice'] and s['same_ice'] else 'NO'} |")
    if rows:
        print(f"\nmedian calls ratio ours/tr: {statistics.median(r['ours']['calls'] / max(r['tr']['calls'], 1) for r in rows):.2f}; "
              f"median time ratio: {statistics.median(r['ours']['seconds'] / max(r['tr']['seconds'], 0.1) for r in rows):.2f}")
    if a.out:
        json.dump(rows, open(a.out, "w"), indent=1)


if __name__ == "__main__":
    main()

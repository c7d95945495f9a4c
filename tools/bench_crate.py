#!/usr/bin/env python3
"""Benchmark: an ICE inside a multi-file crate. Each chosen ICE of tests/ices/ is buried
by tools/gen_buried.py in ~40 KB of ordinary Rust, which is then split at top-level
blank lines into four module files (`src/m0.rs` .. `src/m3.rs`, each `use super::*;`,
re-exported by `src/lib.rs`, which keeps the crate attributes). cargo-minimize reduces
the whole crate (`--ice --manifest-path`, -j 2, no cache); treereduce-rust (one file at
a time by design) reduces the module file that holds the trigger, with a check script
that copies the candidate into a private copy of the crate and runs the same `cargo`
command, exiting 0 iff the same ICE appears. Cargo runs are counted by a `cargo`
wrapper first on PATH, for both tools; sizes are non-whitespace bytes over all `.rs`
files of the resulting crate. Each result crate is checked again with cargo.

With --real, one more case: a real published crate, semver 1.0.28 from the local
cargo registry (a dependency of cargo_metadata, so present once the workspace is
built; 98 KB of Rust over 17 files, with its tests and benches), with the
generic_const_exprs ICE appended to src/parse.rs and its feature gate added to
src/lib.rs.

Usage: tools/bench_crate.py [--only SUBSTRING] [--out results.json] [--real]
                            [--reuse-treereduce results.json]
--reuse-treereduce takes treereduce-rust's rows from an earlier run's JSON (the
generated crates are identical: the generator is seeded) and reruns only ours.
Needs: target/release/cargo-minimize, treereduce-rust on PATH (or $TREEREDUCE).
Environment: BENCH_JOBS=N runs ours at -j N (default 2); BENCH_PASSES=1 prints our
per-pass tests, runs and successes.
"""
import argparse, glob, importlib.util, json, os, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("bt", os.path.join(ROOT, "tools", "bench_treereduce.py"))
bt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bt)
OURS, TR, count = bt.OURS, bt.TR, bt.count
CASES = ["gce_bool_mul_const_eval", "slice_pattern_deferred_init_layout", "trait_alias_negative_probe"]


def nonws_tree(root):
    n = 0
    for p in glob.glob(os.path.join(root, "**", "*.rs"), recursive=True):
        if "/target/" in p:
            continue
        n += sum(1 for c in open(p, encoding="utf-8", errors="replace").read() if not c.isspace())
    return n


def make_crate(ice_file, dest, lines):
    flat = os.path.join(os.path.dirname(dest), "flat.rs")
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_buried.py"), ice_file, flat, str(lines)], check=True)
    text = open(flat).read().splitlines()
    header = [l for l in text if l.startswith("#![")]
    rest = [l for l in text if not l.startswith("#![") and not l.startswith("//!") and l != "use std::fmt;"]
    ice_body = [l for l in open(ice_file).read().splitlines()[2:] if l.strip() and not l.startswith("#![")]
    # Split at top-level blank lines into four parts of similar size.
    parts, cur, size, depth = [], [], len(rest) // 4 + 1, 0
    for l in rest:
        cur.append(l)
        code = l.split("//")[0]
        depth += code.count("{") - code.count("}")
        if l == "" and depth == 0 and len(cur) >= size and len(parts) < 3:
            parts.append(cur)
            cur = []
    parts.append(cur)
    os.makedirs(os.path.join(dest, "src"))
    with open(os.path.join(dest, "Cargo.toml"), "w") as f:
        f.write('[package]\nname = "inventory"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\n')
    with open(os.path.join(dest, "src", "lib.rs"), "w") as f:
        f.write("\n".join(header + ["//! Inventory management utilities.", ""] +
                          [f"pub mod m{k};\npub use m{k}::*;" for k in range(len(parts))]) + "\n")
    holder = None
    for k, p in enumerate(parts):
        with open(os.path.join(dest, "src", f"m{k}.rs"), "w") as f:
            f.write("#![allow(unused_imports)]\nuse super::*;\nuse std::fmt;\n\n" + "\n".join(p) + "\n")
        if ice_body[0] in p:
            holder = f"src/m{k}.rs"
    return holder


REAL = ("semver-1.0.28", "gce_bool_mul_const_eval", "src/parse.rs")


def make_real_crate(ice_file, dest):
    """The published crate REAL[0] with the ICE of `ice_file` appended to REAL[2]
    and its feature gates added after the crate's own inner attributes."""
    src = glob.glob(os.path.expanduser(f"~/.cargo/registry/src/*/{REAL[0]}"))
    if not src:
        raise SystemExit(f"{REAL[0]} is not in the local cargo registry (build the workspace first)")
    shutil.copytree(src[0], dest)
    body = open(ice_file).read().splitlines()[2:]
    gates = [l for l in body if l.startswith("#![")]
    lib = os.path.join(dest, "src", "lib.rs")
    lines = open(lib).read().splitlines()
    last = max(i for i, l in enumerate(lines) if l.startswith("#!["))
    while not lines[last].rstrip().endswith("]"):
        last += 1
    open(lib, "w").write("\n".join(lines[:last + 1] + gates + lines[last + 1:]) + "\n")
    with open(os.path.join(dest, REAL[2]), "a") as f:
        f.write("\n" + "\n".join(l for l in body if not l.startswith("#![")) + "\n")
    return REAL[2]


def cargo_wrapper(work):
    bindir = os.path.join(work, "bin")
    os.makedirs(bindir)
    counter = os.path.join(work, "cargo-runs")
    open(counter, "w").close()
    real = shutil.which("cargo")
    w = os.path.join(bindir, "cargo")
    with open(w, "w") as f:
        f.write(f"""#!/bin/sh
case "$1" in check|build) echo x >> '{counter}' ;; esac
exec '{real}' "$@"
""")
    os.chmod(w, 0o755)
    return bindir, counter


def shows_ice(crate, ice, sub):
    t = tempfile.mkdtemp()
    r = subprocess.run(["cargo", sub, "--quiet"], cwd=crate, capture_output=True, text=True,
                       env={**os.environ, "RUSTC_BOOTSTRAP": "1", "RUSTC_ICE": "0", "CARGO_TARGET_DIR": t})
    shutil.rmtree(t, ignore_errors=True)
    return ice in r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=2000)
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default="")
    ap.add_argument("--reuse-treereduce", default="")
    ap.add_argument("--real", action="store_true")
    a = ap.parse_args()
    reuse = {r["case"]: r for r in json.load(open(a.reuse_treereduce))} if a.reuse_treereduce else {}
    rows = []
    for name in CASES + ([f"{REAL[0]}+{REAL[1]}"] if a.real else []):
        if a.only not in name:
            continue
        real = name.startswith(REAL[0])
        ice_file = os.path.join(ROOT, "tests", "ices", (REAL[1] if real else name) + ".rs")
        ice = open(ice_file).read().splitlines()[1].removeprefix("// ice:").strip()
        work = tempfile.mkdtemp(prefix=f"bench-crate-{name}-")
        crate = os.path.join(work, "inventory")
        holder = make_real_crate(ice_file, crate) if real else make_crate(ice_file, crate, a.lines)
        sub = "check" if shows_ice(crate, ice, "check") else "build"
        assert shows_ice(crate, ice, sub), f"{name}: the crate does not show the ICE"
        bindir, counter = cargo_wrapper(work)
        env = {**os.environ, "PATH": bindir + os.pathsep + os.environ["PATH"],
               "RUSTC_BOOTSTRAP": "1", "RUSTC_ICE": "0"}
        row = {"case": name, "sub": sub, "files": len(glob.glob(os.path.join(crate, "**", "*.rs"), recursive=True)),
               "input_nonws": nonws_tree(crate), "holder": holder}
        # ours
        out = os.path.join(work, "ours")
        t0 = time.time()
        r = subprocess.run([OURS, "minimize", "--ice", "--manifest-path", os.path.join(crate, "Cargo.toml"),
                            "-o", out, "-j", os.environ.get("BENCH_JOBS", "2"), "--no-cache", "--json"], env=env, capture_output=True, text=True)
        secs = time.time() - t0
        if r.returncode != 0:
            raise SystemExit(f"ours failed on {name}:\n{r.stderr}")
        row["ours"] = {"nonws": nonws_tree(out), "seconds": round(secs, 1), "calls": count(counter),
                       "files": len(glob.glob(os.path.join(out, "**", "*.rs"), recursive=True)),
                       "same_ice": shows_ice(out, ice, sub), "path": out}
        print(f"{name} ours: {row['ours']}", file=sys.stderr, flush=True)
        if os.environ.get("BENCH_PASSES"):
            for p in json.loads(r.stdout.strip().splitlines()[-1])["passes"]:
                if p["tests"]:
                    print(f"  {p['name']:20} tests={p['tests']:4} runs={p['runs']:4} successes={p['successes']:3}", file=sys.stderr)
        # treereduce-rust, default and --slow, on the file holding the trigger
        for tool, slow in [("tr", False), ("tr_slow", True)]:
            if name in reuse:
                row[tool] = reuse[name][tool]
                continue
            res = os.path.join(work, tool)
            shutil.copytree(crate, res)
            check = os.path.join(work, f"check-{tool}.sh")
            with open(check, "w") as f:
                f.write(f"""#!/bin/sh
# exit 0 iff the same ICE appears
d=$(mktemp -d)
cp -r '{crate}/.' "$d/" && cp "$1" "$d/{holder}"
(cd "$d" && CARGO_TARGET_DIR="$d/target" cargo {sub} --quiet) 2> "$d/err" >/dev/null
grep -qF -- '{ice}' "$d/err"; r=$?
rm -rf "$d"
exit $r
""")
            os.chmod(check, 0o755)
            open(counter, "w").close()
            t0 = time.time()
            args = [TR, "-s", os.path.join(crate, holder), "-o", os.path.join(res, holder), "-j", "2", "--timeout", "60"]
            if slow:
                args.append("--slow")
            subprocess.run([*args, check, "@@.rs"], capture_output=True, check=True, cwd=work, env=env)
            secs = time.time() - t0
            row[tool] = {"nonws": nonws_tree(res), "seconds": round(secs, 1), "calls": count(counter),
                         "files": row["files"], "same_ice": shows_ice(res, ice, sub), "path": res}
            print(f"{name} {tool}: {row[tool]}", file=sys.stderr, flush=True)
        rows.append(row)
    hdr = ("| case | cargo | input B (files) | ours B (files) | tr B | tr --slow B | ours runs | tr runs "
           "| tr --slow runs | ours s | tr s | tr --slow s | runs ratio | time ratio | same ICE |")
    print(hdr)
    print("|" + "---|" * (hdr.count("|") - 1))
    for r in rows:
        o, t, s = r["ours"], r["tr"], r["tr_slow"]
        print(f"| {r['case']} | {r['sub']} | {r['input_nonws']} ({r['files']}) | {o['nonws']} ({o['files']}) "
              f"| {t['nonws']} | {s['nonws']} | {o['calls']} | {t['calls']} | {s['calls']} | {o['seconds']} "
              f"| {t['seconds']} | {s['seconds']} | {o['calls'] / t['calls']:.2f} | {o['seconds'] / t['seconds']:.2f} "
              f"| {'yes' if o['same_ice'] and t['same_ice'] and s['same_ice'] else 'NO'} |")
    if a.out:
        json.dump(rows, open(a.out, "w"), indent=1)


if __name__ == "__main__":
    main()

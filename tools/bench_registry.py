#!/usr/bin/env python3
"""Benchmark for issue 31: real published crates from the registry, each with a real ICE
of this compiler inserted in a nested module, reduced by cargo-minimize (the crate as it
is) and by treereduce-rust (on a hand-flattened single file of the same crate).

Cases: tools/corpus/registry-crates/cases.json (see the README there for how they were
chosen). For each case:
1. the crate(s) are fetched through cargo (a throwaway project with `X = "=VERSION"`,
   `cargo fetch`, `cargo metadata` for where the sources are; its Cargo.lock is copied
   along) and copied into a work directory; a workspace case puts its crates as members,
   the dependent one depending on the other by path;
2. the trigger's `#![...]` lines go to the top of the crate root, the rest is appended
   to the case's nested module file; the crate must then show the trigger's ICE under
   `cargo check` (or `cargo build`) — exit 101 and the `// ice:` substring — and the
   trigger file alone with its own command, or the case is skipped with a message;
3. ours: `cargo-minimize minimize --ice --manifest-path WORK/Cargo.toml -j 2 --no-cache
   --json -o OUT` (`--build` when only `cargo build` shows the ICE), cargo runs counted
   by a `cargo` wrapper first on PATH; the result directory is inspected independently:
   its files (not target/), its .rs files, its manifests' dependency tables and build
   scripts, non-whitespace bytes, and plain `rustc --edition E --crate-type T` on the
   crate's root file (E from the result manifest);
4. the standalone reference: ours on the trigger file alone with its command's flags,
   non-whitespace bytes S; ratio = crate result / S (target <= 1.5);
5. treereduce-rust on the flattened crate (tools/flatten_crate.py; checked to show the
   ICE with cargo first) with a check script that copies the candidate into a private
   copy of the crate as its root file (the inlined module files removed) and runs the
   same cargo command, exit 0 iff the ICE substring appears.

Usage: tools/bench_registry.py [--split tune|heldout] [--only SUBSTR] [--out FILE]
          [--ours PATH] [--timeout-ours 300] [--timeout-tr 300] [--verify-only]
          [--skip-tr] [--work DIR]
       tools/bench_registry.py --render RESULTS.json...   (the tables of saved runs)
       tools/bench_registry.py --reinspect RESULTS.json   (inspect the saved result dirs again)
--verify-only: fetch, insert and verify the ICE only (no reduction).
Needs: cargo-minimize (--ours, default /tmp/regbench/cm, else target/release), treereduce-rust
(target/bench-tools/bin/treereduce-rust, or $TREEREDUCE).
"""
import argparse, glob, importlib.util, json, os, re, shlex, shutil, signal, subprocess, sys, tempfile, time, tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "tools", "corpus", "registry-crates")
ICES = os.path.join(ROOT, "tools", "corpus", "ices")


def _load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tools", file))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


bc = _load("bc", "bench_crate.py")          # cargo_wrapper, nonws_tree
bt = bc.bt                                   # count, parse_ice
fl = _load("fl", "flatten_crate.py")

ENV = {**os.environ, "RUSTC_BOOTSTRAP": "1", "RUSTC_ICE": "0"}
ENV.pop("RUSTFLAGS", None)
ENV.pop("CARGO_TARGET_DIR", None)
TARGETS_SECS = 300
RATIO = 1.5


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def nonws_file(p):
    return sum(1 for c in open(p, encoding="utf-8", errors="replace").read() if not c.isspace())


def rs_files(root):
    return sorted(p for p in glob.glob(os.path.join(root, "**", "*.rs"), recursive=True)
                  if "/target/" not in p.replace(root, "", 1))


def all_files(root):
    out = []
    for d, dirs, files in os.walk(root):
        if d == root and "target" in dirs:
            dirs.remove("target")
        dirs[:] = [x for x in dirs if not (x == "target" and os.path.exists(os.path.join(d, "Cargo.toml")))]
        out += [os.path.relpath(os.path.join(d, f), root) for f in files]
    return sorted(out)


# ---------------------------------------------------------------- trigger

def parse_trigger(rel):
    path = os.path.join(ICES, rel)
    lines = open(path).read().splitlines()
    cmd = lines[0].removeprefix("// cmd:").split()
    flags = [a for a in cmd if a.startswith("-")]
    ice = lines[1].removeprefix("// ice:").strip()
    body = lines[2:]
    gates = [l for l in body if l.startswith("#![")]
    rest = [l for l in body if not l.startswith("#![")]
    return {"path": path, "flags": flags, "ice": ice, "gates": gates, "rest": rest,
            "edition": next((f.split("=", 1)[1] for f in flags if f.startswith("--edition=")), "2015"),
            "crate_type": next((f.split("=", 1)[1] for f in flags if f.startswith("--crate-type=")), "bin"),
            "extra": [f for f in flags if not f.startswith("--edition") and not f.startswith("--crate-type")]}


def rustc_shows(path, edition, ctype, extra, ice, crate_name="x"):
    out = tempfile.mkdtemp(prefix="regbench-rustc-")
    try:
        r = subprocess.run(["rustc", f"--edition={edition}", f"--crate-type={ctype}", *extra, "--crate-name", crate_name,
                            "--out-dir", out, path], capture_output=True, text=True, errors="replace", env=ENV, timeout=300)
        return r.returncode, ice in r.stderr, r.stderr
    finally:
        shutil.rmtree(out, ignore_errors=True)


def cargo_shows(crate, sub, ice, env=None):
    t = tempfile.mkdtemp(prefix="regbench-target-")
    try:
        r = subprocess.run(["cargo", sub, "--quiet"], cwd=crate, capture_output=True, text=True, errors="replace",
                           env={**(env or ENV), "CARGO_TARGET_DIR": t}, timeout=900)
        return r.returncode, ice in r.stderr, r.stderr
    finally:
        shutil.rmtree(t, ignore_errors=True)


# ---------------------------------------------------------------- fetching

def fetch(crates, base):
    """Fetches `crates` ([{name, version}]) through cargo; returns ({name: source dir}, Cargo.lock path)."""
    proj = os.path.join(base, "fetch")
    shutil.rmtree(proj, ignore_errors=True)
    os.makedirs(os.path.join(proj, "src"))
    open(os.path.join(proj, "src", "lib.rs"), "w").close()
    deps = "\n".join(f'{c["name"]} = "={c["version"]}"' for c in crates)
    with open(os.path.join(proj, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "regbench-fetch"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\n{deps}\n\n[workspace]\n')
    subprocess.run(["cargo", "fetch", "--quiet"], cwd=proj, check=True, env=ENV)
    meta = json.loads(subprocess.run(["cargo", "metadata", "--format-version", "1", "--quiet"], cwd=proj, check=True,
                                     capture_output=True, text=True, env=ENV).stdout)
    dirs = {}
    for c in crates:
        p = next(p for p in meta["packages"] if p["name"] == c["name"] and p["version"] == c["version"])
        dirs[c["name"]] = os.path.dirname(p["manifest_path"])
    return dirs, os.path.join(proj, "Cargo.lock")


def lib_root(crate_dir):
    m = tomllib.load(open(os.path.join(crate_dir, "Cargo.toml"), "rb"))
    return os.path.join(crate_dir, m.get("lib", {}).get("path", "src/lib.rs"))


def build_case(case, base):
    """Copies the case's crate(s) into base/crate and inserts the trigger. Returns
    (dir to run cargo in, dir of the crate holding the ICE, trigger)."""
    dirs, lock = fetch(case["crates"], base)
    work = os.path.join(base, "crate")
    shutil.rmtree(work, ignore_errors=True)
    ws = case.get("workspace")
    if ws:
        os.makedirs(work)
        for c in case["crates"]:
            shutil.copytree(dirs[c["name"]], os.path.join(work, c["name"]))
        members = ", ".join(f'"{c["name"]}"' for c in case["crates"])
        with open(os.path.join(work, "Cargo.toml"), "w") as f:
            f.write(f'[workspace]\nmembers = [{members}]\nresolver = "2"\n')
        for user, deps in ws["path_deps"].items():
            mf = os.path.join(work, user, "Cargo.toml")
            text = open(mf).read()
            for d in deps:
                new, n = re.subn(rf'(\[dependencies\.{re.escape(d)}\]\n)', rf'\1path = "../{d}"\n', text)
                if not n:
                    new, n = re.subn(rf'(\[dependencies\]\n(?:.*\n)*?){re.escape(d)} = "([^"]*)"',
                                     rf'\1{d} = {{ version = "\2", path = "../{d}" }}', text)
                assert n, f"no dependency {d} in {mf}"
                text = new
            open(mf, "w").write(text)
        holder = os.path.join(work, case["target_crate"])
    else:
        shutil.copytree(dirs[case["crates"][0]["name"]], work)
        holder = work
    shutil.copy(lock, os.path.join(work, "Cargo.lock"))
    trig = parse_trigger(case["trigger"])
    root = lib_root(holder)
    if trig["gates"]:
        text = open(root).read()
        open(root, "w").write("\n".join(trig["gates"]) + "\n" + text)
    target = os.path.join(holder, case["target_file"])
    with open(target, "a") as f:
        f.write("\n" + "\n".join(trig["rest"]) + "\n")
    return work, holder, trig


def verify(case, work, trig):
    """Returns (cargo subcommand, None) or (None, reason)."""
    rc, seen, _ = rustc_shows(trig["path"], trig["edition"], trig["crate_type"], trig["extra"], trig["ice"])
    if not (rc == 101 and seen):
        return None, f"the trigger alone does not show its ICE (exit {rc}, substring {'seen' if seen else 'not seen'})"
    for sub in ([case["sub"]] if case.get("sub") else ["check", "build"]):
        rc, seen, err = cargo_shows(work, sub, trig["ice"])
        if rc == 101 and seen:
            return sub, None
    tail = "\n".join(err.splitlines()[-15:])
    return None, f"the crate does not show the ICE (cargo {sub}: exit {rc}, substring {'seen' if seen else 'not seen'}):\n{tail}"


# ---------------------------------------------------------------- runs

def run_limited(args, env, cwd, timeout, logbase):
    """Runs `args` in its own process group; on timeout SIGINT (cargo-minimize then saves
    its best so far), then SIGKILL. Returns (exit code or "timeout", seconds)."""
    t0 = time.time()
    with open(logbase + ".stdout", "w") as out, open(logbase + ".stderr", "w") as err:
        p = subprocess.Popen(args, env=env, cwd=cwd, stdout=out, stderr=err, start_new_session=True)
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGINT)
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
            rc = "timeout"
    return rc, time.time() - t0


def last_json(path):
    for l in reversed(open(path, errors="replace").read().splitlines()):
        if l.startswith("{"):
            try:
                return json.loads(l)
            except ValueError:
                return None
    return None


def manifest_info(result):
    """Dependency tables and build scripts of every manifest under `result`."""
    deps, builds, editions = [], [], {}
    for mf in glob.glob(os.path.join(result, "**", "Cargo.toml"), recursive=True):
        if "/target/" in mf.replace(result, "", 1):
            continue
        rel = os.path.relpath(mf, result)
        try:
            m = tomllib.load(open(mf, "rb"))
        except Exception as e:
            deps.append(f"{rel}: unreadable ({e})")
            continue
        tables = []
        for k in ("dependencies", "build-dependencies", "dev-dependencies"):
            if m.get(k):
                tables.append(f"{k}: {', '.join(m[k])}")
        for t, v in m.get("target", {}).items():
            for k in ("dependencies", "build-dependencies", "dev-dependencies"):
                if v.get(k):
                    tables.append(f"target.{t}.{k}: {', '.join(v[k])}")
        if m.get("workspace", {}).get("dependencies"):
            tables.append(f"workspace.dependencies: {', '.join(m['workspace']['dependencies'])}")
        deps += [f"{rel}: {t}" for t in tables]
        pkg = m.get("package")
        if pkg:
            b = pkg.get("build")
            d = os.path.dirname(mf)
            if (b not in (None, False)) or (b is None and os.path.exists(os.path.join(d, "build.rs"))):
                builds.append(f"{rel}: build = {b if b is not None else 'build.rs (auto)'}")
            ed = pkg.get("edition", "2015")
            editions[os.path.dirname(rel)] = ed if isinstance(ed, str) else "2015"
    return deps, builds, editions


def plain_rustc(result, files, editions, ice):
    """Plain rustc on the result's one .rs file (or its crate root when there are more)."""
    rs = [os.path.relpath(p, result) for p in files]
    if not rs:
        return {"file": None, "same_ice": False}
    pick = rs[0] if len(rs) == 1 else next((p for p in rs if p.endswith("src/lib.rs") or p.endswith("src/main.rs")), rs[0])
    crate = os.path.dirname(os.path.dirname(pick)) if "/src/" in "/" + pick else os.path.dirname(pick)
    crate = crate if crate != "." else ""
    edition = editions.get(crate, editions.get("", "2015"))
    ctype = "bin" if pick.endswith("main.rs") else "lib"
    rc, seen, err = rustc_shows(os.path.join(result, pick), edition, ctype, [], ice)
    return {"file": pick, "command": f"RUSTC_BOOTSTRAP=1 rustc --edition {edition} --crate-type {ctype} {pick}",
            "exit": rc, "same_ice": rc == 101 and seen, "stderr_tail": err.splitlines()[-5:] if not seen else []}


def run_ours(cm, work, sub, trig, base, timeout):
    bindir, counter = bc.cargo_wrapper(os.path.join(base, "ours-wrap"))
    out = os.path.join(base, "ours.min")
    shutil.rmtree(out, ignore_errors=True)
    env = {**ENV, "PATH": bindir + os.pathsep + ENV["PATH"]}
    args = [cm, "minimize", "--ice", "--manifest-path", os.path.join(work, "Cargo.toml"), "-j", "2", "--no-cache",
            "--json", "-o", out] + (["--build"] if sub == "build" else [])
    rc, secs = run_limited(args, env, base, timeout, os.path.join(base, "ours"))
    summ = last_json(os.path.join(base, "ours.stdout"))
    rec = {"exit": rc, "seconds": round(secs, 1), "checks": bt.count(counter), "command": shlex.join(args),
           "log": os.path.join(base, "ours.stderr"),
           "stderr_tail": open(os.path.join(base, "ours.stderr"), errors="replace").read().splitlines()[-8:]}
    if summ:
        rec["tool"] = {k: summ.get(k) for k in ("predicate_runs", "seconds", "input_bytes", "output_bytes", "output_path",
                                                 "cancelled", "alone", "signature") if k in summ}
    if summ and summ.get("output_path") and os.path.exists(summ["output_path"]) and not os.path.exists(out):
        out = summ["output_path"]
    if not os.path.exists(out):
        rec["result"] = None
        return rec
    crate = summ.get("output_path") if summ else None
    rec.update(inspect(out, crate if crate and os.path.exists(crate) else out, sub, trig["ice"]))
    return rec


def inspect(out, crate, sub, ice):
    """What the result directory `out` holds. `crate`: the crate the tool reduced (the
    member, when the result is a copy of a workspace), whose .rs files are measured and
    whose root file is given to plain rustc; files, dependencies and build scripts are
    those of the whole directory, as the user gets it."""
    files = all_files(out)
    rs = rs_files(out)
    deps, builds, editions = manifest_info(out)
    crate_rel = os.path.relpath(crate, out)
    crate_rs = rs_files(crate)
    rec = {"path": out, "reduced_crate": crate_rel, "result_files": files, "rs_files": len(rs), "deps": deps,
           "build_scripts": builds, "deps_free": not deps and not builds,
           "nonws": sum(nonws_file(p) for p in crate_rs), "nonws_all": sum(nonws_file(p) for p in rs),
           "crate_rs_files": len(crate_rs)}
    rec["plain_rustc"] = plain_rustc(crate, crate_rs, manifest_info(crate)[2], ice)
    if crate_rel != ".":
        rec["plain_rustc"]["file"] = os.path.join(crate_rel, rec["plain_rustc"]["file"] or "")
    rec["cargo_same_ice"] = cargo_shows(out, sub, ice)[1]
    return rec


STANDALONE = {}


def run_standalone(cm, trig, base, timeout):
    if trig["path"] in STANDALONE:
        return STANDALONE[trig["path"]]
    d = os.path.join(base, "standalone")
    os.makedirs(d, exist_ok=True)
    inp = os.path.join(d, os.path.basename(trig["path"]))
    shutil.copy(trig["path"], inp)
    out = os.path.join(d, "trigger_min.rs")
    args = [cm, "minimize", "--ice", inp, "-j", "2", "--no-cache", "--json", "-o", out, "--", *trig["flags"]]
    rc, secs = run_limited(args, ENV, d, timeout, os.path.join(d, "ours"))
    rec = {"exit": rc, "seconds": round(secs, 1), "input_nonws": nonws_file(trig["path"]),
           "nonws": nonws_file(out) if os.path.exists(out) else None, "command": shlex.join(args)}
    STANDALONE[trig["path"]] = rec
    return rec


def flatten_case(work, holder, base, sub, trig):
    """A copy of the case where the ICE crate's root holds the whole crate. Returns
    (flat workspace dir, root file relative to it, inlined files relative to it, ok)."""
    flat = os.path.join(base, "flat")
    shutil.rmtree(flat, ignore_errors=True)
    shutil.copytree(work, flat, ignore=shutil.ignore_patterns("target"))
    fholder = os.path.join(flat, os.path.relpath(holder, work))
    root = lib_root(fholder)
    text, inlined = fl.flatten(root)
    for p in inlined:
        os.remove(p)
    open(root, "w").write(text)
    rc, seen, err = cargo_shows(flat, sub, trig["ice"])
    return flat, os.path.relpath(root, flat), [os.path.relpath(p, flat) for p in inlined], rc == 101 and seen, err


def run_tr(tr, flat, root_rel, sub, trig, base, timeout):
    bindir, counter = bc.cargo_wrapper(os.path.join(base, "tr-wrap"))
    env = {**ENV, "PATH": bindir + os.pathsep + ENV["PATH"]}
    check = os.path.join(base, "check-tr.sh")
    ice = trig["ice"].replace("'", "'\\''")
    with open(check, "w") as f:
        f.write(f"""#!/bin/bash
# exit 0 iff the same ICE appears. A free slot (one per concurrent check) keeps its own
# target directory, so that the registry dependencies are built once per slot.
for s in 0 1 2 3 4 5 6 7; do
  exec 9>'{base}/tr-slot'$s.lock
  if flock -n 9; then break; fi
done
d='{base}/tr-slot'$s
rm -rf "$d/crate" && mkdir -p "$d/crate" && cp -r '{flat}/.' "$d/crate/" && cp "$1" "$d/crate/{root_rel}"
(cd "$d/crate" && CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$d/target" cargo {sub} --quiet) 2> "$d/err" >/dev/null
grep -qF -- '{ice}' "$d/err" || exit 1
# keep the smallest interesting candidate: treereduce-rust writes its output only at the end
exec 8>'{base}/tr-best.lock'; flock 8
if [ ! -e '{base}/tr-best.rs' ] || [ $(wc -c < "$1") -lt $(wc -c < '{base}/tr-best.rs') ]; then cp "$1" '{base}/tr-best.rs'; fi
exit 0
""")
    os.chmod(check, 0o755)
    out = os.path.join(base, "tr-result.rs")
    for p in (out, os.path.join(base, "tr-best.rs")):
        if os.path.exists(p):
            os.remove(p)
    args = [tr, "-s", os.path.join(flat, root_rel), "-o", out, "-j", "2", "--timeout", "60", check, "@@.rs"]
    rc, secs = run_limited(args, env, base, timeout, os.path.join(base, "tr"))
    rec = {"exit": rc, "seconds": round(secs, 1), "checks": bt.count(counter), "timeout": rc == "timeout",
           "input_nonws": nonws_file(os.path.join(flat, root_rel))}
    if os.path.exists(out):
        rec["nonws"] = nonws_file(out)
        res = os.path.join(base, "tr-crate")
        shutil.rmtree(res, ignore_errors=True)
        shutil.copytree(flat, res, ignore=shutil.ignore_patterns("target"))
        shutil.copy(out, os.path.join(res, root_rel))
        rec["cargo_same_ice"] = cargo_shows(res, sub, trig["ice"])[1]
    else:
        rec["nonws"] = None
    best = os.path.join(base, "tr-best.rs")
    if os.path.exists(best):
        rec["best_nonws"] = nonws_file(best)     # the smallest candidate it found interesting (on a timeout: its best so far)
    return rec


# ---------------------------------------------------------------- report

def targets(o, s):
    """Which of issue 31's targets ours meets."""
    t = {"finished": o.get("exit") == 0 and o["seconds"] <= TARGETS_SECS}
    files = o.get("result_files") or []
    t["one_file"] = o.get("rs_files") == 1 and len(files) == 2 and sum(os.path.basename(f) == "Cargo.toml" for f in files) == 1
    t["no_deps_no_build"] = bool(o.get("deps_free"))
    t["plain_rustc"] = bool(o.get("plain_rustc", {}).get("same_ice"))
    t["ratio"] = bool(s.get("nonws") and o.get("nonws") is not None and o["nonws"] / s["nonws"] <= RATIO)
    return t


def files_note(o):
    files = (o or {}).get("result_files") or []
    return f" ({', '.join(files)})" if 0 < len(files) <= 5 else ""


def table(rows):
    hdr = ("| case | shape | input (files, KB .rs) | ours s | checks | result files | .rs | deps-free | nonws B | S | ratio "
           "| plain rustc ICE | targets met | tr s | tr checks | tr B | tr timeout |")
    lines = [hdr, "|" + "---|" * (hdr.count("|") - 1)]
    for r in rows:
        if r.get("skipped"):
            lines.append(f"| {r['case']} | {r['shape']} | skipped: {r['skipped'].splitlines()[0]} |" + " |" * 14)
            continue
        o, s, t = r.get("ours", {}), r.get("standalone", {}), r.get("tr", {})
        ratio = f"{o['nonws'] / s['nonws']:.2f}" if o.get("nonws") is not None and s.get("nonws") else "-"
        tg = targets(o, s) if o else {}
        met = f"{sum(tg.values())}/{len(tg)}" + (" (" + ", ".join(k for k, v in tg.items() if not v) + " missed)" if tg and not all(tg.values()) else "")
        lines.append(
            f"| {r['case']} | {r['shape']} | {r['input_rs_files']}, {r['input_rs_kb']} | {o.get('seconds', '-')}"
            f"{' (exit ' + str(o.get('exit')) + ')' if o and o.get('exit') != 0 else ''} | {o.get('checks', '-')} "
            f"| {len(o.get('result_files') or []) if o else '-'}{files_note(o)} | {o.get('rs_files', '-')} | {'yes' if o.get('deps_free') else 'no'} "
            f"| {o.get('nonws', '-')}{' (dir: ' + str(o['nonws_all']) + ')' if o.get('nonws_all', o.get('nonws')) != o.get('nonws') else ''} | {s.get('nonws', '-')} | {ratio} | {'yes' if o.get('plain_rustc', {}).get('same_ice') else 'no'} "
            f"| {met} | {t.get('seconds', '-')} | {t.get('checks', '-')} | {t.get('nonws') if t.get('nonws') is not None else ('none, best seen ' + str(t['best_nonws']) if t.get('best_nonws') else '-')} | {'yes' if t.get('timeout') else 'no' if t else '-'} |")
    return "\n".join(lines)


def render(paths):
    rows = [r for p in paths for r in json.load(open(p))]
    for split in ("tune", "heldout"):
        sel = [r for r in rows if r["split"] == split]
        if sel:
            print(f"\n### {split}\n")
            print(table(sel))


def reinspect(path):
    """Inspects the saved result directories of a run again (after a change here)."""
    rows = json.load(open(path))
    for r in rows:
        o = r.get("ours")
        if o and o.get("path") and os.path.exists(o["path"]):
            crate = (o.get("tool") or {}).get("output_path") or o["path"]
            o.update(inspect(o["path"], crate if os.path.exists(crate) else o["path"], r["sub"], r["ice"]))
    json.dump(rows, open(path, "w"), indent=1)


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--render":
        return render(sys.argv[2:])
    if len(sys.argv) > 2 and sys.argv[1] == "--reinspect":
        return reinspect(sys.argv[2])
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", choices=["tune", "heldout"])
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default="")
    ap.add_argument("--ours", default="")
    ap.add_argument("--timeout-ours", type=float, default=300)
    ap.add_argument("--timeout-tr", type=float, default=300)
    ap.add_argument("--verify-only", action="store_true")
    ap.add_argument("--skip-tr", action="store_true")
    ap.add_argument("--work", default="")
    a = ap.parse_args()
    cm = a.ours or next((p for p in ["/tmp/regbench/cm", os.path.join(ROOT, "target", "release", "cargo-minimize")]
                         if os.path.exists(p)), None)
    common = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    roots = [ROOT] + ([os.path.dirname(common)] if common else [])   # a worktree: the main checkout's target/ too
    tr = os.environ.get("TREEREDUCE") or next(
        (p for p in (os.path.join(r, "target", "bench-tools", "bin", "treereduce-rust") for r in roots) if os.path.exists(p)),
        shutil.which("treereduce-rust") or "treereduce-rust")
    if not a.verify_only:
        assert cm and os.path.exists(cm), "no cargo-minimize binary (--ours)"
        assert a.skip_tr or os.path.exists(tr), f"no treereduce-rust at {tr}"
    cases = json.load(open(os.path.join(CORPUS, "cases.json")))["cases"]
    top = a.work or tempfile.mkdtemp(prefix="regbench-")
    os.makedirs(top, exist_ok=True)
    log(f"work directory: {top}")
    out = a.out or (os.path.join(ROOT, "docs", "bench-data", f"registry-{a.split}.json") if a.split and not a.verify_only else "")
    rows = []
    for split in (["tune", "heldout"] if not a.split else [a.split]):
        for case in cases:
            if case["split"] != split or a.only not in case["name"]:
                continue
            base = os.path.join(top, case["name"])
            shutil.rmtree(base, ignore_errors=True)
            os.makedirs(base)
            row = {"case": case["name"], "split": split, "shape": case["shape"], "trigger": case["trigger"],
                   "crates": [f'{c["name"]}@{c["version"]}' for c in case["crates"]], "target_file": case["target_file"]}
            rows.append(row)
            log(f"== {case['name']} ({split}): fetch, insert {case['trigger']}, verify")
            work, holder, trig = build_case(case, base)
            rs = rs_files(work)
            row.update({"input_rs_files": len(rs), "input_rs_kb": round(sum(os.path.getsize(p) for p in rs) / 1024),
                        "input_nonws": sum(nonws_file(p) for p in rs), "ice": trig["ice"]})
            sub, why = verify(case, work, trig)
            if not sub:
                row["skipped"] = why
                log(f"   SKIPPED: {why}")
                continue
            row["sub"] = sub
            log(f"   ICE shown by cargo {sub} ({row['input_rs_files']} .rs files, {row['input_rs_kb']} KB)")
            if a.verify_only:
                continue
            row["standalone"] = run_standalone(cm, trig, top, 300)
            log(f"   standalone trigger: {row['standalone']['nonws']} B ({row['standalone']['seconds']} s)")
            row["ours"] = run_ours(cm, work, sub, trig, base, a.timeout_ours)
            o = row["ours"]
            log(f"   ours: exit {o['exit']}, {o['seconds']} s, {o['checks']} checks, {o.get('rs_files')} .rs, "
                f"{o.get('nonws')} B, files {o.get('result_files')}, deps {o.get('deps')}, builds {o.get('build_scripts')}, "
                f"plain rustc {o.get('plain_rustc', {}).get('same_ice')}")
            if not a.skip_tr:
                flat, root_rel, inlined, ok, err = flatten_case(work, holder, base, sub, trig)
                row["flat"] = {"root": root_rel, "inlined": len(inlined), "shows_ice": ok}
                if not ok:
                    row["tr"] = {"skipped": "the flattened crate does not show the ICE: " + "\n".join(err.splitlines()[-10:])}
                    log(f"   treereduce SKIPPED: {row['tr']['skipped']}")
                else:
                    row["tr"] = run_tr(tr, flat, root_rel, sub, trig, base, a.timeout_tr)
                    log(f"   treereduce: {row['tr']}")
            if out:
                os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
                json.dump(rows, open(out, "w"), indent=1)
        sel = [r for r in rows if r["split"] == split]
        if sel:
            print(f"\n### {split}\n")
            if a.verify_only:
                for r in sel:
                    print(f"- {r['case']} ({', '.join(r['crates'])}; {r['trigger']} in {r['target_file']}): "
                          + (f"SKIPPED: {r['skipped']}" if r.get("skipped") else f"ICE shown by cargo {r['sub']}, "
                             f"{r['input_rs_files']} .rs files, {r['input_rs_kb']} KB"))
            else:
                print(table(sel))
    if out:
        json.dump(rows, open(out, "w"), indent=1)


if __name__ == "__main__":
    main()

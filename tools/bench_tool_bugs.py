#!/usr/bin/env python3
"""Benchmark (issue 32): clippy crashes, rustdoc crashes and miscompilations of
tools/corpus/tool-bugs/<split>/, each buried in ~40 KB of ordinary code
(tools/gen_buried.py, 2000 lines) and reduced
  - as a file by cargo-minimize (`--ice --tool clippy|rustdoc`, `--miscompile`) and by
    treereduce-rust 0.4.1 with a check script doing the same check (same crash
    substring / the same two outputs), one at a time, -j 2 each;
  - inside a crate (the buried file as src/lib.rs or src/main.rs) by cargo-minimize
    (`cargo clippy`, `cargo doc`, dev vs release profiles); treereduce-rust reduces
    single files only.

Columns: non-whitespace bytes of the result, checks (ours: the summary's predicate runs;
treereduce-rust: runs of its check script), seconds, whether the result still shows
the bug (checked again here, independently of either tool), the size of the
hand-written repro of the corpus (its body), and for miscompilations whether the result
has a construct of the wrong-code guard list that the buried input does not.

    cargo build --release -p cargo-minimize
    ./scripts/install-bench-deps.sh     # treereduce-rust into target/bench-tools/bin
    tools/bench_tool_bugs.py [--split tune|heldout] [--only SUBSTR] [--forms file,crate]
                             [--tools ours,treereduce] [--timeout SECS] [--out FILE.json]
"""
import argparse, difflib, glob, json, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OURS = os.environ.get("CARGO_MINIMIZE", os.path.join(ROOT, "target", "release", "cargo-minimize"))
TR = os.environ.get("TREEREDUCE") or shutil.which("treereduce-rust") or os.path.join(
    ROOT, "target", "bench-tools", "bin", "treereduce-rust")
GUARD = [  # the same list as shared/src/predicate/miscompile.rs (GUARDED)
    r"\bunsafe\b", r"\bextern\b", r"\b(no_mangle|export_name|link_section|used)\b", r"\bstatic\s+mut\b",
    r"\*\s*(const|mut)\b|&\s*raw\b|\baddr_of(_mut)?\b|\bas_(mut_)?ptr\b|\bNonNull\b|\bptr\s*::",
    r"\btransmute(_copy)?\b", r"\bMaybeUninit\b|\buninit(ialized)?\b|\bzeroed\b", r"\b(global_)?asm\s*!",
    r"\b(Instant|SystemTime|UNIX_EPOCH)\b|\btime\s*::", r"\{[\w.]*:#?p\}|\b(expose_provenance|addr)\b",
    r"\b(RandomState|HashMap|HashSet|DefaultHasher|rand|getrandom)\b",
    r"\benv\s*(::|!)|\boption_env\s*!|\b(args|args_os|var|var_os)\s*\(|\b(fs|net|process|thread)\s*::|\bstdin\b|\bCommand\b",
]


def nonws(text):
    return sum(1 for c in text if not c.isspace())


def parse(path):
    head, body = {}, []
    for line in open(path).read().splitlines():
        m = re.match(r"^// (cmd|ice|tool|miscompile|outputs|source): (.*)$", line)
        if m and not body:
            head[m.group(1)] = m.group(2)
        else:
            body.append(line)
    kind = head.get("tool") or ("miscompile" if "miscompile" in head else "rustc")
    words = head["cmd"].split()
    flags = [w for w in words if w.startswith("-")]
    c = {"name": os.path.basename(path)[:-3], "kind": kind, "flags": flags, "body": "\n".join(body) + "\n"}
    if kind == "miscompile":
        c["sides"] = [s.strip() for s in head["miscompile"].split("|")]
        c["outputs"] = [s.strip().replace("\\n", "\n") for s in head["outputs"].split("|")]
    else:
        c["ice"] = head["ice"]
    return c


def bury(c, work):
    src = os.path.join(work, "trigger.rs")
    open(src, "w").write("// cmd:\n// ice:\n" + c["body"])
    out = os.path.join(work, "big.rs")
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_buried.py"), src, out, "2000"], check=True)
    return out


CHECK = r'''#!/usr/bin/env python3
# The check of one case (exit 0: still the bug); counts its runs in COUNTER.
import difflib, json, os, subprocess, sys, tempfile
c = json.load(open(CASE))
open(COUNTER, "a").write("x\n")
path = os.path.abspath(sys.argv[-1])
d = tempfile.mkdtemp()
env = {**os.environ, "RUSTC_BOOTSTRAP": "1", "RUSTC_ICE": "0"}
def run(args, **kw):
    try:
        return subprocess.run(args, cwd=d, env=env, capture_output=True, timeout=60, **kw)
    except subprocess.TimeoutExpired:
        return None
if c["kind"] == "miscompile":
    outs = []
    for i, side in enumerate(c["sides"]):
        exe = os.path.join(d, f"p{i}")
        b = run(["rustc", *c["flags"], *side.split(), "-Coverflow-checks=off", "-Cdebug-assertions=off", path, "-o", exe])
        if b is None or b.returncode != 0:
            sys.exit(1)
        seen = None
        for _ in range(2):
            r = run([exe])
            if r is None:
                sys.exit(1)
            o = "\n".join(l.rstrip() for l in r.stdout.decode(errors="replace").splitlines())
            if r.returncode != 0:
                o += f"\n[exit status {r.returncode}]"
            if seen is not None and o != seen:
                sys.exit(1)
            seen = o
        outs.append(seen)
    def hunks(a, b):
        sm = difflib.SequenceMatcher(None, a.splitlines(), b.splitlines(), autojunk=False)
        return [(a.splitlines()[i1:i2], b.splitlines()[j1:j2]) for t, i1, i2, j1, j2 in sm.get_opcodes() if t != "equal"]
    want = hunks(*[o.rstrip("\n") for o in c["outputs"]])
    sys.exit(0 if outs[0] != outs[1] and hunks(*outs) == want else 1)
tool = {"clippy": "clippy-driver", "rustdoc": "rustdoc"}.get(c["kind"], "rustc")
out = ["-o", os.path.join(d, "doc")] if c["kind"] == "rustdoc" else ["--out-dir", os.path.join(d, "out")]
r = run([tool, *c["flags"], "--crate-name", "x", path, *out])
sys.exit(0 if r is not None and r.returncode == 101 and c["ice"] in r.stderr.decode(errors="replace") else 1)
'''


def write_check(c, work):
    case = os.path.join(work, "case.json")
    json.dump(c, open(case, "w"))
    counter = os.path.join(work, "runs")
    check = os.path.join(work, "check.py")
    open(check, "w").write(CHECK.replace("CASE", repr(case)).replace("COUNTER", repr(counter)))
    os.chmod(check, 0o755)
    return check, counter


def still_the_bug(check, counter, path):
    r = subprocess.run([check, path], capture_output=True)
    n = open(counter).read().count("x")
    return r.returncode == 0, n


def guard_violations(original, result):
    return [g for g in GUARD if re.search(g, result) and not re.search(g, original)]


def ours_file(c, big, work, timeout):
    out = os.path.join(work, "ours_min.rs")
    args = [OURS, "--no-cache", "--json", "-j", "2", "-o", out]
    edition = next((f.split("=")[1] for f in c["flags"] if f.startswith("--edition")), "2021")
    extra = [f for f in c["flags"] if not f.startswith("--edition")]
    if c["kind"] == "miscompile":
        args += ["--miscompile", big, "--edition", edition, "--compare", c["sides"][0], c["sides"][1]]
    else:
        args += ["--ice", big, "--tool", c["kind"], "--edition", edition]
    args += ["--", *extra] if extra else []
    return run_ours(args, work, timeout, out)


def ours_crate(c, big, work, timeout):
    root = os.path.join(work, "app")
    os.makedirs(os.path.join(root, "src"), exist_ok=True)
    main = "main.rs" if c["kind"] == "miscompile" else "lib.rs"
    shutil.copy(big, os.path.join(root, "src", main))
    edition = next((f.split("=")[1] for f in c["flags"] if f.startswith("--edition")), "2021")
    open(os.path.join(root, "Cargo.toml"), "w").write(
        f'[package]\nname = "app"\nversion = "0.1.0"\nedition = "{edition}"\n\n[lints.rust]\nunexpected_cfgs = "allow"\n')
    if c["kind"] == "miscompile":
        if c["sides"] != ["-C opt-level=0", "-C opt-level=3"]:
            return None
        args = [OURS, "--no-cache", "--json", "-j", "2", "--miscompile"]
    else:
        args = [OURS, "--no-cache", "--json", "-j", "2", "--ice", "--tool", c["kind"]]
    r = run_ours(args, root, timeout, None)
    if r:
        r["result_path"] = os.path.join(work, "app.min", "src", main)
        if os.path.exists(r["result_path"]):
            r["bytes"] = nonws(open(r["result_path"]).read())
            r["files"] = sum(1 for p in glob.glob(os.path.join(work, "app.min", "src", "**", "*.rs"), recursive=True)
                             if open(p).read().strip())
    return r


def run_ours(args, cwd, timeout, out):
    env = {**os.environ, "RUSTC_BOOTSTRAP": "1", "RUSTC_ICE": "0"}
    t0 = time.time()
    try:
        r = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"timeout": True, "seconds": timeout}
    secs = time.time() - t0
    if r.returncode != 0:
        return {"error": r.stderr[-2000:], "seconds": secs}
    j = json.loads(r.stdout.strip().splitlines()[-1])
    row = {"seconds": round(secs, 1), "checks": j["predicate_runs"], "result_path": out}
    if out:
        row["bytes"] = nonws(open(out).read())
    return row


def treereduce(c, big, work, check, counter, timeout):
    out = os.path.join(work, "tr.rs")
    open(counter, "w").close()
    t0 = time.time()
    try:
        subprocess.run([TR, "-s", big, "-o", out, "-j", "2", "--timeout", "60", check, "@@.rs"],
                       capture_output=True, cwd=work, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"timeout": True, "seconds": timeout, "checks": open(counter).read().count("x")}
    secs = time.time() - t0
    if not os.path.exists(out):
        return {"error": "no result", "seconds": secs}
    return {"seconds": round(secs, 1), "checks": open(counter).read().count("x"), "bytes": nonws(open(out).read()),
            "result_path": out}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", default="tune")
    ap.add_argument("--only", default="")
    ap.add_argument("--forms", default="file,crate")
    ap.add_argument("--tools", default="ours,treereduce")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--out", default="")
    a = ap.parse_args()
    forms, tools = a.forms.split(","), a.tools.split(",")
    rows = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tools", "corpus", "tool-bugs", a.split, "*.rs"))):
        c = parse(path)
        if a.only not in c["name"]:
            continue
        work = tempfile.mkdtemp(prefix=f"tb32-{c['name'][:30]}-")
        big = bury(c, work)
        check, counter = write_check(c, work)
        ok, _ = still_the_bug(check, counter, big)
        assert ok, f"{c['name']}: the buried input does not show the bug"
        original = open(big).read()
        base = {"case": c["name"], "kind": c["kind"], "input": nonws(original), "hand": nonws(c["body"])}
        todo = []
        if "file" in forms and "ours" in tools:
            todo.append(("file", "cargo-minimize", lambda: ours_file(c, big, work, a.timeout)))
        if "file" in forms and "treereduce" in tools:
            todo.append(("file", "treereduce-rust", lambda: treereduce(c, big, work, check, counter, a.timeout)))
        if "crate" in forms and "ours" in tools:
            todo.append(("crate", "cargo-minimize", lambda: ours_crate(c, big, work, a.timeout)))
        for form, tool, go in todo:
            r = go()
            if r is None:
                continue
            row = {**base, "form": form, "tool": tool, **{k: v for k, v in r.items() if k != "error"}}
            if "error" in r:
                row["error"] = r["error"]
            p = r.get("result_path")
            if p and os.path.exists(p):
                open(counter, "w").close()
                row["same_bug"] = still_the_bug(check, counter, p)[0]
                if c["kind"] == "miscompile":
                    row["guard_violations"] = len(guard_violations(original, open(p).read()))
            rows.append(row)
            print(json.dumps(row), flush=True)
    table = render(rows, a.split)
    print(table)
    if a.out:
        json.dump({"split": a.split, "argv": sys.argv, "rows": rows, "table": table}, open(a.out, "w"), indent=1)


def render(rows, split):
    out = [f"| case ({split}) | kind | form | tool | input B | hand-written B | result B | checks | seconds | same bug | guard |",
           "|---|---|---|---|---:|---:|---:|---:|---:|---|---|"]
    for r in rows:
        res = "timeout" if r.get("timeout") else ("error" if "error" in r else r.get("bytes", ""))
        g = r.get("guard_violations")
        guard = "" if r["kind"] != "miscompile" or g is None else ("none added" if g == 0 else f"{g} added")
        same = {True: "yes", False: "NO"}.get(r.get("same_bug"), "")
        out.append(f"| {r['case']} | {r['kind']} | {r['form']} | {r['tool']} | {r['input']} | {r['hand']} | {res} | "
                   f"{r.get('checks', '')} | {r.get('seconds', '')} | {same} | {guard} |")
    return "\n".join(out)


if __name__ == "__main__":
    main()

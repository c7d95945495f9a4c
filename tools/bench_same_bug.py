#!/usr/bin/env python3
"""Benchmark: does `--ice` keep the same bug, as small as a check script would, and
identically at every -j? On each case of the ICE corpus (tools/corpus/ices/tune or
heldout), two inputs:

- file:  the case buried in ~40 KB of ordinary compiling Rust (tools/gen_buried.py,
         seeded; `#![...]` crate attributes stay at the top);
- crate: a cargo crate (edition and crate type from the case's `// cmd:`, no
         dependencies) with the same ordinary code spread over src/m0.rs, src/m1.rs,
         src/inner/mod.rs and src/inner/deep.rs, and the trigger in the middle of
         src/inner/deep.rs (`pub mod deep;` in src/inner/mod.rs); crate attributes go to
         the crate root. A binary's `fn main` stays in the trigger as `pub fn main` and
         src/main.rs calls `inner::deep::main()` ("nested, main forwarded"); when the
         nested crate does not show the ICE, the trigger goes to the crate root instead
         ("root"). The case's other rustc flags (-Z…, -C…) go through RUSTFLAGS; the crate
         is checked with `cargo check`, or `cargo build` (then `--build`) when only a
         build shows the ICE.

Each input is first checked to show the ICE (exit 101 and the `// ice:` substring on
stderr, RUSTC_BOOTSTRAP=1 RUSTC_ICE=0, in a fresh directory); one that does not is
skipped and reported. Then, one reduction at a time, each with RUSTC_BOOTSTRAP=1
RUSTC_ICE=0 --no-cache --json and a wall-clock limit (--timeout, 600 s):

- `--ice` at each -j of --jobs-list (1,2), whose results must be byte-identical;
- on the file input only, `--script CHECK` at -j 2, CHECK compiling the candidate (its
  last argument) with the case's rustc command in a fresh temporary directory and
  exiting 0 iff rustc exits 101 with the `ice:` substring on stderr. A crate's --ice
  result is compared with the script result of its file input (from this run, from
  --script-from, or else reduced here).

Each --ice result is checked again independently: the file result with the case's rustc
command (`--crate-name` of the original), the crate result (`NAME.min/`, moved aside per
run) with `cargo check`/`cargo build`; it must exit 101 with the `ice:` substring.
With --minimal, the last --ice result is also checked for 1-minimality by
tools/check_minimal.py with the script check above (`--first-per-kind`, --minimal-jobs
checks at once): a "1-min" column ("yes", or the kinds of interesting neighbours:
byte, tokens, line, pair, pair ends, replace) and the neighbours run. A crate's
result is checked as its one `.rs` file under the file case's rustc command (the
crate results are one file that shows the ICE under plain rustc).
Sizes are non-whitespace bytes (all `.rs` files of a crate). Prints a Markdown table and
a summary per input kind; --out saves every row as JSON (rewritten after each case).

Usage: tools/bench_same_bug.py --split tune|heldout [--only SUBSTRING] [--kinds file,crate]
           [--jobs-list 1,2] [--skip-script] [--script-from FILES.json] [--timeout SECS]
           [--lines N] [--work DIR] [--out results.json] [--inputs-only]
           [--minimal [--minimal-jobs N]]
Needs: target/release/cargo-minimize (or $CARGO_MINIMIZE), copied to a private
directory at startup so that a rebuild while this runs does not change it.
"""
import argparse, glob, hashlib, importlib.util, json, os, re, shlex, shutil, signal, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("bt", os.path.join(ROOT, "tools", "bench_treereduce.py"))
bt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bt)
nonws = bt.nonws
CORPUS = os.path.join(ROOT, "tools", "corpus", "ices")
ENV = {k: v for k, v in os.environ.items() if k not in ("RUSTFLAGS", "CARGO_TARGET_DIR", "CARGO_ENCODED_RUSTFLAGS", "RUSTC")}
ENV.update({"RUSTC_BOOTSTRAP": "1", "RUSTC_ICE": "0"})
TAIL = 15


def parse_case(path):
    """(edition, crate type, other rustc flags, ice substring) of a corpus case."""
    lines = open(path, encoding="utf-8").read().splitlines()
    cmd = shlex.split(lines[0].removeprefix("// cmd:"))
    flags = [a for a in cmd if a.startswith("-")]
    edition = next((f.split("=", 1)[1] for f in flags if f.startswith("--edition=")), "2021")
    ctype = next((f.split("=", 1)[1] for f in flags if f.startswith("--crate-type=")), "lib")
    extra = [f for f in flags if not f.startswith("--edition") and not f.startswith("--crate-type")]
    ice = lines[1].removeprefix("// ice:").strip()
    return edition, ctype, extra, ice


def rs_files(root):
    return sorted(p for p in glob.glob(os.path.join(root, "**", "*.rs"), recursive=True)
                  if "/target/" not in p[len(root):])


def nonws_any(path):
    return sum(nonws(p) for p in rs_files(path)) if os.path.isdir(path) else nonws(path)


def bytes_any(path):
    return sum(os.path.getsize(p) for p in rs_files(path)) if os.path.isdir(path) else os.path.getsize(path)


def tree_bytes(root):
    """Every file of a crate (not target/), by relative path."""
    out = {}
    for p in sorted(glob.glob(os.path.join(root, "**", "*"), recursive=True)):
        rel = os.path.relpath(p, root)
        if os.path.isfile(p) and rel.split(os.sep)[0] != "target":
            out[rel] = open(p, "rb").read()
    return out


def same_content(a, b):
    if not (os.path.exists(a) and os.path.exists(b)):
        return False
    if os.path.isdir(a) != os.path.isdir(b):
        return False
    if os.path.isdir(a):
        return tree_bytes(a) == tree_bytes(b)
    return open(a, "rb").read() == open(b, "rb").read()


# ---------------------------------------------------------------- checks

def file_shows_ice(path, c, crate_name):
    """The case's rustc command on `path` in a fresh directory: (exit code, ICE substring seen)."""
    d = tempfile.mkdtemp(prefix="same-bug-rustc-")
    try:
        r = subprocess.run(["rustc", f"--edition={c['edition']}", f"--crate-type={c['crate_type']}", *c["extra"],
                            "--crate-name", crate_name, os.path.abspath(path)],
                           cwd=d, env=ENV, capture_output=True, text=True, errors="replace", timeout=300)
        return r.returncode, c["ice"] in r.stderr
    except subprocess.TimeoutExpired:
        return "timeout", False
    finally:
        shutil.rmtree(d, ignore_errors=True)


def crate_shows_ice(crate, c, sub):
    """`cargo SUB` in `crate` with its own target directory: (exit code, ICE substring seen)."""
    t = tempfile.mkdtemp(prefix="same-bug-target-")
    try:
        r = subprocess.run(["cargo", sub, "--quiet"], cwd=crate, capture_output=True, text=True, errors="replace",
                           env={**ENV, "CARGO_TARGET_DIR": t, "RUSTFLAGS": " ".join(c["extra"])}, timeout=300)
        return r.returncode, c["ice"] in r.stderr
    except subprocess.TimeoutExpired:
        return "timeout", False
    finally:
        shutil.rmtree(t, ignore_errors=True)


def ok(check):
    return check[0] == 101 and check[1]


def write_script(path, c, crate_name):
    rustc = shutil.which("rustc") or "rustc"
    flags = " ".join(shlex.quote(f) for f in [f"--edition={c['edition']}", f"--crate-type={c['crate_type']}", *c["extra"],
                                              "--crate-name", crate_name])
    with open(path, "w") as f:
        f.write(f"""#!/bin/sh
# exit 0 iff the case's rustc command on the candidate (the last argument), run in a
# fresh directory, exits 101 with the ICE substring on stderr
for f; do :; done
case "$f" in /*) ;; *) f="$PWD/$f" ;; esac
d=$(mktemp -d) || exit 2
cd "$d" || exit 2
RUSTC_BOOTSTRAP=1 RUSTC_ICE=0 {shlex.quote(rustc)} {flags} "$f" >/dev/null 2>"$d/.stderr"
rc=$?
r=1
if [ "$rc" = 101 ] && grep -qF -- {shlex.quote(c['ice'])} "$d/.stderr"; then r=0; fi
cd / && rm -rf "$d"
exit $r
""")
    os.chmod(path, 0o755)


# ---------------------------------------------------------------- inputs

def buried_lines(ice_file, work, lines):
    flat = os.path.join(work, "flat.rs")
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_buried.py"), ice_file, flat, str(lines)], check=True)
    return open(flat, encoding="utf-8").read().splitlines()


# The first line of each item group of gen_buried.py (a struct and its impl, an enum and
# its `describe_` function, ...): cutting only there keeps every group in one module.
GROUP_START = re.compile(r"(/// A record of kind |#\[derive\(Debug, Copy, Clone\)\]$|pub fn compute_|pub trait Shape|"
                         r"pub struct Counter|pub const LIMIT_|pub mod util|pub struct Report;)")


def split_groups(lines, n):
    """`lines` in `n` parts of similar size, cut only before a new item group."""
    parts, cur, size = [], [], len(lines) // n + 1
    for i, l in enumerate(lines):
        if (len(cur) >= size and len(parts) < n - 1 and GROUP_START.match(l) and i > 0 and lines[i - 1] == ""):
            parts.append(cur)
            cur = []
        cur.append(l)
    parts.append(cur)
    return parts


def module_text(lines):
    text = "\n".join(lines).strip("\n") + "\n"
    return ("use std::fmt;\n\n" + text) if "fmt::" in text else text


def make_crate(ice_file, c, dest, lines, placement):
    """Writes the crate; `placement` is "nested" or "root". Returns a description."""
    ice = open(ice_file, encoding="utf-8").read().splitlines()
    body = [l for l in ice[2:] if not l.startswith("#![")]
    flat = buried_lines(ice_file, os.path.dirname(dest), lines)
    header = [l for l in flat if l.startswith("#![")]
    start = flat.index(body[0])
    assert flat[start:start + len(body)] == body, "the trigger is not contiguous in the generated file"
    trigger = flat[start:start + len(body)]
    skip = {"//! Inventory management utilities.", "use std::fmt;"}
    filler = [l for l in flat[:start] if not l.startswith("#![") and l not in skip] + flat[start + len(body):]
    while filler and filler[0] == "":
        filler.pop(0)
    parts = split_groups(filler, 4)
    bin_ = c["crate_type"] == "bin"
    has_main = any(re.match(r"fn main\s*\(", l) for l in trigger)
    src = os.path.join(dest, "src")
    os.makedirs(os.path.join(src, "inner"))
    name = os.path.basename(dest)
    target = f'[[bin]]\nname = "{name}"\npath = "src/main.rs"\n' if bin_ else '[lib]\npath = "src/lib.rs"\n'
    with open(os.path.join(dest, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "{name}"\nversion = "0.1.0"\nedition = "{c["edition"]}"\n\n{target}')
    vis = "mod" if bin_ else "pub mod"
    root = header + ["//! Inventory management utilities.", "", f"{vis} m0;", f"{vis} m1;", f"{vis} inner;", ""]
    half = split_groups(parts[3], 2)
    if placement == "nested":
        deep = half[0] + [""] + ([re.sub(r"^fn main(\s*\()", r"pub fn main\1", l) for l in trigger] if bin_ else trigger) + [""] + half[1]
        if bin_ and has_main:
            root += ["fn main() {", "    inner::deep::main();", "}"]
            where = "src/inner/deep.rs (nested, main forwarded)"
        else:
            where = "src/inner/deep.rs (nested)"
    else:
        deep = parts[3]
        root += trigger
        where = f"src/{'main' if bin_ else 'lib'}.rs (root)"
    if bin_ and not has_main:
        root += ["fn main() {}"]
    with open(os.path.join(src, "main.rs" if bin_ else "lib.rs"), "w") as f:
        f.write("\n".join(root) + "\n")
    for k in range(2):
        with open(os.path.join(src, f"m{k}.rs"), "w") as f:
            f.write(module_text(parts[k]))
    with open(os.path.join(src, "inner", "mod.rs"), "w") as f:
        f.write(module_text(parts[2] + ["", "pub mod deep;"]))
    with open(os.path.join(src, "inner", "deep.rs"), "w") as f:
        f.write(module_text(deep))
    return where


# ---------------------------------------------------------------- runs

def run_tool(args, env, cwd, timeout, log):
    """Runs cargo-minimize in its own process group; on timeout, SIGINT (it saves its best
    so far), then SIGKILL. Returns (exit code or "timeout", wall seconds, JSON or None, stderr tail)."""
    t0 = time.time()
    with open(log + ".stdout", "w") as out, open(log + ".stderr", "w") as err:
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
    secs = time.time() - t0
    summary = None
    for l in reversed(open(log + ".stdout", errors="replace").read().splitlines()):
        if l.startswith("{"):
            try:
                summary = json.loads(l)
            except ValueError:
                pass
            break
    tail = open(log + ".stderr", errors="replace").read().splitlines()[-TAIL:]
    return rc, secs, summary, tail


# Extra options of every `--ice` run (`--ice-args`), e.g. `--keep-parsing`.
ICE_ARGS = []


def reduce(cm, kind, mode, jobs, inp, c, sub, work, timeout, script=None):
    """One reduction; its result is moved to a name of its own beside the input.
    Returns the run's record."""
    tag = f"{mode}-j{jobs}"
    args = [cm, "minimize"]
    env = dict(ENV)
    if kind == "file":
        args += ["--ice", inp] if mode == "ice" else ["--script", script, inp]
        args += ["-j", str(jobs), "--no-cache", "--json"]
        if mode == "ice":
            args += ICE_ARGS + ["--", f"--edition={c['edition']}", f"--crate-type={c['crate_type']}", *c["extra"]]
        default_out = inp[:-3] + "_min.rs"
    else:
        args += ["--ice", "--manifest-path", os.path.join(inp, "Cargo.toml"), "-j", str(jobs), "--no-cache", "--json"] + ICE_ARGS
        if sub == "build":
            args.append("--build")
        env["RUSTFLAGS"] = " ".join(c["extra"])
        default_out = inp + ".min"
    log = os.path.join(work, f"{kind}-{tag}")
    rc, secs, summary, tail = run_tool(args, env, os.path.dirname(inp), timeout, log)
    out = default_out
    if summary and summary.get("output_path"):
        p = summary["output_path"]
        out = p if os.path.isabs(p) else os.path.join(os.path.dirname(inp), p)
    rec = {"exit": rc, "seconds": round(secs, 1), "command": " ".join(shlex.quote(a) for a in args),
           "env": " ".join(f"{k}={shlex.quote(env[k])}" for k in ("RUSTC_BOOTSTRAP", "RUSTC_ICE", "RUSTFLAGS") if k in env),
           "stderr_tail": tail, "log": log + ".stderr"}
    if summary:
        rec.update({k: summary.get(k) for k in ("predicate_runs", "cache_hits", "decided_by_likeness", "input_bytes", "output_bytes")})
        rec["tool_seconds"] = round(summary.get("seconds", 0), 2)
        rec["passes"] = [{k: q.get(k) for k in ("name", "tests", "runs", "successes", "removed")}
                         for q in summary.get("passes", []) if q.get("tests")]
        rec["one_minimal"] = summary.get("one_minimal")
    if os.path.exists(out):
        if kind == "file":
            moved = os.path.join(os.path.dirname(inp), f"{os.path.basename(inp)[:-3]}.{tag}.rs")
        else:
            moved = f"{inp}.{tag}.min"
        os.replace(out, moved)
        rec["path"] = moved
        rec["nonws"] = nonws_any(moved)
        if kind == "crate":
            rec["files"] = len(rs_files(moved))
    return rec


def run_case(cm, ice_file, kind, a, base, script_rows):
    name = os.path.basename(ice_file)[:-3]
    edition, ctype, extra, ice = parse_case(ice_file)
    c = {"edition": edition, "crate_type": ctype, "extra": extra, "ice": ice}
    work = os.path.join(base, name, kind)
    os.makedirs(work, exist_ok=True)
    row = {"case": name, "kind": kind, "cmd": open(ice_file).readline().strip(), "ice": ice}
    sub = None
    if kind == "file":
        inp = os.path.join(work, name + ".rs")
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_buried.py"), ice_file, inp, str(a.lines)], check=True)
        check = file_shows_ice(inp, c, name)
        row["input_check"] = list(check)
        if not ok(check):
            row["skipped"] = f"the generated file does not show the ICE (exit {check[0]}, substring {'seen' if check[1] else 'not seen'})"
            return row
    else:
        inp = os.path.join(work, name)
        tried = []
        for placement in ("nested", "root"):
            shutil.rmtree(work, ignore_errors=True)
            os.makedirs(work)
            where = make_crate(ice_file, c, inp, a.lines, placement)
            for s in ("check", "build"):
                check = crate_shows_ice(inp, c, s)
                tried.append(f"{placement}/{s}: exit {check[0]}, substring {'seen' if check[1] else 'not seen'}")
                if ok(check):
                    sub = s
                    break
            if sub:
                break
        row["input_checks"] = tried
        if not sub:
            row["skipped"] = "the generated crate does not show the ICE (" + "; ".join(tried) + ")"
            return row
        row.update({"sub": sub, "trigger": where, "input_files": len(rs_files(inp))})
    row.update({"input": inp, "input_bytes": bytes_any(inp), "input_nonws": nonws_any(inp)})
    print(f"{name} {kind}: input {row['input_bytes']} B" + (f", cargo {sub}, trigger in {row['trigger']}" if sub else ""),
          file=sys.stderr, flush=True)
    if a.inputs_only:
        return row
    for j in a.jobs_list:
        rec = reduce(cm, kind, "ice", j, inp, c, sub, work, a.timeout)
        if "path" in rec:
            chk = file_shows_ice(rec["path"], c, name) if kind == "file" else crate_shows_ice(rec["path"], c, sub)
            rec["check"] = list(chk)
            rec["same_ice"] = ok(chk)
        else:
            rec["same_ice"] = False
        row[f"ice_j{j}"] = rec
        print(f"  --ice -j {j}: exit {rec['exit']}, {rec.get('nonws')} B, {rec.get('predicate_runs')} checks, "
              f"{rec['seconds']} s, same ICE {rec['same_ice']}", file=sys.stderr, flush=True)
    last = row.get(f"ice_j{a.jobs_list[-1]}", {})
    # A crate's result is one .rs file that shows the ICE under plain rustc (the
    # tool's one-file command): its neighbours are checked as a file case's are.
    one = [last["path"]] if kind == "file" else rs_files(last["path"]) if "path" in last else []
    if a.minimal and last.get("same_ice") and len(one) != 1:
        row["minimal"] = {"minimal": None, "error": f"{len(one)} .rs files in the result"}
    elif a.minimal and last.get("same_ice"):
        script = os.path.join(work, "check.sh")
        write_script(script, c, name)
        row["minimal"] = check_minimal(one[0], script, a.minimal_jobs)
        m = row["minimal"]
        print(f"  1-minimal: {m.get('minimal')} {m.get('kinds', '')} ({m.get('checked')} of {m.get('neighbours')} run, "
              f"{m.get('seconds')} s)", file=sys.stderr, flush=True)
    if not a.skip_script:
        if kind == "file":
            script = os.path.join(work, "check.sh")
            write_script(script, c, name)
            rec = reduce(cm, "file", "script", a.script_jobs, inp, c, None, work, a.timeout, script)
            row["script"] = rec
            print(f"  --script -j {a.script_jobs}: exit {rec['exit']}, {rec.get('nonws')} B, {rec.get('predicate_runs')} checks, "
                  f"{rec['seconds']} s", file=sys.stderr, flush=True)
        elif name in script_rows:
            row["script"] = {**script_rows[name], "from": "file input"}
        else:
            # No file row for this case: reduce its file input with the script here.
            fwork = os.path.join(base, name, "file-for-script")
            os.makedirs(fwork, exist_ok=True)
            finp = os.path.join(fwork, name + ".rs")
            subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_buried.py"), ice_file, finp, str(a.lines)], check=True)
            script = os.path.join(fwork, "check.sh")
            write_script(script, c, name)
            rec = reduce(cm, "file", "script", a.script_jobs, finp, c, None, fwork, a.timeout, script)
            row["script"] = {**rec, "from": "file input"}
            print(f"  --script -j {a.script_jobs} (file input): exit {rec['exit']}, {rec.get('nonws')} B", file=sys.stderr, flush=True)
    return row


def check_minimal(path, script, jobs):
    """tools/check_minimal.py on a result with the case's check script (JSON summary)."""
    t0 = time.time()
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "check_minimal.py"), path, "--json", "--first-per-kind",
                        "-j", str(jobs), "--", script], capture_output=True, text=True, errors="replace")
    try:
        out = json.loads(r.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        out = {"minimal": None, "error": r.stderr[-500:]}
    out["seconds"] = round(time.time() - t0, 1)
    return out


def fmt_minimal(m):
    if m is None:
        return "-"
    if m.get("minimal") is None:
        return "error"
    return "yes" if m["minimal"] else "no: " + ", ".join(sorted(m.get("kinds", {})))


# ---------------------------------------------------------------- report

def derive(row, jobs_list):
    """Adds the verdicts of a row: exit0, same_ice, identical, ratio."""
    if row.get("skipped"):
        return row
    ices = [row[f"ice_j{j}"] for j in jobs_list]
    sc = row.get("script")
    row["exit0"] = all(r["exit"] == 0 for r in ices) and (sc is None or bool(sc.get("from")) or sc["exit"] == 0)
    row["same_ice"] = all(r["same_ice"] for r in ices)
    row["identical"] = all("path" in r for r in ices) and all(same_content(ices[0]["path"], r["path"]) for r in ices[1:])
    last = ices[-1]
    row["ratio"] = None
    if sc and sc["exit"] == 0 and last["exit"] == 0 and sc.get("nonws"):
        row["ratio"] = round(last["nonws"] / sc["nonws"], 3)
    return row


def fmt(v):
    return "-" if v is None else ("T" if v == "timeout" else str(v))


def table(rows, jobs_list, script_jobs):
    js = [f"-j{j}" for j in jobs_list]
    hdr = (f"| case | input | input B | " + " | ".join(f"--ice {j}" for j in js) + f" | --script -j{script_jobs} | ratio | "
           f"checks ({'/'.join(js)}/script) | s ({'/'.join(js)}/script) | exit ({'/'.join(js)}/script) | same ICE | "
           f"{' == '.join(js)} | .rs files | 1-min |")
    lines = [hdr, "|" + "---|" * (hdr.count("|") - 1)]
    for r in rows:
        if r.get("skipped"):
            lines.append(f"| {r['case']} | {r['kind']} | skipped: {r['skipped']} |" + " |" * (hdr.count("|") - 4))
            continue
        ices = [r[f"ice_j{j}"] for j in jobs_list]
        sc = r.get("script")
        if sc is None:
            sc_size = sc_runs = sc_secs = sc_exit = "-"
        elif sc.get("from"):  # a crate row: the script result of the file input
            sc_size, sc_runs, sc_secs, sc_exit = f"{fmt(sc.get('nonws'))} (file)", "-", "-", "-"
        else:
            sc_size, sc_runs, sc_secs, sc_exit = fmt(sc.get("nonws")), fmt(sc.get("predicate_runs")), fmt(sc["seconds"]), fmt(sc["exit"])
        same = "yes" if r["same_ice"] else "NO (" + ", ".join(f"-j{j}" for j, x in zip(jobs_list, ices) if not x["same_ice"]) + ")"
        files = "/".join(fmt(x.get("files")) for x in ices) if r["kind"] == "crate" else "-"
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}"
        lines.append(
            f"| {r['case']} | {r['kind']} | {r['input_bytes']} | " + " | ".join(fmt(x.get("nonws")) for x in ices) +
            f" | {sc_size} | {ratio} | "
            + "/".join([fmt(x.get("predicate_runs")) for x in ices] + [sc_runs]) + " | "
            + "/".join([fmt(x["seconds"]) for x in ices] + [sc_secs]) + " | "
            + "/".join([fmt(x["exit"]) for x in ices] + [sc_exit]) + " | "
            f"{same} | {'yes' if r['identical'] else 'NO'} | {files} | {fmt_minimal(r.get('minimal'))} |")
    return "\n".join(lines)


def summary(rows, kind, jobs_list):
    rs = [r for r in rows if r["kind"] == kind]
    done = [r for r in rs if not r.get("skipped")]
    if not rs:
        return ""
    ratios = [r["ratio"] for r in done if r["ratio"] is not None]
    med = f"{statistics.median(ratios):.2f}" if ratios else "-"
    ident = " == ".join(f"-j{j}" for j in jobs_list)
    mins = [r["minimal"] for r in done if r.get("minimal")]
    minimal = f"; 1-minimal: {sum(1 for m in mins if m.get('minimal'))}/{len(mins)}" if mins else ""
    return (f"{kind}: {len(done)} of {len(rs)} cases run ({len(rs) - len(done)} skipped); "
            f"exit 0: {sum(r['exit0'] for r in done)}/{len(done)}; same ICE: {sum(r['same_ice'] for r in done)}/{len(done)}; "
            f"ratio <= 1.1: {sum(1 for x in ratios if x <= 1.1)}/{len(done)} ({len(ratios)} with a ratio); "
            f"{ident}: {sum(r['identical'] for r in done)}/{len(done)}; median ratio: {med}{minimal}")


def render(paths):
    """Prints the tables and summaries of saved runs (`--render A.json B.json`)."""
    for path in paths:
        rows = json.load(open(path))
        done = [r for r in rows if not r.get("skipped")]
        jobs_list = sorted({int(k[len("ice_j"):]) for r in done for k in r if k.startswith("ice_j")})
        print(f"### {os.path.basename(path)}\n")
        print(table(rows, jobs_list, 2))
        print()
        for kind in ("file", "crate"):
            line = summary(rows, kind, jobs_list)
            if line:
                print(f"`{line}`\n")


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--render":
        return render(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", required=True, choices=["tune", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6"])
    ap.add_argument("--only", default="")
    ap.add_argument("--kinds", default="file,crate")
    ap.add_argument("--jobs-list", default="1,2")
    ap.add_argument("--script-jobs", type=int, default=2)
    ap.add_argument("--skip-script", action="store_true")
    ap.add_argument("--script-from", default="", help="JSON of an earlier --kinds file run: its script results serve the crate rows")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--lines", type=int, default=2000)
    ap.add_argument("--work", default="", help="directory for inputs, results and logs (default: a new temporary one, kept)")
    ap.add_argument("--out", default="")
    ap.add_argument("--inputs-only", action="store_true", help="only build and check the inputs")
    ap.add_argument("--minimal", action="store_true", help="check the last --ice file result with tools/check_minimal.py")
    ap.add_argument("--minimal-jobs", type=int, default=2, help="checks at once for --minimal")
    ap.add_argument("--ice-args", default="", help="extra options of every --ice run, space-separated (e.g. --keep-parsing)")
    a = ap.parse_args()
    ICE_ARGS[:] = a.ice_args.split()
    a.jobs_list = [int(j) for j in a.jobs_list.split(",") if j]
    kinds = [k for k in a.kinds.split(",") if k]
    if any(k not in ("file", "crate") for k in kinds):
        ap.error("--kinds takes file and/or crate")
    src = os.environ.get("CARGO_MINIMIZE", os.path.join(ROOT, "target", "release", "cargo-minimize"))
    bindir = tempfile.mkdtemp(prefix="same-bug-bin-")
    cm = os.path.join(bindir, "cargo-minimize")
    shutil.copy2(src, cm)
    version = subprocess.run([cm, "--version"], capture_output=True, text=True).stdout.strip()
    with open(cm, "rb") as f:
        version += f" (sha256 {hashlib.sha256(f.read()).hexdigest()[:16]}, built {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(os.path.getmtime(src)))} UTC)"
    base = os.path.abspath(a.work) if a.work else tempfile.mkdtemp(prefix=f"bench-same-bug-{a.split}-")
    os.makedirs(base, exist_ok=True)
    print(f"binary: {src} copied to {cm} ({version}); work: {base}", file=sys.stderr, flush=True)
    script_rows = {}
    if a.script_from:
        script_rows = {r["case"]: r["script"] for r in json.load(open(a.script_from))
                       if r.get("kind") == "file" and r.get("script")}
    try:
        run_all(a, kinds, cm, src, version, base, script_rows)
    finally:
        shutil.rmtree(bindir, ignore_errors=True)


def run_all(a, kinds, cm, src, version, base, script_rows):
    cases = sorted(glob.glob(os.path.join(CORPUS, a.split, "*.rs")))
    cases = [p for p in cases if a.only in os.path.basename(p)]
    rows = []
    for kind in kinds:
        for ice_file in cases:
            row = run_case(cm, ice_file, kind, a, base, script_rows)
            if a.inputs_only:
                print(f"{row['case']} {kind}: {row.get('skipped') or 'ok'} {row.get('input_checks', row.get('input_check'))}")
                continue
            row = derive(row, a.jobs_list)
            row.update({"split": a.split, "binary": src, "version": version, "timeout": a.timeout})
            rows.append(row)
            if kind == "file" and row.get("script"):
                script_rows[row["case"]] = row["script"]
            if a.out:
                with open(a.out, "w") as f:
                    json.dump(rows, f, indent=1)
    print(table(rows, a.jobs_list, a.script_jobs))
    print()
    for kind in kinds:
        print(summary(rows, kind, a.jobs_list))


if __name__ == "__main__":
    main()

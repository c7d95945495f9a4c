#!/usr/bin/env bash
# Re-verify every case of this corpus (or only the files given as arguments).
#
# clippy / rustdoc cases (`// ice:` header): the `// cmd:` line is run with the
# file path appended (for rustdoc also `-o TMPDIR/doc`) in a fresh temporary
# directory with RUSTC_ICE=0; the case reproduces when the exit status is 101 and
# stderr contains the `// ice:` substring.
#
# miscompile cases (`// miscompile:` header): the `// cmd:` line is run twice in a
# fresh temporary directory, once with each side of `// miscompile: A | B` plus
# `-C overflow-checks=off -C debug-assertions=off -o BIN`; each binary is run
# twice with a 10 s timeout. The case reproduces when both builds succeed, each
# binary prints the same stdout on both runs, the two outputs differ, and they
# equal the two sides of `// outputs: OUT_A | OUT_B` (`\n` escapes a newline).
#
# One compiler runs at a time.
# Usage: tools/corpus/tool-bugs/verify.sh [-n RUNS] [FILE.rs ...]
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runs=1
if [ "${1:-}" = "-n" ]; then runs="$2"; shift 2; fi
if [ "$#" -gt 0 ]; then files=("$@"); else
    mapfile -t files < <(find "$here/tune" "$here/heldout" -name '*.rs' 2>/dev/null | sort)
fi
[ "${#files[@]}" -gt 0 ] || { echo "no cases found"; exit 2; }

header() { sed -n "1,8s#^// $1: ##p" "$2" | head -n 1; }
# Print a `// outputs:` side with `\n` turned into real newlines (printf %b).
unescape() { printf '%b' "$1"; }

check_ice() { # file cmd ice tool -> sets why
    local f="$1" cmd="$2" ice="$3" tool="$4" tmp rc
    tmp="$(mktemp -d)"
    if [ "$tool" = rustdoc ]; then
        ( cd "$tmp" && RUSTC_ICE=0 timeout 300 bash -c "$cmd \"\$1\" -o \"\$2\"" _ "$f" "$tmp/doc" >stdout 2>stderr ); rc=$?
    else
        ( cd "$tmp" && RUSTC_ICE=0 timeout 300 bash -c "$cmd \"\$1\"" _ "$f" >stdout 2>stderr ); rc=$?
    fi
    why=""
    if [ "$rc" != 101 ]; then why="exit $rc"
    elif ! grep -qF -- "$ice" "$tmp/stderr"; then why="ICE substring not found"; fi
    rm -rf "$tmp"
}

check_miscompile() { # file cmd spec outputs -> sets why
    local f="$1" cmd="$2" spec="$3" outs="$4" tmp side flags want got got2 i rc
    local -a sides wants gots
    tmp="$(mktemp -d)"
    sides=("${spec%% | *}" "${spec#* | }")
    wants=("${outs%% | *}" "${outs#* | }")
    why=""
    for i in 0 1; do
        flags="${sides[$i]}"
        ( cd "$tmp" && RUSTC_ICE=0 timeout 300 bash -c "$cmd \"\$1\" $flags -C overflow-checks=off -C debug-assertions=off -o \"\$2\"" _ "$f" "$tmp/bin$i" >build$i.out 2>build$i.err ); rc=$?
        if [ "$rc" != 0 ]; then why="build with '$flags' failed (exit $rc)"; break; fi
        got="$(cd "$tmp" && timeout 10 "./bin$i"; echo "rc=$?")"
        got2="$(cd "$tmp" && timeout 10 "./bin$i"; echo "rc=$?")"
        if [ "$got" != "$got2" ]; then why="'$flags' binary is not deterministic"; break; fi
        want="$(unescape "${wants[$i]}"; echo "rc=0")"
        if [ "$got" != "$want" ]; then
            why="'$flags' output differs from the // outputs: header: $(printf '%q' "$got")"; break
        fi
        gots[$i]="$got"
    done
    if [ -z "$why" ] && [ "${gots[0]}" = "${gots[1]}" ]; then why="outputs do not differ"; fi
    rm -rf "$tmp"
}

pass=0; fail=0; failed=()
for f in "${files[@]}"; do
    f="$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"
    name="$(basename "$(dirname "$f")")/$(basename "$f")"
    cmd="$(header cmd "$f")"
    ice="$(header ice "$f")"
    tool="$(header tool "$f")"
    spec="$(header miscompile "$f")"
    outs="$(header outputs "$f")"
    ok=1; why=""
    if [ -z "$cmd" ]; then ok=0; why="missing // cmd: header"
    elif [ -n "$spec" ] && [ -z "$outs" ]; then ok=0; why="missing // outputs: header"
    elif [ -z "$spec" ] && { [ -z "$ice" ] || [ -z "$tool" ]; }; then ok=0; why="missing // ice: or // tool: header"
    fi
    if [ "$ok" = 1 ]; then
        for ((r = 1; r <= runs; r++)); do
            if [ -n "$spec" ]; then check_miscompile "$f" "$cmd" "$spec" "$outs"
            else check_ice "$f" "$cmd" "$ice" "$tool"; fi
            if [ -n "$why" ]; then ok=0; why="$why (run $r)"; break; fi
        done
    fi
    kind="${spec:+miscompile}"; kind="${kind:-$tool}"
    if [ "$ok" = 1 ]; then printf 'PASS %-10s %s\n' "$kind" "$name"; pass=$((pass+1))
    else printf 'FAIL %-10s %s: %s\n' "$kind" "$name" "$why"; fail=$((fail+1)); failed+=("$name"); fi
done
echo "summary: $pass passed, $fail failed, ${#files[@]} total (runs per case: $runs)"
[ "$fail" = 0 ] || { printf 'failed: %s\n' "${failed[@]}"; exit 1; }

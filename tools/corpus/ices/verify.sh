#!/usr/bin/env bash
# Re-verify every ICE case of this corpus (or only the files given as arguments).
# A case reproduces when its `// cmd:` line, run with the file path appended in a
# fresh temporary directory with RUSTC_ICE=0, exits with status 101 and its stderr
# contains the `// ice:` substring. One rustc runs at a time.
# Usage: tools/corpus/ices/verify.sh [-n RUNS] [FILE.rs ...]
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runs=1
if [ "${1:-}" = "-n" ]; then runs="$2"; shift 2; fi
if [ "$#" -gt 0 ]; then files=("$@"); else
    mapfile -t files < <(find "$here/tune" "$here/heldout" "$here/heldout2" -name '*.rs' 2>/dev/null | sort)
fi
[ "${#files[@]}" -gt 0 ] || { echo "no cases found"; exit 2; }
pass=0; fail=0; failed=()
for f in "${files[@]}"; do
    f="$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"
    cmd="$(sed -n '1s#^// cmd: ##p' "$f")"
    ice="$(sed -n '2s#^// ice: ##p' "$f")"
    name="$(basename "$(dirname "$f")")/$(basename "$f")"
    if [ -z "$cmd" ] || [ -z "$ice" ]; then
        echo "FAIL $name: missing // cmd: or // ice: header"; fail=$((fail+1)); failed+=("$name"); continue
    fi
    ok=1; why=""
    for ((i = 1; i <= runs; i++)); do
        tmp="$(mktemp -d)"
        ( cd "$tmp" && RUSTC_ICE=0 timeout 300 bash -c "$cmd \"\$1\"" _ "$f" >stdout 2>stderr ); rc=$?
        if [ "$rc" != 101 ]; then ok=0; why="exit $rc (run $i)";
        elif ! grep -qF -- "$ice" "$tmp/stderr"; then ok=0; why="ICE substring not found (run $i)"; fi
        rm -rf "$tmp"
        [ "$ok" = 1 ] || break
    done
    if [ "$ok" = 1 ]; then echo "ok   $name"; pass=$((pass+1))
    else echo "FAIL $name: $why"; fail=$((fail+1)); failed+=("$name"); fi
done
echo "summary: $pass reproduced, $fail failed, ${#files[@]} total (runs per case: $runs)"
[ "$fail" = 0 ] || { printf 'failed: %s\n' "${failed[@]}"; exit 1; }

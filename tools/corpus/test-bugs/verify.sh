#!/usr/bin/env bash
# Re-verify the failing-test corpus (every case under tune/ and heldout/, or only the case
# directories given as arguments). One line per case and check.
#
# For each case, bug.json names the test, its input, the panic message (a substring) and
# the panic location (`<crate>-<version>/src/<file>:<line>:<col>`). Checks:
#   big      (default) gen.py writes tests/fixtures/big.<ext> with the trigger buried in it;
#            `cargo test` must fail, and its output must contain the message and location
#   filler   (--filler, or --all) big.<ext> without the trigger (gen.py --no-trigger):
#            `cargo test` must pass
#   trigger  (--trigger, or --all) the small tests/fixtures/trigger.<ext> copied to
#            big.<ext>: `cargo test` must fail the same way
# big.<ext> is left as gen.py writes it (with the trigger) afterwards.
#
# Builds run one at a time, each case in its own target directory under $TB_TARGET_DIR
# (default /tmp/tb-target), so the repository stays clean; the first build of a case
# downloads and compiles its dependencies.
#
# Usage: tools/corpus/test-bugs/verify.sh [--filler] [--trigger] [--all] [CASE_DIR ...]
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target_root="${TB_TARGET_DIR:-/tmp/tb-target}"
checks=(big)
cases=()
while [ "$#" -gt 0 ]; do
    case "$1" in
        --filler) checks+=(filler) ;;
        --trigger) checks+=(trigger) ;;
        --all) checks=(big filler trigger) ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) cases+=("$(cd "$1" && pwd)") ;;
    esac
    shift
done
if [ "${#cases[@]}" -eq 0 ]; then
    mapfile -t cases < <(find "$here/tune" "$here/heldout" -mindepth 1 -maxdepth 1 -type d | sort)
fi
[ "${#cases[@]}" -gt 0 ] || { echo "no cases found"; exit 2; }

field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1/bug.json" "$2"; }

# run_test CASE_DIR LOG: cargo test of the case; returns cargo's exit status.
run_test() {
    local dir="$1" log="$2" name
    name="$(basename "$dir")"
    ( cd "$dir" && RUST_BACKTRACE=0 CARGO_TARGET_DIR="$target_root/$name" \
        timeout 1200 cargo test --test parse -- --exact "$(field "$dir" test)" ) >"$log" 2>&1
}

pass=0; fail=0; failed=()
for dir in "${cases[@]}"; do
    rel="$(basename "$(dirname "$dir")")/$(basename "$dir")"
    if [ ! -f "$dir/bug.json" ]; then
        echo "FAIL $rel: no bug.json"; fail=$((fail+1)); failed+=("$rel"); continue
    fi
    input="$(field "$dir" input)"; trig="$(field "$dir" trigger_file)"
    msg="$(field "$dir" panic)"; loc="$(field "$dir" location)"
    big="$dir/tests/fixtures/$input"
    log="$(mktemp)"
    # The test finds its input through env!("CARGO_MANIFEST_DIR"), which cargo does not
    # rebuild for when a crate directory moves: make sure the test binary is rebuilt.
    touch "$dir/tests/parse.rs"
    for check in "${checks[@]}"; do
        why=""
        case "$check" in
            big) python3 "$here/gen.py" "$dir" >/dev/null || why="gen.py failed" ;;
            filler) python3 "$here/gen.py" --no-trigger "$dir" >/dev/null || why="gen.py failed" ;;
            trigger) cp "$dir/tests/fixtures/$trig" "$big" || why="no $trig" ;;
        esac
        size=$(stat -c %s "$big" 2>/dev/null || echo 0)
        if [ -z "$why" ]; then
            run_test "$dir" "$log"; rc=$?
            if [ "$check" = filler ]; then
                if [ "$rc" != 0 ]; then
                    why="test failed without the trigger (exit $rc): $(grep -m1 -A1 'panicked at' "$log" | tr '\n' ' ')"
                    [ -n "$(grep -m1 'panicked at' "$log")" ] || why="$why $(grep -m1 '^error' "$log")"
                fi
            elif [ "$rc" = 0 ]; then
                why="test passed"
            elif ! grep -qF -- "$loc" "$log"; then
                why="exit $rc, no panic at $loc: $(grep -m1 -A1 'panicked at' "$log" | tr '\n' ' ')"
                [ -n "$(grep -m1 'panicked at' "$log")" ] || why="$why $(grep -m1 '^error' "$log")"
            elif ! grep -qF -- "$msg" "$log"; then
                why="panicked at $loc without \"$msg\""
            fi
        fi
        if [ -z "$why" ]; then
            if [ "$check" = filler ]; then
                echo "ok   $rel [$check, $size bytes]: test passes"
            else
                echo "ok   $rel [$check, $size bytes]: panicked at $loc: $msg"
            fi
            pass=$((pass+1))
        else
            echo "FAIL $rel [$check, $size bytes]: $why"
            fail=$((fail+1)); failed+=("$rel [$check]")
        fi
    done
    if [ "${checks[*]}" != big ]; then
        python3 "$here/gen.py" "$dir" >/dev/null
    fi
    rm -f "$log"
done
echo "summary: $pass ok, $fail failed (${#cases[@]} cases; checks: ${checks[*]})"
[ "$fail" = 0 ] || { printf 'failed: %s\n' "${failed[@]}"; exit 1; }

#!/bin/sh
# sweep-cli.sh A B [FIX]: a campaign, not a suite (no `make test` runs it): the generated
# programs of seeds A..B (build/tests/fixgen) run through the command line as a user runs
# them, with FIX (default build/asan/fix: ASan and UBSan): `fix run` with --jobs 1 and 3,
# `--json` and `--html` (each compared with --jobs 1's where it must be the same), `fix
# explain`, and `fix repl` on `:load`, `:why` after each engine query and `:reload`.  A run
# fails on a sanitizer report, an exit status other than 0 or 1, a message without
# file:line:col ("error:" at the start of a line), output that --jobs changes, or answers
# that disagree (tests/sweep_check.py: `fixpoints f;` is appended for every f, and each bnb,
# lfp and gfp query on f must agree with it).  Prints the
# failing seeds with why, and "sweep: N passed, N failed".  Seeds are fixed; no verdict
# depends on time (no --timeout is given).
a=${1:?usage: sweep-cli.sh A B [FIX]}
b=${2:?usage: sweep-cli.sh A B [FIX]}
fix=${3:-build/asan/fix}
gen=${FIXGEN:-build/tests/fixgen}
[ -x "$fix" ] && [ -x "$gen" ] || { echo "sweep: $fix or $gen missing"; echo "sweep: 0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
export FIX_STDLIB=stdlib ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1

# bad NAME: why the run whose output is $tmp/NAME.out and status $tmp/NAME.rc fails, or nothing
bad() {
    rc=$(cat "$tmp/$1.rc")
    if grep -q -E 'AddressSanitizer|LeakSanitizer|runtime error:|ThreadSanitizer' "$tmp/$1.out"; then
        echo "$1: sanitizer: $(grep -m1 -E 'Sanitizer|runtime error' "$tmp/$1.out")"
    elif [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
        echo "$1: exit status $rc"
    elif grep -q -E '^(error|fix: error):' "$tmp/$1.out"; then
        echo "$1: an error without file:line:col: $(grep -m1 -E '^(fix: )?error:' "$tmp/$1.out")"
    fi
}

run() {       # run NAME ARGS...: stdout and stderr into $tmp/NAME.out
    name=$1; shift
    "$fix" "$@" >"$tmp/$name.out" 2>&1 </dev/null
    echo $? >"$tmp/$name.rc"
}

s=$a
while [ "$s" -le "$b" ]; do
    "$gen" "$s" >"$tmp/p.fix"
    sed -n 's/^fn \(f[0-9]*\)(.*/fixpoints \1;/p' "$tmp/p.fix" >>"$tmp/p.fix"
    why=
    run j1 run "$tmp/p.fix" --jobs 1 --html "$tmp/j1.html"
    run j3 run "$tmp/p.fix" --jobs 3 --html "$tmp/j3.html"
    run json1 run "$tmp/p.fix" --json --jobs 1
    run json3 run "$tmp/p.fix" --json --jobs 3
    run expl explain "$tmp/p.fix"
    grep -E '^(approx|refine|bnb) ' "$tmp/p.fix" | head -n 6 | sed 's/^/:why /; s/;$//' >"$tmp/why"
    { echo ":load $tmp/p.fix"; cat "$tmp/why"; echo ":reload"; cat "$tmp/why"; } >"$tmp/repl.in"
    "$fix" repl <"$tmp/repl.in" >"$tmp/repl.out" 2>&1
    echo $? >"$tmp/repl.rc"
    for n in j1 j3 json1 json3 expl repl; do
        w=$(bad "$n")
        [ -n "$w" ] && why="$why; $w"
    done
    python3 tests/sweep_check.py "$tmp/json1.out" >"$tmp/agree" || why="$why; answers disagree: $(head -n 1 "$tmp/agree")"
    cmp -s "$tmp/j1.out" "$tmp/j3.out" || why="$why; --jobs 3 prints otherwise than --jobs 1"
    cmp -s "$tmp/json1.out" "$tmp/json3.out" || why="$why; --json differs with --jobs 3"
    [ -f "$tmp/j1.html" ] && ! cmp -s "$tmp/j1.html" "$tmp/j3.html" && why="$why; --html differs with --jobs 3"
    if [ -n "$why" ]; then
        fail=$((fail + 1)); echo "FAIL seed $s$why"
    else
        pass=$((pass + 1))
    fi
    rm -f "$tmp"/*.html
    s=$((s + 1))
done
echo "sweep: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

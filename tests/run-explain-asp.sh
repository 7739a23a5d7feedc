#!/bin/sh
# run-explain-asp.sh FIX [COUNT [ASAN_FIX ASAN_COUNT]]: the explanations of `fix explain` replayed by an independent
# checker (tests/asp/explain_check.py): COUNT random ground programs (default 1500; normal,
# choice, constraints, weight bodies) against its own well-founded bound, brute-force stable
# models and least heights; the example encodings and the explain goldens' programs through
# gringo; and the minimal unsatisfiable sets of the unsatisfiable ones checked with clingo
# (the set has no model, each set with one rule removed has one); with ASAN_FIX, the first
# ASAN_COUNT random programs again under the sanitizers.  Prints
# "explain-asp: N passed, N failed".
set -u
fix=${1:-build/fix}
count=${2:-1500}
asan=${3:-}
asan_count=${4:-0}
pass=0; fail=0
run() {   # run ARGS...: one checker run, its counts added
    out=$(python3 tests/asp/explain_check.py "$fix" "$@" 2>&1)
    printf '%s\n' "$out" | grep -v '^explain-check:'
    p=$(printf '%s\n' "$out" | sed -n 's/^explain-check: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    f=$(printf '%s\n' "$out" | sed -n 's/^explain-check: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    [ -n "$p" ] || { echo "FAIL explain_check.py $*: no result"; p=0; f=1; }
    pass=$((pass + p)); fail=$((fail + f))
}
if ! command -v python3 >/dev/null 2>&1; then
    echo "explain-asp: skipped: python3 is not installed"; echo "explain-asp: 0 passed, 0 failed"; exit 0
fi
run "$count"
if [ -n "$asan" ]; then
    plain=$fix; fix=$asan
    run "$asan_count"
    fix=$plain
fi
if command -v gringo >/dev/null 2>&1; then
    run --lp examples/*.lp tests/golden/asp/explain/*.lp
else
    echo "explain-asp: encodings skipped: gringo is not installed (scripts/deps.sh installs it)"
fi
if command -v clingo >/dev/null 2>&1; then
    run --mus tests/golden/asp/explain/unsat.lp tests/golden/asp/explain/weights.lp \
        tests/golden/asp/explain/pigeon.lp tests/golden/asp/explain/sched.lp \
        tests/golden/asp/explain/oddloop.lp
else
    echo "explain-asp: minimal sets skipped: clingo is not installed (scripts/deps.sh installs it)"
fi
echo "explain-asp: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

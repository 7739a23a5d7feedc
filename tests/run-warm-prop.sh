#!/bin/sh
# run-warm-prop.sh FIX [N]: warm starts never change a result (docs/evaluator.md).  For N
# random programs (tests/warm/gen.py, seeds 1..N, default 40) of lfps inside two-parameter
# functions, the output with warm starts and memo (the default) must equal the output with
# --no-memo (every lfp from bot).  A rule of src/check/tone.c that is wrong (e.g. one that
# forgets that `minus` flips its right operand) makes some of them differ.  Skipped, with the
# reason, without python3.  Prints "warm-prop: N passed, N failed".
set -u
fix=${1:?usage: run-warm-prop.sh FIX [N]}
n=${2:-40}
suite=warm-prop
. "$(dirname "$0")/scratch.sh"
needs_tool python3 python3
warm=0
seed=1
while [ $seed -le "$n" ]; do
    python3 tests/warm/gen.py $seed > "$tmp/p.fix"
    timeout 60 "$fix" run --stats "$tmp/p.fix" > "$tmp/warm.out" 2> "$tmp/warm.err"; r1=$?
    timeout 60 "$fix" run --no-memo "$tmp/p.fix" > "$tmp/cold.out" 2> "$tmp/cold.err"; r2=$?
    if [ $r1 -ne $r2 ] || ! cmp -s "$tmp/warm.out" "$tmp/cold.out"; then
        fail=$((fail + 1)); echo "FAIL warm-prop: seed $seed: output differs from --no-memo (exit $r1, $r2)"
        diff "$tmp/cold.out" "$tmp/warm.out" | head -n 6
    else
        pass=$((pass + 1))
    fi
    w=$(awk '/^evaluator:/ { print $11 }' "$tmp/warm.err")
    warm=$((warm + ${w:-0}))
    seed=$((seed + 1))
done
echo "warm-prop: $warm warm starts in all"
# the programs must exercise the warm starts, or the test shows nothing
[ "$warm" -gt 0 ] || { fail=$((fail + 1)); echo "FAIL warm-prop: no warm start at all"; }
echo "warm-prop: $pass passed, $fail failed"
[ $fail -eq 0 ]

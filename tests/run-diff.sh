#!/bin/sh
# run-diff.sh [N [M]]: the differential tests of docs/testing.md: generated programs of seeds
# 1..N (default 20000; two processes, one per core, each a half), then the hand-written
# programs of tests/diff/cases and examples/, then seeds 1..M (default 200) under the
# sanitizers (build/tests/difftest-asan).  Seeds are fixed, so the verdict never depends on
# time.  (`make test` runs N = 2000, M = 100; `make test-long` the defaults.)
# Prints every failing program and "diff: N passed, N failed".
n=${1:-20000}
m=${2:-200}
half=$((n / 2))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
./build/tests/difftest --seeds 1 "$half" >"$tmp/a" 2>&1 &
./build/tests/difftest --seeds $((half + 1)) "$n" >"$tmp/b" 2>&1
wait
FIX_STDLIB=stdlib ./build/tests/difftest tests/diff/cases/*.fix examples/*.fix >"$tmp/c" 2>&1
./build/tests/difftest-asan --seeds 1 "$m" >"$tmp/d" 2>&1
pass=0; fail=0
for f in a b c d; do
    grep -E '^FAIL' "$tmp/$f" | head -n 20
    grep -E '^checked:' "$tmp/$f"
    line=$(grep -E '^diff: [0-9]+ passed, [0-9]+ failed' "$tmp/$f")
    if [ -z "$line" ]; then
        echo "FAIL run $f ended without its count:"; tail -n 5 "$tmp/$f"; fail=$((fail + 1)); continue
    fi
    p=$(echo "$line" | sed -E 's/diff: ([0-9]+) passed.*/\1/')
    q=$(echo "$line" | sed -E 's/.* ([0-9]+) failed/\1/')
    pass=$((pass + p)); fail=$((fail + q))
done
echo "diff: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

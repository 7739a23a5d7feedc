#!/bin/sh
# run-explain.sh [N]: the independent checker of explanations (tests/explain/check.py) on
# every example, the explain goldens, and the random programs of seeds 1..N (default 40) of
# build/tests/fixgen (finite lattices), each with `approx f; bnb f policy paper; bnb f;`
# added for every function f: L -> L it declares.  check.py replays each claim of `fix explain
# --json` against the model through `fix run` (docs/explain.md, "Checking an explanation"),
# and must reject the explanations of two files whose calls were made to claim other values.
# Prints "explain: P passed, F failed" (one check per file) and the claims counted.
fix=${FIX:-build/fix} gen=${FIXGEN:-build/tests/fixgen} n=${1:-40}
pass=0; fail=0; claims=0
for bin in "$fix" "$gen"; do
    [ -x "$bin" ] && continue
    echo "explain: $bin missing (make build/fix build/tests/fixgen)"; echo "explain: 0 passed, 1 failed"; exit 1
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
one() {
    if python3 tests/explain/check.py "$fix" "$1" >"$tmp/out" 2>&1; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); echo "FAIL $2"; head -n 12 "$tmp/out"
    fi
    c=$(sed -n 's/^explain-check: \([0-9]*\) claims.*/\1/p' "$tmp/out")
    claims=$((claims + ${c:-0}))
}
for f in examples/*.fix tests/golden/explain_*.fix; do
    [ -f "$f" ] && one "$f" "$f"
done
i=1
while [ "$i" -le "$n" ]; do
    "$gen" "$i" -f -q >"$tmp/p.fix" 2>/dev/null
    sed -n 's/^fn \([A-Za-z0-9_]*\)(x: \([A-Za-z0-9_]*\)): \2\( monotone\| antitone\)\{0,1\} =.*/approx \1;\nbnb \1 policy paper;\nbnb \1;/p' \
        "$tmp/p.fix" >"$tmp/q"
    if [ -s "$tmp/q" ]; then
        cat "$tmp/q" >>"$tmp/p.fix"
        one "$tmp/p.fix" "seed $i (see: $gen $i -f -q)"
    fi
    i=$((i + 1))
done
# the checker rejects explanations whose calls claim other values than the envelope's
for f in examples/pqrs.fix tests/golden/explain_bnb.fix; do
    if python3 tests/explain/check.py --tamper "$fix" "$f" >"$tmp/out" 2>&1; then
        fail=$((fail + 1)); echo "FAIL $f: tampered explanations accepted"; head -n 5 "$tmp/out"
    elif grep -q "REJECTED" "$tmp/out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); echo "FAIL $f: the tampered check failed without rejecting"; head -n 5 "$tmp/out"
    fi
done
echo "explain: $claims claims checked"
echo "explain: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

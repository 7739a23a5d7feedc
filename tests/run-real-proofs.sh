#!/bin/sh
# run-real-proofs.sh FIX [N]: what bnb proves on reals holds in exact arithmetic.  For N
# random files (tests/reals/gen.py, seeds 1..N, default 30) of functions of one real, some
# with terms that vanish exactly but not in doubles, and monotone cubics near the diagonal,
# every fixed point and enclosure that `fix run --json --trace` reports (results and node
# events) is checked with rational arithmetic (tests/reals/check.py).  A
# proof read off floating-point values (as before the interval evaluator decided them) is
# caught on several seeds.  Skipped, with the reason, without python3.  Prints
# "real-proofs: N passed, N failed".
set -u
fix=${1:?usage: run-real-proofs.sh FIX [N]}
n=${2:-30}
suite=real-proofs
. "$(dirname "$0")/scratch.sh"
needs_tool python3 python3
claims=0
seed=1
while [ $seed -le "$n" ]; do
    python3 tests/reals/gen.py $seed > "$tmp/r.fix"
    timeout 60 "$fix" run --json --trace "$tmp/r.fix" > "$tmp/r.json" 2> "$tmp/r.err"
    python3 tests/reals/check.py "$tmp/r.fix" "$tmp/r.json" > "$tmp/check.out"
    if grep -q '^WRONG' "$tmp/check.out"; then
        fail=$((fail + 1)); echo "FAIL real-proofs: seed $seed"; grep '^WRONG' "$tmp/check.out" | head -n 3
    else
        pass=$((pass + 1))
    fi
    c=$(sed -n 's/^claims \([0-9]*\),.*/\1/p' "$tmp/check.out")
    claims=$((claims + ${c:-0}))
    seed=$((seed + 1))
done
echo "real-proofs: $claims claims checked"
# the files must give proofs to check, or the test shows nothing
[ "$claims" -gt 0 ] || { fail=$((fail + 1)); echo "FAIL real-proofs: no claim at all"; }
echo "real-proofs: $pass passed, $fail failed"
[ $fail -eq 0 ]

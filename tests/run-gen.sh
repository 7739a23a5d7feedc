#!/bin/sh
# run-gen.sh [N]: generates the random programs of seeds 1..N (default 300) with
# build/tests/fixgen and type-checks each with `build/fix check`; a program refused, or a
# check that crashes, fails.  Builds nothing.  Prints "gen: P passed, F failed" and the
# seeds that failed.  FIXGEN_FLAGS passes options to the generator (e.g. "-f -d 6").
n=${1:-300}
fix=${FIX:-build/fix}
gen=${FIXGEN:-build/tests/fixgen}
[ -x "$fix" ] && [ -x "$gen" ] || { echo "gen: $fix or $gen missing (make build/fix build/tests/fixgen)"; echo "gen: 0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0; failed=
i=1
while [ "$i" -le "$n" ]; do
    # shellcheck disable=SC2086
    if "$gen" "$i" $FIXGEN_FLAGS >"$tmp/p.fix" && grep -q '^fn ' "$tmp/p.fix" \
        && "$fix" check "$tmp/p.fix" >"$tmp/out" 2>&1; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); failed="$failed $i"
    fi
    i=$((i + 1))
done
[ -z "$failed" ] || echo "gen: failed seeds:$failed (see: $gen SEED | $fix check /dev/stdin)"
echo "gen: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# shape.sh: shapes in time of `fix asp` (moved out of `make test`, which times nothing): the
# first model of one choice rule {a(1..N)}, a search N levels deep, in time linear in N: each
# search node costs what its split and propagation changed, not a pass over the N/64 words of
# the interval.  The first model at 4N may take about 4 times as long as at N (16 times if a
# node's cost grew with N again; the build before the in-place order took 15 times); the
# bound 10 leaves room for noise on a shared machine.  Best of 5 wall-clock runs each.
# usage: sh bench/asp/shape.sh [build/fix]; prints one line per shape, "ok" or "SLOW"; the
# exit status is 1 when one is SLOW.
set -u
FIX=${1:-build/fix}
OUT=build/bench/shape
mkdir -p "$OUT"
choice_aspif() {   # choice_aspif N FILE: {a(1..N)}. as aspif
    awk -v n="$1" 'BEGIN { printf "asp 1 0 0\n1 1 %d", n; for (i = 1; i <= n; i++) printf " %d", i
                           print " 0 0"; for (i = 1; i <= n; i++) printf "4 %d a(%d) 1 %d\n", length(i) + 3, i, i
                           print 0 }' > "$2"
}
best_ms() {   # best_ms FILE: the least wall time of 5 runs of fix asp --models 1, in ms
    best=""
    for r in 1 2 3 4 5; do
        t0=$(date +%s%N); timeout 60 "$FIX" asp --solver native --models 1 "$1" > /dev/null 2>&1 || { echo 999999; return; }
        t=$(( ($(date +%s%N) - t0) / 1000000 ))
        if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
    done
    echo "$best"
}
choice_aspif 50000 "$OUT/choice50k.aspif"
choice_aspif 200000 "$OUT/choice200k.aspif"
t1=$(best_ms "$OUT/choice50k.aspif"); t4=$(best_ms "$OUT/choice200k.aspif")
verdict=ok
[ "$t4" -le $((10 * t1 + 60)) ] || verdict=SLOW
echo "choice rule, first model: N = 50 000 $t1 ms, N = 200 000 $t4 ms (at most 10 times + 60 ms): $verdict"
all=$verdict
# N facts, N pairs p(I) | q(I) by default negation and N atoms a(I) :- i(I), b, not c of one
# body (one class of twins, equiv.c): the first model in time linear in N.  Once every fact,
# or every twin, was one atom with a rule per member, read through at each split: quadratic
# (N = 100 000: 6.2 s against 0.25).
if command -v gringo > /dev/null 2>&1; then
    for n in 25000 100000; do
        printf 'i(1..%d).\n{b;c}.\na(I) :- i(I), b, not c.\n:- not a(1).\np(I) :- i(I), not q(I).\nq(I) :- i(I), not p(I).\n' "$n" |
            gringo > "$OUT/twins$n.aspif" 2>/dev/null
    done
    t1=$(best_ms "$OUT/twins25000.aspif"); t4=$(best_ms "$OUT/twins100000.aspif")
    verdict=ok
    [ "$t4" -le $((10 * t1 + 60)) ] || verdict=SLOW
    echo "facts and twins, first model: N = 25 000 $t1 ms, N = 100 000 $t4 ms (at most 10 times + 60 ms): $verdict"
    [ "$verdict" = ok ] || all=SLOW
else
    echo "facts and twins: skipped (no gringo)"
fi
[ "$all" = ok ]

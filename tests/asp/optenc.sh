#!/bin/sh
# optenc.sh: optimisation against clingo under --solver native, for each --opt-strategy
# (none, bb, usc): the optimum (every priority level, highest first) and OPTIMUM FOUND of
#   - the optimisation encodings of the bench (bench/asp/optenc.c: job shop with three
#     priorities in two encodings, bin packing, timetabling with weak constraints at three
#     priorities, TSP) at small sizes, two instances each;
#   - random #minimize programs with up to three priorities, negative weights and negated
#     literals (optgen.awk);
# and the output of the job shop is the same on every run (byte for byte).
# usage: sh tests/asp/optenc.sh [FIX] [COUNT]; last line "N passed, N failed".
set -u
FIX=${1:-build/fix}
COUNT=${2:-12}
DIR=tests/asp
OUT=build/asp-optenc
mkdir -p "$OUT"
. tests/lib/asp.sh
need_clingo
need_gen bench-opt

optimum() {   # optimum FILE: the result word and clingo's summary line of the optimum
    awk '/^(OPTIMUM FOUND|SATISFIABLE|UNSATISFIABLE|UNKNOWN)$/ { r = $0 }
         /^Optimization : / { o = $0 } END { print r "/" o }' "$1"
}
same_optimum() {   # same_optimum FILE.lp LABEL
    timeout 120 clingo "$1" > "$OUT/c.out" 2>/dev/null
    want=$(optimum "$OUT/c.out")
    case $want in "OPTIMUM FOUND/Optimization : "*) ;; *) bad "$2: clingo gave $want"; return;; esac
    for s in "" --opt-strategy=bb --opt-strategy=usc; do
        # shellcheck disable=SC2086
        timeout 120 "$FIX" asp --solver native $s "$1" > "$OUT/f.out" 2>/dev/null
        got=$(optimum "$OUT/f.out")
        [ "$got" = "$want" ] && ok || { bad "$2 ${s:-(default)}: fix $got, clingo $want"; cp "$1" "$OUT/failed-$(basename "$1")"; }
    done
}

for inst in jobshop-4 jobshop-5 jobord-4 jobord-5 binpack-8 binpack-10 timetable-12 timetable-20 tsp-6 tsp-7; do
    for seed in 1 2; do
        build/bench-opt "${inst%-*}" "${inst#*-}" $seed > "$OUT/$inst-$seed.lp"
        same_optimum "$OUT/$inst-$seed.lp" "$inst seed $seed"
    done
done
i=1
while [ $i -le "$COUNT" ]; do
    awk -v seed=$((9500 + i)) -v n=18 -f "$DIR/optgen.awk" > "$OUT/r$i.lp"
    same_optimum "$OUT/r$i.lp" "random #minimize seed $((9500 + i))"
    i=$((i + 1))
done
"$FIX" asp --solver native "$OUT/jobshop-5-1.lp" > "$OUT/det1" 2>&1
"$FIX" asp --solver native "$OUT/jobshop-5-1.lp" > "$OUT/det2" 2>&1
cmp -s "$OUT/det1" "$OUT/det2" && ok || bad "jobshop-5: two runs print differently"
asp_summary
[ $fail -eq 0 ]

#!/bin/sh
# compare.sh OLD NEW: two builds of fix timed in alternating pairs (build/bench/pairtime: at
# least 7 pairs and 2 s, at most 51) on the same inputs, for a before/after of a change that
# should not change speed: `fix asp --solver native` on instances of bench/asp/encodings.c
# (each grounded once by gringo), the well-founded bound of a ladder and the first model of
# a 10^5-atom choice, and `fix run` on bench/eval/*.fix and three examples.  Prints one row
# per input: the median wall times of OLD and NEW in seconds, the median of the per-pair
# ratios OLD/NEW (above 1: NEW is faster), the pairs, the smallest and largest ratio.
# usage: sh bench/compare.sh OLD-FIX NEW-FIX
set -u
OLD=${1:?usage: compare.sh OLD-FIX NEW-FIX}
NEW=${2:?usage: compare.sh OLD-FIX NEW-FIX}
D=build/bench/compare
mkdir -p "$D"
cc -O2 -o build/bench-enc bench/asp/encodings.c || exit 1
cc -O2 -o build/bench-gen bench/asp/gen.c || exit 1
[ -x build/bench/pairtime ] || make -s build/bench/pairtime || exit 1
row() { name=$1; shift; printf '%s ' "$name"; build/bench/pairtime -r 7 -s 2 -l 120 "$OLD" "$@" -- "$NEW" "$@"; }
for spec in pigeon:9 sat:150 sat:200 color4:100 queens:30 sudoku:4 ham:60 indep:100 knapsack:26 tsp:8 strategic:40; do
    fam=${spec%%:*}; n=${spec#*:}
    build/bench-enc "$fam" "$n" > "$D/$fam-$n.lp"
    gringo "$D/$fam-$n.lp" > "$D/$fam-$n.aspif" 2>/dev/null || { echo "$fam-$n: gringo failed"; continue; }
    case $fam in tsp|strategic) m=0;; *) m=1;; esac
    row "asp-native $fam-$n" asp --solver native --models $m "$D/$fam-$n.aspif"
done
build/bench-gen ladder 1000 > "$D/ladder.lp" && gringo "$D/ladder.lp" > "$D/ladder.aspif"
row "asp wf ladder-1000" asp --wf "$D/ladder.aspif"
echo '{a(1..100000)}.' > "$D/choice.lp" && gringo "$D/choice.lp" > "$D/choice.aspif"
row "asp choice-1e5 first" asp --solver native --models 1 "$D/choice.aspif"
for f in bench/eval/*.fix examples/tour.fix examples/speculative.fix examples/nash.fix; do
    row "run $f" run "$f"
done

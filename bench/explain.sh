#!/bin/sh
# explain.sh [FIX]: the cost of explanations (issue 32): `fix explain --wf` (every shown
# atom of the program explained in the well-founded bound, text and --json) against
# `fix asp --wf` (the bound alone) on the 100 000-rule ladder and mixed programs of
# bench/asp/gen.c, grounded once; timed in alternating pairs by build/bench/pairtime (at least
# BENCH_MIN_RUNS pairs, default 5, and until BENCH_RUN_SECONDS, default 2, have passed).
# Prints a markdown table: the medians and the median of the pair ratios.
set -u
FIX=${1:-build/fix}
OUT=build/bench
mkdir -p "$OUT"
[ -x build/bench-gen ] || cc -O2 -o build/bench-gen bench/asp/gen.c || exit 1
[ -x build/bench/pairtime ] || make -s build/bench/pairtime || exit 1
pairs() { build/bench/pairtime -r "${BENCH_MIN_RUNS:-5}" -s "${BENCH_RUN_SECONDS:-2}" -l 120 "$@"; }
echo "| program | ground rules | form | fix explain --wf (s) | fix asp --wf (s) | explain/wf | pairs | output |"
echo "|---|---:|---|---:|---:|---:|---:|---:|"
for name in ladder mixed; do
    build/bench-gen $name 100000 > "$OUT/explain-$name.lp"
    gringo "$OUT/explain-$name.lp" > "$OUT/explain-$name.aspif" 2>/dev/null || { echo "explain: gringo failed on $name"; continue; }
    rules=$(grep -c '^1 ' "$OUT/explain-$name.aspif")
    for form in text json; do
        opt=""; [ $form = json ] && opt=--json
        bytes=$("$FIX" explain --wf $opt "$OUT/explain-$name.aspif" | wc -c)
        read -r te tw r n _ <<EOF2
$(pairs "$FIX" explain --wf $opt "$OUT/explain-$name.aspif" -- "$FIX" asp --wf "$OUT/explain-$name.aspif")
EOF2
        echo "| $name | $rules | $form | $te | $tw | $r | $n | $bytes bytes |"
    done
done

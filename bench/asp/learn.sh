#!/bin/sh
# learn.sh: conflict-driven learning on hard search (the first model or its absence):
# `fix asp --solver native --models 1` with learning (the default) and with --no-learn,
# against `clingo 1`, on instances of bench/asp/encodings.c, each grounded once by gringo,
# every run stopped after BENCH_LEARN_TIMEOUT seconds (default 20).  The answers must agree
# (SATISFIABLE / UNSATISFIABLE); the last column says which run did not.
# Writes a markdown table to stdout.
# usage: sh bench/asp/learn.sh [FIX] [FAMILY:N ...]   (default: pigeon 6-9, sat 50-150)
set -u
FIX=${1:-build/fix}
[ $# -gt 0 ] && shift
LIST=${*:-"pigeon:6 pigeon:7 pigeon:8 pigeon:9 sat:50 sat:75 sat:100 sat:125 sat:150"}
LIMIT=${BENCH_LEARN_TIMEOUT:-20}
OUT=build/bench/learn
mkdir -p "$OUT"
cc -O2 -o build/bench-enc bench/asp/encodings.c || exit 1

. bench/asp/timing.sh
result() { grep -m 1 -E '^(SATISFIABLE|UNSATISFIABLE|UNKNOWN)$' "$1" || echo "-"; }
stat() { sed -n "s/^$2 *: \([0-9]*\).*/\1/p" "$1" | head -n 1; }

echo "| instance | clingo s | fix s | fix --no-learn s | fix/clingo | no-learn/clingo | conflicts (fix / clingo) | answer |"
echo "|---|---|---|---|---|---|---|---|"
for item in $LIST; do
    fam=${item%%:*}; n=${item##*:}
    build/bench-enc "$fam" "$n" > "$OUT/p.lp"
    gringo "$OUT/p.lp" > "$OUT/p.aspif" 2> /dev/null || { echo "| $fam-$n | gringo failed |"; continue; }
    c=$(timed "$OUT/c.out" clingo --mode=clasp --stats 1 "$OUT/p.aspif")
    f=$(timed "$OUT/f.out" "$FIX" asp --solver native --stats --models 1 "$OUT/p.aspif")
    g=$(timed "$OUT/g.out" "$FIX" asp --solver native --no-learn --models 1 "$OUT/p.aspif")
    rc=$(result "$OUT/c.out"); rf=$(result "$OUT/f.out"); rg=$(result "$OUT/g.out")
    agree=$rc
    [ "$f" != timeout ] && [ "$rf" != "$rc" ] && agree="DIFFER (fix: $rf)"
    [ "$g" != timeout ] && [ "$rg" != "$rc" ] && agree="DIFFER (no-learn: $rg)"
    echo "| $fam-$n | $c | $f | $g | $(ratio "$f" "$c") | $(ratio "$g" "$c") | $(stat "$OUT/f.out" Conflicts) / $(stat "$OUT/c.out" Conflicts) | $agree |"
done

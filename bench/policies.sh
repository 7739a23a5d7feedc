#!/bin/sh
# policies.sh FIX REPEAT: part of `make bench` (bench/run.sh calls it): bnb's two search
# policies side by side in one run (docs/aft.md, "Two search policies").  Every file with a
# `bnb` query (examples/*.fix, the cases of issue 31 in tests/golden/bnb_*.fix, and random
# finite functions made here from a fixed seed) runs once with every `bnb` query given
# `policy paper` and once with `policy isolate`; per file the best wall time of REPEAT runs
# of each, their ratio, and S(Final) summed over the file's bnb queries (from --json).
# Prints a Markdown table and a total line.
set -u
FIX=${1:-build/fix}
REPEAT=${2:-3}
OUT=build/bench/policies
mkdir -p "$OUT"

# with POLICY FILE: FILE with every one-line `bnb` query given `policy POLICY` (one it had
# is replaced), into $OUT
with() {
    dst="$OUT/$(basename "${2%.fix}")-$1.fix"
    sed -e '/^bnb /s/ policy [a-z]*//' -e "/^bnb /s/;\\([^;]*\\)\$/ policy $1;\\1/" "$2" > "$dst"
    echo "$dst"
}

# random N SEED: a file of four non-monotone functions on range 0..N-1 (polynomials mod N,
# with some points made fixed) and their bnb queries
random() {
    awk -v n="$1" -v seed="$2" 'BEGIN {
        srand(seed)
        printf "lattice R = range 0..%d;\n", n - 1
        for (k = 1; k <= 4; k++) {
            a = int(rand() * n); b = int(rand() * n); c = int(rand() * n)
            p = int(rand() * n); q = int(rand() * n)
            printf "fn f%d(x: R): R = if x == %d or x == %d then x else (%d * x * x + %d * x + %d) mod %d;\n", k, p, q, a, b, c, n
            printf "bnb f%d;\n", k
        }
    }'
}

. bench/asp/timing.sh       # now, best_run
# sfinal FILE: S(Final) summed over the file's bnb results (JSON), and how many are complete
sfinal() {
    "$FIX" run "$1" --json 2>/dev/null | awk '
        /^\{"query":"bnb"/ {
            if (match($0, /"S_final":\{"size":[^,]*,"log2_size":[-0-9.e+]*/)) {
                v = substr($0, RSTART, RLENGTH); sub(/.*"log2_size":/, "", v); s += 2 ^ v
            }
            if (index($0, "\"complete\":true")) c++
            n++
        }
        END { printf "%.0f %d/%d", s, c, n }'
}

i=0
for n in 16 64 256 1024; do
    for seed in 1 2; do
        random "$n" "$((n * 10 + seed))" > "$OUT/random-$n-$seed.fix"
    done
done
echo "| file | paper (s) | isolate (s) | isolate/paper | S(Final) paper | S(Final) isolate | complete paper | complete isolate |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
tp=0; ti=0
for f in $(grep -l '^bnb ' examples/*.fix tests/golden/bnb_policies.fix tests/golden/bnb_isolate_*.fix \
               tests/golden/bnb_crawl.fix tests/golden/bnb_tangency.fix) "$OUT"/random-*.fix; do
    case $f in "$OUT"/*-paper.fix|"$OUT"/*-isolate.fix) continue ;; esac
    p=$(with paper "$f"); q=$(with isolate "$f")
    t1=$(best_run "$p"); t2=$(best_run "$q")
    set -- $(sfinal "$p") $(sfinal "$q")
    echo "| ${f#"$OUT"/} | $t1 | $t2 | $(awk -v a="$t2" -v b="$t1" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }') | $1 | $3 | $2 | $4 |"
    tp=$(awk -v a="$tp" -v b="$t1" 'BEGIN { print a + b }'); ti=$(awk -v a="$ti" -v b="$t2" 'BEGIN { print a + b }')
    i=$((i + 1))
done
echo
echo "$i files: paper $tp s, isolate $ti s in all (isolate/paper $(awk -v a="$ti" -v b="$tp" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'))."

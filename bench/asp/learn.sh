#!/bin/sh
# learn.sh: conflict-driven learning on hard search (the first model or its absence):
# `fix asp --solver native --models 1` against `clingo 1` on instances of
# bench/asp/encodings.c, each grounded once by gringo, every run stopped after
# BENCH_LEARN_TIMEOUT seconds (default 20).  Each FAMILY:N is run on BENCH_LEARN_SEEDS
# instances (default 10; seed 0 is the suite's instance, pigeon has only that one); one
# row per size: the median times, the geometric mean, median and worst of the ratio
# fix/clingo (times below 0.01 s count as 0.01 s, a fix timeout as the limit: then the
# ratio is a lower bound, marked >), how many instances clingo solves in under 10 s on
# which fix takes more than 3 times as long, and the answers (SATISFIABLE / UNSATISFIABLE)
# counted; a run whose answer differs from clingo's is listed after the table.
# BENCH_LEARN_NOLEARN=1 also runs fix --no-learn (its geometric mean ratio is a column).
# Writes a markdown table to stdout.
# usage: sh bench/asp/learn.sh [FIX] [FAMILY:N ...]   (default: pigeon 6-9, sat 50-150)
set -u
FIX=${1:-build/fix}
[ $# -gt 0 ] && shift
LIST=${*:-"pigeon:6 pigeon:7 pigeon:8 pigeon:9 sat:50 sat:100 sat:150"}
LIMIT=${BENCH_LEARN_TIMEOUT:-20}
SEEDS=${BENCH_LEARN_SEEDS:-10}
NOLEARN=${BENCH_LEARN_NOLEARN:-0}
OUT=build/bench/learn
mkdir -p "$OUT"
cc -O2 -o build/bench-enc bench/asp/encodings.c || exit 1

. bench/asp/timing.sh
result() { grep -m 1 -E '^(SATISFIABLE|UNSATISFIABLE|UNKNOWN)$' "$1" || echo "-"; }

# summary FILE: one table row from lines "clingo_s fix_s nolearn_s answer" (times may be
# "timeout"); the instance's name is the fifth field.
summary() {
    awk -v limit="$LIMIT" -v nolearn="$NOLEARN" '
    function t(x) { return x == "timeout" ? limit : (x < 0.01 ? 0.01 : x) }
    function median(a, n,   i, j, x) {
        for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
        n++; c[n] = t($1); f[n] = t($2); r[n] = f[n] / c[n]; lg += log(r[n]); fo = fo || $2 == "timeout"
        if ($1 != "timeout") lgn += log(t($3) / c[n])
        if (r[n] > worst) { worst = r[n]; wname = $5; wto = $2 == "timeout" }
        if ($1 != "timeout" && $1 < 10 && r[n] > 3) over++
        ans[$4]++; to += $2 == "timeout"; cto += $1 == "timeout"
    }
    END {
        for (i = 1; i <= n; i++) rr[i] = r[i]
        mc = median(c, n); mf = median(f, n); mr = median(rr, n)
        a = ""; for (k in ans) a = a (a == "" ? "" : ", ") ans[k] " " k
        printf "| %.3f | %.3f | %s%.2f | %.2f | %s%.2f (%s) | %d | %d / %d |", mc, mf, fo ? ">" : "", exp(lg / n), mr,
               wto ? ">" : "", worst, wname, over, to, cto
        if (nolearn == 1) printf " %.2f |", exp(lgn / n)
        printf " %s |\n", a
    }' "$1"
}

hdr="| instance | n | clingo median s | fix median s | fix/clingo geo. mean | median | worst (seed) | >3x (clingo < 10 s) | timeouts fix / clingo |"
sep="|---|---|---|---|---|---|---|---|---|"
[ "$NOLEARN" = 1 ] && { hdr="$hdr no-learn/clingo geo. mean |"; sep="$sep---|"; }
echo "$hdr answers |"
echo "$sep---|"
: > "$OUT/differ"
for item in $LIST; do
    fam=${item%%:*}; n=${item##*:}
    seeds=$(seq 0 $((SEEDS - 1)))
    [ "$fam" = pigeon ] && seeds=0
    : > "$OUT/rows"
    for seed in $seeds; do
        build/bench-enc "$fam" "$n" "$seed" > "$OUT/p.lp"
        gringo "$OUT/p.lp" > "$OUT/p.aspif" 2> /dev/null || { echo "$fam-$n seed $seed: gringo failed" >> "$OUT/differ"; continue; }
        c=$(timed "$OUT/c.out" clingo --mode=clasp 1 "$OUT/p.aspif")
        f=$(timed "$OUT/f.out" "$FIX" asp --solver native --models 1 "$OUT/p.aspif")
        g=timeout; rg=-
        if [ "$NOLEARN" = 1 ]; then
            g=$(timed "$OUT/g.out" "$FIX" asp --solver native --no-learn --models 1 "$OUT/p.aspif")
            rg=$(result "$OUT/g.out")
        fi
        rc=$(result "$OUT/c.out"); rf=$(result "$OUT/f.out")
        [ "$f" != timeout ] && [ "$c" != timeout ] && [ "$rf" != "$rc" ] && echo "$fam-$n seed $seed: fix $rf, clingo $rc" >> "$OUT/differ"
        [ "$g" != timeout ] && [ "$c" != timeout ] && [ "$rg" != "$rc" ] && echo "$fam-$n seed $seed: fix --no-learn $rg, clingo $rc" >> "$OUT/differ"
        case "$f$c" in *error*|*refused*) echo "$fam-$n seed $seed: fix $f, clingo $c" >> "$OUT/differ"; continue;; esac
        echo "$c $f $g $rc $seed" >> "$OUT/rows"
    done
    [ -s "$OUT/rows" ] && echo "| $fam-$n | $(wc -l < "$OUT/rows") $(summary "$OUT/rows")"
done
if [ -s "$OUT/differ" ]; then echo; echo "Differences or failures:"; sed 's/^/- /' "$OUT/differ"; fi

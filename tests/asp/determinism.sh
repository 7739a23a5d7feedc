#!/bin/sh
# determinism.sh: `fix asp` with its default options prints the same bytes on every run,
# whatever the machine's load (issue 28, item 5): every examples/*.lp (all models, the first
# model, optN where there is a #minimize) and the bench programs (bench/asp/gen.c and the
# standard encodings of bench/asp/encodings.c, in bench/asp/suite.sh's modes, and all models
# or optN where that stays small), with #project, and with a hand-over to clingo (a small
# --hand-over, in the middle of an enumeration and of an optimisation), while a busy loop
# this test starts (and kills) keeps a core busy.  With the default options each program runs
# RUNS times (ASP_DETERMINISM_RUNS, 20; one of a tenth of a second or more SLOW_RUNS, 3), the
# other modes MODE_RUNS times (5).  Each run's standard output and error must equal the first
# run's, byte for byte.
# usage: sh tests/asp/determinism.sh [build/fix]; last line "N passed, N failed".
set -u
FIX=${1:-build/fix}
OUT=build/asp-tests/determinism
RUNS=${ASP_DETERMINISM_RUNS:-20}
SLOW_RUNS=${ASP_DETERMINISM_SLOW_RUNS:-3}
MODE_RUNS=${ASP_DETERMINISM_MODE_RUNS:-5}
mkdir -p "$OUT"
. tests/lib/asp.sh

need_gen

# The load: one busy loop, its pid known, killed on every way out.
sh -c 'while :; do :; done' &
busy=$!
trap 'kill $busy 2>/dev/null' EXIT
trap 'kill $busy 2>/dev/null; exit 1' INT TERM

same() {   # same N LABEL ARGS...: N runs of fix asp ARGS give the first run's bytes
    n=$1; label=$2; shift 2
    "$FIX" asp "$@" > "$OUT/first" 2>&1
    i=2; diff=""
    while [ $i -le "$n" ]; do
        "$FIX" asp "$@" > "$OUT/again" 2>&1
        cmp -s "$OUT/first" "$OUT/again" || { diff="run $i"; break; }
        i=$((i + 1))
    done
    if [ -z "$diff" ] && grep -qE '^(SATISFIABLE|UNSATISFIABLE|OPTIMUM FOUND)$' "$OUT/first"; then ok
    else
        bad "$label: ${diff:-no answer} differs from run 1"
        diff "$OUT/first" "$OUT/again" | head -n 6
    fi
}

for f in examples/*.lp; do
    same "$RUNS" "$f" "$f"
    same "$MODE_RUNS" "$f -n 1" -n 1 "$f"
    grep -qE '#minimize|#maximize|:~' "$f" && same "$MODE_RUNS" "$f optN" --opt-mode=optN "$f"
done

# bench/asp/gen.c: all models (bench/run.sh's programs of a second or less)
for spec in pairs:12 pairs:16 queens:6 queens:8 queens:10 ham:20 strip:100 strip:1000 \
            strip:3000 ladder:1000 ladder:50000 mixed:50000; do
    name=${spec%%:*}-${spec##*:}
    build/bench-gen "${spec%%:*}" "${spec##*:}" > "$OUT/$name.lp"
    gringo "$OUT/$name.lp" > "$OUT/$name.aspif"
    case $name in pairs-16|strip-*000|ladder-50000|mixed-50000) n=$SLOW_RUNS;; *) n=$RUNS;; esac
    same "$n" "$name" "$OUT/$name.aspif"
done

# bench/asp/encodings.c in suite.sh's modes (first: --models 1, opt, all), the instances that
# take fix a second or less; then all models or optN of some.
enc() {   # enc FAMILY N RUNS ARGS...
    name=$1-$2; runs=$3; shift 3
    [ -f "$OUT/$name.aspif" ] || { build/bench-enc "${name%-*}" "${name##*-}" > "$OUT/$name.lp"
                                  gringo "$OUT/$name.lp" > "$OUT/$name.aspif" 2>/dev/null; }
    same "$runs" "$name $*" "$@" "$OUT/$name.aspif"
}
while read -r family mode sizes; do
    for n in $sizes; do
        runs=$RUNS
        case $n in *s) runs=$SLOW_RUNS; n=${n%s};; esac
        case $mode in first) enc "$family" "$n" "$runs" -n 1;; *) enc "$family" "$n" "$runs";; esac
    done
done <<'EOF'
color3     first  50 100 200
color4     first  60 100 140
queens     first  10 30 50
sudoku     first  3 4 5s
knapsack   first  20 26 30s
indep      first  40 100 200
vcover     opt    20 40 60s
tsp        opt    6 8 10
disjcolor  first  50 100 200
strategic  all    20 40 60s
pigeon     first  7 8s 9s
sat        first  50 100 150 200s
ham        first  20 60 100
EOF
enc queens 10 "$MODE_RUNS" -n 0
enc sat 100 "$MODE_RUNS" -n 0
enc color3 50 "$MODE_RUNS" -n 0
enc tsp 8 "$MODE_RUNS" --opt-mode=optN
enc vcover 20 "$MODE_RUNS" --opt-mode=optN
enc knapsack 20 "$MODE_RUNS" -n 3

# #project and #minimize with #project, generated (tests/asp/gen.c's families)
for seed in 1 2 3; do
    build/asp-gen -f proj,bounds $((5000 + seed)) 24 50 > "$OUT/proj$seed.lp"
    same "$RUNS" "#project seed $seed" "$OUT/proj$seed.lp"
    build/asp-gen -f min,proj,count $((6000 + seed)) 24 50 > "$OUT/minproj$seed.lp"
    same "$RUNS" "#minimize and #project seed $seed" "$OUT/minproj$seed.lp"
    same "$MODE_RUNS" "#minimize and #project seed $seed optN" --opt-mode=optN "$OUT/minproj$seed.lp"
done

# a hand-over to clingo: in the middle of an enumeration, of an optimisation, of optN
enc queens 10 "$MODE_RUNS" -n 0 --hand-over 50
enc tsp 10 "$MODE_RUNS" --hand-over 200
enc vcover 40 "$MODE_RUNS" --opt-mode=optN --hand-over 100
enc sat 150 "$MODE_RUNS" -n 1 --hand-over 1000 --no-learn

kill $busy 2>/dev/null
asp_summary

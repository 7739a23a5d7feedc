#!/bin/sh
# opt.sh: the optimisation family of `make bench`: job shop with three priorities (time-indexed
# and order encodings), bin packing, timetabling with weak constraints at three priorities,
# and TSP (bench/asp/optenc.c, instances sized so that clingo takes about 0.5-5 s on a quiet
# machine; the last size of each family, clingo 0.5-2.5 s CPU, is a larger one), each grounded
# once by gringo; on the same aspif file clingo (--mode=clasp, the optimum: its default
# --opt-mode=opt) against `fix asp --solver native` with each --opt-strategy of
# BENCH_OPT_STRATEGIES (default bb, the one fix has: usc runs it too), timed in alternating
# pairs by build/bench/pairtime (at least BENCH_MIN_RUNS pairs, default 3, and
# BENCH_RUN_SECONDS, default 0.5; a run longer than BENCH_OPT_TIMEOUT seconds, default 60,
# ends the timing).  The times are the pairs' medians and the ratio the median of the pair
# ratios (fix/clingo; goal: at most 1.2).  Before the timing each run's answer is checked
# against clingo's (OPTIMUM FOUND and the optimisation line, every priority level): the
# column "agree" says "yes" or which strategies did not.
# Prints the markdown table to stdout.  A size N/S is size N of seed S (optenc's third
# argument), named family-N-sS.  BENCH_OPT_ONLY="jobshop-9 tsp-14 jobord-11-s4" runs just
# those instances (family-size or family-size-sSEED, any size).
# usage: sh bench/opt.sh [FIX]   (bench/run.sh, so `make bench`, runs it and puts the table in
# bench/RESULTS.md; alone, after `make build/fix build/bench/pairtime`, it prints the table)
set -u
FIX=${1:-build/fix}
LIMIT=${BENCH_OPT_TIMEOUT:-60}
OUT=build/bench/opt
mkdir -p "$OUT"
for tool in gringo clingo; do
    command -v $tool >/dev/null 2>&1 || { echo "bench/opt.sh: $tool not found"; exit 1; }
done
sh tests/asp/build-gen.sh bench-opt || exit 1
[ -x build/bench/pairtime ] || make -s build/bench/pairtime || exit 1
STRATEGIES=${BENCH_OPT_STRATEGIES:-bb}     # the --opt-strategy values to time, each its columns

answer() {   # answer FILE: the result word and the last optimisation line
    awk '/^(OPTIMUM FOUND|SATISFIABLE|UNSATISFIABLE|UNKNOWN)$/ { r = $0 }
         /^Optimization: / { o = $0 } END { print r "/" o }' "$1"
}

run_one() {   # run_one NAME FAMILY N [SEED]
    f=$OUT/$1
    build/bench-opt "$2" "$3" ${4:+"$4"} > "$f.lp"
    gringo "$f.lp" > "$f.aspif" 2> /dev/null || { echo "| $1 | gringo failed |"; return; }
    rules=$(grep -c '^1 ' "$f.aspif")
    timeout "$LIMIT" clingo --mode=clasp "$f.aspif" > "$f.clingo" 2>&1
    want=$(answer "$f.clingo")
    row="| $1 | $rules | ${want#*/Optimization: } "
    differ=""; first=yes
    for s in $STRATEGIES; do
        sopt="--opt-strategy=$s"
        # shellcheck disable=SC2086
        timeout "$LIMIT" "$FIX" asp --solver native $sopt "$f.aspif" > "$f.$s" 2>&1
        [ "$(answer "$f.$s")" = "$want" ] || differ="$differ $s"
        # shellcheck disable=SC2086
        set -- $(build/bench/pairtime -r "${BENCH_MIN_RUNS:-3}" -s "${BENCH_RUN_SECONDS:-0.5}" \
            -l "$LIMIT" "$FIX" asp --solver native $sopt "$f.aspif" -- clingo --mode=clasp "$f.aspif")
        [ -n "$first" ] && row="$row| $2 "       # clingo's median, once
        first=""
        row="$row| $1 | $3 "
    done
    echo "$row| ${differ:-yes} |"
}

head="| program | ground rules | clingo's optimum | clingo (s) "
rule="|---|---:|---|---:"
for s in $STRATEGIES; do head="$head| fix $s (s) | $s/clingo "; rule="$rule|---:|---:"; done
echo "$head| agree |"
echo "$rule|---|"
while read -r family sizes; do
    case $family in ''|'#'*) continue;; esac
    if [ -n "${BENCH_OPT_ONLY:-}" ]; then
        for want in $BENCH_OPT_ONLY; do
            case $want in
            "$family"-[0-9]*-s[0-9]*) size=${want#"$family"-}
                run_one "$want" "$family" "${size%-s*}" "${size#*-s}";;
            "$family"-[0-9]*) run_one "$want" "$family" "${want#"$family"-}";;
            esac
        done
        continue
    fi
    for n in $sizes; do
        case $n in
        */*) run_one "$family-${n%/*}-s${n#*/}" "$family" "${n%/*}" "${n#*/}";;
        *) run_one "$family-$n" "$family" "$n";;
        esac
    done
done <<'EOF'
# family   sizes (N/S: size N of seed S)
jobshop    7 8 9 9/4
jobord     8 9 11/4
binpack    15 16 17
timetable  100 150 200
tsp        12 14 15
EOF

#!/bin/sh
# suite.sh: the standard-encodings part of `make bench`: 15 encodings (bench/asp/encodings.c)
# with instances of growing size, each grounded once by gringo; then, on the same aspif file,
# one timed run each of clingo, `fix asp --solver native`, `fix asp --solver clingo`, `fix asp
# --emit` followed by `clingo --mode=clasp` on its output, and `fix asp` (--solver auto, the
# default; only when fix has --solver), every run stopped after BENCH_SUITE_TIMEOUT seconds
# (default 10).  Mode "first": the first model (clingo 1, fix --models 1); "all": every model;
# "opt": the optimum (clingo's default --opt-mode=opt, fix --models 0).  The answers must
# agree (result, model count, optimum): the last column says which run did not.  A row where
# clingo and fix native both took under 0.5 s is timed again by build/bench/pairtime (clingo
# against fix native, and against fix auto when that too took under 0.5 s; alternating pairs,
# at least BENCH_MIN_RUNS pairs, default 3, and BENCH_RUN_SECONDS, default 0.5): those times
# are the pairs' medians, native/clingo and auto/clingo the medians of the pair ratios, the
# other ratios are against the clingo median, and the name is marked "(paired)".
# Writes the markdown table to stdout.  BENCH_SUITE_SMALL=1 runs the smallest size of each
# encoding only (a quick check of the script); BENCH_SUITE_ONLY="tsp-16 vcover-60" runs just
# those instances (family-size, any size) instead of the table below.
# usage: sh bench/asp/suite.sh [FIX]
set -u
FIX=${1:-build/fix}
LIMIT=${BENCH_SUITE_TIMEOUT:-10}
OUT=build/bench/suite
mkdir -p "$OUT"
cc -O2 -o build/bench-enc bench/asp/encodings.c || exit 1
[ -x build/bench/pairtime ] || make -s build/bench/pairtime || exit 1
help=$("$FIX" asp --help 2>&1)
NATIVE=""; SOLVER=""
case "$help" in *--solver*) NATIVE="--solver native"; SOLVER=yes;; esac

. bench/asp/timing.sh
answer() {   # answer FILE: result word, model count and last optimisation line, on one line
    awk '/^(SATISFIABLE|UNSATISFIABLE|OPTIMUM FOUND|UNKNOWN)$/ { r = $0 }
         /^Models/ { m = $3 } /^Optimization: / { o = $0 }
         END { print r "/" m "/" o }' "$1"
}
# fix asp --emit, then clingo on its output, as one command for timeout:
# sh -c "$EMIT_CLINGO" sh FIX ASPIF N EMITTED-FILE
EMIT_CLINGO='"$1" asp --emit "$2" > "$4" && clingo --mode=clasp "$3" "$4"'

under_half() { case $1 in *[a-z-]*) return 1;; esac; awk -v t="$1" 'BEGIN { exit !(t < 0.5) }'; }
pairs() { build/bench/pairtime -r "${BENCH_MIN_RUNS:-3}" -s "${BENCH_RUN_SECONDS:-0.5}" -l "$LIMIT" "$@"; }
agree() {   # agree RUN TIME MODE: adds RUN to $differ when its answer is not clingo's ($want)
    case $2 in *[a-z-]*) return;; esac
    got=$(answer "$f.$1"); w=$want
    case $3 in
        first) w=${w%%/*}; got=${got%%/*} ;;                       # the result word
        opt) w="${w%%/*}/${w##*/}"; got="${got%%/*}/${got##*/}" ;;  # result and optimum
    esac
    [ "$got" = "$w" ] || differ="$differ $1"
}

run_one() {   # run_one NAME FAMILY N MODE
    name=$1; f=$OUT/$1
    build/bench-enc "$2" "$3" > "$f.lp"
    gringo "$f.lp" > "$f.aspif" 2> /dev/null || { echo "| $name | gringo failed |"; return; }
    rules=$(grep -c '^1 ' "$f.aspif")
    case $4 in first) cl=1; fx="--models 1";; *) cl=0; fx="--models 0";; esac
    case "$4:$help" in opt:*--opt-mode*) fx="$fx --opt-mode=opt";; esac
    t_cl=$(timed "$f.clingo" clingo --mode=clasp $cl "$f.aspif")
    # shellcheck disable=SC2086
    t_nat=$(timed "$f.native" "$FIX" asp $NATIVE $fx "$f.aspif")
    t_sc="-"; t_auto="-"
    if [ -n "$SOLVER" ]; then
        # shellcheck disable=SC2086
        t_sc=$(timed "$f.viaclingo" "$FIX" asp --solver clingo $fx "$f.aspif")
        # shellcheck disable=SC2086
        t_auto=$(timed "$f.auto" "$FIX" asp $fx "$f.aspif")
    fi
    t_em=$(timed "$f.emit" sh -c "$EMIT_CLINGO" sh "$FIX" "$f.aspif" $cl "$f.emitted.aspif")
    want=$(answer "$f.clingo"); differ=""
    agree native "$t_nat" "$4"; agree viaclingo "$t_sc" "$4"; agree auto "$t_auto" "$4"
    agree emit "$t_em" "$4"
    r_nat=$(ratio "$t_nat" "$t_cl"); r_auto=$(ratio "$t_auto" "$t_cl"); mark=""
    if under_half "$t_cl" && under_half "$t_nat"; then
        # shellcheck disable=SC2086
        paired=$(pairs "$FIX" asp $NATIVE $fx "$f.aspif" -- clingo --mode=clasp $cl "$f.aspif")
        read -r t_nat t_cl r_nat _ <<EOF
$paired
EOF
        mark=" (paired)"
        if under_half "$t_auto"; then
            # shellcheck disable=SC2086
            paired=$(pairs "$FIX" asp $fx "$f.aspif" -- clingo --mode=clasp $cl "$f.aspif")
            read -r t_auto _ r_auto _ <<EOF
$paired
EOF
        fi
    fi
    echo "| $name$mark | $rules | $4 | $(answer "$f.clingo" | cut -d/ -f1) | $t_cl | $t_nat | $r_nat | $t_sc | $(ratio "$t_sc" "$t_cl") | $t_em | $(ratio "$t_em" "$t_cl") | $t_auto | $r_auto | ${differ:-yes} |"
    rm -f "$f.native" "$f.viaclingo" "$f.auto" "$f.emit" "$f.emitted.aspif"
}

echo "| program | ground rules | mode | clingo's answer | clingo (s) | fix native (s) | native/clingo | fix --solver clingo (s) | /clingo | fix --emit + clingo (s) | /clingo | fix auto (s) | /clingo | agree |"
echo "|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
while read -r family mode sizes; do
    case $family in ''|'#'*) continue;; esac
    if [ -n "${BENCH_SUITE_ONLY:-}" ]; then
        for want in $BENCH_SUITE_ONLY; do
            case $want in "$family"-[0-9]*) run_one "$want" "$family" "${want#"$family"-}" "$mode";; esac
        done
        continue
    fi
    for n in $sizes; do
        run_one "$family-$n" "$family" "$n" "$mode"
        [ "${BENCH_SUITE_SMALL:-}" = 1 ] && break
    done
done <<'EOF'
# family   mode   sizes
color3     first  50 100 200
color4     first  60 100 140
queens     first  10 30 50
sudoku     first  3 4 5
knapsack   first  20 26 30
indep      first  40 100 200
vcover     opt    20 40 60
tsp        opt    6 8 10
disjcolor  first  50 100 200
strategic  all    20 40 60 80
qbf        first  20 40 60
minmodel   all    20 30 40 50
pigeon     first  7 8 9
sat        first  50 100 150 200 250
ham        first  20 60 100
EOF

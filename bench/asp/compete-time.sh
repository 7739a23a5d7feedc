#!/bin/sh
# compete-time.sh: CPU time and peak memory of clingo and of `fix asp --solver native --jobs 1`
# on one encoding of tests/asp/compete at a size of competegen.awk's: the first model, or the
# optimum proved when the encoding has #minimize, #maximize or weak constraints; gringo's
# time counted in both (each runs it as a child).  One line: the results, the optima, the
# seconds (user + system), the ratio fix/clingo and both peaks.
# usage: sh bench/asp/compete-time.sh KIND N SEED [-c NAME=VALUE ...]   (from the repository root)
# BENCH_LIMIT: seconds before each run is stopped (default 60).
set -u
kind=$1; n=$2; seed=$3; shift 3
FIX=${FIX:-build/fix}
T=${TMPDIR:-/tmp}/compete-time.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
awk -v kind="$kind" -v n="$n" -v seed="$seed" -f tests/asp/competegen.awk > "$T/inst.lp"
enc=tests/asp/compete/$kind.lp
if grep -q '#minimize\|#maximize\|:~' "$enc"; then models=0; else models=1; fi
limit=${BENCH_LIMIT:-60}
/usr/bin/time -f "%U %S %M" -o "$T/ct" timeout "$limit" clingo "$@" "$enc" "$T/inst.lp" $models > "$T/c.out" 2>/dev/null
/usr/bin/time -f "%U %S %M" -o "$T/ft" timeout "$limit" "$FIX" asp --solver native --jobs 1 --models $models "$@" "$enc" "$T/inst.lp" > "$T/f.out" 2>/dev/null
result() { grep -E '^(SATISFIABLE|UNSATISFIABLE|OPTIMUM FOUND|UNKNOWN)' "$1" | tail -n 1; }
optimum() { grep '^Optimization :' "$1" | cut -c16-; }
echo "$(tail -n 1 "$T/ct") $(tail -n 1 "$T/ft")" | awk -v l="$kind n=$n seed=$seed $* [$(result "$T/c.out") $(optimum "$T/c.out") | $(result "$T/f.out") $(optimum "$T/f.out")]" \
    '{ c = $1 + $2; f = $4 + $5; printf "%s clingo %.2fs fix %.2fs ratio %s RSS %d/%d KB\n", l, c, f, (c > 0 ? sprintf("%.2f", f / c) : "-"), $3, $6 }'

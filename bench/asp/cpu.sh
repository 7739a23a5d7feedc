#!/bin/sh
# cpu.sh: CPU time and page faults (perf stat's task-clock and page-faults) of `fix asp
# --solver native --models 1 --jobs 1` against `clingo --mode=clasp --models 1` on aspif files
# of bench/asp/memory.sh (run that first: it writes build/bench/memory/NAME.aspif), in
# BENCH_CPU_ROUNDS paired rounds (default 5: fix, then clingo, each round), the means and
# fix/clingo of the mean CPU.  CPU time, unlike wall time, is little changed by other
# processes on the machine, but page faults cost more under load.  An extra fix binary
# (BENCH_CPU_OTHER=path, e.g. one built with another setting of src/util/heap.c) is run in
# each round too.  Writes a markdown table to stdout.
# usage: sh bench/asp/cpu.sh [FIX] [NAME...]   (default names: choice-rules pairs ladder)
set -u
FIX=${1:-build/fix}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- choice-rules pairs ladder
command -v perf >/dev/null 2>&1 || { echo "cpu: perf not found (apt-get install linux-perf)"; exit 1; }
DIR=build/bench/memory
ROUNDS=${BENCH_CPU_ROUNDS:-5}
OTHER=${BENCH_CPU_OTHER:-}

# one LABEL CMD...: "LABEL task-clock-ms faults" of one run
one() {
    label=$1; shift
    perf stat -x, -e task-clock,page-faults -o "$DIR/perf.txt" "$@" > /dev/null 2>&1
    printf '%s %s\n' "$label" "$(grep -E 'task-clock|page-faults' "$DIR/perf.txt" | cut -d, -f1 | tr '\n' ' ')"
}

echo "| program | rounds | fix CPU (ms), faults | ${OTHER:+other fix CPU (ms), faults | }clingo CPU (ms), faults | fix/clingo CPU |"
echo "|---|---:|---|${OTHER:+---|}---|---:|"
for name in "$@"; do
    f=$DIR/$name.aspif
    [ -f "$f" ] || { echo "cpu: $f missing (sh bench/asp/memory.sh first)"; continue; }
    i=0
    while [ $i -lt "$ROUNDS" ]; do
        one fix "$FIX" asp --solver native --models 1 --jobs 1 "$f"
        [ -n "$OTHER" ] && one other "$OTHER" asp --solver native --models 1 --jobs 1 "$f"
        one clingo clingo --mode=clasp --models 1 "$f"
        i=$((i + 1))
    done > "$DIR/cpu-$name.txt"
    awk -v name="$name" -v n="$ROUNDS" -v other="$OTHER" '
        { c[$1] += $2; f[$1] += $3 }
        END { printf "| %s | %d | %.0f, %.0f |", name, n, c["fix"] / n, f["fix"] / n
              if (other != "") printf " %.0f, %.0f |", c["other"] / n, f["other"] / n
              printf " %.0f, %.0f | %.2f |\n", c["clingo"] / n, f["clingo"] / n, (c["clingo"] > 0 ? c["fix"] / c["clingo"] : 0) }' "$DIR/cpu-$name.txt"
done

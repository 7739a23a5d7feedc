#!/bin/sh
# api.sh: part of `make bench`: the .fix workloads of bench/eval run by the command line
# (`fix run FILE`, best of REPEAT wall-clock runs, process start included) and through the
# Python package (fix.Session().load(FILE) over build/libfix.so, best of REPEAT runs in one
# Python process, timed inside it: the interpreter's own start, half a second here, is not
# the package's cost), and the ratio Python/CLI per workload and in total (issue 36 asks for
# at most 1.05).  Prints one table.
# usage: sh bench/api.sh [FIX] [REPEAT]
set -u
FIX=${1:-build/fix}
REPEAT=${2:-3}
LIB=$(pwd)/build/libfix.so
FIX_STDLIB=stdlib
export FIX_STDLIB
command -v python3 >/dev/null 2>&1 || { echo "bench/api: python3 not found"; exit 1; }
[ -f "$LIB" ] || { echo "bench/api: $LIB not built (make)"; exit 1; }

. bench/secs.sh    # secs CMD...: the best wall time of REPEAT runs
pysecs() {   # the best of REPEAT loads of FILE through the package, timed in Python
    FIX_LIBRARY=$LIB PYTHONPATH=python python3 -c '
import sys, time, fix
best = None
for _ in range(int(sys.argv[2])):
    t = time.perf_counter()
    with fix.Session() as s:
        s.load(sys.argv[1])
    t = time.perf_counter() - t
    best = t if best is None or t < best else best
print("%.3f" % best)' "$1" "$REPEAT"
}

echo "| workload | fix run (s) | Python (s) | Python/CLI |"
echo "|---|---|---|---|"
tc=0; tp=0
for f in bench/eval/*.fix; do
    c=$(secs "$FIX" run "$f")
    p=$(pysecs "$f")
    echo "| $(basename "$f") | $c | $p | $(awk -v a="$p" -v b="$c" 'BEGIN { printf "%.3f", a / b }') |"
    tc=$(awk -v a="$tc" -v b="$c" 'BEGIN { print a + b }'); tp=$(awk -v a="$tp" -v b="$p" 'BEGIN { print a + b }')
done
echo "| total | $tc | $tp | $(awk -v a="$tp" -v b="$tc" 'BEGIN { printf "%.3f", a / b }') |"

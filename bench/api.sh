#!/bin/sh
# api.sh: part of `make bench`: the .fix workloads of bench/eval run by the command line
# (`fix run FILE`) and through the Python package (fix.Session().load(FILE) over
# build/libfix.so), best of REPEAT wall-clock runs each, process start included (Python's
# own start too), and the ratio Python/CLI per workload and in total (issue 36 asks for at
# most 1.05).  Prints one table.
# usage: sh bench/api.sh [FIX] [REPEAT]
set -u
FIX=${1:-build/fix}
REPEAT=${2:-3}
LIB=$(pwd)/build/libfix.so
FIX_STDLIB=stdlib
export FIX_STDLIB
command -v python3 >/dev/null 2>&1 || { echo "bench/api: python3 not found"; exit 1; }
[ -f "$LIB" ] || { echo "bench/api: $LIB not built (make)"; exit 1; }

secs() {   # the best wall time of REPEAT runs of CMD, in seconds
    i=0
    while [ $i -lt "$REPEAT" ]; do
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1
        echo $(( $(date +%s%N) - start ))
        i=$((i + 1))
    done | awk 'NR == 1 || $1 < min { min = $1 } END { printf "%.3f", min / 1e9 }'
}
py() { FIX_LIBRARY=$LIB PYTHONPATH=python python3 -c 'import sys, fix; fix.Session().load(sys.argv[1])' "$1"; }

echo "| workload | fix run (s) | Python (s) | Python/CLI |"
echo "|---|---|---|---|"
tc=0; tp=0
for f in bench/eval/*.fix; do
    c=$(secs "$FIX" run "$f")
    p=$(secs py "$f")
    echo "| $(basename "$f") | $c | $p | $(awk -v a="$p" -v b="$c" 'BEGIN { printf "%.3f", a / b }') |"
    tc=$(awk -v a="$tc" -v b="$c" 'BEGIN { print a + b }'); tp=$(awk -v a="$tp" -v b="$p" 'BEGIN { print a + b }')
done
echo "| total | $tc | $tp | $(awk -v a="$tp" -v b="$tc" 'BEGIN { printf "%.3f", a / b }') |"

#!/bin/sh
# api.sh: part of `make bench`: the .fix workloads of bench/eval run by the command line
# (`fix run FILE`, best of REPEAT wall-clock runs, process start included) and through the
# Python package (fix.Session().load(FILE) over build/libfix.so, best of REPEAT runs in one
# Python process, timed inside it: the interpreter's own start, half a second here, is not
# the package's cost), and the ratio Python/CLI per workload and in total (issue 36 asks for
# at most 1.05).  Also the CPU time of the same runs (the CLI's user+sys from /usr/bin/time,
# the load's time.process_time() in Python), best of REPEAT each, and its ratio: on a busy
# machine the wall times swing with the other load, the CPU times much less.  Prints one table.
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
cpusecs() {   # the best user+sys time of REPEAT runs of CMD
    i=0
    while [ $i -lt "$REPEAT" ]; do
        /usr/bin/time -f '%U %S' -o "$tmpf" "$@" >/dev/null 2>&1
        awk '{ print $1 + $2 }' "$tmpf"
        i=$((i + 1))
    done | awk 'NR == 1 || $1 < min { min = $1 } END { printf "%.3f", min }'
}
pysecs() {   # the best wall and CPU times of REPEAT loads of FILE through the package, in Python
    FIX_LIBRARY=$LIB PYTHONPATH=python python3 -c '
import sys, time, fix
wall = cpu = None
for _ in range(int(sys.argv[2])):
    t, c = time.perf_counter(), time.process_time()
    with fix.Session() as s:
        s.load(sys.argv[1])
    t, c = time.perf_counter() - t, time.process_time() - c
    wall = t if wall is None or t < wall else wall
    cpu = c if cpu is None or c < cpu else cpu
print("%.3f %.3f" % (wall, cpu))' "$1" "$REPEAT"
}
tmpf=$(mktemp)
trap 'rm -f "$tmpf"' EXIT
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
add() { awk -v a="$1" -v b="$2" 'BEGIN { print a + b }'; }

echo "| workload | fix run (s) | Python (s) | Python/CLI | CPU fix run (s) | CPU Python (s) | CPU Python/CLI |"
echo "|---|---|---|---|---|---|---|"
tc=0; tp=0; uc=0; up=0
for f in bench/eval/*.fix; do
    c=$(secs "$FIX" run "$f")
    u=$(cpusecs "$FIX" run "$f")
    set -- $(pysecs "$f")
    p=$1; q=$2
    echo "| $(basename "$f") | $c | $p | $(ratio "$p" "$c") | $u | $q | $(ratio "$q" "$u") |"
    tc=$(add "$tc" "$c"); tp=$(add "$tp" "$p"); uc=$(add "$uc" "$u"); up=$(add "$up" "$q")
done
echo "| total | $tc | $tp | $(ratio "$tp" "$tc") | $uc | $up | $(ratio "$up" "$uc") |"

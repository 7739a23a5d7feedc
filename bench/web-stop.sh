#!/bin/sh
# web-stop.sh: how soon Stop gives its answer in the page of `make web` (`make bench-web`).
# Runs a long bnb (2^20 fixed points) in build/web/fix.html in headless Chromium
# (tests/web/driver.mjs), clicks Stop RUNS times, AFTER ms after each run starts, and prints
# each time from the click to the stopped answer in #output ("stopped by interrupt", after
# the bounds), and to the views redrawn; the median of each goes between the web markers of
# bench/RESULTS.md (appended when they are missing).  Timing: rerun on a quiet machine.
# usage: sh bench/web-stop.sh [RUNS] [AFTER]
set -u
RUNS=${1:-7}
AFTER=${2:-1500}
RES=bench/RESULTS.md
OUT=build/bench/web
mkdir -p "$OUT"
make -s web >"$OUT/build.log" 2>&1 || { tail -n 20 "$OUT/build.log"; echo "bench/web: make web failed"; exit 1; }
page=$(pwd)/build/web/fix.html
awk 'BEGIN { n = 20; printf "lattice P = powerset {";
             for (i = 0; i < n; i++) printf "%sa%d, b%d", (i ? ", " : ""), i, i;
             printf "};\nfn f(x: P): P antitone = {}";
             for (i = 0; i < n; i++) printf " union (if b%d in x then {} else {a%d}) union (if a%d in x then {} else {b%d})", i, i, i, i;
             print ";\nbnb f;" }' >"$OUT/long.fix"
: >"$OUT/times"
i=0
while [ $i -lt "$RUNS" ]; do
    i=$((i + 1))
    node tests/web/driver.mjs stop "$page" "$OUT/long.fix" "$AFTER" >"$OUT/stop.out" 2>&1
    line=$(head -n 1 "$OUT/stop.out")
    echo "bench/web: $line"
    case $line in stop_ms=*) echo "$line" >>"$OUT/times" ;; esac
done
median() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p" "$OUT/times" | sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
answer=$(median stop_ms); views=$(median views_ms); n=$(wc -l <"$OUT/times")
sec="$OUT/section.md"
{
    echo "<!-- web -->"
    echo "## The page of \`make web\`: Stop (issue 35)"
    echo
    echo "Made by \`make bench-web\` (\`sh bench/web-stop.sh $RUNS $AFTER\`) on $(date -u +%Y-%m-%d), $(uname -m),"
    echo "$(nproc) CPUs, $(chromium --version 2>/dev/null | head -n 1), load average $(cut -d' ' -f1 /proc/loadavg) at the end."
    echo "A bnb with 2^20 fixed points (tests/run-web.sh's long.fix) runs in build/web/fix.html in headless"
    echo "Chromium; Stop is clicked $AFTER ms after the run starts.  answer: from the click to the"
    echo "stopped answer in #output (the bounds, then \"stopped by interrupt\"); views: to the"
    echo "--html views of the stopped run redrawn.  Median of $n runs (the issue asks for the answer"
    echo "within 100 ms)."
    echo
    echo "| answer (ms) | views (ms) | runs |"
    echo "|---:|---:|---:|"
    echo "| $answer | $views | $n |"
    echo
    echo "Each run, the answer in ms (the page to the worker + the worker to the run's pause that takes"
    echo "Stop + fix's work to the answer's first byte + the answer to its chunk posted + back to the"
    echo "page): $(sed -n 's/.*stop_ms=\([0-9.]*\).*phases_ms=\([-0-9.]*\),\([-0-9.]*\),\([-0-9.]*\),\([-0-9.]*\),\([-0-9.]*\).*/\1 (\2 + \3 + \4 + \5 + \6)/p' "$OUT/times" | paste -sd, - | sed 's/,/, /g')."
    echo "<!-- /web -->"
} >"$sec"
cat "$sec"
if grep -q '^<!-- web -->$' "$RES" 2>/dev/null; then
    awk -v sec="$sec" '
        /^<!-- web -->$/ { while ((getline line < sec) > 0) print line; skip = 1; next }
        /^<!-- \/web -->$/ { skip = 0; next }
        !skip { print }' "$RES" >"$OUT/res.md" && mv "$OUT/res.md" "$RES"
else
    { echo; cat "$sec"; } >>"$RES"
fi

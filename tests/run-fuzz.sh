#!/bin/sh
# run-fuzz.sh: each libFuzzer harness (tests/fuzz/fuzz_NAME.c: frontend, run, aspif, asp),
# built with clang under ASan+UBSan, run from its seed corpus tests/fuzz/corpus/NAME for a
# fixed number of executions from a fixed seed (-runs, -seed: the same work on any machine,
# so the verdict does not depend on its speed; about two minutes in all here).  New inputs go
# to build/fuzz/short/NAME (emptied first), a crashing one to build/fuzz/short-crashes/NAME/.
# Skipped, saying why, when clang cannot link libFuzzer (scripts/deps.sh installs it as root).
# `make fuzz` is the long campaign; `make fuzz-replay` replays the corpora with cc.
# Usage: sh tests/run-fuzz.sh [NAME...]; FUZZ_SEED (default 1), FUZZ_RUNS_SCALE (a factor
# on every count, default 1) and FUZZ_RUNS_PERCENT (the percentage of every count to run,
# default 100; `make test` runs 25, `make test-long` 100) for other runs.
# Last line: "fuzz: N passed, N failed" (N harnesses).
set -u
cd "$(dirname "$0")/.." || exit 2
names=${*:-frontend run aspif asp}
seed=${FUZZ_SEED:-1}
scale=${FUZZ_RUNS_SCALE:-1}
percent=${FUZZ_RUNS_PERCENT:-100}

# Executions per harness (the corpus is run first and counts): 10 to 40 s each here.
runs_of() {
    case $1 in
        frontend) echo 10000 ;;
        run) echo 12000 ;;
        aspif) echo 600000 ;;
        asp) echo 12000 ;;
        *) echo 5000 ;;
    esac
}

mkdir -p build/fuzz
rm -f build/fuzz/.libfuzzer-ok       # checked again each time (an order-only stamp: no rebuild)
if ! make -s build/fuzz/.libfuzzer-ok >build/fuzz/short-check.log 2>&1; then
    why=$(grep -m 1 '^fuzz: ' build/fuzz/short-check.log || tail -n 1 build/fuzz/short-check.log)
    echo "fuzz: skipped: ${why#fuzz: }"
    echo "fuzz: 0 passed, 0 failed"
    exit 0
fi
bins=""
for t in $names; do bins="$bins build/fuzz/fuzz_$t"; done
# shellcheck disable=SC2086
if ! make -s $bins >build/fuzz/short-make.log 2>&1; then
    tail -n 20 build/fuzz/short-make.log
    echo "fuzz: the harnesses do not build"
    echo "fuzz: 0 passed, 1 failed"
    exit 1
fi

pass=0; fail=0
for t in $names; do
    n=$(( $(runs_of "$t") * scale * percent / 100 ))
    [ "$n" -ge 1 ] || n=1
    rm -rf "build/fuzz/short/$t" "build/fuzz/short-crashes/$t"
    mkdir -p "build/fuzz/short/$t" "build/fuzz/short-crashes/$t"
    log=build/fuzz/short-$t.log
    # -timeout only catches a hang (the harnesses bound their own work far below it)
    "./build/fuzz/fuzz_$t" "build/fuzz/short/$t" "tests/fuzz/corpus/$t" -runs="$n" -seed="$seed" \
        -max_len=65536 -timeout=300 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="build/fuzz/short-crashes/$t/" >"$log" 2>&1
    rc=$?
    done_line=$(grep -E '^Done [0-9]+ runs' "$log" | tail -n 1)
    if [ $rc -eq 0 ] && [ -n "$done_line" ]; then
        pass=$((pass + 1))
        echo "fuzz $t: ${done_line%% in *}, seed $seed: no finding"
    else
        fail=$((fail + 1))
        echo "FAIL fuzz $t (exit $rc, seed $seed, $n runs): see $log"
        grep -E 'runtime error|ERROR: |SUMMARY|^artifact_prefix|Test unit written' "$log" | head -n 8
    fi
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# run-all.sh: runs the test suites of fix and adds up their counts.  Called by `make test`,
# `make check` and `make test-long` once the binaries are built (docs/testing.md, "Running
# the tests").  For each suite it prints the last 40 lines of the suite's output and then
# "== NAME: N passed, N failed"; the last line is the grand total "all: N passed, N failed"
# (CI reads these lines).  Exit status 0 when nothing failed.
#
# usage: sh tests/run-all.sh [--check | --long] [NAME | NAME/TEST ...]
#   (no option)  every suite; the random checks (programs against clingo, against the
#                reference evaluator, fuzzing, ...) on their fixed seeds in the budgeted
#                counts below: `make test`
#   --long       every suite with the long counts: `make test-long`
#   --check      the fast suites only: unit, prop with small budgets (PROP_BUDGET=small),
#                layers, size, procs, calls, keywords, targets, golden (with build/fix: faster
#                than under ASan, which `make test` uses) and a short asp-cross: `make check`
#   NAME ...     only these suites, in the mode chosen (`make test T="golden asp"`)
#   golden/TEST  one golden test: tests/golden/TEST.fix, or examples/NAME.fix as
#                golden/examples/NAME (a shell pattern selects several: 'golden/dual_*');
#                asp-golden/TEST likewise tests/golden/asp/TEST.cmd (`make test T=golden/TEST`)
# Every count is fixed (seeds and numbers of programs), never a time, so the verdict does not
# depend on the machine's speed; the budgeted counts run the first programs of the long ones
# (the same seeds from 1), and every hand-written case runs in every mode.  Suites run
# TEST_JOBS at a time (default 2, the cores here), each one's output collected in
# build/test-out/NAME.log and printed once all have ended, in the fixed order of ALL below, so
# the output does not depend on which suite ended first.  build/test-out/times gets each
# suite's seconds, wall and CPU (not printed: they are not a result).
set -u
cd "$(dirname "$0")/.." || exit 2

mode=default
case ${1:-} in
    --check) mode=check; shift ;;
    --long) mode=long; shift ;;
esac
jobs=${TEST_JOBS:-2}
case $jobs in ''|*[!0-9]*|0) echo "run-all.sh: TEST_JOBS must be a positive number, not '$jobs'"; exit 2 ;; esac

# ---- the counts of each mode: the first N of each fixed sequence of seeds ----
# asp_count   random programs of tests/asp/run.sh (seeds 1..N: each against clingo, --emit,
#             --emit --rounds 4, --solver clingo with three budgets, the bounds; N/3 and N/5
#             of #minimize and #project in optproj.sh)
# asp_cross   programs of every statement family in tests/asp/cross.sh (seeds 1..N)
# asp_ng      random non-ground programs of tests/asp/nonground.sh (seeds 1..N)
# det_runs    runs of each program in tests/asp/determinism.sh: default options, a program of
#             a tenth of a second or more, other modes
# fuzz_pct    percentage of each libFuzzer harness's fixed number of runs (tests/run-fuzz.sh)
# warm, reals random programs of tests/run-warm-prop.sh and tests/run-real-proofs.sh
# explain_asp random logic programs whose explanations tests/run-explain-asp.sh replays (and 100 of
#             them under the sanitizers)
# diff, diff_asan  generated programs against the reference evaluator (tests/run-diff.sh),
#             and those of them also run under the sanitizers
# jobs_gen    generated programs run with --jobs 1, 2, 3 and 7 (tests/run-jobs.sh)
case $mode in
    long) asp_count=300; asp_cross=1000; asp_ng=1000; det_runs="20 3 5"; fuzz_pct=100; warm=40; reals=30
          diff=20000; diff_asan=200; explain_asp=5000; explain=300; jobs_gen=300 ;;
    *) asp_count=40; asp_cross=150; asp_ng=150; det_runs="4 2 2"; fuzz_pct=25; warm=15; reals=10
       diff=2000; diff_asan=100; explain_asp=1500; explain=40; jobs_gen=40 ;;
esac
[ $mode = check ] && asp_cross=40

unit_bins=""; prop_bins=""   # the test programs (not their .log and .d files)
for bin in build/tests/test_* build/tests/prop_*; do
    case $bin in *.*) continue ;; esac
    [ -x "$bin" ] || continue
    case $bin in build/tests/test_*) unit_bins="$unit_bins $bin" ;; *) prop_bins="$prop_bins $bin" ;; esac
done

# every suite, in the order its output is printed
ALL="unit prop layers size procs calls keywords targets golden hostile derived limits output asp-golden
asp asp-cross asp-nonground asp-auto asp-determinism explain-asp fuzz-replay fuzz html repl-tty doc dot-svg install
repl-html warm-prop real-proofs diff explain api web notebook jobs"
CHECK="unit prop layers size procs calls keywords targets golden asp-cross"
# the order in which they start: the longest first, so that the workers end close together
# (only the wall time depends on it, never the output or the verdict)
FIRST="asp-cross jobs asp asp-nonground golden diff fuzz asp-determinism explain-asp asp-auto hostile output fuzz-replay
real-proofs warm-prop limits html api web notebook unit layers prop"

script_of() {   # script_of NAME: the script suite NAME runs (empty when there is no such suite)
    case $1 in
        unit|prop) echo tests/run-unit.sh ;;
        layers|size|procs|calls|keywords|targets) echo "tests/check-$1.sh" ;;
        asp) echo tests/asp/run.sh ;;
        asp-cross) echo tests/asp/cross.sh ;;
        asp-nonground) echo tests/asp/nonground.sh ;;
        asp-auto) echo tests/asp/auto.sh ;;
        asp-determinism) echo tests/asp/determinism.sh ;;
        fuzz-replay) echo tests/fuzz/run-replay.sh ;;
        golden|hostile|derived|limits|output|asp-golden|fuzz|html|repl-tty|doc|dot-svg|\
        install|repl-html|warm-prop|real-proofs|diff|explain|explain-asp|api|web|notebook|jobs) echo "tests/run-$1.sh" ;;
    esac
}

# (unquoted lists below are split on purpose: they hold several words)
# shellcheck disable=SC2086
run_suite() {   # run_suite NAME: runs suite NAME (its output on stdout and stderr)
    set -- "$1" $det_runs
    case $1 in
        unit) sh tests/run-unit.sh $unit_bins ;;
        prop) if [ $mode = check ]; then PROP_BUDGET=small sh tests/run-unit.sh $prop_bins
              else sh tests/run-unit.sh $prop_bins; fi ;;
        layers|size|procs|calls|keywords|targets) sh "tests/check-$1.sh" ;;
        golden) if [ $mode = check ]; then sh tests/run-golden.sh build/fix
                else sh tests/run-golden.sh build/asan/fix; fi ;;
        hostile) sh tests/run-hostile.sh build/asan/fix ;;
        limits) sh tests/run-limits.sh build/asan/fix build/fix ;;
        output) sh tests/run-output.sh build/asan/fix ;;
        asp-golden) sh tests/run-asp-golden.sh build/asan/fix ;;
        # the sub-suites of tests/asp/run.sh that run as suites of their own are left out of it
        asp) ASP_SEPARATE=$asp_separate ASP_CROSS_COUNT=$asp_cross ASP_NONGROUND_COUNT=$asp_ng ASP_DETERMINISM_RUNS=$2 \
                 ASP_DETERMINISM_SLOW_RUNS=$3 ASP_DETERMINISM_MODE_RUNS=$4 \
                 sh tests/asp/run.sh build/fix "$asp_count" ;;
        asp-cross) sh tests/asp/cross.sh build/fix "$asp_cross" ;;
        asp-nonground) sh tests/asp/nonground.sh build/fix "$asp_ng" ;;
        asp-auto) sh tests/asp/auto.sh build/fix ;;
        asp-determinism) ASP_DETERMINISM_RUNS=$2 ASP_DETERMINISM_SLOW_RUNS=$3 \
                             ASP_DETERMINISM_MODE_RUNS=$4 sh tests/asp/determinism.sh build/fix ;;
        fuzz-replay) sh tests/fuzz/run-replay.sh ;;
        fuzz) FUZZ_RUNS_PERCENT=$fuzz_pct sh tests/run-fuzz.sh ;;
        install) sh tests/run-install.sh ;;
        api) sh tests/run-api.sh ;;
        warm-prop) sh tests/run-warm-prop.sh build/fix "$warm" ;;
        real-proofs) sh tests/run-real-proofs.sh build/fix "$reals" ;;
        diff) sh tests/run-diff.sh "$diff" "$diff_asan" ;;
        explain-asp) sh tests/run-explain-asp.sh build/fix "$explain_asp" build/asan/fix 100 ;;
        explain) sh tests/run-explain.sh "$explain" ;;
        jobs) sh tests/run-jobs.sh build/fix "$jobs_gen" build/tsan/fix ;;
        *) sh "tests/run-$1.sh" build/fix ;;
    esac
}

fail_early() { echo "run-all.sh: $*"; echo "all: 0 passed, 1 failed"; exit 2; }

# ---- which suites ----
if [ $# -eq 0 ]; then
    if [ $mode = check ]; then list=$CHECK; else list=$ALL; fi
else
    list=""
    for arg in "$@"; do
        name=${arg%%/*}
        [ -n "$(script_of "$name")" ] || fail_early "no suite named '$name'; the suites are: $(printf '%s' "$ALL" | tr '\n' ' ')"
        case $arg in
            */*) case $name in
                     golden) GOLDEN="${GOLDEN:+$GOLDEN }${arg#*/}"; export GOLDEN ;;
                     asp-golden) ASP_GOLDEN="${ASP_GOLDEN:+$ASP_GOLDEN }${arg#*/}"; export ASP_GOLDEN ;;
                     *) fail_early "suite $name has no named tests (golden/NAME and asp-golden/NAME have)" ;;
                 esac ;;
        esac
        case " $list " in *" $name "*) ;; *) list="$list $name" ;; esac
    done
fi
present=""
for name in $list; do
    [ "$name" = prop ] && [ -z "$prop_bins" ] && continue
    [ -f "$(script_of "$name")" ] && present="$present $name"
done
asp_separate=""
for part in cross nonground auto determinism; do
    case " $present " in *" asp-$part "*) asp_separate="$asp_separate $part" ;; esac
done

# ---- run them: TEST_JOBS workers take the suites in the order of FIRST, then of the list ----
out=build/test-out
rm -rf "$out"
mkdir -p "$out/taken" || fail_early "cannot make $out"
order=""
for name in $FIRST $present; do
    case " $present " in *" $name "*) ;; *) continue ;; esac
    case " $order " in *" $name "*) ;; *) order="$order $name" ;; esac
done
cpu_now() {   # cpu_now K: sets cpu to the CPU seconds worker K's children have used so far
              # (POSIX `times`, in the worker's own shell: in $(...) it would count a subshell's)
    times >"$out/cpu.$1"
    cpu=$(sed -n 2p "$out/cpu.$1" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); s += a[1] * 60 + a[2] }
                                           printf "%d\n", s }')
}
worker() {   # worker K: runs each suite whose directory in $out/taken it makes first
    for name in $order; do
        mkdir "$out/taken/$name" 2>/dev/null || continue
        start=$(date +%s); cpu_now "$1"; c0=$cpu
        run_suite "$name" >"$out/$name.log" 2>&1
        echo $? >"$out/$name.rc"
        cpu_now "$1"
        echo "$name: $(( $(date +%s) - start )) s, $((cpu - c0)) s CPU" >>"$out/times"
    done
}
pids=""
i=0
while [ $i -lt "$jobs" ]; do
    worker $i &
    pids="$pids $!"
    i=$((i + 1))
done
trap 'kill $pids 2>/dev/null; exit 130' INT TERM
wait

# ---- the report, in the order of the list ----
total_pass=0; total_fail=0
for name in $present; do
    log=$out/$name.log
    rc=$(cat "$out/$name.rc" 2>/dev/null) || rc=1
    tail -n 40 "$log"
    line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    p=$(printf '%s' "$line" | sed -E 's/^(.*[^0-9])?([0-9]+) passed.*/\2/')
    f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    [ -n "$p" ] || p=0; [ -n "$f" ] || f=0
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then f=1; fi
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
    echo "== $name: $p passed, $f failed"
done
echo "all: $total_pass passed, $total_fail failed"
[ $total_fail -eq 0 ]

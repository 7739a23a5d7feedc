#!/bin/sh
# run-replay.sh: replays the saved fuzz corpora without libFuzzer: builds each harness with
# tests/fuzz/replay.c against build/libfix-asan.a (ASan+UBSan) into build/fuzz/replay_NAME
# (every tests/fuzz/fuzz_NAME.c: frontend, run, aspif, asp) and runs it on
# tests/fuzz/corpus/NAME.  The Makefile's rule builds it, with the main build's flags and
# warnings (-Wconversion -Wsign-conversion included); a warning in a harness is a failure.
# Last line: "N passed, N failed" (N = files, and one per harness that builds with warnings
# or not at all).
# Usage: sh tests/fuzz/run-replay.sh [EXTRA_FILE_OR_DIR...]   (extra inputs go to every harness)
set -u
cd "$(dirname "$0")/../.." || exit 2

mkdir -p build/fuzz
if ! make -s build/libfix-asan.a >build/fuzz-replay-make.log 2>&1; then
    cat build/fuzz-replay-make.log
    echo "fuzz replay: the library does not build"
    echo "0 passed, 1 failed"
    exit 1
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"

pass=0; fail=0
for src in tests/fuzz/fuzz_*.c; do
    t=${src#tests/fuzz/fuzz_}; t=${t%.c}
    bin=build/fuzz/replay_$t
    rm -f "$bin"    # built every time, so that its warnings are seen every time
    if ! make -s "$bin" >"build/fuzz/replay_$t.make.log" 2>&1; then
        cat "build/fuzz/replay_$t.make.log"
        echo "fuzz replay: cannot build $bin"
        fail=$((fail + 1))
        continue
    fi
    if grep -q 'warning:' "build/fuzz/replay_$t.make.log"; then
        grep -A3 'warning:' "build/fuzz/replay_$t.make.log" | head -n 20
        echo "FAIL fuzz replay: $bin builds with warnings"
        fail=$((fail + 1))
    fi
    out=$("$bin" "tests/fuzz/corpus/$t" "$@" 2>&1)
    printf '%s\n' "$out" | grep -v -E '^[a-z_]+: [0-9]+ passed, [0-9]+ failed$'
    line=$(printf '%s\n' "$out" | grep -E '^[a-z_]+: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
    echo "fuzz replay $t: ${line#*: }"
    p=$(printf '%s' "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
    f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed$/\1/')
    [ -n "$line" ] || { p=0; f=1; }
    pass=$((pass + p)); fail=$((fail + f))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

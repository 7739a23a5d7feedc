#!/bin/sh
# run-replay.sh: replays the saved fuzz corpora without libFuzzer: builds each harness with
# tests/fuzz/replay.c against build/libfix-asan.a (ASan+UBSan) into build/fuzz/replay_NAME
# (every tests/fuzz/fuzz_NAME.c: frontend, run, aspif, asp) and runs it on
# tests/fuzz/corpus/NAME.  Last line: "N passed, N failed" (N = files).
# Usage: sh tests/fuzz/run-replay.sh [EXTRA_FILE_OR_DIR...]   (extra inputs go to every harness)
set -u
cd "$(dirname "$0")/../.." || exit 2
CC=${CC:-cc}
SAN="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
WARN="-Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes"

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
    if ! $CC -std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $SAN $WARN -Isrc -Ibuild/gen \
            -o "$bin" "$src" tests/fuzz/replay.c build/libfix-asan.a -lm -ledit; then
        echo "fuzz replay: cannot build $bin"
        fail=$((fail + 1))
        continue
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

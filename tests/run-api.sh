#!/bin/sh
# run-api.sh: the C API and the Python package (issue 36; docs/api.md, docs/python.md).
# build/tests/api_test (tests/api/test_api.c, ASan and UBSan, LeakSanitizer at exit): values,
# errors, 10 000 create/load/query/cancel/free cycles, fix_cancel from another thread during a
# long bnb, two sessions in two threads; the same test under the thread sanitizer
# (build/tests/api_test-tsan, 300 cycles: no data race between sessions, nor between
# fix_cancel and the engine); then the Python package's unittest tests
# (python/tests) against build/libfix.so (FIX_LIBRARY), and `pip install ./python` offline
# into a scratch directory, the installed package imported from there.
# Uses build/tests/api_test and build/libfix.so, already built (`make test`, `make api-test`).
set -u
suite=api
. "$(dirname "$0")/scratch.sh"
needs_tool python3 "python3 (Debian package python3)"

ASAN_OPTIONS=detect_leaks=1 ./build/tests/api_test > "$tmp/c.log" 2>&1
rc=$?
cat "$tmp/c.log" | grep -E '^(FAIL|api-c)|ERROR|SUMMARY'
check "the C API's test under the sanitizers" [ $rc -eq 0 ]

TSAN_OPTIONS=halt_on_error=1 API_CYCLES=300 ./build/tests/api_test-tsan > "$tmp/tsan.log" 2>&1
rc=$?
grep -E '^(FAIL|api-c: [0-9]+ passed)|WARNING: ThreadSanitizer|SUMMARY' "$tmp/tsan.log" | sed 's/^/tsan: /'
check "the C API's test under the thread sanitizer" [ $rc -eq 0 ]

lib=$(pwd)/build/libfix.so
if command -v nm >/dev/null 2>&1; then
    exported=$(nm -D --defined-only build/libfix.so | awk '{ print $3 }' | sort)
    declared=$(grep -o 'fix_[a-z_]*(' src/api/fix.h | tr -d '(' | sort -u)
    check "libfix.so exports exactly the functions of fix.h" [ "$exported" = "$declared" ]
fi
(cd python/tests && FIX_LIBRARY=$lib PYTHONPATH=.. PYTHONDONTWRITEBYTECODE=1 \
    python3 -m unittest test_fix) > "$tmp/py.log" 2>&1
rc=$?
tail -n 4 "$tmp/py.log"
check "the Python package's tests" [ $rc -eq 0 ]

if python3 -m pip --version >/dev/null 2>&1; then
    python3 -m pip install --quiet --no-deps --no-index --target "$tmp/site" ./python > "$tmp/pip.log" 2>&1
    check "pip install ./python works offline (see $tmp/pip.log)" [ $? -eq 0 ]
    out=$(cd "$tmp" && FIX_LIBRARY=$lib PYTHONPATH="$tmp/site" python3 -c \
        'import fix; s = fix.Session(); s.load_string("lattice P = powerset {a, b};"); print(sorted(s.eval("{a, b}")))' 2>&1)
    check "the installed package runs (got: $out)" [ "$out" = "['a', 'b']" ]
else
    echo "api: skipped pip install ./python: pip is not installed (Debian package python3-pip)"
fi
echo "api: $pass passed, $fail failed"
[ $fail -eq 0 ]

#!/bin/sh
# run-golden.sh FIX [--update]: runs every tests/golden/*.fix with FIX and compares stdout and
# stderr (together) with the .out file beside it.  Directives in the .fix file:
#   // args: --json        extra arguments before the file name
#   // exit: 1             the expected exit status (default 0)
#   // stdin: NAME.in      feed that file (beside the .fix) on standard input (for repl tests)
#   // asan-args: ...      the arguments instead of `args` when FIX is the ASan build
#                          (build/asan/...): its shadow memory adds about 30 MB to what a
#                          process holds, so a --max-memory test needs a higher limit there
# With --update the .out files are rewritten from the current output.
# A test's name is its file's without .fix: NAME for tests/golden/NAME.fix, examples/NAME for
# examples/NAME.fix.  GOLDEN="NAME ..." runs only the tests named (shell patterns select
# several: GOLDEN='dual_*'); a name that selects no test is a failure, so a typo cannot pass.
# `make golden GOLDEN=NAME` and `make test T=golden/NAME` set it.
fix=${1:-build/fix}
update=${2:-}
pass=0; fail=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
. "$(dirname "$0")/select.sh"
select_init "${GOLDEN:-}" tests/golden/
# examples/*.fix are golden tests too: their expected output is tests/golden/examples/NAME.out
for t in tests/golden/*.fix examples/*.fix; do
    name=${t#tests/golden/}; name=${name%.fix}
    selected "$name" || continue
    args=$(sed -n 's|^// args: *||p' "$t" | head -n 1)
    case $fix in
        */asan/*) grep -q '^// asan-args:' "$t" && args=$(sed -n 's|^// asan-args: *||p' "$t" | head -n 1) ;;
    esac
    want_exit=$(sed -n 's|^// exit: *||p' "$t" | head -n 1)
    stdin=$(sed -n 's|^// stdin: *||p' "$t" | head -n 1)
    [ -n "$want_exit" ] || want_exit=0
    if [ -n "$stdin" ]; then
        # shellcheck disable=SC2086
        FIX_STDLIB=stdlib "$fix" $args <"tests/golden/$stdin" >"$tmp" 2>&1
    else
        # shellcheck disable=SC2086
        FIX_STDLIB=stdlib "$fix" $args "$t" </dev/null >"$tmp" 2>&1
    fi
    got_exit=$?
    case $t in
        examples/*) out="tests/golden/examples/$(basename "${t%.fix}").out" ;;
        *) out="${t%.fix}.out" ;;
    esac
    if [ "$update" = "--update" ]; then cp "$tmp" "$out"; fi
    if [ "$got_exit" != "$want_exit" ]; then
        fail=$((fail + 1)); echo "FAIL $t: exit $got_exit, expected $want_exit"; cat "$tmp" | head -n 20
    elif ! diff -u "$out" "$tmp" >/dev/null 2>&1; then
        fail=$((fail + 1)); echo "FAIL $t: output differs"; diff -u "$out" "$tmp" | head -n 30
    else
        pass=$((pass + 1))
    fi
done
select_unmatched golden || fail=$((fail + 1))
echo "golden: $pass passed, $fail failed"
[ $fail -eq 0 ]

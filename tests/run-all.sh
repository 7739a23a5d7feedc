#!/bin/sh
# run-all.sh: every test suite of fix, in order; the last line is the grand total.
# Called by `make test` after the binaries are built.
set -u
total_pass=0; total_fail=0
suite() {   # suite NAME COMMAND...: runs one suite, reads its "N passed, N failed" line
    name=$1; shift
    out=$("$@" 2>&1); rc=$?
    printf '%s\n' "$out" | tail -n 40
    line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    p=$(printf '%s' "$line" | sed -E 's/^(.*[^0-9])?([0-9]+) passed.*/\2/')
    f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    [ -n "$p" ] || p=0; [ -n "$f" ] || f=0
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
    echo "== $name: $p passed, $f failed"
}
unit_bins=$(ls build/tests/test_* 2>/dev/null | grep -v '\.log$')
prop_bins=$(ls build/tests/prop_* 2>/dev/null | grep -v '\.log$')
suite unit sh tests/run-unit.sh $unit_bins
[ -n "$prop_bins" ] && suite prop sh tests/run-unit.sh $prop_bins
[ -f tests/check-layers.sh ] && suite layers sh tests/check-layers.sh
[ -f tests/check-size.sh ] && suite size sh tests/check-size.sh
[ -f tests/check-procs.sh ] && suite procs sh tests/check-procs.sh
[ -f tests/check-calls.sh ] && suite calls sh tests/check-calls.sh
[ -f tests/check-keywords.sh ] && suite keywords sh tests/check-keywords.sh
[ -f tests/run-golden.sh ] && suite golden sh tests/run-golden.sh build/asan/fix
[ -f tests/run-hostile.sh ] && suite hostile sh tests/run-hostile.sh build/asan/fix
[ -f tests/run-derived.sh ] && suite derived sh tests/run-derived.sh build/fix
[ -f tests/run-limits.sh ] && suite limits sh tests/run-limits.sh build/asan/fix build/fix
[ -f tests/run-output.sh ] && suite output sh tests/run-output.sh build/asan/fix
[ -f tests/run-asp-golden.sh ] && suite asp-golden sh tests/run-asp-golden.sh build/asan/fix
[ -f tests/asp/run.sh ] && suite asp sh tests/asp/run.sh build/fix
[ -f tests/fuzz/run-replay.sh ] && suite fuzz-replay sh tests/fuzz/run-replay.sh
[ -f tests/run-fuzz.sh ] && suite fuzz sh tests/run-fuzz.sh
[ -f tests/run-html.sh ] && suite html sh tests/run-html.sh build/fix
[ -f tests/run-repl-tty.sh ] && suite repl-tty sh tests/run-repl-tty.sh build/fix
[ -f tests/run-doc.sh ] && suite doc sh tests/run-doc.sh build/fix
[ -f tests/run-dot-svg.sh ] && suite dot-svg sh tests/run-dot-svg.sh build/fix
[ -f tests/run-install.sh ] && suite install sh tests/run-install.sh
[ -f tests/run-repl-html.sh ] && suite repl-html sh tests/run-repl-html.sh build/fix
[ -f tests/run-warm-prop.sh ] && suite warm-prop sh tests/run-warm-prop.sh build/fix
[ -f tests/run-real-proofs.sh ] && suite real-proofs sh tests/run-real-proofs.sh build/fix
[ -f tests/run-diff.sh ] && suite diff sh tests/run-diff.sh
echo "all: $total_pass passed, $total_fail failed"
[ $total_fail -eq 0 ]

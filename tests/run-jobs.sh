#!/bin/sh
# run-jobs.sh FIX [GEN] [TSAN-FIX]: the answer of `fix run` does not depend on --jobs N.
# Every examples/*.fix, every model of the goldens (tests/golden/*.fix, with its `// args:`
# and `// stdin:`; `explain` ones aside, which record explanations and so run on one
# thread), the checks of tests/jobs/*.fix (monotone, antitone and envelope checks over
# powersets, a chain and a product, and a
# declaration checked before a query, failing and passing, and a runtime error in a check's
# middle: the first counterexample or error of the enumeration for every N), the generated programs of seeds 1..GEN (build/tests/fixgen, default 40) and the
# workloads of bench/jobs.sh in small sizes (bnb rounds of hundreds of bounds, fixpoints over
# 2^18 elements, a monotone check of 14 x 2^13 covering pairs; also with --stats, whose counts include the workers') run with --jobs 1, 2,
# 3 and 7: standard output, standard error and the exit status, the --json lines and the --html page (text runs only; not for a file with a
# timeout, whose page shows how far a query got) must be byte-identical to those of --jobs 1.  Then, with TSAN-FIX (build/tsan/fix, `make tsan`), the workloads and a
# sample of the models run under ThreadSanitizer with --jobs 3: a data race ends the run
# with exit status 66 (halt_on_error) and fails.  And `--shard I/N`: the union of the shards
# is one run (tests/jobs/shard_union.py), the refusals; `--resume` after a stop prints what
# the uninterrupted run prints.  Prints "jobs: P passed, F failed".
fix=${1:-build/fix}
gen_count=${2:-40}
tsan=${3:-build/tsan/fix}
gen=${FIXGEN:-build/tests/fixgen}
[ -x "$fix" ] || { echo "jobs: $fix missing (make build/fix)"; echo "jobs: 0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
FIX_STDLIB=stdlib
export FIX_STDLIB

# run_one N NAME FILE ARGS STDIN: one run with --jobs N into $tmp/NAME.N.{out,html}
run_one() {
    n=$1; name=$2; file=$3; args=$4; stdin=$5
    html=
    # (a page records how far a query got before its timeout: that depends on timing)
    case " $args " in *" repl "*|*--dot*|*--timeout*) ;; *)
        grep -q 'timeout' "$file" 2>/dev/null || html="--html $tmp/$name.$n.html" ;; esac
    if [ -n "$stdin" ]; then
        # shellcheck disable=SC2086
        timeout 120 "$fix" $args --jobs "$n" <"$stdin" >"$tmp/$name.$n.out" 2>&1
    else
        # shellcheck disable=SC2086
        timeout 120 "$fix" $args --jobs "$n" $html "$file" </dev/null >"$tmp/$name.$n.out" 2>&1
    fi
    echo "exit $?" >>"$tmp/$name.$n.out"
    [ -z "$html" ] || { [ -f "$tmp/$name.$n.html" ] || echo "(no page)" >"$tmp/$name.$n.html"; }
}

# check NAME FILE ARGS STDIN: N = 1, 2, 3, 7 compared with N = 1
check() {
    name=$1
    run_one 1 "$@"
    bad=
    for n in 2 3 7; do
        run_one "$n" "$@"
        cmp -s "$tmp/$name.1.out" "$tmp/$name.$n.out" || bad="$bad output($n)"
        [ ! -f "$tmp/$name.1.html" ] || cmp -s "$tmp/$name.1.html" "$tmp/$name.$n.html" || bad="$bad html($n)"
    done
    if [ -z "$bad" ]; then pass=$((pass + 1)); rm -f "$tmp/$name".*
    else fail=$((fail + 1)); echo "FAIL $name ($4 $2):$bad differ from --jobs 1"
         diff "$tmp/$name.1.out" "$tmp/$name.7.out" | head -n 10
    fi
}

# the models: text, and --json where the test does not choose its format
for t in examples/*.fix tests/golden/*.fix tests/jobs/*.fix; do
    args=$(sed -n 's|^// args: *||p' "$t" | head -n 1)
    stdin=$(sed -n 's|^// stdin: *||p' "$t" | head -n 1)
    case " $args " in *" explain "*) continue ;; esac
    case " $args " in *" repl "*) ;; *) case $args in run*) ;; *) args="run $args" ;; esac ;; esac
    [ -z "$stdin" ] || stdin=tests/golden/$stdin
    name=$(echo "$t" | tr '/.' '__')
    check "$name" "$t" "$args" "$stdin"
    case "$args" in *--json*|*--dot*|*repl*|*--dump-ir*) continue ;; esac
    check "$name-json" "$t" "$args --json" ""
done

# the generated programs
if [ -x "$gen" ]; then
    i=1
    while [ "$i" -le "$gen_count" ]; do
        if "$gen" "$i" >"$tmp/gen$i.fix" 2>/dev/null; then
            check "gen$i" "$tmp/gen$i.fix" run ""
            check "gen$i-json" "$tmp/gen$i.fix" "run --json" ""
        fi
        i=$((i + 1))
    done
else
    echo "jobs: $gen missing (make build/tests/fixgen): generated programs not run"; fail=$((fail + 1))
fi

# the bench's workloads, small (bench/jobs.sh writes them)
sh bench/jobs.sh --write "$tmp/w" small >/dev/null || { echo "FAIL bench/jobs.sh --write"; fail=$((fail + 1)); }
for w in "$tmp"/w/*.fix; do
    [ -f "$w" ] || continue
    check "w-$(basename "$w" .fix)" "$w" run ""
    check "w-$(basename "$w" .fix)-json" "$w" "run --json" ""
    # --stats adds the workers' VMs' counts (no memo table on these: the same for every N)
    check "w-$(basename "$w" .fix)-stats" "$w" "run --stats" ""
done

# --shard I/N (docs/parallel.md, "Shards"): for N = 1, 2, 3, 7 the shards' fixed points
# (fixpoints: each in one shard, the elements examined adding up) and bnb's Final are one
# run's, query by query (tests/jobs/shard_union.py); the bnb queries whose subtrees
# interact are refused, naming why
if command -v python3 >/dev/null 2>&1; then
    sed 's/^bnb S;/bnb S policy paper;/' "$tmp/w/sp40.fix" > "$tmp/sp40paper.fix"
    for t in tests/jobs/shard_fixpoints.fix tests/jobs/shard_bnb.fix "$tmp/w/fixpoints18.fix" "$tmp/sp40paper.fix"; do
        out=$(python3 tests/jobs/shard_union.py "$fix" "$t" 1 2 3 7)
        p=$(echo "$out" | tail -n 1 | awk '{ print $1 }'); f=$(echo "$out" | tail -n 1 | awk '{ print $3 }')
        pass=$((pass + ${p:-0})); fail=$((fail + ${f:-1}))
        echo "$out" | grep '^FAIL'
    done
else
    echo "jobs: python3 missing: the --shard unions were not checked"; fail=$((fail + 1))
fi
for refused in "policy isolate:bnb S;" "a budget:bnb S policy paper budget 4;" "on reals:REALS"; do
    why=${refused%%:*}; q=${refused#*:}
    if [ "$q" = REALS ]; then sed 's/^bnb f;/bnb f policy paper;/' "$tmp/w/reals4.fix" > "$tmp/refused.fix"
    else sed "s/^bnb S;/$q/" "$tmp/w/sp40.fix" > "$tmp/refused.fix"; fi
    "$fix" run --shard 0/2 "$tmp/refused.fix" > "$tmp/refused.out" 2>&1
    rc=$?
    if [ $rc -eq 1 ] && grep -q "cannot be cut into shards (--shard 0/2): .*$why" "$tmp/refused.out"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL --shard 0/2 with $why: exit $rc, not refused: $(head -c 300 "$tmp/refused.out")"; fi
done
for bad in 2/2 0/0 1 x/y; do
    "$fix" run --shard $bad tests/jobs/shard_bnb.fix > "$tmp/bad.out" 2>&1
    rc=$?
    if [ $rc -eq 2 ] && grep -q -- "--shard takes I/N" "$tmp/bad.out"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL --shard $bad: exit $rc, not a usage error"; fi
done

# --checkpoint FILE / --resume FILE (docs/parallel.md, "Checkpoints"): a bnb run stopped by
# --max-steps at several points (one thread and two), then resumed (two threads and one),
# prints what the uninterrupted run prints, byte for byte, and says on stderr that it
# resumed; so does one stopped by Ctrl-C (wherever it falls); a checkpoint of changed sources
# is refused, and so are --checkpoint with --trace and a traced query
cp "$tmp/w/sp40.fix" "$tmp/ck-isolate.fix"
sed 's/^bnb S;/bnb S policy paper budget 6;/' "$tmp/w/sp40.fix" > "$tmp/ck-budget.fix"
for t in "$tmp/ck-isolate.fix" "$tmp/ck-budget.fix" "$tmp/w/reals4.fix" tests/jobs/shard_bnb.fix; do
    "$fix" run --jobs 1 "$t" > "$tmp/ck-one.out" 2>&1
    for m in 20 150 700; do
        for j in 1 2; do
            rm -f "$tmp/ck"
            "$fix" run --jobs $j --checkpoint "$tmp/ck" --max-steps $m "$t" > /dev/null 2>&1
            "$fix" run --jobs $((3 - j)) --resume "$tmp/ck" "$t" > "$tmp/ck-two.out" 2> "$tmp/ck-two.err"
            if cmp -s "$tmp/ck-one.out" "$tmp/ck-two.out" && grep -q "resumed from $tmp/ck at round" "$tmp/ck-two.err"
            then pass=$((pass + 1))
            else fail=$((fail + 1)); echo "FAIL $t --max-steps $m --jobs $j, resumed: not the uninterrupted run's output"
                 diff "$tmp/ck-one.out" "$tmp/ck-two.out" | head -n 5; head -n 3 "$tmp/ck-two.err"; fi
        done
    done
done
rm -f "$tmp/ck"
timeout -s INT 0.3 "$fix" run --jobs 2 --checkpoint "$tmp/ck" "$tmp/ck-isolate.fix" > /dev/null 2>&1
"$fix" run --resume "$tmp/ck" "$tmp/ck-isolate.fix" > "$tmp/ck-two.out" 2>/dev/null
"$fix" run "$tmp/ck-isolate.fix" > "$tmp/ck-one.out" 2>&1
cmp -s "$tmp/ck-one.out" "$tmp/ck-two.out" && pass=$((pass + 1)) \
    || { fail=$((fail + 1)); echo "FAIL Ctrl-C, resumed: not the uninterrupted run's output"; }
echo "// changed" >> "$tmp/ck-isolate.fix"
"$fix" run --resume "$tmp/ck" "$tmp/ck-isolate.fix" > "$tmp/ck-two.out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "written for other sources" "$tmp/ck-two.out" && pass=$((pass + 1)) \
    || { fail=$((fail + 1)); echo "FAIL a checkpoint of changed sources: exit $rc, not refused"; }
# the checkpoint of a file's last bnb, resumed: an earlier bnb on a lattice of another size
# runs from its root (it was refused as "not a whole checkpoint"); a file that is not a
# checkpoint is refused once, not once per bnb query, and nothing runs
awk 'BEGIN { printf "lattice B = powerset {"; for (i = 0; i < 70; i++) printf "%sb%d", i ? ", " : "", i
             print "};"; print "fn g(m: B): B = if b1 in m then {b2} else {b1};"; print "bnb g policy paper;"
             print "lattice T = powerset {u, v};"; print "fn t(m: T): T = if u in m then {v} else {u};"
             print "bnb t policy paper;" }' > "$tmp/ck-sizes.fix"
"$fix" run "$tmp/ck-sizes.fix" > "$tmp/ck-one.out" 2>&1
"$fix" run --checkpoint "$tmp/ck" "$tmp/ck-sizes.fix" > /dev/null 2>&1
"$fix" run --resume "$tmp/ck" "$tmp/ck-sizes.fix" > "$tmp/ck-two.out" 2> "$tmp/ck-two.err"
rc=$?
[ $rc -eq 0 ] && cmp -s "$tmp/ck-one.out" "$tmp/ck-two.out" && pass=$((pass + 1)) \
    || { fail=$((fail + 1)); echo "FAIL the last bnb's checkpoint, an earlier bnb of another lattice: exit $rc"; head -n 3 "$tmp/ck-two.err"; }
head -c 100 "$tmp/ck" > "$tmp/ck-cut"
"$fix" run --resume "$tmp/ck-cut" "$tmp/ck-sizes.fix" > "$tmp/ck-two.out" 2> "$tmp/ck-two.err"
rc=$?
[ $rc -eq 1 ] && [ "$(grep -c 'is not a whole checkpoint' "$tmp/ck-two.err")" -eq 1 ] && [ ! -s "$tmp/ck-two.out" ] \
    && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL a cut checkpoint: exit $rc, not refused once"; cat "$tmp/ck-two.err"; }
"$fix" run --trace --checkpoint "$tmp/ck" "$tmp/ck-isolate.fix" > "$tmp/ck-two.out" 2>&1
[ $? -eq 2 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL --checkpoint with --trace: not a usage error"; }
"$fix" run --checkpoint "$tmp/ck" examples/pqrs.fix > "$tmp/ck-two.out" 2>&1
grep -q "cannot be checkpointed or resumed: it is traced" "$tmp/ck-two.out" && pass=$((pass + 1)) \
    || { fail=$((fail + 1)); echo "FAIL --checkpoint on a traced query: not refused"; }

# ThreadSanitizer: no data race on the parallel paths
if [ -x "$tsan" ]; then
    for t in "$tmp"/w/*.fix tests/jobs/*.fix examples/nash.fix examples/pqrs.fix examples/tour.fix examples/intervals.fix \
             tests/golden/bnb_isolate.fix tests/golden/fixpoints.fix; do
        [ -f "$t" ] || continue
        TSAN_OPTIONS="halt_on_error=1 exitcode=66" timeout 600 "$tsan" run --jobs 3 "$t" \
            >"$tmp/tsan.out" 2>&1
        rc=$?
        if [ $rc -eq 66 ] || grep -q "ThreadSanitizer" "$tmp/tsan.out"; then
            fail=$((fail + 1)); echo "FAIL tsan $t: a data race"; grep -A 20 "WARNING" "$tmp/tsan.out" | head -n 30
        else
            pass=$((pass + 1))
        fi
    done
    # a checkpoint is written between rounds, the workers' counters read on the caller
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" timeout 600 "$tsan" run --jobs 3 --checkpoint "$tmp/ck" \
        "$tmp/ck-budget.fix" >"$tmp/tsan.out" 2>&1
    rc=$?
    if [ $rc -eq 66 ] || grep -q "ThreadSanitizer" "$tmp/tsan.out"; then
        fail=$((fail + 1)); echo "FAIL tsan --checkpoint: a data race"; grep -A 20 "WARNING" "$tmp/tsan.out" | head -n 30
    else
        pass=$((pass + 1))
    fi
else
    echo "jobs: $tsan missing (make tsan): the ThreadSanitizer runs were not made"; fail=$((fail + 1))
fi

echo "jobs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

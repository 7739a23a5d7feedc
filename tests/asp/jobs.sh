#!/bin/sh
# jobs.sh: `fix asp --jobs N` prints the same bytes for N = 1, 2, 3 and 7 (issue 34): the
# commands of the ASP goldens (tests/golden/asp/*.cmd whose arguments start with `asp`),
# examples/*.lp (all models, the first, three), programs of bench/asp/gen.c large enough to
# be split into cubes (all models, the first, five; their --stats must name the cubes),
# #minimize programs (opt, optN, -n 1; optimum and optimal count against clingo's) and
# random programs of tests/asp/gen.c.  A stop by --timeout prints a prefix of the models in
# the order of --jobs 1, with an honest count.  The output streams: an enumeration without
# end prints at once, with a bounded peak (docs/asp.md).  With build/tsan/fix (make tsan), a few of the
# split programs run on 2, 3 and 7 threads under ThreadSanitizer, which must report no race
# (halt_on_error, exit code 66); without it that part is skipped with a printed reason.
# usage: sh tests/asp/jobs.sh [build/fix]; last line "N passed, N failed".
set -u
FIX=${1:-build/fix}
TSAN=${FIX_TSAN:-build/tsan/fix}
OUT=build/asp-tests/jobs
mkdir -p "$OUT"
. tests/lib/asp.sh

need_gen asp-gen bench-gen

# same LABEL ARGS...: fix asp --jobs N ARGS for N = 2, 3, 7 prints what --jobs 1 prints
# (stdout and stderr, with the exit status), the lines "Time" of --stats aside.
same() {
    label=$1; shift
    "$FIX" asp --jobs 1 "$@" > "$OUT/j1" 2>&1 < /dev/null
    echo "exit $?" >> "$OUT/j1"
    for n in 2 3 7; do
        "$FIX" asp --jobs $n "$@" > "$OUT/jn" 2>&1 < /dev/null
        echo "exit $?" >> "$OUT/jn"
        if cmp -s "$OUT/j1" "$OUT/jn"; then ok
        else
            bad "$label: --jobs $n differs from --jobs 1"
            diff "$OUT/j1" "$OUT/jn" | head -n 6
        fi
    done
}

# the goldens' commands (those of `fix asp` with a file; their environment too)
for t in tests/golden/asp/*.cmd; do
    args=$(sed -n 's|^args: *||p' "$t" | head -n 1)
    envs=$(sed -n 's|^env: *||p' "$t" | head -n 1)
    case $args in asp\ *) ;; *) continue ;; esac
    [ -z "$envs" ] || continue
    grep -q '^needs: clingo' "$t" && ! command -v clingo >/dev/null 2>&1 && continue
    # shellcheck disable=SC2086
    same "golden $t" ${args#asp }
done

for f in examples/*.lp; do
    same "$f" --models 0 "$f"
    same "$f -n 1" --models 1 "$f"
    same "$f -n 3" --models 3 "$f"
done

# programs split into cubes
for spec in queens:8 queens:9 pairs:12 ham:14 ham:20 strip:100; do
    name=${spec%%:*}-${spec##*:}
    build/bench-gen "${spec%%:*}" "${spec##*:}" > "$OUT/$name.lp"
    gringo "$OUT/$name.lp" > "$OUT/$name.aspif" 2>/dev/null || { bad "$name: gringo failed"; continue; }
    same "$name" --solver native --models 0 "$OUT/$name.aspif"
    same "$name -n 1" --solver native --models 1 "$OUT/$name.aspif"
    same "$name -n 5" --solver native --models 5 "$OUT/$name.aspif"
    same "$name default solver" --models 0 "$OUT/$name.aspif"
done
"$FIX" asp --solver native -q --stats --jobs 2 "$OUT/queens-8.aspif" 0 > "$OUT/stats" 2>&1
grep -q '^Cubes        : [0-9]* on 2 threads' "$OUT/stats" && ok || bad "queens-8: --stats names no cubes"
# the default --jobs: the cores for a small program, one thread for a large one (its own
# search state per thread would lift the peak memory); --jobs N given is kept
cores=$(nproc)
"$FIX" asp --solver native -q --stats "$OUT/queens-8.aspif" 0 > "$OUT/stats" 2>&1
grep -q "^Cubes        : [0-9]* on $cores threads" "$OUT/stats" && ok \
    || bad "queens-8: the default --jobs is not the $cores cores: $(grep '^Cubes' "$OUT/stats")"
echo '{ a(1..20000) }.' > "$OUT/choice.lp"
gringo "$OUT/choice.lp" > "$OUT/choice.aspif"
same "choice 20000 -n 3" --solver native --models 3 "$OUT/choice.aspif"
# a program above ASP_SHARED_STATE_MAX (4 000 pairs of atoms, all p or all q, beside six
# free choices: 128 models) gets one thread by default; --jobs 2 is kept
printf 'n(1..4000).\np(X) :- not q(X), n(X).\nq(X) :- not p(X), n(X).\n:- p(X), q(X+1).\n:- q(X), p(X+1).\n{ c(1..6) }.\n' > "$OUT/pairs.lp"
gringo "$OUT/pairs.lp" > "$OUT/pairs.aspif"
"$FIX" asp --solver native -q --stats --models 0 "$OUT/pairs.aspif" > "$OUT/stats" 2>&1
grep -q '^Cubes        : [0-9]* on 1 threads' "$OUT/stats" && ok \
    || bad "pairs 4000: the default --jobs is not 1: $(grep '^Cubes' "$OUT/stats")"
"$FIX" asp --solver native -q --stats --models 0 --jobs 2 "$OUT/pairs.aspif" > "$OUT/stats" 2>&1
grep -q '^Cubes        : [0-9]* on 2 threads' "$OUT/stats" && ok \
    || bad "pairs 4000: --jobs 2 not kept: $(grep '^Cubes' "$OUT/stats")"
same "pairs 4000, every model" --solver native --models 0 "$OUT/pairs.aspif"
# a search for the first N models is one search, never cubes: cubes searched apart each
# learn alone, and the first cube with a model comes after every cube before it is proved
# empty (a tower of Hanoi without a plan took 27 times the conflicts in 64 cubes)
"$FIX" asp --solver native -q --stats --models 1 --jobs 2 "$OUT/pairs.aspif" > "$OUT/stats" 2>&1
grep -q '^Models       : 1+$' "$OUT/stats" && ! grep -q '^Cubes' "$OUT/stats" && ok \
    || bad "pairs 4000 -n 1: split into cubes: $(grep '^Cubes' "$OUT/stats")"
same "pairs 4000 -n 5" --solver native --models 5 "$OUT/pairs.aspif"
# whole LABEL MAX ANSWER ARGS...: every model of ARGS on 2 threads: ANSWER (the first line of
# the answer: UNSATISFIABLE, or the line of the model count) within MAX conflicts, searched
# whole (enumerate.c), not in cubes that are each proved empty apart
whole() {
    label=$1; max=$2; answer=$3; shift 3
    "$FIX" asp --solver native -q --stats --models 0 --jobs 2 "$@" > "$OUT/stats" 2>&1
    conflicts=$(sed -n 's/^Conflicts *: \([0-9]*\).*/\1/p' "$OUT/stats")
    grep -q "^$answer\$" "$OUT/stats" && ! grep -q '^Cubes' "$OUT/stats" \
        && [ "${conflicts:-999999}" -le "$max" ] && ok \
        || bad "$label, every model: $conflicts conflicts, $(grep '^Cubes' "$OUT/stats")"
}
# the search ends before its checkpoint: seven pigeons in six holes (64 cubes before)
printf 'p(1..7). h(1..6).\n1 { in(P,H) : h(H) } 1 :- p(P).\n:- in(P,H), in(Q,H), P < Q.\n' > "$OUT/php.lp"
whole "pigeons 7/6" 2000 UNSATISFIABLE "$OUT/php.lp"
same "pigeons 7/6, every model" --solver native --models 0 "$OUT/php.lp"
# it reaches its checkpoint (2 000 conflicts) with no model: the same search goes on (the
# tower of Hanoi of 6 disks without a plan of 30 steps: 104 662 conflicts in 64 cubes, 6 372
# when the search began again from a fresh state, 4 371 in one search)
awk -v kind=hanoi -v n=6 -v seed=1 -f tests/asp/competegen.awk > "$OUT/hanoi6.lp"
whole "hanoi 6 t=30" 5000 UNSATISFIABLE -c t=30 tests/asp/compete/hanoi.lp "$OUT/hanoi6.lp"
# it reaches its checkpoint with eight models kept: they are printed, and the search goes on
# to prove that eight pigeons do not fit in seven holes (7 040 conflicts searched again, 5 040)
printf 'p(1..8). h(1..7).\n{ free }.\n{ c(1..3) } :- free.\n1 { in(P,H) : h(H) } 1 :- p(P), not free.\n:- in(P,H), in(Q,H), P < Q.\n' > "$OUT/php8.lp"
whole "pigeons 8/7 or free" 5500 "Models       : 8" "$OUT/php8.lp"
same "pigeons 8/7 or free, every model" --solver native --models 0 "$OUT/php8.lp"
# the cubes go on learning past their models while these outnumber their conflicts (models
# close together): every 3-colouring of 32 nodes, seed 3 (42 560 models) takes 110 conflicts
# in 64 cubes, 1 076 when each cube stopped learning at its first model
awk -v kind=colour -v n=32 -v seed=3 -f tests/asp/competegen.awk > "$OUT/col32.lp"
"$FIX" asp --solver native -q --stats --models 0 --jobs 2 tests/asp/compete/colour.lp "$OUT/col32.lp" \
    > "$OUT/stats" 2>&1
conflicts=$(sed -n 's/^Conflicts *: \([0-9]*\).*/\1/p' "$OUT/stats")
grep -q '^Cubes' "$OUT/stats" && [ "${conflicts:-999999}" -le 300 ] && ok \
    || bad "colour 32, every model: $conflicts conflicts, $(grep '^Cubes' "$OUT/stats")"
same "colour 32, every model" --solver native --models 0 tests/asp/compete/colour.lp "$OUT/col32.lp"
# a program above ASP_SPLIT_MAX (cube.h) is never split, whatever --jobs says: making the
# cubes and a search state per thread cost it more than a second thread wins back
echo '{ a(1..200000) }.' > "$OUT/choice2.lp"
gringo "$OUT/choice2.lp" > "$OUT/choice2.aspif"
"$FIX" asp --solver native -q --stats --models 1 --jobs 2 "$OUT/choice2.aspif" > "$OUT/stats" 2>&1
grep -q '^Models       : 1+$' "$OUT/stats" && ! grep -q '^Cubes' "$OUT/stats" && ok \
    || bad "choice 200000: split with --jobs 2: $(grep '^Cubes' "$OUT/stats")"
same "choice 200000 -n 2" --solver native --models 2 "$OUT/choice2.aspif"
# a split that drops more halves than it keeps has turned into a search without learning
# (cube.c's `searching`): the program is searched whole, the same for every N (company
# control of 300 companies dropped 28 halves for 24 cubes, 78% of its instructions)
awk -v kind=control -v n=300 -v seed=1 -f tests/asp/competegen.awk > "$OUT/control.lp"
gringo tests/asp/compete/control.lp "$OUT/control.lp" > "$OUT/control.aspif" 2>/dev/null
"$FIX" asp --solver native -q --stats --models 1 --jobs 2 "$OUT/control.aspif" > "$OUT/stats" 2>&1
grep -q '^Models       : 1+$' "$OUT/stats" && ! grep -q '^Cubes' "$OUT/stats" && ok \
    || bad "control 300: split into cubes: $(grep '^Cubes' "$OUT/stats")"
same "control 300 -n 3" --solver native --models 3 "$OUT/control.aspif"
# models that show no atom, on cubes: each one's blank line printed (a thread's text of an
# empty model was a NULL buffer, and --jobs 2 printed "Answer: k" with no line after it)
printf '{ p(1..6) }.\nq(X,Y) :- p(X), Y = 1..6.\n#show.\n' > "$OUT/blank.lp"
same "models showing nothing" --solver native --models 0 "$OUT/blank.lp"
for n in 1 2; do
    "$FIX" asp --solver native --jobs $n --models 0 "$OUT/blank.lp" 2>/dev/null \
        | awk '/^Answer: / { getline; if ($0 == "") blank++ } END { exit blank != 64 }' \
        && ok || bad "models showing nothing, --jobs $n: not 64 blank model lines"
done

# optimisation (#minimize): opt (the improving models), optN (the optimal models, by cubes
# on N threads), -n 1 and optN -n 7, with priorities and several optima: queens with a cost
# on the first rows' columns (a few optima, two levels) or on one corner (hundreds of optima),
# and random programs of tests/asp/optgen.awk (three priorities, negative weights, #maximize,
# weak constraints).  The optimum and the number of optimal models are clingo's.
optimum() {   # optimum FILE: the optimisation line, the optimal count
    awk '/^Optimization/ { o = $0 } /Optimal/ { k = $3 } END { sub(/: +/, ":", o); print o, k }' "$1"
}
opt_case() {   # opt_case NAME ASPIF
    same "$1" --solver native "$2"
    same "$1 optN" --solver native --opt-mode=optN "$2"
    same "$1 -n 1" --solver native --models 1 "$2"
    same "$1 optN -n 7" --solver native --opt-mode=optN --models 7 "$2"
    same "$1 optN, default solver" --opt-mode=optN "$2"
    "$FIX" asp --solver native --jobs 2 --opt-mode=optN -q "$2" > "$OUT/fixopt" 2>&1
    if command -v clingo >/dev/null 2>&1; then
        clingo --mode=clasp --opt-mode=optN -q "$2" 0 > "$OUT/clopt" 2>&1
        [ "$(optimum "$OUT/fixopt")" = "$(optimum "$OUT/clopt")" ] && ok \
            || bad "$1: optimum/optimal $(optimum "$OUT/fixopt") against clingo's $(optimum "$OUT/clopt")"
    fi
}
for spec in 10:'Y@2,X : q(X,Y), X <= 2' 11:'1@2 : q(1,1)' 12:'Y@3,X : q(X,Y), X == 1'; do
    n=${spec%%:*}
    build/bench-gen queens "$n" > "$OUT/oq$n.lp"
    printf '#minimize { %s }.\n#minimize { 1@1,X : q(X,X) }.\n' "${spec#*:}" >> "$OUT/oq$n.lp"
    gringo "$OUT/oq$n.lp" > "$OUT/oq$n.aspif" 2>/dev/null || { bad "oq$n: gringo failed"; continue; }
    opt_case "queens-$n #minimize" "$OUT/oq$n.aspif"
done
for seed in 1 2 3 4; do
    awk -v seed=$((3500 + seed)) -v n=44 -f tests/asp/optgen.awk > "$OUT/og.lp"
    gringo "$OUT/og.lp" > "$OUT/og$seed.aspif" 2>/dev/null || { bad "optgen $seed: gringo failed"; continue; }
    opt_case "optgen seed $((3500 + seed))" "$OUT/og$seed.aspif"
done
"$FIX" asp --solver native -q --stats --jobs 2 --opt-mode=optN "$OUT/oq11.aspif" > "$OUT/stats" 2>&1
grep -q '^Cubes        : [0-9]* on 2 threads' "$OUT/stats" && ok || bad "queens-11 optN: --stats names no cubes"

# random programs: tests/asp/gen.c's (their well-founded bound leaves them small: one cube)
# and random 3-colourings of 12 to 18 nodes, with an even loop on some (split into cubes)
i=1
while [ $i -le "${ASP_JOBS_COUNT:-20}" ]; do
    build/asp-gen $((3400 + i)) 40 90 > "$OUT/r.lp"
    same "random 40/90 seed $((3400 + i))" --models 0 "$OUT/r.lp"
    asp_colouring $((3400 + i)) > "$OUT/c.lp"
    same "colouring seed $((3400 + i))" --solver native --models 300 "$OUT/c.lp"
    same "colouring seed $((3400 + i)), count" --solver native -q --models 0 "$OUT/c.lp"
    i=$((i + 1))
done

# a stop by --timeout: the models printed are the first ones of --jobs 1's order, and the
# count says how many were printed
build/bench-gen pairs 18 > "$OUT/pairs-18.lp"
gringo "$OUT/pairs-18.lp" > "$OUT/pairs-18.aspif"
"$FIX" asp --solver native --jobs 1 --models 0 "$OUT/pairs-18.aspif" | grep -v '^Answer' > "$OUT/all"
for n in 1 2 7; do
    "$FIX" asp --solver native --jobs $n --timeout 0.3 --models 0 "$OUT/pairs-18.aspif" > "$OUT/part" 2>&1
    grep -v '^Answer' "$OUT/part" | awk '/^(SATISFIABLE|UNKNOWN)$/ { exit } { print }' > "$OUT/models"
    k=$(grep -c '^Answer' "$OUT/part")
    head -n $((k + 3)) "$OUT/all" | tail -n "$k" > "$OUT/prefix"
    tail -n "$k" "$OUT/models" > "$OUT/got"
    said=$(awk '/^Models/ { print $3 }' "$OUT/part")
    if cmp -s "$OUT/prefix" "$OUT/got" && { [ "$said" = "$k+" ] || [ "$said" = "$k" ]; }; then ok
    else bad "pairs-18 --timeout 0.3 --jobs $n: not a prefix of the order, or count $said for $k models"; fi
done

# Streaming (docs/asp.md, "Threads"): the cube that has the turn prints its models as it
# finds them, a cube ahead of its turn keeps at most its share and then waits.  pairs-20's
# cubes hold about 3 MB of text each, more than the 32 MB share over the window: the order is
# still --jobs 1's.  An enumeration without end prints at once (head stops it), and 100 000
# models of 300 atoms (540 MB as text, all kept before) take a bounded peak on 2 threads.
build/bench-gen pairs 20 > "$OUT/pairs-20.lp"
gringo "$OUT/pairs-20.lp" > "$OUT/pairs-20.aspif"
"$FIX" asp --solver native --jobs 1 --models 0 "$OUT/pairs-20.aspif" | cksum > "$OUT/sum1"
for n in 2 7; do
    "$FIX" asp --solver native --jobs $n --models 0 "$OUT/pairs-20.aspif" | cksum > "$OUT/sumn"
    cmp -s "$OUT/sum1" "$OUT/sumn" && ok || bad "pairs-20 --jobs $n: not the output of --jobs 1"
done
printf '{ a(1..1000) }.\n' > "$OUT/c1000.lp"
gringo "$OUT/c1000.lp" > "$OUT/c1000.aspif"
lines=$(timeout 120 "$FIX" asp --solver native --jobs 2 --max-memory 400 "$OUT/c1000.aspif" 0 2>/dev/null \
        | head -n 2000 | wc -l)
[ "$lines" -eq 2000 ] && ok || bad "{ a(1..1000) }. --jobs 2: $lines lines before the end of the run, not 2000"
if command -v /usr/bin/time >/dev/null 2>&1; then
    printf '{ a(1..300) }.\n' > "$OUT/c300.lp"
    gringo "$OUT/c300.lp" > "$OUT/c300.aspif"
    # every model (cubes: only an enumeration of all is split), stopped after 5 s: the
    # models the cubes ahead of their turn keep stay within their cap at every moment
    /usr/bin/time -f '%M' -o "$OUT/c300.kb" "$FIX" asp --solver native --jobs 2 --models 0 \
        --timeout 5 "$OUT/c300.aspif" > /dev/null 2>&1
    peak=$(tail -n 1 "$OUT/c300.kb")
    [ "$peak" -le 160000 ] && ok || bad "{ a(1..300) }. --jobs 2, 5 s of every model: peak $peak KB (at most 160 MB)"
else
    echo "skip: /usr/bin/time is missing (Debian package time): the peak of a long enumeration"
fi

# ThreadSanitizer: no race on the split programs
if [ -x "$TSAN" ]; then
    for name in queens-8 ham-14 pairs-12; do
        for n in 2 3 7; do
            TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$TSAN" asp --solver native --jobs $n \
                --models 0 "$OUT/$name.aspif" > "$OUT/tsan" 2>&1
            rc=$?
            if [ $rc -eq 0 ] && ! grep -q 'ThreadSanitizer' "$OUT/tsan"; then ok
            else bad "$name --jobs $n under ThreadSanitizer: exit $rc"; grep -m 5 -A 5 'WARNING' "$OUT/tsan"; fi
        done
    done
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$TSAN" asp --solver native --jobs 2 --models 3 \
        "$OUT/queens-8.aspif" > "$OUT/tsan" 2>&1 && ok || bad "queens-8 -n 3 under ThreadSanitizer"
    # a cube ahead of its turn past its share waits, and is let go when the run stops
    printf '{ a(1..2000) }.\n' | gringo > "$OUT/c2000.aspif"
    for n in 2 7; do
        TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$TSAN" asp --solver native --jobs $n --models 3000 \
            "$OUT/c2000.aspif" > "$OUT/tsan" 2>&1 && ok || bad "{ a(1..2000) }. -n 3000 --jobs $n under ThreadSanitizer"
    done
    for n in 2 7; do
        TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$TSAN" asp --solver native --jobs $n \
            --opt-mode=optN "$OUT/oq11.aspif" > "$OUT/tsan" 2>&1 && ok \
            || bad "queens-11 optN --jobs $n under ThreadSanitizer"
    done
else
    echo "skip: $TSAN not built (make tsan): the ThreadSanitizer part of the --jobs test"
fi

asp_summary
[ "$fail" -eq 0 ]

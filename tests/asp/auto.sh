#!/bin/sh
# auto.sh: `fix asp --solver auto` (the default), the race of the native search against clingo
# as the back end: --stats names the solver that answered and why; whichever answers, the
# models (each once) and the optimum are clingo's; a program the well-founded bound decides
# is not raced; without clingo (FIX_CLINGO, PATH) the native search answers alone; Ctrl-C and
# --timeout stop the race and leave no clingo running.
# usage: sh tests/asp/auto.sh [build/fix]; last line "N passed, N failed".
set -u
FIX=${1:-build/fix}
DIR=tests/asp
OUT=build/asp-tests/auto
mkdir -p "$OUT" "$OUT/empty"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
FIXA=$(cd "$(dirname "$FIX")" && pwd)/$(basename "$FIX")

solver_line() { "$@" 2>&1 | grep '^Solver       : '; }
expect_solver() {   # expect_solver LABEL TEXT COMMAND...: --stats names TEXT
    label=$1; want=$2; shift 2
    line=$(solver_line "$@")
    case "$line" in *"$want"*) ok ;; *) bad "$label: --stats said \"$line\", wanted \"$want\"" ;; esac
}
same_models() {   # same_models LABEL FILE [fix options]: canonical models (and optimum) as clingo's, none twice
    label=$1; f=$2; shift 2
    want=$(clingo 0 --opt-mode=optN "$f" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
    "$FIX" asp --models 0 "$@" "$f" > "$OUT/got" 2>&1
    got=$(awk -f "$DIR/models.awk" -f "$DIR/canon.awk" "$OUT/got" | sort)
    [ -n "$want" ] && [ "$want" = "$got" ] && ok || { bad "$label: models differ from clingo's (or none read)"; printf 'clingo:\n%s\nfix:\n%s\n' "$want" "$got" | head -12; }
    grep -q '^Optimization: ' "$OUT/got" && return   # optN prints the optimum again, as clingo
    dup=$(awk '/^Answer: /{ getline; print }' "$OUT/got" | sort | uniq -d | head -n 1)
    [ -z "$dup" ] && ok || bad "$label: a model printed twice: $dup"
}

# a program the native search answers at once: raced, native first
expect_solver "pqrs" "native (auto: raced with clingo; the native search answered first)" \
    "$FIX" asp --stats examples/pqrs.lp
# random 3-SAT, 200 variables, seed 60 (unsatisfiable): clingo refutes it in about 0.1 s,
# the native search without learning (--no-learn) not within 10 s: clingo answers first
cc -O2 -o build/bench-enc bench/asp/encodings.c || { echo "0 passed, 1 failed"; exit 1; }
build/bench-enc sat 200 60 > "$OUT/sat.lp"
gringo "$OUT/sat.lp" > "$OUT/sat.aspif"
expect_solver "sat 200" "clingo (auto: raced with the native search; clingo answered first)" \
    "$FIX" asp --stats --no-learn --models 1 "$OUT/sat.aspif"
"$FIX" asp --no-learn --models 1 "$OUT/sat.aspif" > "$OUT/s1" 2>&1
[ "$(grep -c '^Answer: ' "$OUT/s1")" = 0 ] && grep -q '^UNSATISFIABLE$' "$OUT/s1" && ok \
    || bad "sat 200: not UNSATISFIABLE"
"$FIX" asp --json --stats --no-learn --models 1 "$OUT/sat.aspif" | grep '"kind":"stats"' | grep -q '"solver":"clingo"' \
    && ok || bad "sat 200: --json --stats has no \"solver\":\"clingo\""
# every model of random 3-SAT (100 variables, seed 3: 416 models), natively: the search
# restarts before its first model, once right after a backjump to the root (which once
# searched the root twice, every model printed twice)
build/bench-enc sat 100 3 > "$OUT/sat100.lp"
same_models "sat 100 seed 3, native" "$OUT/sat100.lp" --solver native
# a program the well-founded bound decides: not raced
printf 'x(0).\nx(I+1) :- not x(I), I = 0..200.\n' > "$OUT/ladder.lp"
expect_solver "ladder" "native (auto: the well-founded bound decides" "$FIX" asp --stats "$OUT/ladder.lp"
for n in 0 1; do      # the point as the answer: the native search's output, to the byte
    a=$("$FIX" asp --models $n "$OUT/ladder.lp" 2>&1); b=$("$FIX" asp --solver native --models $n "$OUT/ladder.lp" 2>&1)
    [ "$a" = "$b" ] && ok || bad "ladder --models $n: auto's output is not the native search's"
done
printf 'a :- not b.\nc :- a.\n:- c.\n' > "$OUT/wfnone.lp"
"$FIX" asp "$OUT/wfnone.lp" 2>&1 | grep -q '^UNSATISFIABLE$' && ok \
    || bad "a well-founded bound that refutes the program: not UNSATISFIABLE"
# whichever answers: clingo's models, each once; the optimum (opt and optN) clingo's
for ex in examples/coloring.lp examples/hamilton.lp examples/queens.lp examples/sudoku.lp \
          examples/knapsack.lp examples/coloring-card.lp; do
    [ -f "$ex" ] && same_models "$ex" "$ex"
done
for ex in examples/tsp.lp examples/vertex-cover.lp; do
    [ -f "$ex" ] && same_models "$ex optN" "$ex" --opt-mode=optN
    want=$(clingo "$ex" 2>/dev/null | grep '^Optimization: ' | tail -n 1)
    got=$("$FIX" asp "$ex" 2>/dev/null | grep '^Optimization: ' | tail -n 1)
    [ -n "$want" ] && [ "$want" = "$got" ] && ok || bad "$ex: last cost \"$got\", clingo's \"$want\""
done
cc -O2 -o build/asp-gen "$DIR/gen.c" || { echo "0 passed, 1 failed"; exit 1; }
i=1
while [ $i -le 40 ]; do
    build/asp-gen -f bounds,count,sum,min $((3000 + i)) 24 50 > "$OUT/r.lp"
    same_models "random program seed $((3000 + i))" "$OUT/r.lp" --opt-mode=optN
    i=$((i + 1))
done
# clingo missing: the native search answers alone (on pigeonhole 9, which takes it long
# enough for clingo's failure to be seen, with the reason)
gringo examples/coloring.lp > "$OUT/coloring.aspif"
build/bench-enc pigeon 9 > "$OUT/pigeon.lp"
gringo "$OUT/pigeon.lp" > "$OUT/pigeon.aspif"
want=$(clingo --mode=clasp 0 "$OUT/coloring.aspif" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
for how in "FIX_CLINGO=$OUT/empty/no-clingo" "PATH=$OUT/empty"; do
    env "$how" "$FIXA" asp --models 0 "$OUT/coloring.aspif" > "$OUT/nc" 2>&1; rc=$?
    got=$(awk -f "$DIR/models.awk" -f "$DIR/canon.awk" "$OUT/nc" | sort)
    [ $rc -eq 0 ] && [ -n "$want" ] && [ "$want" = "$got" ] && ok || bad "$how: exit $rc or models differ"
    env "$how" "$FIXA" asp --stats --models 1 "$OUT/pigeon.aspif" > "$OUT/nc" 2>&1; rc=$?
    [ $rc -eq 0 ] && grep -q '^UNSATISFIABLE$' "$OUT/nc" && ok || bad "$how: pigeon 9: exit $rc"
    grep -q '^Solver       : native (auto: raced with clingo, which failed: cannot run' "$OUT/nc" \
        && ok || bad "$how: $(grep '^Solver' "$OUT/nc")"
done
# Ctrl-C and --timeout: the native search's models so far, and no clingo left running (a
# stand-in that sleeps, so that the race is still on; pigeonhole 11, which the native search
# does not settle within seconds)
build/bench-enc pigeon 11 > "$OUT/pigeon11.lp"
gringo "$OUT/pigeon11.lp" > "$OUT/pigeon11.aspif"
printf '#!/bin/sh\nexec sleep 37.25\n' > "$OUT/slow-clingo"
chmod +x "$OUT/slow-clingo"
FIX_CLINGO=$OUT/slow-clingo "$FIX" asp --models 1 "$OUT/pigeon11.aspif" > "$OUT/int" 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid; rc=$?
[ $rc -eq 130 ] && grep -q '^UNKNOWN$' "$OUT/int" && ok || bad "Ctrl-C: exit $rc, $(grep -E '^(UNKNOWN|SATISFIABLE)' "$OUT/int")"
FIX_CLINGO=$OUT/slow-clingo "$FIX" asp --timeout 1 --models 1 "$OUT/pigeon11.aspif" > "$OUT/to" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q '^UNKNOWN$' "$OUT/to" && ok || bad "--timeout: exit $rc"
sleep 0.2
if ps -eo args | grep -q '^sleep 37.25'; then bad "a raced clingo outlived fix"; else ok; fi
echo "$pass passed, $fail failed"

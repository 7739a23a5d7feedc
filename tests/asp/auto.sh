#!/bin/sh
# auto.sh: `fix asp`'s choice of solver.  --solver auto (the default): the native search with
# a budget of conflicts (--hand-over), then clingo.  --stats names the solver that answered and
# why (a count decides, never the clock); handed over, the output is --solver clingo --budget 1
# --rounds 1's, byte for byte; --hand-over 0 is --solver native's; whoever answers, the models
# (each once) and the optimum are clingo's; a program the well-founded bound decides is
# answered by its point; without clingo (FIX_CLINGO, PATH) the native search answers, again
# without a budget when it had spent it; Ctrl-C and --timeout stop the native search or the
# clingo it handed over to, and leave no clingo running.  --solver race: whichever answers,
# clingo's models, each once; Ctrl-C and --timeout stop it and leave no clingo running.  No
# check here depends on which side of a race answers or on how long anything takes: a
# stand-in clingo writes its pid to a file, which says when it runs and whether it is gone.
# usage: sh tests/asp/auto.sh [build/fix]; last line "N passed, N failed".
set -u
FIX=${1:-build/fix}
DIR=tests/asp
OUT=build/asp-tests/auto
mkdir -p "$OUT" "$OUT/empty"
. tests/lib/asp.sh
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
same_bytes() {   # same_bytes LABEL 'OPTIONS A' 'OPTIONS B' FILE: the two outputs are equal
    # shellcheck disable=SC2086
    "$FIX" asp $2 "$4" > "$OUT/a" 2>&1; "$FIX" asp $3 "$4" > "$OUT/b" 2>&1
    cmp -s "$OUT/a" "$OUT/b" && ok || { bad "$1: fix asp $2 and $3 differ"; diff "$OUT/a" "$OUT/b" | head -n 6; }
}
# A stand-in clingo that writes its pid to $OUT/clingo.pid and sleeps, and the checks on it.
# (a stand-in script: it runs only with --allow-scripts, outside the sandbox, which runs no script)
printf '#!/bin/sh\necho $$ > "%s"\nexec sleep 37.25\n' "$OUT/clingo.pid" > "$OUT/slow-clingo"
chmod +x "$OUT/slow-clingo"
wait_for() {   # wait_for FILE PATTERN: until FILE holds PATTERN (at most 60 s: a margin, not a check)
    i=0
    while ! grep -q "$2" "$1" 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
}
clingo_gone() {   # clingo_gone LABEL: the stand-in whose pid was written is no longer running
    p=$(cat "$OUT/clingo.pid" 2>/dev/null)
    [ -n "$p" ] || { bad "$1: the stand-in clingo never ran"; return; }
    i=0   # fix has ended; the kill it sent may take a moment to land
    while kill -0 "$p" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    if kill -0 "$p" 2>/dev/null; then bad "$1: a clingo fix started outlived it"; kill "$p"; else ok; fi
}

need_gen asp-gen bench-enc

# ---- auto: the native search within its budget, else clingo ----
expect_solver "pqrs" "native (auto: the native search answered within its budget of 1000000 conflicts)" \
    "$FIX" asp --stats examples/pqrs.lp
# random 3-SAT, 200 variables, seed 60 (unsatisfiable): the native search without learning
# spends a budget of 2000 conflicts long before its end; clingo refutes it
build/bench-enc sat 200 60 > "$OUT/sat.lp"
gringo "$OUT/sat.lp" > "$OUT/sat.aspif"
expect_solver "sat 200" "clingo (auto: the native search spent its budget of 2000 conflicts: handed over to clingo)" \
    "$FIX" asp --stats --no-learn --hand-over 2000 --models 1 "$OUT/sat.aspif"
"$FIX" asp --no-learn --hand-over 2000 --models 1 "$OUT/sat.aspif" > "$OUT/s1" 2>&1
[ "$(grep -c '^Answer: ' "$OUT/s1")" = 0 ] && grep -q '^UNSATISFIABLE$' "$OUT/s1" && ok \
    || bad "sat 200: not UNSATISFIABLE"
"$FIX" asp --json --stats --no-learn --hand-over 2000 --models 1 "$OUT/sat.aspif" | grep '"kind":"stats"' | grep -q '"solver":"clingo"' \
    && ok || bad "sat 200: --json --stats has no \"solver\":\"clingo\""
# handed over, clingo's output to the byte; with no budget, the native search's
handed=0
for ex in examples/*.lp; do
    case $(solver_line "$FIX" asp --stats --hand-over 1 --models 0 "$ex") in
        *"handed over to clingo"*)
            handed=$((handed + 1))
            same_bytes "$ex handed over" "--hand-over 1 --models 0" "--solver clingo --budget 1 --rounds 1 --models 0" "$ex"
            same_bytes "$ex handed over, optN" "--hand-over 1 --opt-mode=optN --models 0" \
                "--solver clingo --budget 1 --rounds 1 --opt-mode=optN --models 0" "$ex" ;;
    esac
    same_bytes "$ex no budget" "--hand-over 0 --models 0" "--solver native --models 0" "$ex"
done
[ $handed -ge 4 ] && ok || bad "only $handed examples were handed over to clingo with --hand-over 1"
# every model of random 3-SAT (100 variables, seed 3: 416 models), natively: the search
# restarts before its first model, once right after a backjump to the root (which once
# searched the root twice, every model printed twice)
build/bench-enc sat 100 3 > "$OUT/sat100.lp"
same_models "sat 100 seed 3, native" "$OUT/sat100.lp" --solver native
# a program the well-founded bound decides: its point
printf 'x(0).\nx(I+1) :- not x(I), I = 0..200.\n' > "$OUT/ladder.lp"
expect_solver "ladder" "native (auto: the well-founded bound decides" "$FIX" asp --stats "$OUT/ladder.lp"
for n in 0 1; do      # the point as the answer: the native search's output, to the byte
    same_bytes "ladder --models $n" "--models $n" "--solver native --models $n" "$OUT/ladder.lp"
done
printf 'a :- not b.\nc :- a.\n:- c.\n' > "$OUT/wfnone.lp"
"$FIX" asp "$OUT/wfnone.lp" 2>&1 | grep -q '^UNSATISFIABLE$' && ok \
    || bad "a well-founded bound that refutes the program: not UNSATISFIABLE"
# whoever answers: clingo's models, each once; the optimum (opt and optN) clingo's
for ex in examples/coloring.lp examples/hamilton.lp examples/queens.lp examples/sudoku.lp \
          examples/knapsack.lp examples/coloring-card.lp; do
    same_models "$ex" "$ex"
    same_models "$ex, handed over" "$ex" --hand-over 3
done
for ex in examples/tsp.lp examples/vertex-cover.lp; do
    same_models "$ex optN" "$ex" --opt-mode=optN
    same_models "$ex optN, handed over" "$ex" --opt-mode=optN --hand-over 3
    want=$(clingo "$ex" 2>/dev/null | grep '^Optimization: ' | tail -n 1)
    for h in 1000000 2; do
        got=$("$FIX" asp --hand-over $h "$ex" 2>/dev/null | grep '^Optimization: ' | tail -n 1)
        [ -n "$want" ] && [ "$want" = "$got" ] && ok || bad "$ex --hand-over $h: last cost \"$got\", clingo's \"$want\""
    done
done
i=1
while [ $i -le 40 ]; do
    build/asp-gen -f bounds,count,sum,min $((3000 + i)) 24 50 > "$OUT/r.lp"
    same_models "random program seed $((3000 + i))" "$OUT/r.lp" --opt-mode=optN
    [ $i -le 20 ] && same_models "random program seed $((3000 + i)), handed over" "$OUT/r.lp" --opt-mode=optN --hand-over 2
    i=$((i + 1))
done
# clingo missing: the native search answers alone; when it had spent its budget, again from
# the start without one (the same output as --solver native)
gringo examples/coloring.lp > "$OUT/coloring.aspif"
build/bench-enc pigeon 9 > "$OUT/pigeon.lp"
gringo "$OUT/pigeon.lp" > "$OUT/pigeon.aspif"
colouring=$(clingo --mode=clasp 0 "$OUT/coloring.aspif" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
"$FIX" asp --solver native --models 1 "$OUT/pigeon.aspif" > "$OUT/native" 2>&1
for how in "FIX_CLINGO=$OUT/empty/no-clingo" "PATH=$OUT/empty"; do
    env "$how" "$FIXA" asp --models 0 "$OUT/coloring.aspif" > "$OUT/nc" 2>&1; rc=$?
    got=$(awk -f "$DIR/models.awk" -f "$DIR/canon.awk" "$OUT/nc" | sort)
    [ $rc -eq 0 ] && [ -n "$colouring" ] && [ "$colouring" = "$got" ] && ok || bad "$how: exit $rc or models differ"
    env "$how" "$FIXA" asp --hand-over 100 --models 1 "$OUT/pigeon.aspif" > "$OUT/nc" 2>&1; rc=$?
    [ $rc -eq 0 ] && cmp -s "$OUT/nc" "$OUT/native" && ok || bad "$how: pigeon 9: exit $rc, or not --solver native's output"
    env "$how" "$FIXA" asp --stats --hand-over 100 --models 1 "$OUT/pigeon.aspif" > "$OUT/nc" 2>&1
    grep -q '^Solver       : native (auto: the native search spent its budget of 100 conflicts; clingo failed (cannot run' "$OUT/nc" \
        && ok || bad "$how: $(grep '^Solver' "$OUT/nc")"
done

# ---- Ctrl-C and --timeout, in the native search and in the clingo it handed over to ----
# pigeonhole 11, which the native search does not settle within seconds
build/bench-enc pigeon 11 > "$OUT/pigeon11.lp"
gringo "$OUT/pigeon11.lp" > "$OUT/pigeon11.aspif"
interrupt() {   # interrupt LABEL WAIT-FILE WAIT-PATTERN FIX-OPTIONS...: Ctrl-C once it is there
    label=$1; file=$2; pattern=$3; shift 3
    rm -f "$OUT/clingo.pid" "$OUT/int"
    FIX_CLINGO=$OUT/slow-clingo "$FIX" asp --allow-scripts "$@" "$OUT/pigeon11.aspif" > "$OUT/int" 2>&1 &
    pid=$!
    wait_for "$file" "$pattern"
    kill -INT $pid
    wait $pid; rc=$?
    [ $rc -eq 130 ] && grep -q '^UNKNOWN$' "$OUT/int" && ok || bad "$label: exit $rc, $(grep -E '^(UNKNOWN|SATISFIABLE)' "$OUT/int")"
}
interrupt "Ctrl-C in the native search" "$OUT/int" '^Solving' --models 1
interrupt "Ctrl-C in the clingo handed over to" "$OUT/clingo.pid" . --hand-over 1 --models 1
clingo_gone "Ctrl-C in the clingo handed over to"
FIX_CLINGO=$OUT/slow-clingo "$FIX" asp --allow-scripts --timeout 1 --models 1 "$OUT/pigeon11.aspif" > "$OUT/to" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q '^UNKNOWN$' "$OUT/to" && ok || bad "--timeout in the native search: exit $rc"
rm -f "$OUT/clingo.pid"
# (3 s: clingo starts within milliseconds, so the timeout falls while it runs)
FIX_CLINGO=$OUT/slow-clingo "$FIX" asp --allow-scripts --timeout 3 --hand-over 1 --models 1 "$OUT/pigeon11.aspif" > "$OUT/to" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q '^UNKNOWN$' "$OUT/to" && ok || bad "--timeout in the clingo handed over to: exit $rc"
clingo_gone "--timeout in the clingo handed over to"

# ---- --solver race: whichever answers, clingo's models; no clingo left running ----
for ex in examples/coloring.lp examples/queens.lp examples/knapsack.lp; do
    same_models "$ex, race" "$ex" --solver race
done
same_models "examples/tsp.lp optN, race" examples/tsp.lp --opt-mode=optN --solver race
env "PATH=$OUT/empty" "$FIXA" asp --solver race --models 0 "$OUT/coloring.aspif" > "$OUT/nc" 2>&1; rc=$?
got=$(awk -f "$DIR/models.awk" -f "$DIR/canon.awk" "$OUT/nc" | sort)
[ $rc -eq 0 ] && [ -n "$colouring" ] && [ "$colouring" = "$got" ] && ok || bad "race without clingo: exit $rc or models differ"
interrupt "Ctrl-C in a race" "$OUT/clingo.pid" . --solver race --models 1
clingo_gone "Ctrl-C in a race"
rm -f "$OUT/clingo.pid"
FIX_CLINGO=$OUT/slow-clingo "$FIX" asp --allow-scripts --solver race --timeout 3 --models 1 "$OUT/pigeon11.aspif" > "$OUT/to" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q '^UNKNOWN$' "$OUT/to" && ok || bad "--timeout in a race: exit $rc"
clingo_gone "--timeout in a race"
asp_summary

#!/bin/sh
# examples.sh: golden tests of examples/*.lp.  tests/golden/examples/NAME.lp.models holds the
# answer of each example in canon.awk's form (models sorted, with #minimize the optimum and
# every optimal model); it was written from clingo's answer, and clingo must still give it.
# Then `fix asp` (the default solver), `fix asp --solver native` and `--solver clingo` (when
# fix has --solver) and clingo on `fix asp --emit` must give it too.  An example fix refuses
# (exit 1 with a message) is skipped with the reason, and so is solving #minimize while fix asp
# has no --opt-mode; except where the example has the line
# "% fix: --solver native refuses" (then that refusal is what is tested).
# usage: sh tests/asp/examples.sh [FIX] [--update]; last line "N passed, N failed".
set -u
FIX=${1:-build/fix}
UPDATE=${2:-}
DIR=tests/asp
GOLD=tests/golden/examples
OUT=build/asp-examples
mkdir -p "$OUT"
. tests/lib/asp.sh
skipped=0
help=$("$FIX" asp --help 2>&1)
OPT=""; case "$help" in *--opt-mode*) OPT="--opt-mode=optN";; esac
SOLVER=""; case "$help" in *--solver*) SOLVER=yes;; esac
canon() { awk -f "$DIR/models.awk" -f "$DIR/canon.awk" "$@" | sort; }
# does the clingo back end optimise? (it may come later than the native #minimize)
CLINGO_OPT=""
if [ -n "$SOLVER" ] && [ -n "$OPT" ]; then
    printf '{ a; b }. #minimize { 1@2: a; 1@1: not b }.\n' > "$OUT/probe.lp"
    "$FIX" asp --solver clingo $OPT "$OUT/probe.lp" 2> /dev/null | grep -q '^Optimization: ' && CLINGO_OPT=yes
fi
optimises() { grep -q '^#minimize\|^#maximize\|^:~' "$1"; }

compare() {   # compare NAME LABEL RC: $OUT/out (exit status RC) against the golden $want
    if [ "$3" -eq 0 ]; then
        got=$(canon "$OUT/out")
        if [ "$want" = "$got" ]; then ok; else
            bad "$1: $2 differs from $GOLD/$1.models"; printf 'want:\n%s\ngot:\n%s\n' "$want" "$got" | head -n 20
        fi
    elif [ "$3" -eq 1 ] && [ -s "$OUT/err" ] && ! grep -q '^Answer' "$OUT/out"; then
        skipped=$((skipped + 1))
        echo "skip: $1: $2 refuses it: $(head -n 1 "$OUT/err" | sed 's/.*error: //; s/ (fix asp handles.*//')"
    else bad "$1: $2 failed with exit status $3: $(head -n 1 "$OUT/err")"; fi
}

solve() {   # solve EXAMPLE NAME: fix asp, and with --solver native and clingo, give the golden
    # shellcheck disable=SC2086
    "$FIX" asp $OPT --models 0 "$1" > "$OUT/out" 2> "$OUT/err"; compare "$2" "fix asp" $?
    [ -n "$SOLVER" ] || return
    if optimises "$1" && [ -z "$CLINGO_OPT" ]; then
        skipped=$((skipped + 1)); echo "skip: $2: fix asp --solver clingo prints no optimisation (probe)"
    else
        # shellcheck disable=SC2086
        "$FIX" asp --solver clingo $OPT --models 0 "$1" > "$OUT/out" 2> "$OUT/err"
        compare "$2" "fix asp --solver clingo" $?
    fi
    # shellcheck disable=SC2086
    "$FIX" asp --solver native $OPT --models 0 "$1" > "$OUT/out" 2> "$OUT/err"; rc=$?
    if grep -q '^% fix: --solver native refuses' "$1"; then
        [ $rc -eq 1 ] && [ -s "$OUT/err" ] && ! grep -q '^Answer' "$OUT/out" && ok \
            || bad "$2: --solver native should refuse it (exit $rc)"
    else compare "$2" "fix asp --solver native" $rc; fi
}

for ex in examples/*.lp; do
    name=$(basename "$ex")
    clingo --opt-mode=optN 0 "$ex" > "$OUT/clingo" 2> /dev/null
    if [ "$UPDATE" = --update ]; then canon "$OUT/clingo" > "$GOLD/$name.models"; fi
    [ -f "$GOLD/$name.models" ] || { bad "$name: no golden $GOLD/$name.models"; continue; }
    want=$(cat "$GOLD/$name.models")
    [ "$want" = "$(canon "$OUT/clingo")" ] && ok || bad "$name: clingo's answer is not $GOLD/$name.models"
    if [ -z "$OPT" ] && optimises "$ex"; then
        skipped=$((skipped + 1)); echo "skip: $name: fix asp --help shows no --opt-mode (only clingo on --emit checked)"
    else solve "$ex" "$name"; fi
    if "$FIX" asp --emit "$ex" > "$OUT/emit.aspif" 2> "$OUT/err"; then
        clingo --mode=clasp --opt-mode=optN 0 "$OUT/emit.aspif" > "$OUT/out" 2> /dev/null
        compare "$name" "clingo on fix asp --emit" 0
    else : > "$OUT/out"; compare "$name" "fix asp --emit" 1; fi
done
echo "examples: $skipped runs skipped (the skip lines say why)"
asp_summary
[ $fail -eq 0 ]

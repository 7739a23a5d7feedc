#!/bin/sh
# envelopes.sh FIX REPEAT: part of `make bench` (bench/run.sh calls it): `bnb` with derived
# envelopes against a declared `antitone` on S_P-style functions of N = 16, 30 and 60 atoms
# (N/4 even loops `p :- not q. q :- not p.` and a ladder `x(i+1) :- not x(i)` on the rest),
# side by side in one run.  The declared runs include the check of the annotation that a
# query makes before relying on it.  Prints a Markdown table.
set -u
FIX=${1:-build/fix}
REPEAT=${2:-5}
OUT=build/bench
mkdir -p "$OUT"

# gen N ANNOTATION OPTION: the .fix file on stdout
gen() {
    awk -v n="$1" -v ann="$2" -v opt="$3" 'BEGIN {
        printf "lattice P = powerset {"
        for (i = 1; i <= n; i++) printf "%sx%d", (i > 1 ? ", " : ""), i
        print "};"
        printf "fn S(m: P): P %s =\n  {}", ann
        loops = int(n / 4)
        for (k = 0; k < loops; k++) {
            p = 2 * k + 1; q = p + 1
            printf "\n  union (if x%d in m then {} else {x%d}) union (if x%d in m then {} else {x%d})", q, p, p, q
        }
        for (i = 2 * loops + 1; i < n; i++) printf "\n  union (if x%d in m then {} else {x%d})", i, i + 1
        printf ";\nbnb S%s;\n", opt
    }'
}

. bench/asp/timing.sh       # now, best_run
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

echo "| atoms | fixed points | declared antitone (s) | derived (s) | derived/declared |"
echo "|---:|---:|---:|---:|---:|"
for n in 16 30 60; do
    gen "$n" antitone "" > "$OUT/sp$n-declared.fix"
    gen "$n" "" " envelope derived" > "$OUT/sp$n-derived.fix"
    points=$("$FIX" run "$OUT/sp$n-declared.fix" 2>&1 | sed -n 's/^bnb S[^:]*: \([0-9]*\) fixed point.*/\1/p')
    same=$("$FIX" run "$OUT/sp$n-derived.fix" 2>&1 | sed -n 's/^bnb S[^:]*: \([0-9]*\) fixed point.*/\1/p')
    [ "$points" = "$same" ] || echo "envelopes: $n atoms: $points fixed points declared, $same derived" >&2
    t_decl=$(best_run "$OUT/sp$n-declared.fix")
    t_der=$(best_run "$OUT/sp$n-derived.fix")
    echo "| $n | $points | $t_decl | $t_der | $(ratio "$t_der" "$t_decl") |"
done

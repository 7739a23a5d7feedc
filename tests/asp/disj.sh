# disj.sh: programs that are not head-cycle-free, searched natively (`fix asp --solver
# native`: candidates of the program shifted between components, each checked for
# minimality) against clingo:
#   - the encodings of tests/asp/disj (strategic companies, 2QBF by saturation, minimal
#     models of clause theories, consistency-based diagnosis with #project and #minimize) on
#     their instances: every model (optN: every optimal one, and the optimum; #project: each
#     projection once) as clingo's, with and without conflict learning, and the first model
#     one of clingo's;
#   - the hand-written cases tests/asp/disj/case-*.lp, each the same;
#   - COUNT random programs of tests/asp/disjgen.awk (seeds 1..COUNT, about
#     two thirds not head-cycle-free: disjunctions with positive cycles through their heads,
#     #count bodies, #minimize, #project): the same;
#   - 2QBF qbf-40 of bench/asp/encodings.c refuted with no choice (the partial check);
#   - minmodel-40 of bench/asp/encodings.c enumerated within 10 000 conflicts (the support);
#   - the first diagnosis of mindiag-40 (tests/asp/compete) within 1 000 choices (the sign),
#     one of clingo's;
#   - every diagnosis of mindiag-15 and 30 natively within 2 000 conflicts (a projection's
#     solution nogood), clingo's diagnoses.
#   - the first model of control-3000 (tests/asp/compete) within 2 000 minimality checks and
#     2 000 conflicts of their testers (the check learns).
# Sourced by run.sh (uses FIX, OUT, DIR, ok, bad); COUNT is ASP_DISJ_COUNT (default 120).
disj_canon() { awk -v project="$patoms" -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort; }

disj_check() {   # disj_check LABEL FILES...: fix asp --solver native against clingo on them
    label=$1; shift
    proj=""; grep -q '^#project' "$@" && proj=--project
    # with #project: the models cut down to the project atoms (each projection once), as
    # clingo and fix may print different models of one projection; ab/1 for diagnosis.lp
    patoms=$(sed -n 's/#project \([a-z0-9]*\)\./\1/gp' "$@" | tr '\n' ' ')
    want=$(clingo --opt-mode=optN $proj 0 "$@" 2>/dev/null | disj_canon)
    for learn in "" --no-learn; do
        # shellcheck disable=SC2086
        got=$("$FIX" asp --solver native --opt-mode=optN $proj $learn --models 0 "$@" 2>"$OUT/disj.err" | disj_canon)
        if [ "$want" = "$got" ]; then ok; else
            bad "$label${learn:+ $learn}: not clingo's models"
            printf 'clingo:\n%s\nfix:\n%s\n%s\n' "$want" "$got" "$(head -n 2 "$OUT/disj.err")" | head -n 20
        fi
    done
    # the first model (not with #minimize, whose first model is any; nor with #project, where
    # clingo prints one model of each projection, which need not be fix's)
    grep -q '^#minimize\|^#project' "$@" && return
    first=$("$FIX" asp --solver native $proj --models 1 "$@" 2>/dev/null | disj_canon | grep '^M ')
    case "$first" in
        "") printf '%s\n' "$want" | grep -q '^M ' && bad "$label: no first model" || ok ;;
        *) printf '%s\n' "$want" | grep -qxF "$first" && ok || bad "$label: first model $first is not clingo's" ;;
    esac
}

for enc in strategic qbf minmodels diagnosis; do
    for inst in "$DIR"/disj/"$enc"-*.lp; do disj_check "$(basename "$inst")" "$DIR/disj/$enc.lp" "$inst"; done
done
# hand-written cases, one per bug found (each says what it was)
for f in "$DIR"/disj/case-*.lp; do disj_check "$(basename "$f")" "$f"; done
seed=1
while [ $seed -le "${ASP_DISJ_COUNT:-120}" ]; do
    awk -v seed=$seed -f "$DIR/disjgen.awk" > "$OUT/disj.lp"
    n=$fail
    disj_check "random program, seed $seed" "$OUT/disj.lp"
    [ $fail -eq $n ] || cp "$OUT/disj.lp" "$OUT/failed-disj-$seed.lp"
    seed=$((seed + 1))
done
# The minimality check of a partial assignment (docs/aft.md, "Disjunctive programs" 3.):
# 2QBF by saturation, bench/asp/suite.sh's qbf-40 (unsatisfiable), is refuted before any
# choice, with and without learning; the native search must answer within a budget of one
# conflict (checks of whole candidates alone took 139 648 conflicts, and millions without
# learning: handed over to clingo).
need_gen bench-enc
build/bench-enc qbf 40 > "$OUT/qbf40.lp"
for learn in "" --no-learn; do
    # shellcheck disable=SC2086
    stats=$("$FIX" asp --solver auto --hand-over 1 --stats --jobs 1 $learn "$OUT/qbf40.lp" 2>&1)
    case "$stats" in
        *"Solver       : native"*) printf '%s\n' "$stats" | grep -qx 'Choices *: 0' && ok \
            || bad "qbf-40${learn:+ $learn}: refuted after choices" ;;
        *) bad "qbf-40${learn:+ $learn}: not refuted natively within one conflict" ;;
    esac
done
# The support of chosen atoms (docs/aft.md, "Disjunctive programs" 1.): the minimal models
# of bench/asp/encodings.c's minmodel-40 (8 454 of them) are all enumerated natively within
# 10 000 conflicts (1 844 with the support; the candidates the choice let through, each
# refuted by the minimality check, took 67 839).
build/bench-enc minmodel 40 > "$OUT/minmodel40.lp"
stats=$("$FIX" asp --solver native --stats --jobs 1 -q "$OUT/minmodel40.lp" 0 2>&1)
conflicts=$(printf '%s\n' "$stats" | sed -n 's/^Conflicts *: \([0-9]*\).*/\1/p')
if printf '%s\n' "$stats" | grep -qx 'Models *: 8454' && [ "${conflicts:-99999999}" -le 10000 ]; then ok
else bad "minmodel-40: not its 8454 models within 10 000 conflicts (${conflicts:-none})"; fi
# The sign of a program that is not head-cycle-free (learn.c, asp_prop_prefer_in): atoms tried
# out first, so that the first candidates are small ones.  The first minimal diagnosis of a
# 40-gate circuit (tests/asp/compete/mindiag.lp by saturation) within 1 000 choices (39 so;
# the atom's half first took 444 228), one of clingo's diagnoses.
awk -v kind=mindiag -v n=40 -v seed=1 -f "$DIR/competegen.awk" > "$OUT/mindiag40.lp"
stats=$("$FIX" asp --solver native --stats --jobs 1 "$DIR/compete/mindiag.lp" "$OUT/mindiag40.lp" 1 2>&1)
choices=$(printf '%s\n' "$stats" | sed -n 's/^Choices *: \([0-9]*\).*/\1/p')
if printf '%s\n' "$stats" | grep -qx 'SATISFIABLE' && [ "${choices:-99999999}" -le 1000 ]; then ok
else bad "mindiag-40: no first model within 1 000 choices (${choices:-none})"; fi
first=$(printf '%s\n' "$stats" | awk '/^Answer:/ { getline; print; exit }' | tr ' ' '\n' | sort | tr '\n' ' ')
if [ -n "$first" ] && clingo --project 0 "$DIR/compete/mindiag.lp" "$OUT/mindiag40.lp" 2> /dev/null \
        | awk '/^Answer:/ { getline; print }' | while read -r m; do printf '%s\n' "$m" | tr ' ' '\n' | sort | tr '\n' ' '; echo; done \
        | grep -qxF "$first"; then ok
else bad "mindiag-40: the first diagnosis ($first) is not one of clingo's"; fi
# Projective enumeration that learns (src/asp/block.c): every minimal diagnosis of the 15-
# and 30-gate circuits, each projection once, answered natively within a budget of 2 000
# conflicts (48 and 128 so; with learning off after the first model, 15 gates took 757 508
# conflicts, none analysed, and auto handed the program to clingo), and clingo's diagnoses.
for n in 15 30; do
    awk -v kind=mindiag -v n=$n -v seed=1 -f "$DIR/competegen.awk" > "$OUT/mindiag$n.lp"
    patoms=$(sed -n 's/^gate(\([0-9]*\),.*/ab(\1)/p' "$OUT/mindiag$n.lp" | tr '\n' ' ')
    stats=$("$FIX" asp --solver auto --hand-over 2000 --stats --jobs 1 "$DIR/compete/mindiag.lp" "$OUT/mindiag$n.lp" 0 2>&1)
    case "$stats" in
        *"Solver       : native"*) ok ;;
        *) bad "mindiag-$n: every diagnosis not found natively within 2 000 conflicts" ;;
    esac
    want=$(clingo --project 0 "$DIR/compete/mindiag.lp" "$OUT/mindiag$n.lp" 2> /dev/null | disj_canon)
    got=$(printf '%s\n' "$stats" | disj_canon)
    if [ "$want" = "$got" ]; then ok; else
        bad "mindiag-$n: not clingo's diagnoses"
        printf 'clingo:\n%s\nfix:\n%s\n' "$want" "$got" | head -n 12
    fi
done
# The minimality check learns (src/asp/minsatsearch.c: a conflict-driven tester per component,
# its learnt clauses kept from one check to the next).  Strategic companies with control by
# shares (tests/asp/compete/control.lp, a recursive #sum in a component that is not
# head-cycle-free), 3 000 companies, seed 5: the first model with at most 2 000 checks and
# 2 000 tester conflicts (341 and 46 so; the chronological search it replaced took 6.8 s of
# CPU on its checks, and counted nothing).
awk -v kind=control -v n=3000 -v seed=5 -f "$DIR/competegen.awk" > "$OUT/control3000.lp"
stats=$("$FIX" asp --solver native --stats --jobs 1 "$DIR/compete/control.lp" "$OUT/control3000.lp" 1 2>&1)
checks=$(printf '%s\n' "$stats" | sed -n 's/^Min checks *: \([0-9]*\) (conflicts \([0-9]*\).*/\1 \2/p')
checks=${checks:-99999999 99999999}
if printf '%s\n' "$stats" | grep -qx 'SATISFIABLE' && [ "${checks% *}" -le 2000 ] && [ "${checks#* }" -le 2000 ]; then ok
else bad "control-3000: no first model within 2 000 minimality checks and 2 000 of their conflicts (${checks:-none})"; fi

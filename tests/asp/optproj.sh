# optproj.sh: sourced by run.sh (uses FIX, OUT, DIR, COUNT, ok, bad, models_clingo): #minimize
# and #project against clingo on random programs (gen.c -f min, -f proj), for
# `--solver native`, `--solver clingo`, auto and `--solver native --opt-strategy=usc`
# (by unsatisfiable cores):
#   - optN: the optimum and the set of optimal models equal clingo --opt-mode=optN's;
#   - opt: every printed cost is the model's cost, the costs strictly improve, the last is
#     clingo's optimum, and the result OPTIMUM FOUND (optcheck.awk);
#   - --models 1: one model, "Models       : 1+" and "Optimum    : unknown" unless the
#     first model is proved optimal;
#   - a larger search (optgen.awk), with learning and --no-learn: the optimal models (their
#     projections) equal clingo --opt-mode=optN's;
#   - #project: the projections equal clingo --project's, each printed once (canon.awk's
#     "N" line counts the models printed) - also when gringo leaves no #project statement
#     (every project atom underivable): then both tell models apart by the shown atoms.
opt_checks() {   # opt_checks COUNT
    i=1
    while [ $i -le "$1" ]; do
        build/asp-gen -f min $((5000 + i)) > "$OUT/o.lp"
        want=$(clingo --opt-mode=optN 0 "$OUT/o.lp" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
        clingo --opt-mode=enum 0 "$OUT/o.lp" > "$OUT/o.enum" 2>/dev/null
        clingo 0 "$OUT/o.lp" > "$OUT/o.clingo" 2>/dev/null
        optimum=$(sed -n 's/^Optimization : //p' "$OUT/o.clingo")
        cres=$(grep -x 'SATISFIABLE\|UNSATISFIABLE\|OPTIMUM FOUND' "$OUT/o.clingo")
        for solver in native clingo auto "native --opt-strategy=usc"; do
            # shellcheck disable=SC2086
            got=$("$FIX" asp --solver $solver --opt-mode=optN "$OUT/o.lp" 2>&1 | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
            [ "$want" = "$got" ] && ok || { bad "#minimize seed $((5000 + i)): --solver $solver --opt-mode=optN differs from clingo"; cp "$OUT/o.lp" "$OUT/failed-opt-$i.lp"; }
            # shellcheck disable=SC2086
            "$FIX" asp --solver $solver "$OUT/o.lp" 0 > "$OUT/o.fix" 2>&1
            why=$(awk -v optimum="$optimum" -v cres="$cres" -f "$DIR/models.awk" -f "$DIR/optcheck.awk" kind=enum "$OUT/o.enum" kind=fix "$OUT/o.fix")
            [ -z "$why" ] && ok || { bad "#minimize seed $((5000 + i)): --solver $solver --opt-mode=opt"; echo "$why" | head -n 5; }
        done
        "$FIX" asp --models 1 "$OUT/o.lp" > "$OUT/o.fix" 2>&1
        n=$(grep -c '^Answer:' "$OUT/o.fix")
        if [ -z "$optimum" ]; then
            [ "$n" = "$(grep -c '^Answer:' "$OUT/o.clingo" | sed 's/[1-9][0-9]*/1/')" ] && ok || bad "#minimize seed $((5000 + i)): --models 1 with nothing to minimize"
        elif grep -q '^OPTIMUM FOUND$' "$OUT/o.fix"; then
            [ "$n" = 1 ] && grep -q '^Models       : 1$' "$OUT/o.fix" && ok || bad "#minimize seed $((5000 + i)): --models 1, optimum"
        else
            [ "$n" = 1 ] && grep -q '^Models       : 1+$' "$OUT/o.fix" && grep -q '^  Optimum    : unknown$' "$OUT/o.fix" \
                && ok || bad "#minimize seed $((5000 + i)): --models 1"
        fi
        i=$((i + 1))
    done
}
project_checks() {   # project_checks COUNT
    i=1
    while [ $i -le "$1" ]; do
        build/asp-gen -f proj $((7000 + i)) > "$OUT/j.lp"
        proj=$(sed -n 's/^% project: //p' "$OUT/j.lp")
        copt=""; [ -n "$proj" ] && copt=--project                    # the .lp has #project
        gringo "$OUT/j.lp" 2>/dev/null | grep -q '^3 ' || proj=""     # none left: the shown atoms
        # shellcheck disable=SC2086
        want=$(clingo $copt 0 "$OUT/j.lp" 2>/dev/null | awk -v project="$proj" -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
        for solver in native clingo auto; do
            got=$("$FIX" asp --solver $solver $copt "$OUT/j.lp" 0 2>&1 | awk -v project="$proj" -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
            [ "$want" = "$got" ] && ok || { bad "#project seed $((7000 + i)): --solver $solver differs from clingo $copt"; cp "$OUT/j.lp" "$OUT/failed-proj-$i.lp"; printf 'clingo:\n%s\nfix:\n%s\n' "$want" "$got" | head -n 16; }
        done
        i=$((i + 1))
    done
}
# #minimize with a real search (optgen.awk: 22 atoms, priorities, negative weights, and every
# other program a #project): the optimum and the optimal models (their projections) of the
# native search with learning (the cost bound a constraint of the propagator, learnt from
# and backjumped over) and with --no-learn equal clingo --opt-mode=optN's.
opt_search_checks() {   # opt_search_checks COUNT
    i=1
    while [ $i -le "$1" ]; do
        p=$((i % 2)); proj=""; copt=""
        [ $p = 1 ] && { proj="a0 a1 a2 a3 a4 a5 a6 a7"; copt=--project; }
        awk -v seed=$((9000 + i)) -v n=22 -v proj=$p -f "$DIR/optgen.awk" > "$OUT/s.lp"
        # shellcheck disable=SC2086
        want=$(clingo $copt --opt-mode=optN 0 "$OUT/s.lp" 2>/dev/null | awk -v project="$proj" -f "$DIR/models.awk" -f "$DIR/canon.awk" | grep -v '^N ' | sort)
        for learn in "" --no-learn; do
            # shellcheck disable=SC2086
            got=$(timeout 60 "$FIX" asp --solver native --opt-mode=optN $learn "$OUT/s.lp" 2>&1 | awk -v project="$proj" -f "$DIR/models.awk" -f "$DIR/canon.awk" | grep -v '^N ' | sort)
            [ "$want" = "$got" ] && ok || { bad "#minimize search seed $((9000 + i)) $learn: optN differs from clingo $copt"; cp "$OUT/s.lp" "$OUT/failed-search-$i.lp"; }
        done
        i=$((i + 1))
    done
}
# #minimize at three priorities with a search long enough to learn from the cost bound
# (optgen.awk, 48 atoms): the optimum and the optimal models of the native search equal
# clingo --opt-mode=optN's, and --opt-mode=opt ends on clingo's optimum.  The cost's
# reasons (cost.c's explanation, read from running sums) and the nogoods' minimisation
# (learn.c) are met at every level.
opt_levels_checks() {   # opt_levels_checks COUNT
    i=1
    while [ $i -le "$1" ]; do
        awk -v seed=$((9500 + i)) -v n=48 -v levels=3 -f "$DIR/optgen.awk" > "$OUT/l.lp"
        want=$(clingo --opt-mode=optN 0 "$OUT/l.lp" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | grep -v '^N ' | sort)
        optimum=$(clingo "$OUT/l.lp" 2>/dev/null | sed -n 's/^Optimization : //p')
        got=$(timeout 60 "$FIX" asp --solver native --opt-mode=optN "$OUT/l.lp" 2>&1 | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | grep -v '^N ' | sort)
        [ -n "$want" ] && [ "$want" = "$got" ] && ok || { bad "#minimize at 3 priorities seed $((9500 + i)): optN differs from clingo"; cp "$OUT/l.lp" "$OUT/failed-levels-$i.lp"; }
        got=$(timeout 60 "$FIX" asp --solver native "$OUT/l.lp" 2>&1 | sed -n 's/^Optimization : //p')
        [ "$optimum" = "$got" ] && ok || bad "#minimize at 3 priorities seed $((9500 + i)): optimum '$got', clingo '$optimum'"
        i=$((i + 1))
    done
}
# #project atoms that no rule derives: gringo leaves no #project statement, and the models
# are told apart by the shown atoms, as clingo --project does (one model for the first
# program, whose models differ in hidden atoms only; two for the second)
vanished_project_checks() {
    printf '{ h }.\na.\n#show a/0.\n#project c.\n' > "$OUT/v1.lp"
    printf '{ a; b }.\n#show a/0.\n#project c.\n' > "$OUT/v2.lp"
    for v in v1:1 v2:2; do
        f=$OUT/${v%:*}.lp
        want=$(clingo --project 0 "$f" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
        for solver in native clingo auto; do
            got=$("$FIX" asp --solver $solver --project "$f" 0 2>&1 | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
            n=$("$FIX" asp --solver $solver --project "$f" 0 2>&1 | grep -c '^Answer: ')
            [ "$want" = "$got" ] && [ "$n" = "${v#*:}" ] && ok || bad "#project of underivable atoms, ${v%:*}: --solver $solver printed $n models"
        done
    done
}
vanished_project_checks
opt_checks $((COUNT / 3))
opt_search_checks $((COUNT / 5))
opt_levels_checks $((COUNT / 5))
project_checks $((COUNT / 3))
# a #minimize problem with a larger search: vertex cover of a random graph (30 nodes), the
# optimum of every solver is clingo's
awk 'BEGIN { srand(11); for (i = 1; i <= 30; i++) print "node(" i ")."
             for (k = 0; k < 60; k++) { u = int(rand() * 30) + 1; v = int(rand() * 30) + 1
                                        if (u != v) print "edge(" u "," v ")." }
             print "{ in(X) } :- node(X).\n:- edge(U,V), not in(U), not in(V).\n#minimize { 1,X : in(X) }.\n#show in/1." }' > "$OUT/vc.lp"
want=$(clingo 0 "$OUT/vc.lp" 2>/dev/null | sed -n 's/^Optimization : //p')
for solver in native clingo auto; do
    got=$(timeout 60 "$FIX" asp --solver $solver "$OUT/vc.lp" 2>&1 | sed -n 's/^Optimization : //p')
    [ -n "$want" ] && [ "$want" = "$got" ] && ok || bad "vertex cover: --solver $solver optimum '$got', clingo '$want'"
done
# hidden atoms: projected on, and minimized over (clingo is not asked to show them by name)
printf '{ a; b; h; g }.\n:- not h, not g.\n#project h/0.\n#project g/0.\n#show a/0.\n#show b/0.\n' > "$OUT/hp.lp"
printf '{ a; h; g }.\n:- not a, not h.\n#minimize { 2@1 : h; 3@1 : a; 1@2 : g }.\n#show a/0.\n' > "$OUT/hm.lp"
want_p=$(clingo --project 0 "$OUT/hp.lp" 2>/dev/null | grep -c '^Answer:')
want_m=$(clingo --opt-mode=optN 0 "$OUT/hm.lp" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
# (--budget 1 --rounds 1: the branch and bound leaves bounds open, so that clingo runs)
for solver in native clingo "clingo --budget 1 --rounds 1" auto; do
    # shellcheck disable=SC2086
    got=$("$FIX" asp --solver $solver --project "$OUT/hp.lp" 0 2>&1 | grep -c '^Answer:')
    [ "$got" = "$want_p" ] && ok || bad "#project on hidden atoms: --solver $solver prints $got models, clingo --project $want_p"
    # shellcheck disable=SC2086
    got=$("$FIX" asp --solver $solver --opt-mode=optN "$OUT/hm.lp" 2>&1 | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
    [ "$got" = "$want_m" ] && ok || bad "#minimize over hidden atoms: --solver $solver differs from clingo"
done

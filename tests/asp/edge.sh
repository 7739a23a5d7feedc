# edge.sh: #edge statements (acyclicity) searched natively against clingo: COUNT random
# programs of tests/asp/edgegen.awk (seeds 1..COUNT: a chosen edge relation, conditions of
# one to three literals with `not`, unconditional edges, disjunctions of a pair's two
# directions, #count bounds, #minimize), each with every model (optN: every optimal one, and
# the optimum) as clingo's, with conflict learning, without (--no-learn) and with --jobs 2.
# The search checks each edge as its condition comes to hold and forbids the edges that
# would close a cycle (acyclic.c): a wrong reason or a wrong edge forbidden shows here.
# Sourced by run.sh (uses FIX, OUT, DIR, ok, bad); COUNT is ASP_EDGE_COUNT (default 100).
edge_canon() { awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort; }
seed=1
while [ $seed -le "${ASP_EDGE_COUNT:-100}" ]; do
    awk -v seed=$seed -f "$DIR/edgegen.awk" > "$OUT/edge.lp"
    want=$(timeout -k 5 60 clingo --opt-mode=optN 0 "$OUT/edge.lp" 2>/dev/null | edge_canon)
    n=$fail
    for opts in "" --no-learn "--jobs 2"; do
        # shellcheck disable=SC2086
        got=$(timeout -k 5 60 "$FIX" asp --solver native --opt-mode=optN $opts --models 0 "$OUT/edge.lp" 2>/dev/null | edge_canon)
        if [ -n "$want" ] && [ "$want" = "$got" ]; then ok; else
            bad "#edge random program, seed $seed${opts:+ $opts}: not clingo's models"
            printf 'clingo:\n%s\nfix:\n%s\n' "$want" "$got" | head -n 12
        fi
    done
    [ $fail -eq $n ] || cp "$OUT/edge.lp" "$OUT/failed-edge-$seed.lp"
    seed=$((seed + 1))
done

#!/bin/sh
# shard.sh: `fix asp --shard I/N` (docs/asp.md, "Shards"): for N = 1, 2, 3 and 7 the models of
# shards 0..N-1 together are the models of one run (`--jobs 1`), as sets, each model in exactly
# one shard, the shards' counts adding up to one run's; and clingo's set where clingo is on
# PATH.  The programs: bench/asp/gen.c's queens and hamiltonian cycles (its pairs-12 has 24
# lattice atoms since r(I) :- p(I) shares p(I)'s, src/asp/equiv.c: too few to split), examples/*.lp
# that are split, and random 3-colourings (tests/asp/jobs.sh's).  A shard prints the same
# bytes for every --jobs.  The refusals (exit 2 and a message): I >= N, N < 1, a malformed
# I/N, --models N, --wf, --solver clingo, #minimize, #project, a program not split.
# usage: sh tests/asp/shard.sh [build/fix]; last line "N passed, N failed".
set -u
FIX=${1:-build/fix}
OUT=build/asp-tests/shard
DIR=tests/asp
mkdir -p "$OUT"
. tests/lib/asp.sh

need_gen bench-gen

canon() { awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | grep '^M' | sort; }
models_count() { awk '/^Models/ { print $3 }'; }

# union LABEL FILE: for N = 1, 2, 3, 7 the shards' models together are --jobs 1's
union() {
    label=$1 f=$2
    timeout 300 "$FIX" asp --solver native --jobs 1 --models 0 "$f" > "$OUT/one" 2>&1
    canon < "$OUT/one" > "$OUT/one.m"
    want=$(models_count < "$OUT/one")
    if command -v clingo >/dev/null 2>&1; then
        case $f in *.lp) mode= ;; *) mode=--mode=clasp ;; esac
        timeout 300 clingo $mode 0 "$f" 2>/dev/null | canon > "$OUT/clingo.m"
        cmp -s "$OUT/one.m" "$OUT/clingo.m" && ok || bad "$label: --jobs 1's models are not clingo's"
    fi
    for n in 1 2 3 7; do
        : > "$OUT/all.m"
        sum=0 k=0 rcs=""
        while [ $k -lt $n ]; do
            # the threads vary with the shard: a shard's models do not depend on them
            timeout 300 "$FIX" asp --shard $k/$n --jobs $((k % 3 + 1)) "$f" > "$OUT/part" 2>&1
            rc=$?
            [ $rc -eq 0 ] || rcs="$rcs shard $k: exit $rc;"
            canon < "$OUT/part" >> "$OUT/all.m"
            m=$(models_count < "$OUT/part")
            sum=$((sum + ${m:-0}))
            k=$((k + 1))
        done
        sort "$OUT/all.m" > "$OUT/all.s"
        if [ -z "$rcs" ] && cmp -s "$OUT/one.m" "$OUT/all.s" && [ "$sum" = "$want" ]; then ok
        else
            bad "$label: the $n shards' models are not one run's ($rcs counts $sum against $want)"
            diff "$OUT/one.m" "$OUT/all.s" | head -n 4
        fi
    done
    # a shard's output is the same for every --jobs
    timeout 300 "$FIX" asp --shard 1/3 --jobs 1 "$f" > "$OUT/j1" 2>&1
    timeout 300 "$FIX" asp --shard 1/3 --jobs 7 "$f" > "$OUT/j7" 2>&1
    cmp -s "$OUT/j1" "$OUT/j7" && ok || bad "$label: --shard 1/3 prints other bytes on --jobs 7 than on --jobs 1"
}

for spec in queens:8 queens:9 queens:10 ham:14; do
    name=${spec%%:*}-${spec##*:}
    build/bench-gen "${spec%%:*}" "${spec##*:}" > "$OUT/$name.lp"
    gringo "$OUT/$name.lp" > "$OUT/$name.aspif" 2>/dev/null || { bad "$name: gringo failed"; continue; }
    union "$name" "$OUT/$name.aspif"
done
for f in examples/hamilton.lp examples/queens.lp examples/sudoku.lp examples/coloring-card.lp; do
    union "$f" "$f"
done

i=1
while [ $i -le "${ASP_SHARD_COUNT:-8}" ]; do
    asp_colouring $((3600 + i)) 0.22 > "$OUT/c$i.lp"
    union "colouring seed $((3600 + i))" "$OUT/c$i.lp"
    i=$((i + 1))
done

# refused: exit 2 and a message naming --shard, nothing on standard output
refused() {   # refused LABEL ARGS...
    label=$1; shift
    "$FIX" asp "$@" > "$OUT/out" 2> "$OUT/err" < /dev/null
    rc=$?
    if [ $rc -eq 2 ] && grep -q -- '--shard' "$OUT/err" && [ ! -s "$OUT/out" ]; then ok
    else bad "$label: exit $rc, not a refusal: $(head -c 200 "$OUT/err")"; fi
}
q=$OUT/queens-8.aspif
refused "I >= N" --shard 3/3 "$q"
refused "N = 0" --shard 0/0 "$q"
refused "no N" --shard 1 "$q"
refused "not numbers" --shard a/b "$q"
refused "--models 1" --shard 0/2 --models 1 "$q"
refused "--wf" --shard 0/2 --wf "$q"
refused "--solver clingo" --shard 0/2 --solver clingo "$q"
refused "--split last" --shard 0/2 --split last "$q"
refused "#minimize" --shard 0/2 examples/tsp.lp
refused "not split (small)" --shard 0/2 examples/coloring.lp
printf '{ a(1..50) }.\n#project a(1). #project a(2).\n' > "$OUT/proj.lp"
refused "#project under --project" --shard 0/2 --project "$OUT/proj.lp"
refused "--project" --shard 0/2 --project "$q"

asp_summary

#!/bin/sh
# run.sh: `make bench`: times `fix asp` against clingo 5 on the same ground programs (aspif made
# once by gringo, so grounding is outside every timing): enumerating all stable models, the
# well-founded bound, and clingo on the original program against clingo on `fix asp --emit`.
# Then the standard encodings of bench/asp/suite.sh (clingo against fix native, fix --solver
# clingo, fix --emit + clingo and fix auto, one run each with a timeout), the optimisation
# family of bench/opt.sh (job shop, bin packing, timetabling, TSP: fix native against clingo
# in alternating pairs), and the peak memory of both on large ground programs
# (bench/asp/memory.sh).  bench/envelopes.sh and bench/policies.sh (bnb's two search policies), bench/explain.sh (the cost of
# explanations) and bench/block.sh (a program block against fix asp) add a table each.
# Prints the tables and writes them, with the command that made them, to bench/RESULTS.md.
# fix all against clingo all is timed in alternating pairs by build/bench/pairtime (at least
# BENCH_MIN_RUNS pairs, default 3, and until BENCH_RUN_SECONDS, default 0.5, have passed; at
# most 51); the other columns are the best of REPEAT runs.
# BENCH_ONLY="ladder-1000 pqrs" makes only those rows of the first table, prints them and
# writes nothing else (a quick check of the script).
# usage: sh bench/run.sh [FIX] [REPEAT]   (FIX defaults to build/fix)
set -u
FIX=${1:-build/fix}
REPEAT=${2:-5}
LIMIT=${BENCH_TIMEOUT:-120}
OUT=build/bench
RES=bench/RESULTS.md
mkdir -p "$OUT"
for tool in gringo clingo; do
    command -v $tool >/dev/null 2>&1 || { echo "bench: $tool not found"; exit 1; }
done
cc -O2 -o build/bench-gen bench/asp/gen.c || exit 1
[ -x build/bench/pairtime ] || make -s build/bench/pairtime || exit 1
MIN_RUNS=${BENCH_MIN_RUNS:-3}
RUN_SECONDS=${BENCH_RUN_SECONDS:-0.5}
"$FIX" asp --help >/dev/null 2>&1 || { echo "bench: $FIX has no asp command"; exit 1; }

now() { date +%s%N; }
# secs CMD...: best wall time of REPEAT runs in seconds (stdout discarded), "timeout" if any
# run exceeds LIMIT seconds.
secs() {
    best=""
    r=0
    while [ $r -lt "$REPEAT" ]; do
        t0=$(now)
        timeout "$LIMIT" "$@" >/dev/null 2>&1
        rc=$?
        t1=$(now)
        [ $rc -eq 124 ] && { echo timeout; return; }
        t=$(( (t1 - t0) / 1000 ))
        if [ -z "$best" ] || [ $t -lt $best ]; then best=$t; fi
        r=$((r + 1))
    done
    awk -v us="$best" 'BEGIN { printf "%.4f", us / 1e6 }'
}
# pairs CMD-A... -- CMD-B...: "median-A median-B median-ratio pairs min-ratio max-ratio"
pairs() { build/bench/pairtime -r "$MIN_RUNS" -s "$RUN_SECONDS" -l "$LIMIT" "$@"; }
ratio() { case "$1$2" in *timeout*) echo "-";; *) awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }';; esac; }
models() { "$@" 2>/dev/null | awk '/^Models/ { print $3 }'; }

# name, then how to make the .lp
set -- \
    "pqrs:cat examples/pqrs.lp" \
    "coloring:cat examples/coloring.lp" \
    "hamilton:cat examples/hamilton.lp" \
    "pairs-12:build/bench-gen pairs 12" \
    "pairs-16:build/bench-gen pairs 16" \
    "pairs-20:build/bench-gen pairs 20" \
    "queens-6:build/bench-gen queens 6" \
    "queens-8:build/bench-gen queens 8" \
    "queens-10:build/bench-gen queens 10" \
    "queens-12:build/bench-gen queens 12" \
    "ham-20:build/bench-gen ham 20" \
    "ham-24:build/bench-gen ham 24" \
    "strip-100:build/bench-gen strip 100" \
    "strip-1000:build/bench-gen strip 1000" \
    "strip-3000:build/bench-gen strip 3000" \
    "strip-8000:build/bench-gen strip 8000" \
    "ladder-1000:build/bench-gen ladder 1000" \
    "ladder-10000:build/bench-gen ladder 10000" \
    "ladder-50000:build/bench-gen ladder 50000" \
    "mixed-50000:build/bench-gen mixed 50000"

if [ -n "${BENCH_ONLY:-}" ]; then
    for spec in "$@"; do
        case " $BENCH_ONLY " in *" ${spec%%:*} "*) set -- "$@" "$spec";; esac
        shift
    done
else
sh bench/envelopes.sh "$FIX" "$REPEAT" > "$OUT/envelopes.md" || echo "bench: envelopes failed"
sh bench/policies.sh "$FIX" 3 > "$OUT/policies.md" || echo "bench: policies failed"
sh bench/explain.sh "$FIX" > "$OUT/explain.md" || echo "bench: explanations failed"
sh bench/block.sh "$FIX" | tee "$OUT/block.md" || echo "bench: the program blocks failed"
sh bench/asp/suite.sh "$FIX" | tee "$OUT/suite.md" || echo "bench: the encodings suite failed"
sh bench/opt.sh "$FIX" | tee "$OUT/opt.md" || echo "bench: the optimisation family failed"
LEARN_SET="pigeon:6 pigeon:7 pigeon:8 pigeon:9 pigeon:10 sat:50 sat:100 sat:150 sat:200 sat:250 color4:60 color4:80 color4:100 color4:120 color4:140"
BENCH_LEARN_TIMEOUT=${BENCH_LEARN_TIMEOUT:-10} sh bench/asp/learn.sh "$FIX" $LEARN_SET | tee "$OUT/learn.md" \
    || echo "bench: the learning table failed"
sh bench/asp/shape.sh "$FIX" || echo "bench: the shapes in time failed"
BENCH_MEMORY_JOBS=${BENCH_MEMORY_JOBS:-1 2 default} sh bench/asp/memory.sh "$FIX" | tee "$OUT/memory.md" || echo "bench: the memory table failed"
fi
table="$OUT/table.md"
{
    echo "| program | ground rules | models | clingo all (s) | fix all (s) | fix/clingo | runs | fix --wf (s) | clingo on --emit (s) | emit/orig | fix --emit (s) |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
} > "$table"
for spec in "$@"; do
    name=${spec%%:*}
    make_lp=${spec#*:}
    $make_lp > "$OUT/$name.lp"
    gringo "$OUT/$name.lp" > "$OUT/$name.aspif" 2>/dev/null || { echo "bench: gringo failed on $name"; continue; }
    rules=$(grep -c '^1 ' "$OUT/$name.aspif")
    "$FIX" asp --emit "$OUT/$name.aspif" > "$OUT/$name.emit.aspif" 2>/dev/null
    n_clingo=$(models clingo --mode=clasp 0 "$OUT/$name.aspif")
    n_fix=$(models timeout "$LIMIT" "$FIX" asp --models 0 "$OUT/$name.aspif")
    n_emit=$(models clingo --mode=clasp 0 "$OUT/$name.emit.aspif")
    [ "$n_clingo" = "$n_fix" ] && [ "$n_clingo" = "$n_emit" ] || \
        echo "bench: $name: model counts differ: clingo $n_clingo, fix $n_fix, clingo on emit $n_emit"
    paired=$(pairs "$FIX" asp --models 0 "$OUT/$name.aspif" -- clingo --mode=clasp 0 "$OUT/$name.aspif")
    read -r t_fix t_clingo r_fix n_runs _ <<EOF
${paired:-error error - -}
EOF
    t_wf=$(secs "$FIX" asp --wf "$OUT/$name.aspif")
    paired=$(pairs clingo --mode=clasp 0 "$OUT/$name.emit.aspif" -- clingo --mode=clasp 0 "$OUT/$name.aspif")
    read -r t_emit_clingo _ r_emit _ <<EOF
${paired:-error error -}
EOF
    t_emit=$(secs "$FIX" asp --emit "$OUT/$name.aspif")
    row="| $name | $rules | $n_clingo | $t_clingo | $t_fix | $r_fix | $n_runs | $t_wf | $t_emit_clingo | $r_emit | $t_emit |"
    echo "$row"
    echo "$row" >> "$table"
done
[ -n "${BENCH_ONLY:-}" ] && exit 0

{
    echo "# Benchmarks: fix asp against clingo"
    echo
    echo "Made by \`make bench\` (\`sh bench/run.sh $FIX $REPEAT\`) on $(date -u +%Y-%m-%d), $(uname -m),"
    echo "$(nproc) CPUs, $(clingo --version | head -n 1); wall-clock seconds including process start"
    echo "(stdout to /dev/null).  Each program is grounded once by gringo; both tools read the same"
    echo "aspif file (clingo with \`--mode=clasp 0\`, printing every model; fix with \`asp --models 0\`)."
    echo "fix all and clingo all are timed together in pairs (build/bench/pairtime: fix then clingo,"
    echo "clingo then fix, and so on, at least $MIN_RUNS pairs and until $RUN_SECONDS s have passed, at most"
    echo "51; runs: how many pairs): their columns are the median of each, fix/clingo the median of the"
    echo "per-pair ratios.  \"clingo on --emit\" runs clingo on \`fix asp --emit\` of the same file,"
    echo "timed the same way in pairs with clingo on the original; emit/orig is the median of those"
    echo "pairs' ratios (below 1: the emitted program is faster for clingo).  fix --wf and fix --emit"
    echo "are the best of $REPEAT runs each."
    echo "Programs: bench/asp/gen.c (pairs N: N even loops, 2^N models; queens N: N-queens with"
    echo "choice rules and binary constraints; ham N: Hamiltonian cycles of a ring of N nodes with"
    echo "chords to i+2 and i+3 (reachability: positive loops); strip N: 3-colouring a strip of N"
    echo "triangles, 6 models; ladder N: x(i+1) :- not x(i), decided by the well-founded bound; mixed"
    echo "N: pairs 12 beside a hidden ladder N) and examples/*.lp."
    echo
    cat "$table"
    echo
    echo "Times under about 10 ms are dominated by process start; the pairs spread the shared"
    echo "machine's drifts over both tools, but single pairs still vary by 20 % and more."
    echo
    echo "## Standard encodings"
    echo
    echo "Made by the same run (\`sh bench/asp/suite.sh $FIX\`, BENCH_SUITE_TIMEOUT=${BENCH_SUITE_TIMEOUT:-10}"
    echo "seconds a run): 13 encodings of bench/asp/encodings.c with random instances of growing"
    echo "size (the number after the name), grounded once; one wall-clock run each on the same aspif"
    echo "file.  first: the first model; all: every model; opt: the optimum.  fix native is"
    echo "\`fix asp --solver native\`, fix auto plain \`fix asp\`; fix --emit + clingo is \`fix asp"
    echo "--emit\` then \`clingo --mode=clasp\` on its output.  \"timeout\": stopped at the limit;"
    echo "\"refused\": fix does not take the program that way; agree: every finished run gave"
    echo "clingo's result (and model count or optimum), else the runs that did not.  \"(paired)\": clingo"
    echo "and fix native both took under 0.5 s, so they were timed again together in alternating pairs"
    echo "(build/bench/pairtime, at least ${BENCH_MIN_RUNS:-3} pairs and until ${BENCH_RUN_SECONDS:-0.5} s have passed), as was fix"
    echo "auto against clingo when it too took under 0.5 s: those columns are the pairs' medians,"
    echo "native/clingo and auto/clingo the medians of the pair ratios; the other two ratios of such a"
    echo "row are their one run over clingo's median."
    echo
    cat "$OUT/suite.md"
    echo
    echo "## Optimisation: job shop, bin packing, timetabling, TSP"
    echo
    echo "Made by the same run (\`sh bench/opt.sh $FIX\`): bench/asp/optenc.c's encodings (job shop"
    echo "with three priorities, bin packing, timetabling with weak constraints at three priorities,"
    echo "TSP), grounded once; clingo --mode=clasp against \`fix asp --solver native\` with each"
    echo "--opt-strategy, the optimum, in alternating pairs (build/bench/pairtime): the pairs' medians"
    echo "and the median of the pair ratios (goal: at most 1.2).  agree: every strategy's answer"
    echo "(OPTIMUM FOUND and the optimum at every priority level) is clingo's."
    echo
    cat "$OUT/opt.md"
    echo
    echo "## Peak memory on large ground programs"
    echo
    echo "Made by the same run (\`sh bench/asp/memory.sh $FIX\`): the bench's families at a large"
    echo "size, grounded once; peak resident memory (GNU time's %M) and wall time of one run each of"
    echo "\`fix asp --solver native --models 1\` with \`--jobs 1\`, \`--jobs 2\` and the default --jobs (the"
    echo "cores, one thread for a large program) and \`clingo --mode=clasp --models 1\` (one thread) on the same aspif"
    echo "file.  choice: \`{a(1..N)}.\`; choice-rules: with \`b(X) :- a(X), not c(X). c(X) :- a(X),"
    echo "X \\ 2 = 0.\`; chain: the ladder of choices of bench/RESULTS.md's scaling table (clingo's slow"
    echo "case, hence its small size); the rest from bench/asp/gen.c."
    echo
    cat "$OUT/memory.md"
    echo
    echo "## Hard search: conflict-driven learning"
    echo
    echo "Made by the same run (\`sh bench/asp/learn.sh $FIX $LEARN_SET\`,"
    echo "BENCH_LEARN_TIMEOUT=${BENCH_LEARN_TIMEOUT:-10} seconds a run): the first model or its absence,"
    echo "\`fix asp --solver native --models 1\` against \`clingo --mode=clasp 1\` on the same aspif, one"
    echo "wall-clock run each, 10 random instances (seeds) per size, pigeonhole one; per size the"
    echo "median times, the geometric mean, median and worst of fix/clingo (a time under 0.01 s counts"
    echo "as 0.01 s; > marks a fix timeout counted at the limit), and how many instances clingo solves"
    echo "in under 10 s on which fix takes over 3 times as long."
    echo
    cat "$OUT/learn.md"
    echo
    echo "## Envelopes: derived against declared"
    echo
    echo "Made by the same run (\`sh bench/envelopes.sh $FIX $REPEAT\`): \`fix run\` of \`bnb S\` on"
    echo "S_P-style functions of N atoms (N/4 even loops and a ladder on the rest), once declared"
    echo "\`antitone\` (the time includes the check of the annotation the query makes first) and once"
    echo "without annotation with \`envelope derived\`; best of $REPEAT runs, wall-clock seconds."
    echo
    cat "$OUT/envelopes.md"
    echo
    echo "## bnb: policy paper against policy isolate"
    echo
    echo "Made by the same run (\`sh bench/policies.sh $FIX 3\`): every file with a \`bnb\` query"
    echo "(examples/*.fix, issue 31's cases in tests/golden/bnb_*.fix, random non-monotone functions on"
    echo "ranges of 16 to 1024 elements from a fixed seed), run with every bnb query given \`policy"
    echo "paper\` and then \`policy isolate\`: best wall time of 3 runs of the whole file (start-up"
    echo "included), S(Final) summed over its bnb queries, and how many of them are complete."
    echo
    cat "$OUT/policies.md"
    echo
    echo "## Explanations"
    echo
    echo "Made by the same run (\`sh bench/explain.sh $FIX\`): \`fix explain --wf\` (every shown atom"
    echo "explained in the well-founded bound, as text and as --json) against \`fix asp --wf\` (the bound"
    echo "alone) on the 100 000-rule ladder and mixed programs, grounded once, in alternating pairs"
    echo "(build/bench/pairtime); the goal of issue 32 is at most 2x."
    echo
    cat "$OUT/explain.md"
    echo
    echo "## Program blocks against fix asp"
    echo
    echo "Made by the same run (\`sh bench/block.sh $FIX\`): the ground rules of bench/asp/gen.c's"
    echo "programs as \`program P { ... } stable P;\` in a .fix file, \`fix run\` of it against"
    echo "\`fix asp 0\` on the same rules as aspif, in alternating pairs (build/bench/pairtime): the"
    echo "pairs' medians and the median of the ratios (the goal: about 1)."
    echo
    cat "$OUT/block.md"
    [ -f bench/NOTES.md ] && { echo; cat bench/NOTES.md; }
} > "$RES"
echo "bench: wrote $RES"

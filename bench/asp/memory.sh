#!/bin/sh
# memory.sh: the peak-memory part of `make bench`: large ground programs of the bench's
# families, each grounded once by gringo; on the same aspif file, the peak resident memory
# (GNU time's %M) and wall time of `fix asp --solver native --models 1 --jobs J` for each J
# of BENCH_MEMORY_JOBS (default "1"; "default" runs without --jobs: the cores, or one thread
# for a large program, docs/asp.md "Threads") and of `clingo --mode=clasp --models 1` (one
# thread, clingo's default), one run each, and fix/clingo of the peaks.  On --jobs N every
# thread owns its search state (the compiled program is shared), so a split program's peak
# grows with the threads; `BENCH_MEMORY_JOBS="1 2 default"` shows all three.  Each answer
# must agree with clingo's (SATISFIABLE or not); the last column says so.  Writes the
# markdown table to stdout.
# BENCH_MEMORY_SOLVER=default runs fix with its default solver (no --solver: the native
# search first, its models held back, the program's rules kept for a hand-over to clingo)
# instead of --solver native.
# BENCH_MEMORY_SMALL=1 runs each family at a tenth of its size (a quick check of the script).
# colour is tests/asp/compete/colour.lp on a random graph of N nodes, edge probability 3/N
# (3.4 million ground rules at 1500, nearly all its symmetry breaking's before/2).
# usage: sh bench/asp/memory.sh [FIX]
set -u
FIX=${1:-build/fix}
OUT=build/bench/memory
mkdir -p "$OUT"
cc -O2 -o build/bench-gen bench/asp/gen.c || exit 1
[ -x /usr/bin/time ] || { echo "memory: /usr/bin/time not found (sh scripts/deps.sh)"; exit 1; }
scale=1
JOBS=${BENCH_MEMORY_JOBS:-1}
SOLVER=${BENCH_MEMORY_SOLVER:-native}
solver_opt="--solver $SOLVER"; [ "$SOLVER" = default ] && solver_opt=""
[ -n "${BENCH_MEMORY_SMALL:-}" ] && scale=10

# peak CMD...: "seconds KB result" of one run (stdout kept for the result line)
peak() {
    /usr/bin/time -f "%e %M" -o "$OUT/time.txt" "$@" > "$OUT/answer.txt" 2>/dev/null
    r=$(grep -E '^(SATISFIABLE|UNSATISFIABLE|UNKNOWN)$' "$OUT/answer.txt" | tail -n 1)
    printf '%s %s\n' "$(tail -n 1 "$OUT/time.txt")" "${r:-none}"
}

# name, size, then how to make the .lp (N is replaced by the size)
set -- \
    "choice:1000000:echo '{a(1..N)}.'" \
    "choice-rules:200000:echo '{a(1..N)}. b(X) :- a(X), not c(X). c(X) :- a(X), X \\ 2 = 0.'" \
    "chain:10000:echo 'a(1). {b(I)} :- a(I), I <= N. a(I+1) :- b(I). a(I+1) :- a(I), not b(I), I <= N. :- not a(N+1).'" \
    "pairs:100000:build/bench-gen pairs N" \
    "strip:100000:build/bench-gen strip N" \
    "ladder:100000:build/bench-gen ladder N" \
    "mixed:100000:build/bench-gen mixed N" \
    "colour:1500:cat tests/asp/compete/colour.lp; awk -v kind=colour -v n=N -v seed=1 -f tests/asp/competegen.awk"

head="| program | size |"; rule="|---|---:|"
for j in $JOBS; do head="$head fix $SOLVER --jobs $j (s, MB) |"; rule="$rule---|"; done
head="$head clingo (s, MB) |"; rule="$rule---|"
for j in $JOBS; do head="$head fix/clingo --jobs $j |"; rule="$rule---:|"; done
echo "$head agree |"
echo "$rule---|"
for spec in "$@"; do
    name=${spec%%:*}; rest=${spec#*:}
    size=$(( ${rest%%:*} / scale )); make_lp=$(printf '%s' "${rest#*:}" | sed "s/N/$size/g")
    sh -c "$make_lp" > "$OUT/$name.lp"
    gringo "$OUT/$name.lp" > "$OUT/$name.aspif" 2>/dev/null || { echo "memory: gringo failed on $name"; continue; }
    read -r cs ck cr <<EOF
$(peak clingo --mode=clasp --models 1 "$OUT/$name.aspif")
EOF
    cols=""; ratios=""; agree=yes
    for j in $JOBS; do
        opt="--jobs $j"; [ "$j" = default ] && opt=""
        # shellcheck disable=SC2086
        read -r fs fk fr <<EOF
$(peak "$FIX" asp $solver_opt --models 1 $opt "$OUT/$name.aspif")
EOF
        cols="$cols $fs s, $((fk / 1024)) MB |"
        ratios="$ratios $(awk -v a="$fk" -v b="$ck" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }') |"
        [ "$fr" = "$cr" ] || agree="no: fix $fr (--jobs $j), clingo $cr"
    done
    printf '| %s | %s |%s %s s, %s MB |%s %s |\n' "$name" "$size" "$cols" "$cs" $((ck / 1024)) \
        "$ratios" "$agree"
done

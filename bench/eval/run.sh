#!/bin/sh
# run.sh: part of `make bench`: the evaluator kernels of bench/eval (loop, sets, maps, real,
# spec), each written in .fix, in Lua 5.4 and in C, timed side by side in one run: best of
# REPEAT wall-clock runs each, process start included.  The three must print the same number
# of fixed points.  Also `fixpoints` over a powerset of 2^22 elements, and the analysis
# examples with and without memoisation.  With BASE (another fix binary, e.g. an older
# build) its times are printed beside.  Prints the tables and writes them, with the command,
# between the eval markers of bench/RESULTS.md (appended when they are missing), followed by
# bench/eval/NOTES.md.
# usage: sh bench/eval/run.sh [FIX] [REPEAT] [BASE]
set -u
FIX=${1:-build/fix}
REPEAT=${2:-3}
BASE=${3:-}
DIR=bench/eval
OUT=build/bench/eval
RES=bench/RESULTS.md
LUA=${LUA:-lua5.4}
FIX_STDLIB=stdlib
export FIX_STDLIB
mkdir -p "$OUT"
command -v "$LUA" >/dev/null 2>&1 || { echo "bench/eval: $LUA not found (scripts/deps.sh bench installs it)"; exit 1; }

. bench/secs.sh    # secs CMD...: the best wall time of REPEAT runs
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
fix_count() { "$@" 2>/dev/null | awk '/^fixpoints / { print $3; exit }'; }

table="$OUT/table.md"
{
    if [ -n "$BASE" ]; then
        echo "| kernel | fixed points | C -O2 (s) | Lua 5.4 (s) | fix (s) | fix/Lua | fix/C | base fix (s) | base/fix |"
        echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    else
        echo "| kernel | fixed points | C -O2 (s) | Lua 5.4 (s) | fix (s) | fix/Lua | fix/C |"
        echo "|---|---:|---:|---:|---:|---:|---:|"
    fi
} > "$table"
for k in loop sets maps real spec; do
    cc -O2 -o "$OUT/$k" "$DIR/$k.c" -lm || { echo "bench/eval: cc failed on $k.c"; exit 1; }
    n_c=$("$OUT/$k")
    n_lua=$("$LUA" "$DIR/$k.lua")
    n_fix=$(fix_count "$FIX" run "$DIR/$k.fix")
    [ "$n_c" = "$n_lua" ] && [ "$n_c" = "$n_fix" ] || \
        echo "bench/eval: $k: results differ: C $n_c, Lua $n_lua, fix $n_fix"
    t_c=$(secs "$OUT/$k")
    t_lua=$(secs "$LUA" "$DIR/$k.lua")
    t_fix=$(secs "$FIX" run "$DIR/$k.fix")
    row="| $k | $n_fix | $t_c | $t_lua | $t_fix | $(ratio "$t_fix" "$t_lua") | $(ratio "$t_fix" "$t_c") |"
    if [ -n "$BASE" ]; then
        t_base=$(secs "$BASE" run "$DIR/$k.fix")
        row="$row $t_base | $(ratio "$t_base" "$t_fix") |"
    fi
    echo "$row"
    echo "$row" >> "$table"
done

# sp_program N QUERIES: an S_P-style function S of N rules p_i :- not p_(i+1) on a powerset of N
# atoms, then the queries.
sp_program() {
    awk -v n="$1" -v queries="$2" 'BEGIN { printf "lattice P = powerset {"
        for (i = 0; i < n; i++) printf "%sp%d", (i ? ", " : ""), i
        printf "};\nfn S(m: P): P =\n  {}"
        for (i = 0; i < n; i++) printf "\n  union (if p%d in m then {} else {p%d})", (i + 1) % n, i
        print ";\n" queries }'
}

# fixpoints over a powerset of 22 atoms (2^22 elements, the enumeration limit)
sp_program 22 "fixpoints S;" > "$OUT/pow22.fix"
pow="$OUT/pow22.md"
{
    echo "| query | fix (s) |${BASE:+ base fix (s) | base/fix |}"
    echo "|---|---:|${BASE:+---:|---:|}"
} > "$pow"
# query_row NAME LABEL: times FIX on $OUT/NAME.fix (with BASE: its output checked the same and
# its time beside) and adds the row LABEL to the table.
query_row() {
    t=$(secs "$FIX" run "$OUT/$1.fix")
    row="| $2 | $t |"
    if [ -n "$BASE" ]; then
        "$BASE" run "$OUT/$1.fix" > "$OUT/$1.base.out" 2>&1
        "$FIX" run "$OUT/$1.fix" > "$OUT/$1.out" 2>&1
        cmp -s "$OUT/$1.out" "$OUT/$1.base.out" || echo "bench/eval: $1: output differs from the base binary's"
        t_base=$(secs "$BASE" run "$OUT/$1.fix")
        row="$row $t_base | $(ratio "$t_base" "$t") |"
    fi
    echo "$row"
    echo "$row" >> "$pow"
}
query_row pow22 "fixpoints S over 2^22 sets"

# brute-force envelopes (approx and bnb of a 16-rule S_P-style function: the engine enumerates
# f over each sub-interval it bounds), through the VM's enumeration fast path
sp_program 16 "approx S;
bnb S;" > "$OUT/brute16.fix"
query_row brute16 "approx and bnb S over 2^16 sets, brute-force envelopes"

# memoised calls: the analysis examples with and without --no-memo, same output
memo="$OUT/memo.md"
{
    echo "| file | calls | memo hits / misses | lfp starts warm / cold | calls --no-memo | time (s) | time --no-memo (s) | no-memo/memo |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
} > "$memo"
for f in examples/speculative.fix examples/signs3.fix examples/intervals.fix tests/golden/analysis_domains.fix bench/eval/reach.fix; do
    "$FIX" run --stats "$f" > "$OUT/memo.out" 2> "$OUT/memo.err"
    "$FIX" run --stats --no-memo "$f" > "$OUT/nomemo.out" 2> "$OUT/nomemo.err"
    cmp -s "$OUT/memo.out" "$OUT/nomemo.out" || echo "bench/eval: $f: output differs with --no-memo"
    calls=$(awk '/^evaluator:/ { print $2 }' "$OUT/memo.err")
    hm=$(awk '/^evaluator:/ { print $5 " / " $7 }' "$OUT/memo.err")
    wc=$(awk '/^evaluator:/ { print $11 " / " $13 }' "$OUT/memo.err")
    calls_no=$(awk '/^evaluator:/ { print $2 }' "$OUT/nomemo.err")
    t_m=$(secs "$FIX" run "$f")
    t_n=$(secs "$FIX" run --no-memo "$f")
    row="| $f | $calls | $hm | $wc | $calls_no | $t_m | $t_n | $(ratio "$t_n" "$t_m") |"
    echo "$row"
    echo "$row" >> "$memo"
done

{
    echo "<!-- eval -->"
    echo "## Evaluator kernels: fix against Lua 5.4 and C"
    echo
    echo "Made by \`make bench\` (\`sh bench/eval/run.sh $FIX $REPEAT${BASE:+ $BASE}\`) on $(date -u +%Y-%m-%d),"
    echo "$(uname -m), $(nproc) CPUs, $("$LUA" -v 2>&1 | awk '{ print $1, $2 }'), $(cc --version | head -n 1);"
    echo "best of $REPEAT runs, wall-clock seconds including process start.  Kernels (bench/eval/NAME.fix,"
    echo ".lua, .c; each prints its number of fixed points, checked equal): loop (50 rounds of an"
    echo "integer mix by recursion for 2^20 elements), sets (an S_P-style function of 20 rules over"
    echo "2^20 sets), maps (map and pair updates over 16^5 maps), real (64 rounds of the logistic"
    echo "map by recursion for 2^18 points), spec (the lfp A(sigma) of a sign analysis for each of"
    echo "2^16 sets of assertions).${BASE:+  base: the binary $BASE.}"
    echo
    cat "$table"
    echo
    echo "\`fixpoints\` over the largest powerset it enumerates (2^22 sets; an S_P-style function of"
    echo "22 rules), and brute-force envelopes (approx and bnb of such a function of 16 rules), best"
    echo "of $REPEAT${BASE:+, beside the base binary (same output checked)}:"
    echo
    cat "$pow"
    echo
    echo "Memoised calls and warm-started lfps (\`--stats\` counts; functions that run an lfp, gfp,"
    echo "sup or inf are memoised, and an lfp inside a function starts from the lfps of neighbouring"
    echo "arguments where docs/evaluator.md allows; \`--no-memo\` turns both off; output checked"
    echo "identical), best of $REPEAT:"
    echo
    cat "$memo"
    [ -f "$DIR/NOTES.md" ] && { echo; cat "$DIR/NOTES.md"; }
    echo "<!-- /eval -->"
} > "$OUT/section.md"
if grep -q '^<!-- eval -->$' "$RES" 2>/dev/null; then
    awk -v sec="$OUT/section.md" '
        /^<!-- eval -->$/ { while ((getline line < sec) > 0) print line; skip = 1; next }
        /^<!-- \/eval -->$/ { skip = 0; next }
        !skip { print }' "$RES" > "$OUT/results.md" && cp "$OUT/results.md" "$RES"
else
    { echo; cat "$OUT/section.md"; } >> "$RES"
fi
echo "bench/eval: wrote $RES"

#!/bin/sh
# block.sh: a program block of a .fix file against `fix asp` on the same ground rules.  Each
# program of bench/asp/gen.c is grounded once by gringo into ground rules (`gringo --text`,
# #show lines left out, so that both print every atom; the atom name `in` is renamed, a
# keyword of .fix files); those rules become `program P { ... } stable P;` in a .fix file, and
# gringo turns the same rules into aspif.  `fix run` of the .fix file and `fix asp 0` of the
# aspif must find the same number of models; then the two are timed in alternating pairs by
# build/bench/pairtime (the pairs' median times and the median of the per-pair ratios,
# block/asp: the goal is about 1).  With BENCH_BLOCK_CALLGRIND=1, also the instructions of
# one run of each under valgrind --tool=callgrind (immune to the machine's load).
# Writes the markdown table to stdout.
# usage: sh bench/block.sh [FIX]   (make bench runs it; BENCH_BLOCK="queens:10" for one row)
set -u
FIX=${1:-build/fix}
OUT=build/bench/block
mkdir -p "$OUT"
command -v gringo >/dev/null 2>&1 || { echo "bench/block.sh: gringo not found"; exit 1; }
sh tests/asp/build-gen.sh bench-gen >/dev/null || exit 1
[ -x build/bench/pairtime ] || make -s build/bench/pairtime || exit 1
SET=${BENCH_BLOCK:-"queens:10 pairs:15 strip:3000 ham:16 ladder:20000"}
CG=${BENCH_BLOCK_CALLGRIND:-0}

instructions() {   # instructions CMD...: callgrind's count of one run
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "| program | ground rules | models | fix run, block (s) | fix asp, aspif (s) | block/asp | pairs |$([ "$CG" = 1 ] && echo ' block Ir | asp Ir | Ir ratio |')"
echo "|---|---:|---:|---:|---:|---:|---:|$([ "$CG" = 1 ] && echo '---:|---:|---:|')"
for spec in $SET; do
    family=${spec%%:*} n=${spec##*:} name=$family-${spec##*:}
    build/bench-gen "$family" "$n" > "$OUT/$name.src.lp"
    gringo --text "$OUT/$name.src.lp" | grep -v '^#show' | sed 's/\bin(/inn(/g' > "$OUT/$name.lp"
    gringo "$OUT/$name.lp" > "$OUT/$name.aspif" || { echo "| $name | gringo failed |"; continue; }
    { echo "program P {"; cat "$OUT/$name.lp"; echo "}"; echo "stable P;"; } > "$OUT/$name.fix"
    rules=$(wc -l < "$OUT/$name.lp")
    mb=$("$FIX" run "$OUT/$name.fix" | sed -n 's/^stable P: \([0-9]*\) stable model.*/\1/p')
    ma=$("$FIX" asp 0 "$OUT/$name.aspif" | sed -n 's/^Models *: \([0-9]*\).*/\1/p')
    if [ -z "$mb" ] || [ "$mb" != "$ma" ]; then
        echo "| $name | $rules | block ${mb:-?}, asp ${ma:-?}: differ |"; continue
    fi
    # shellcheck disable=SC2046
    set -- $(build/bench/pairtime "$FIX" run "$OUT/$name.fix" -- "$FIX" asp 0 "$OUT/$name.aspif")
    row="| $name | $rules | $mb | ${1:-?} | ${2:-?} | ${3:-?} | ${4:-?} |"
    if [ "$CG" = 1 ]; then
        ib=$(instructions "$FIX" run "$OUT/$name.fix")
        ia=$(instructions "$FIX" asp 0 "$OUT/$name.aspif")
        row="$row $ib | $ia | $(awk -v b="$ib" -v a="$ia" 'BEGIN { printf "%.2f", b / a }') |"
    fi
    echo "$row"
done

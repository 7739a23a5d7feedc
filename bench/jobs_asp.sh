#!/bin/sh
# jobs_asp.sh: `fix asp --models 0` (the native search, every model printed to /dev/null) with
# --jobs 1 against --jobs 2 on the programs of issue 34 (pairs-22, queens-12, ham-24 of
# bench/asp/gen.c), then optimisation: opt on tsp-12 and jobshop-8 of bench/opt.sh (one
# search for every N) and optN on qmin-13 (queens-13 with a #minimize: its 11 892 optimal
# models by cubes); BENCH_JOBS_ONLY="queens-12 qmin-13" runs those only.  Wall times are timed side by
# side in alternating pairs by build/bench/pairtime (at least BENCH_MIN_RUNS pairs, default 3,
# and BENCH_RUN_SECONDS, default 2): the medians and the median of the pair ratios.  Then one
# run of each under /usr/bin/time with --stats: CPU seconds (user + system) of the process,
# the cubes, the CPU of the busiest search thread, and the balance (the busiest thread's CPU
# against the mean of the threads: 1.00 is even).  "CPU model" is jobs-1 CPU over half of
# jobs-2 CPU: the ratio two idle cores would give if the threads overlapped fully, the figure
# to read when the machine is loaded by others (the load average is printed beside it).
# "Bound on 2 idle cores": jobs-1 CPU over the largest of half the jobs-2 CPU, the busiest
# search thread's CPU and the calling thread's (the process's CPU less the search threads':
# making the cubes, printing the models), the best ratio two idle cores could give.
# "CPU jobs 1 beside a twin": the CPU of a --jobs 1 run with a second one beside it (two
# busy cores, no thread shared): CPU jobs 2 against twice that is the threads' own cost.
# With CALLGRIND=1 it also counts instructions per thread (valgrind --tool=callgrind
# --separate-threads=yes) on smaller sizes (pairs-18, queens-10, ham-24): those of --jobs 1,
# and of --jobs 2 the calling thread's (making the cubes, numbering and printing the models)
# and each search thread's; I1 / max(caller, busiest search thread, all of jobs 2 / 2) is the
# ratio two free cores would give, a figure a loaded machine does not change.
# Writes a markdown table to stdout.  Rerun on a quiet machine: `sh bench/jobs_asp.sh`
# (after `make build/fix build/bench/pairtime`), or `make bench`, which runs it.
# usage: sh bench/jobs_asp.sh [FIX]
set -u
FIX=${1:-build/fix}
OUT=build/bench/jobs
mkdir -p "$OUT"
command -v gringo >/dev/null 2>&1 || { echo "jobs_asp: gringo not found"; exit 1; }
cc -O2 -o build/bench-gen bench/asp/gen.c || exit 1
[ -x build/bench/pairtime ] || make -s build/bench/pairtime || exit 1
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "jobs_asp: /usr/bin/time not found (apt-get install time)"; exit 1; }

cpu() {   # cpu JOBS ASPIF: "cpu-seconds cubes busiest-thread-cpu threads-cpu" ($MODE's run)
    # shellcheck disable=SC2086
    "$TIME" -f "TIME %U %S" "$FIX" asp --solver native $MODE --stats --jobs "$1" "$2" \
        2> "$OUT/time" | grep '^Cubes' > "$OUT/cubes"
    awk '/^TIME/ { printf "%.2f ", $2 + $3 }' "$OUT/time"
    [ -s "$OUT/cubes" ] || { echo "0 0 0"; return; }     # not split: one thread
    # "Cubes        : 64 on 2 threads (CPU 2.628s, busiest thread 1.343s)"
    sed -E 's/.*: ([0-9]+) on [0-9]+ threads \(CPU ([0-9.]+)s, busiest thread ([0-9.]+)s\)/\1 \3 \2/' "$OUT/cubes"
}

twin() {   # twin ASPIF: the CPU seconds of a --jobs 1 run ($MODE) while a second one runs beside it
    # shellcheck disable=SC2086
    "$TIME" -f "%U %S" -o "$OUT/twin1" "$FIX" asp --solver native $MODE --jobs 1 "$1" >/dev/null 2>&1 &
    # shellcheck disable=SC2086
    "$TIME" -f "%U %S" -o "$OUT/twin2" "$FIX" asp --solver native $MODE --jobs 1 "$1" >/dev/null 2>&1
    wait
    tail -q -n 1 "$OUT/twin1" "$OUT/twin2" | awk '{ s += $1 + $2 } END { printf "%.2f", s / 2 }'
}

echo "| program | models | cubes | jobs 1 (s) | jobs 2 (s) | jobs1/jobs2 | pairs | CPU jobs 1 (s) | CPU jobs 2 (s) | CPU model | balance | calling thread CPU (s) | bound on 2 idle cores | CPU jobs 1 beside a twin (s) | load |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
# row NAME: the row of $OUT/NAME.aspif run with the options $MODE
row() {
    name=$1
    # shellcheck disable=SC2086
    models=$("$FIX" asp --solver native -q $MODE "$OUT/$name.aspif" | awk '/^Models/ { print $3 }')
    # shellcheck disable=SC2086
    paired=$(build/bench/pairtime -r "${BENCH_MIN_RUNS:-3}" -s "${BENCH_RUN_SECONDS:-2}" -l 300 \
        "$FIX" asp --solver native $MODE --jobs 1 "$OUT/$name.aspif" -- \
        "$FIX" asp --solver native $MODE --jobs 2 "$OUT/$name.aspif")
    read -r t1 t2 r runs _ <<EOF
${paired:-error error - -}
EOF
    read -r c1 _ _ _ <<EOF
$(cpu 1 "$OUT/$name.aspif")
EOF
    read -r c2 cubes busy threads <<EOF
$(cpu 2 "$OUT/$name.aspif")
EOF
    model=$(awk -v a="$c1" -v b="$c2" 'BEGIN { printf "%.2f", (b > 0 ? 2 * a / b : 0) }')
    balance=$(awk -v m="$busy" -v t="$threads" 'BEGIN { printf "%.2f", (t > 0 ? 2 * m / t : 0) }')
    # the calling thread's CPU (cubes made, models printed) is the process's less the
    # search threads'; two idle cores need at least the largest of: half of all the CPU,
    # the busiest search thread, the calling thread
    est=$(awk -v a="$c1" -v b="$c2" -v m="$busy" -v t="$threads" 'BEGIN { main = b - t
        w = b / 2; if (m > w) w = m; if (main > w) w = main; printf "%.2f %.2f", main, (w > 0 ? a / w : 0) }')
    ct=$(twin "$OUT/$name.aspif")
    load=$(cut -d ' ' -f 1 /proc/loadavg)
    read -r main bound <<EOF
$est
EOF
    echo "| $name${MODE:+ ($MODE)} | $models | $cubes | $t1 | $t2 | $r | $runs | $c1 | $c2 | $model | $balance | $main | $bound | $ct | $load |"
}

MODE="--models 0"
for spec in pairs:22 queens:12 ham:24; do
    name=${spec%%:*}-${spec##*:}
    case " ${BENCH_JOBS_ONLY:-$name} " in *" $name "*) ;; *) continue ;; esac
    build/bench-gen "${spec%%:*}" "${spec##*:}" > "$OUT/$name.lp"
    gringo "$OUT/$name.lp" > "$OUT/$name.aspif" 2>/dev/null || { echo "| $name | gringo failed |"; continue; }
    row "$name"
done

# optimisation: the branch and bound (one search for every N) on two of bench/opt.sh's
# instances, and optN's optimal models (by cubes) of queens-13 with a #minimize of two
# priorities, whose optimum 11 892 models reach
sh tests/asp/build-gen.sh bench-opt > /dev/null || exit 1
for spec in tsp:12 jobshop:8 qmin:13; do
    name=${spec%%:*}-${spec##*:}
    case " ${BENCH_JOBS_ONLY:-$name} " in *" $name "*) ;; *) continue ;; esac
    case $name in
        qmin-*) build/bench-gen queens "${spec##*:}" > "$OUT/$name.lp"
                printf '#minimize { 1@2 : q(1,1) }.\n#minimize { 1@1,X : q(X,X) }.\n' >> "$OUT/$name.lp"
                MODE="--opt-mode=optN" ;;
        *) build/bench-opt "${spec%%:*}" "${spec##*:}" > "$OUT/$name.lp"; MODE= ;;
    esac
    gringo "$OUT/$name.lp" > "$OUT/$name.aspif" 2>/dev/null || { echo "| $name | gringo failed |"; continue; }
    row "$name"
done

[ "${CALLGRIND:-0}" = 1 ] || exit 0
command -v valgrind >/dev/null 2>&1 || { echo "jobs_asp: valgrind not found"; exit 0; }
echo
echo "| program (small) | I1 (jobs 1) | caller (jobs 2) | search threads (jobs 2) | estimate on 2 free cores |"
echo "|---|---:|---:|---|---:|"
for spec in pairs:18 queens:10 ham:24; do
    name=${spec%%:*}-${spec##*:}
    build/bench-gen "${spec%%:*}" "${spec##*:}" > "$OUT/$name.lp"
    gringo "$OUT/$name.lp" > "$OUT/$name.aspif" 2>/dev/null || continue
    rm -f "$OUT"/cg.*
    for n in 1 2; do
        valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$OUT/cg.$n" \
            "$FIX" asp --solver native --models 0 --jobs "$n" "$OUT/$name.aspif" >/dev/null 2>&1
    done
    i1=$(cat "$OUT"/cg.1-* | sed -n 's/^summary: *//p' | awk '{ s += $1 } END { printf "%.0f", s }')
    caller=$(sed -n 's/^summary: *//p' "$OUT/cg.2-01" | head -n 1)
    workers=$(cat "$OUT"/cg.2-0[2-9] 2>/dev/null | sed -n 's/^summary: *//p' | tr '\n' ' ')
    echo "| $name | $i1 | $caller | $workers | $(echo "$workers" | awk -v a="$i1" -v c="$caller" '{ m = c; s = c
        for (i = 1; i <= NF; i++) { s += $i; if ($i > m) m = $i }
        if (s / 2 > m) m = s / 2; printf "%.2f", a / m }') |"
done

#!/bin/sh
# jobs.sh: part of `make bench`: `fix run --jobs 2` against `--jobs 1` on the workloads of
# issue 34, written here as .fix files: bnb on S_P-style functions of 56 and 60 atoms
# (programs with choice pairs and derived atoms, the powerset lattice, derived envelopes),
# bnb on a product of four reals (boxes of 240 bounds a round), `fixpoints` over 2^24
# elements (a powerset of 24 atoms), and `check g monotone` over the 18 x 2^17 covering pairs
# of a powerset of 18 atoms.  For each it prints the per-round live bound counts
# (from --trace: rounds, the least, median and largest count, the rounds with at least 60)
# and the ratio the rounds' shape allows on two threads (rounds_model below: the serial part
# the rounds impose, were every bound of a round as costly as the others), then runs --jobs 1 and --jobs 2 alternating REPEAT times and prints the median wall
# seconds of each, their ratio, and the CPU seconds (user + system) of each run: on a
# machine others load, CPU/wall says how much of a core each run got, and the ratio of CPU
# seconds (jobs 2 / jobs 1) says what the threads cost in work.  The last two columns tell
# the machine's part of that cost from the program's: the CPU seconds of a --jobs 1 run with
# a second --jobs 1 run of the same file beside it (two busy cores, no thread shared) and
# their ratio to one run alone; a CPU ratio of --jobs 2 near the twin's is the machine's.  With CALLGRIND=1 it also counts instructions
# per thread (valgrind --tool=callgrind --separate-threads=yes, the `small` sizes): the
# calling thread's share is the serial part, and I1 / ((caller + workers) / 2) the speed-up
# two free cores would give (docs/parallel.md, "How it scales").
# usage: sh bench/jobs.sh [FIX] [REPEAT]          (make bench; REPEAT default 3)
#        sh bench/jobs.sh --write DIR [small|full|extra]  (only writes the workloads into DIR)
#        BENCH_JOBS_EXTRA=1 sh bench/jobs.sh ...  (also times the extra workloads: a product of
#        three reals with five fixed points a component, an S_P of 48 atoms with choice triples,
#        a map of 28 keys to a chain; not the bench's rows: the threads' cost on other shapes)
set -u

# ---- the workloads ----
sp_program() {   # sp_program N K SEED: S_P of N atoms, K choice pairs, the rest derived; bnb
    awk -v N="$1" -v K="$2" -v seed="$3" 'BEGIN {
      s = seed
      printf "// S_P of a normal program of %d atoms, %d choice pairs (bench/jobs.sh)\n", N, K
      printf "lattice A = powerset {"; for (i = 0; i < N; i++) printf "%sa%d", (i ? ", " : ""), i; print "};"
      printf "fn S(m: A): A =\n  {}"
      for (i = 0; i < K; i++) {
        printf "\n  union (if a%d in m then {} else {a%d})", 2 * i + 1, 2 * i
        printf "\n  union (if a%d in m then {} else {a%d})", 2 * i, 2 * i + 1
      }
      for (j = 2 * K; j < N; j++) {
        s = (s * 1103515245 + 12345) % 2147483648; x = int(s / 65536) % j
        s = (s * 1103515245 + 12345) % 2147483648; y = int(s / 65536) % j
        printf "\n  union (if a%d in m and not (a%d in m) then {a%d} else {})", x, y, j
      }
      print ";"
      print "bnb S;"
    }'
}

reals_program() {   # reals_program TOL: bnb on a product of four reals, 81 fixed points
    cat <<EOF
// a product of four reals, each component with fixed points 0, 1/2 and 1 (bench/jobs.sh)
lattice U = real [0, 1] tolerance $1;
lattice P = U * U * U * U;
fn h(y: U, z: U): U = y - 2 * y * (y - 0.5) * (y - 1) * (1 - 0.3 * z * (1 - z));
fn f(x: P): P = (h(x.1, x.2), h(x.2, x.3), h(x.3, x.4), h(x.4, x.1));
bnb f;
EOF
}

fixpoints_program() {   # fixpoints_program N: fixpoints of an S_P over N atoms (2^N elements)
    awk -v N="$1" 'BEGIN {
      printf "// fixpoints over 2^%d elements (bench/jobs.sh)\n", N
      printf "lattice A = powerset {"; for (i = 0; i < N; i++) printf "%sa%d", (i ? ", " : ""), i; print "};"
      printf "fn S(m: A): A =\n  {}"
      for (i = 0; i + 1 < N; i += 2) {
        printf "\n  union (if a%d in m then {} else {a%d})", i + 1, i
        printf "\n  union (if a%d in m and not (a%d in m) then {a%d} else {})", i, (i + 2) % N, i + 1
      }
      print ";"
      print "fixpoints S;"
    }'
}

checks_program() {   # checks_program N: `check g monotone` over a powerset of N atoms (N 2^(N-1) covering pairs)
    awk -v N="$1" 'BEGIN {
      printf "// check monotone over the %d x 2^%d covering pairs of a powerset of %d atoms (bench/jobs.sh)\n", N, N - 1, N
      printf "lattice A = powerset {"; for (i = 0; i < N; i++) printf "%sa%d", (i ? ", " : ""), i; print "};"
      printf "fn g(m: A): A =\n  {}"
      for (i = 0; i < N; i++)
        printf "\n  union (if a%d in m and a%d in m then {a%d} else {})", i, (i * 7 + 3) % N, (i * 5 + 1) % N
      print ";"
      print "check g monotone;"
    }'
}

# ---- workloads of the same kinds that are not the timed rows (BENCH_JOBS_EXTRA=1 times them
# too): hidden workloads will be timed, so the threads' cost is checked on other shapes ----
reals3_program() {   # a product of three reals, five fixed points a component, another polynomial
    cat <<EOF
// a product of three reals, five fixed points a component (bench/jobs.sh extra)
lattice V = real [0, 1] tolerance 1e-7;
lattice P3 = V * V * V;
fn g(y: V, z: V): V = y - 3 * y * (y - 0.2) * (y - 0.45 - 0.05 * z) * (y - 0.7) * (y - 1);
fn f(x: P3): P3 = (g(x.1, x.3), g(x.2, x.1), g(x.3, x.2));
bnb f;
EOF
}

sp_triples_program() {   # N T SEED: S_P of N atoms, T choice triples, the rest two positive and one negative body atom
    awk -v N="$1" -v T="$2" -v seed="$3" 'BEGIN {
      s = seed
      printf "// S_P of %d atoms: %d choice triples, the rest of two positive and one negative body atom (bench/jobs.sh extra)\n", N, T
      printf "lattice A = powerset {"; for (i = 0; i < N; i++) printf "%sa%d", (i ? ", " : ""), i; print "};"
      printf "fn S(m: A): A =\n  {}"
      for (i = 0; i < T; i++) {
        a = 3 * i
        printf "\n  union (if a%d in m or a%d in m then {} else {a%d})", a + 1, a + 2, a
        printf "\n  union (if a%d in m or a%d in m then {} else {a%d})", a, a + 2, a + 1
        printf "\n  union (if a%d in m or a%d in m then {} else {a%d})", a, a + 1, a + 2
      }
      for (j = 3 * T; j < N; j++) {
        s = (s * 1103515245 + 12345) % 2147483648; x = int(s / 65536) % j
        s = (s * 1103515245 + 12345) % 2147483648; y = int(s / 65536) % j
        s = (s * 1103515245 + 12345) % 2147483648; z = int(s / 65536) % j
        printf "\n  union (if a%d in m and a%d in m and not (a%d in m) then {a%d} else {})", x, y, z, j
      }
      print ";"
      print "bnb S;"
    }'
}

map_program() {   # K P: a map of K keys to a chain of three, P/2 pairs that exclude each other, the rest derived
    awk -v K="$1" -v P="$2" 'BEGIN {
      printf "// a map of %d keys to a chain of three: pairs that exclude each other, the rest derived (bench/jobs.sh extra)\n", K
      print "lattice C = chain {lo, mid, hi};"
      printf "lattice M = map {"; for (i = 0; i < K; i++) printf "%sk%d", (i ? ", " : ""), i; print "} -> C;"
      printf "fn f(m: M): M = {"
      for (i = 0; i < P; i += 2)
        printf "%sk%d -> if m[k%d] == hi then lo else hi, k%d -> if m[k%d] == hi then lo else if m[k%d] == lo then hi else mid", (i ? ", " : ""), i, i + 1, i + 1, i, i
      for (i = P; i < K; i++) printf ", k%d -> if m[k%d] == hi and m[k%d] != hi then hi else lo", i, (i * 5 + 1) % P, (i * 3) % P
      print "};"
      print "bnb f;"
    }'
}

write_workloads() {   # write_workloads DIR small|full
    mkdir -p "$1"
    if [ "$2" = extra ]; then
        reals3_program >"$1/reals3.fix"
        sp_triples_program 48 10 3 >"$1/sp48t.fix"
        map_program 28 20 >"$1/map28.fix"
    elif [ "$2" = small ]; then
        sp_program 40 8 7 >"$1/sp40.fix"
        reals_program 1e-4 >"$1/reals4.fix"
        fixpoints_program 18 >"$1/fixpoints18.fix"
        checks_program 14 >"$1/checks14.fix"
    else
        sp_program 56 13 11 >"$1/sp56.fix"
        sp_program 60 14 5 >"$1/sp60.fix"
        reals_program 1e-7 >"$1/reals4.fix"
        fixpoints_program 24 >"$1/fixpoints24.fix"
        checks_program 18 >"$1/checks18.fix"
    fi
}

if [ "${1:-}" = --write ]; then
    write_workloads "${2:?usage: jobs.sh --write DIR [small|full|extra]}" "${3:-full}"
    exit 0
fi

FIX=${1:-build/fix}
REPEAT=${2:-3}
D=build/bench/jobs
write_workloads "$D" full
write_workloads "$D/small" small
rm -rf "$D/extra"
[ "${BENCH_JOBS_EXTRA:-0}" = 1 ] && write_workloads "$D/extra" extra

round_counts() {   # round_counts FILE: the live bounds of each bnb round, one a line
    "$FIX" run --jobs 1 --trace "$1" 2>/dev/null | awk '/^  round [0-9]+: [0-9]+ bound/ { print $3 + 0 }'
}

rounds_line() {   # rounds_line COUNTS: the live bounds of each bnb round, summarised
    sort -n "$1" | awk '{ v[NR] = $1; if ($1 >= 60) big++ }
      END { if (!NR) { print "no bnb rounds"; exit }
            printf "%d rounds, bounds a round: least %d, median %d, largest %d; %d rounds with >= 60",
                   NR, v[1], v[int((NR + 1) / 2)], v[NR], big }'
}

# rounds_model COUNTS: the ratio the rounds' shape allows on 2 threads if every bound of a
# round cost the same and nothing else ran: the sum of K over the sum of max(ceil(K / 2),
# grain), a round of K bounds being handed out in grains of K / 128 bounds (1 to 16,
# aft/bnbpar.c) and ending when its last grain does
rounds_model() {
    awk '{ g = int($1 / 128); if (g < 1) g = 1; if (g > 16) g = 16
           h = int(($1 + 1) / 2); one += $1; two += (h > g ? h : g) }
         END { if (two) printf "%.2f", one / two; else printf "-" }' "$1"
}

timed() {   # timed N FILE: "wall cpu" of one run with --jobs N
    /usr/bin/time -f "%e %U %S" "$FIX" run --jobs "$1" "$2" 2>&1 >/dev/null | tail -n 1 \
        | awk '{ printf "%s %.2f", $1, $2 + $3 }'
}

twin() {   # twin FILE: the CPU seconds of a --jobs 1 run while a second one runs beside it
    /usr/bin/time -f "%U %S" -o "$D/twin1" "$FIX" run --jobs 1 "$1" >/dev/null 2>&1 &
    /usr/bin/time -f "%U %S" -o "$D/twin2" "$FIX" run --jobs 1 "$1" >/dev/null 2>&1
    wait
    tail -q -n 1 "$D/twin1" "$D/twin2" | awk '{ s += $1 + $2 } END { printf "%.2f", s / 2 }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "cores this process may use: $(nproc)"
echo "| workload | bnb rounds | rounds' bound (2 threads) | --jobs 1 wall (s) | --jobs 2 wall (s) | ratio | CPU s jobs 1 / jobs 2 | CPU ratio | CPU s jobs 1 beside a twin | twin's ratio |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for f in "$D"/*.fix "$D"/extra/*.fix; do
    [ -f "$f" ] || continue
    : >"$D/w1"; : >"$D/w2"; : >"$D/c1"; : >"$D/c2"; : >"$D/ct"
    r=0
    while [ $r -lt "$REPEAT" ]; do
        for n in 1 2; do
            set -- $(timed $n "$f")
            echo "$1" >>"$D/w$n"; echo "$2" >>"$D/c$n"
        done
        twin "$f" >>"$D/ct"; echo >>"$D/ct"
        r=$((r + 1))
    done
    w1=$(median <"$D/w1"); w2=$(median <"$D/w2"); c1=$(median <"$D/c1"); c2=$(median <"$D/c2")
    ct=$(median <"$D/ct")
    round_counts "$f" >"$D/rounds"
    echo "| $(basename "$f" .fix) | $(rounds_line "$D/rounds") | $(rounds_model "$D/rounds") | $w1 | $w2 | $(awk -v a="$w1" -v b="$w2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }') | $c1 / $c2 | $(awk -v a="$c1" -v b="$c2" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }') | $ct | $(awk -v a="$c1" -v b="$ct" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }') |"
done

[ "${CALLGRIND:-0}" = 1 ] || exit 0
command -v valgrind >/dev/null 2>&1 || { echo "bench/jobs: valgrind not found"; exit 0; }
echo
echo "| workload (small) | I1 (jobs 1) | caller (jobs 2) | workers (jobs 2) | estimate on 2 free cores |"
echo "|---|---|---|---|---|"
# the estimate: I1 / (caller + workers / 2) when all the caller's work is serial, up to
# I1 / max((caller + workers) / 2, caller) when it overlaps the workers' (it partly does:
# taking results runs while the workers prepare the next bounds)
for f in "$D"/small/*.fix; do
    rm -f "$D"/cg.*
    valgrind --tool=callgrind --callgrind-out-file="$D/cg.1" "$FIX" run --jobs 1 "$f" >/dev/null 2>&1
    valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$D/cg.2" "$FIX" run --jobs 2 "$f" >/dev/null 2>&1
    i1=$(sed -n 's/^summary: *//p' "$D/cg.1" | head -n 1)
    caller=$(sed -n 's/^summary: *//p' "$D/cg.2-01" | head -n 1)
    workers=$(cat "$D"/cg.2-0[2-9] 2>/dev/null | sed -n 's/^summary: *//p' | awk '{ s += $1 } END { printf "%.0f", s }')
    echo "| $(basename "$f" .fix) | $i1 | $caller | $workers | $(awk -v a="$i1" -v c="$caller" -v w="$workers" 'BEGIN { t = (c + w) / 2; if (c > t) t = c; printf "%.2f to %.2f", a / (c + w / 2), a / t }') |"
done

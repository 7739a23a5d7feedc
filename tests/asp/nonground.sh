#!/bin/sh
# nonground.sh: random NON-GROUND programs (tests/asp/ngen.awk: gringo's features where they
# meet, grounded by gringo inside fix as inside clingo) against clingo.  For each program and
# its `% args:` (-c n=K):
#   - every model (with #minimize: the optimum and every optimal model, --opt-mode=optN; with
#     #project: each projection once, --project) of `fix asp --solver native --jobs 1`,
#     `--solver native --jobs 2` and the default equals `clingo 0`'s, exit status 0;
#   - with #project, each model printed (a projection's representative) is one of clingo's
#     stable (optimal) models;
#   - clingo's own command line with fix asp in its place, `-n 0 --opt-mode=optN --outf=2`
#     (--project when the program has #project): the JSON parsed (outf2text.py), the same
#     models as above and the same summary (More, Optimum and Costs; Number without costs);
#   - without #project, `--enum-mode=brave` and `cautious` end with clingo's consequences
#     (with #minimize also those of the optimal models, --opt-mode=optN);
#   - without #minimize or #project, `--solver native -n 1` prints one of clingo's models.
# A program clingo cannot solve within NG_TIMEOUT seconds (default 20) is counted as skipped,
# never as passed.  Two workers share the seeds.
# usage: sh tests/asp/nonground.sh [FIX] [COUNT] [--seeds N | --seeds FROM-TO]
#   COUNT (default 200) or --seeds N: seeds 1..N; --seeds FROM-TO: those seeds (long runs).
# Last line "N passed, N failed".  A failed program is kept as build/asp-nonground/failed-SEED.lp.
set -u
FIX=${1:-build/fix}
[ $# -gt 0 ] && shift
from=1; to=200
while [ $# -gt 0 ]; do
    case $1 in
        --seeds) shift; case ${1:-} in
                     *-*) from=${1%-*}; to=${1#*-} ;;
                     *) to=${1:-200} ;;
                 esac ;;
        *) to=$1 ;;
    esac
    shift
done
case "$from$to" in ''|*[!0-9]*) echo "nonground.sh: seeds must be numbers: $from-$to"; echo "0 passed, 1 failed"; exit 2 ;; esac
DIR=tests/asp
OUT=build/asp-nonground
TMO=${NG_TIMEOUT:-20}
mkdir -p "$OUT"
. tests/lib/asp.sh
need_clingo
"$FIX" asp --help >/dev/null 2>&1 || asp_cannot_start "$FIX has no asp command"
have_python=""; command -v python3 >/dev/null 2>&1 && have_python=yes

canon() { awk -v project="$patoms" -f "$DIR/models.awk" -f "$DIR/canon.awk" "$@" | sort; }

check() {   # check: the program in $W/p.lp, its options in $args
    proj=""; grep -q '^% project' "$W/p.lp" && proj=--project
    opt=""; grep -q '^:~\|^#minimize\|^#maximize' "$W/p.lp" && opt=yes
    # shellcheck disable=SC2086
    if ! timeout "$TMO" gringo --text $args "$W/p.lp" > "$W/ground" 2> "$W/err"; then
        bad "seed $seed: gringo: $(grep -m 1 error "$W/err")"; return
    fi
    patoms=""
    [ -n "$proj" ] && patoms=$(sed -n 's/^#project \(.*\)\.$/\1/p' "$W/ground" | tr '\n' ' ')
    # shellcheck disable=SC2086
    timeout "$TMO" clingo --opt-mode=optN $proj 0 $args "$W/p.lp" > "$W/clingo" 2> /dev/null
    crc=$?
    case $crc in 10|20|30) ;; 124) skipped=$((skipped + 1)); return ;;
        *) bad "seed $seed: clingo exit $crc"; return ;; esac
    want=$(canon "$W/clingo")
    for way in "--solver native --jobs 1" "--solver native --jobs 2" ""; do
        # shellcheck disable=SC2086
        timeout "$TMO" "$FIX" asp $way --opt-mode=optN $proj --models 0 $args "$W/p.lp" > "$W/out" 2> "$W/err"
        rc=$?
        got=$(canon "$W/out")
        [ -n "$way" ] && [ "${way#*jobs }" = 1 ] && cp "$W/out" "$W/native"
        if [ "$want" = "$got" ] && [ $rc -eq 0 ]; then ok; else
            bad "seed $seed: fix asp ${way:-(default)}: exit $rc, not clingo's models $(head -n 1 "$W/err")"
            printf 'clingo:\n%s\nfix:\n%s\n' "$want" "$got" | head -n 16
        fi
    done
    if [ -n "$proj" ]; then   # each model printed is a stable (optimal) model, not only its projection
        # shellcheck disable=SC2086
        timeout "$TMO" clingo --opt-mode=optN 0 $args "$W/p.lp" > "$W/all" 2> /dev/null
        saved=$patoms; patoms=""
        canon "$W/all" | grep '^M ' > "$W/allm"
        stray=$(canon "$W/native" | grep '^M ' | grep -vxF -f "$W/allm" | head -n 1)
        patoms=$saved
        [ -z "$stray" ] && ok || bad "seed $seed: --project printed a model that is not clingo's: $stray"
    fi
    if [ -n "$have_python" ]; then   # clingo's JSON (--outf=2), parsed: the same models and summary
        # shellcheck disable=SC2086
        timeout "$TMO" clingo --outf=2 --opt-mode=optN $proj -n 0 $args "$W/p.lp" > "$W/c.json" 2> /dev/null
        # shellcheck disable=SC2086
        timeout "$TMO" "$FIX" asp --outf=2 --opt-mode=optN $proj -n 0 $args "$W/p.lp" > "$W/f.json" 2> "$W/err"
        rc=$?
        if python3 "$DIR/outf2text.py" "$W/c.json" "$W/f.json" 2> "$W/perr"; then
            if [ "$(canon "$W/f.json.txt")" = "$want" ] && [ "$(canon "$W/c.json.txt")" = "$want" ] && [ $rc -eq 0 ] &&
               [ "$(grep '^Summary' "$W/f.json.txt")" = "$(grep '^Summary' "$W/c.json.txt")" ]; then ok
            else bad "seed $seed: --outf=2: exit $rc, not clingo's"; diff "$W/c.json.txt" "$W/f.json.txt" | head -n 12; fi
        else bad "seed $seed: --outf=2 not parsed: $(tail -n 1 "$W/perr")"; fi
    fi
    if [ -z "$proj" ]; then
        for k in brave cautious; do
            for mode in ignore ${opt:+optN}; do
                # shellcheck disable=SC2086
                timeout "$TMO" clingo --opt-mode=$mode --enum-mode=$k 0 $args "$W/p.lp" > "$W/c$k" 2> /dev/null
                # shellcheck disable=SC2086
                timeout "$TMO" "$FIX" asp --opt-mode=$mode --enum-mode=$k 0 $args "$W/p.lp" > "$W/out" 2> "$W/err"
                if [ "$(awk -f "$DIR/conseq.awk" "$W/out")" = "$(awk -f "$DIR/conseq.awk" "$W/c$k")" ]; then ok
                else bad "seed $seed: fix asp --opt-mode=$mode --enum-mode=$k $(head -n 1 "$W/err")"; diff "$W/c$k" "$W/out" | head -n 8; fi
            done
        done
    fi
    if [ -z "$proj" ] && [ -z "$opt" ]; then
        # shellcheck disable=SC2086
        first=$(timeout "$TMO" "$FIX" asp --solver native -n 1 $args "$W/p.lp" 2> /dev/null | canon | grep '^M ')
        case "$first" in
            "") printf '%s\n' "$want" | grep -q '^M ' && bad "seed $seed: -n 1: no model" || ok ;;
            *) printf '%s\n' "$want" | grep -qxF "$first" && ok || bad "seed $seed: -n 1: $first is not clingo's" ;;
        esac
    fi
}

# bad as tests/lib/asp.sh has it, keeping the failed program
bad() { fail=$((fail + 1)); echo "FAIL: $*"; cp "$W/p.lp" "$OUT/failed-$seed.lp"; }
worker() {   # worker K: the seeds i with i % 2 == K; prints "pass fail skipped" last
    W=$OUT/w$1; mkdir -p "$W"
    pass=0; fail=0; skipped=0
    seed=$from
    [ $((seed % 2)) -eq "$1" ] || seed=$((seed + 1))
    while [ $seed -le "$to" ]; do
        awk -v seed=$seed -f "$DIR/ngen.awk" > "$W/p.lp"
        args=$(sed -n 's/^% args: //p' "$W/p.lp")
        check
        seed=$((seed + 2))
    done
    echo "$pass $fail $skipped"
}

worker 0 > "$OUT/w0.log" 2>&1 & p0=$!
worker 1 > "$OUT/w1.log" 2>&1 & p1=$!
trap 'kill $p0 $p1 2>/dev/null; exit 130' INT TERM
wait $p0 $p1
pass=0; fail=0; skipped=0
for k in 0 1; do
    grep -v '^[0-9]* [0-9]* [0-9]*$' "$OUT/w$k.log" | head -n 60
    # shellcheck disable=SC2046
    set -- $(tail -n 1 "$OUT/w$k.log")
    pass=$((pass + ${1:-0})); fail=$((fail + ${2:-1})); skipped=$((skipped + ${3:-0}))
done
echo "non-ground programs: seeds $from to $to; $skipped skipped (clingo took over ${TMO} s)"
asp_summary
[ $fail -eq 0 ]

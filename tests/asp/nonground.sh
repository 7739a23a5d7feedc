#!/bin/sh
# nonground.sh: random NON-GROUND programs (tests/asp/ngen.awk: gringo's features where they
# meet, grounded by gringo inside fix as inside clingo) against clingo.  For each program and
# its `% args:` (-c n=K):
#   - every model (with #minimize: the optimum and every optimal model, --opt-mode=optN; with
#     #project: each projection once, --project) of `fix asp --solver native --jobs 1`,
#     `--solver native --jobs 2` and the default equals `clingo 0`'s, exit status 0;
#   - with #project, each model printed (a projection's representative) is one of clingo's
#     stable (optimal) models;
#   - with #minimize, the same with `--solver native --opt-strategy=usc` (by cores, usc.c);
#   - clingo's own command line with fix asp in its place, `-n 0 --opt-mode=optN --outf=2`
#     (--project when the program has #project): the JSON parsed (outf2text.py), the same
#     models as above and the same summary (More, Optimum and Costs; Number without costs);
#   - without #project, `--enum-mode=brave` and `cautious` end with clingo's consequences
#     (with #minimize also those of the optimal models, --opt-mode=optN);
#   - without #minimize or #project, `--solver native -n 1` prints one of clingo's models.
# The hand-written programs tests/asp/nonground/*.lp (each a difference found once, reduced)
# run first, the same way.
# A comparison where clingo does not answer within NG_TIMEOUT seconds (default 20) is counted
# as skipped, never as passed.  Where fix differs from clingo but agrees with `clingo --eq=0`
# (clingo 5.4's equivalence preprocessing loses models of some disjunctive programs, so that
# its own answer changes with --eq=0), that is counted and printed as a note, not failed;
# any other difference fails.  Two workers share the seeds.
# usage: sh tests/asp/nonground.sh [FIX] [COUNT] [--seeds N | --seeds FROM-TO] [--large]
#   COUNT (default 200) or --seeds N: seeds 1..N; --seeds FROM-TO: those seeds (long runs);
#   --large: every program large (ngen.awk's large=1).
# Last line "N passed, N failed".  A failed program is kept as build/asp-nonground/failed-SEED.lp.
set -u
FIX=${1:-build/fix}
[ $# -gt 0 ] && shift
from=1; to=200; large=0
while [ $# -gt 0 ]; do
    case $1 in
        --large) large=1 ;;
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

# reference OUT EQ ARGS...: clingo [EQ] ARGS on the program into OUT; status 2 when it did not
# answer within the time (the comparison is then skipped), 1 when it failed
reference() {
    out=$1; eq=$2; shift 2
    # shellcheck disable=SC2086
    timeout "$TMO" clingo $eq "$@" $args "$W/p.lp" > "$out" 2> /dev/null
    case $? in 10|20|30) return 0 ;; 124) return 2 ;; esac
    echo "clingo $eq $* failed" > "$W/why"; return 1
}
# Each same_* EQ compares one way of running fix with clingo's answer (clingo given EQ,
# "" or --eq=0); status 0 when they agree, 2 when clingo did not answer in time, else 1
# with what differs in $W/why.
same_models() {   # same_models EQ WAY: every model, optN, --project
    if [ "$(cat "$W/clingo.eq" 2>/dev/null)" != "eq$1" ]; then   # once a program for each EQ
        # shellcheck disable=SC2086
        reference "$W/clingo" "$1" --opt-mode=optN $proj 0 || return $?
        echo "eq$1" > "$W/clingo.eq"
    fi
    want=$(canon "$W/clingo")
    # shellcheck disable=SC2086
    timeout "$TMO" "$FIX" asp $2 --opt-mode=optN $proj --models 0 $args "$W/p.lp" > "$W/out" 2> "$W/err"
    rc=$?
    [ "$2" = "--solver native --jobs 1" ] && cp "$W/out" "$W/native"
    got=$(canon "$W/out")
    [ "$want" = "$got" ] && [ $rc -eq 0 ] && return 0
    printf 'exit %s %s\nclingo:\n%s\nfix:\n%s\n' $rc "$(head -n 1 "$W/err")" "$want" "$got" | head -n 16 > "$W/why"
    return 1
}
same_representatives() {   # same_representatives EQ: each projection's model one of clingo's
    reference "$W/all" "$1" --opt-mode=optN 0 || return $?
    saved=$patoms; patoms=""
    canon "$W/all" | grep '^M ' > "$W/allm"
    stray=$(canon "$W/native" | grep '^M ' | grep -vxF -f "$W/allm" | head -n 1)
    patoms=$saved
    [ -z "$stray" ] && return 0
    echo "not one of clingo's models: $stray" > "$W/why"; return 1
}
same_json() {   # same_json EQ: clingo's command line with --outf=2, the JSON parsed
    # shellcheck disable=SC2086
    reference "$W/c.json" "$1" --outf=2 --opt-mode=optN $proj -n 0 || return $?
    # shellcheck disable=SC2086
    timeout "$TMO" "$FIX" asp --outf=2 --opt-mode=optN $proj -n 0 $args "$W/p.lp" > "$W/f.json" 2> "$W/err"
    rc=$?
    python3 "$DIR/outf2text.py" "$W/c.json" "$W/f.json" 2> "$W/why" || return 1
    [ "$(canon "$W/f.json.txt")" = "$(canon "$W/c.json.txt")" ] && [ $rc -eq 0 ] &&
        [ "$(grep '^Summary' "$W/f.json.txt")" = "$(grep '^Summary' "$W/c.json.txt")" ] && return 0
    { echo "exit $rc"; diff "$W/c.json.txt" "$W/f.json.txt" | head -n 12; } > "$W/why"; return 1
}
same_consequences() {   # same_consequences EQ KIND MODE: --enum-mode=KIND --opt-mode=MODE
    reference "$W/c$2" "$1" --opt-mode="$3" --enum-mode="$2" 0 || return $?
    # shellcheck disable=SC2086
    timeout "$TMO" "$FIX" asp --opt-mode="$3" --enum-mode="$2" 0 $args "$W/p.lp" > "$W/out" 2> "$W/err"
    [ "$(awk -f "$DIR/conseq.awk" "$W/out")" = "$(awk -f "$DIR/conseq.awk" "$W/c$2")" ] && return 0
    { head -n 1 "$W/err"; diff "$W/c$2" "$W/out" | head -n 8; } > "$W/why"; return 1
}
same_first() {   # same_first EQ: -n 1 prints one of clingo's models
    reference "$W/plain" "$1" 0 || return $?
    # shellcheck disable=SC2086
    first=$(timeout "$TMO" "$FIX" asp --solver native -n 1 $args "$W/p.lp" 2> /dev/null | canon | grep '^M ')
    case "$first" in
        "") canon "$W/plain" | grep -q '^M ' || return 0 ;;
        *) canon "$W/plain" | grep -qxF "$first" && return 0 ;;
    esac
    echo "-n 1 printed '$first'" > "$W/why"; return 1
}
# compare LABEL SAME ARGS...: SAME "" ARGS; where fix differs from clingo but agrees with
# `clingo --eq=0` (clingo 5.4's equivalence preprocessing loses models of some disjunctive
# programs: its own answer then changes with --eq=0), that is counted and said, not failed
compare() {
    label=$1; same=$2; shift 2
    $same "" "$@"; st=$?
    [ $st -eq 0 ] && { ok; return; }
    [ $st -eq 2 ] && { skipped=$((skipped + 1)); return; }
    cp "$W/why" "$W/why0"
    if $same --eq=0 "$@"; then
        contradicts=$((contradicts + 1))
        [ "$noted" = "$seed" ] || echo "note: seed $seed ($label, ...): clingo's answer changes with --eq=0, and fix has that one"
        noted=$seed
        return
    fi
    bad "seed $seed: $label"; cat "$W/why0"
}

check() {   # check: the program in $W/p.lp, its options in $args
    proj=""; grep -q '^% project' "$W/p.lp" && proj=--project
    opt=""; grep -q '^:~\|^#minimize\|^#maximize' "$W/p.lp" && opt=yes
    # shellcheck disable=SC2086
    if ! timeout "$TMO" gringo --text $args "$W/p.lp" > "$W/ground" 2> "$W/err"; then
        bad "seed $seed: gringo: $(grep -m 1 error "$W/err")"; return
    fi
    patoms=""
    [ -n "$proj" ] && patoms=$(sed -n 's/^#project \(.*\)\.$/\1/p' "$W/ground" | tr '\n' ' ')
    for way in "--solver native --jobs 1" "--solver native --jobs 2" "" \
               ${opt:+"--solver native --opt-strategy=usc"}; do
        compare "fix asp ${way:-(default)}" same_models "$way"
    done
    [ -n "$proj" ] && [ -f "$W/native" ] && compare "--project's models" same_representatives
    rm -f "$W/native" "$W/clingo.eq"
    [ -n "$have_python" ] && compare "--outf=2" same_json
    if [ -z "$proj" ]; then
        for k in brave cautious; do
            for mode in ignore ${opt:+optN}; do compare "--opt-mode=$mode --enum-mode=$k" same_consequences "$k" "$mode"; done
        done
    fi
    [ -z "$proj" ] && [ -z "$opt" ] && compare "-n 1" same_first
}

# bad as tests/lib/asp.sh has it, keeping the failed program
bad() { fail=$((fail + 1)); echo "FAIL: $*"; cp "$W/p.lp" "$OUT/failed-$seed.lp"; }
worker() {   # worker K: the seeds i with i % 2 == K; prints "pass fail skipped contradicts" last
    W=$OUT/w$1; mkdir -p "$W"
    pass=0; fail=0; skipped=0; contradicts=0; noted=""
    if [ "$1" = 0 ]; then   # the hand-written cases first, each named as its seed
        for seed in "$DIR"/nonground/*.lp; do
            [ -f "$seed" ] || continue
            cp "$seed" "$W/p.lp"; seed=$(basename "$seed")
            args=$(sed -n 's/^% args: //p' "$W/p.lp")
            check
        done
    fi
    seed=$from
    [ $((seed % 2)) -eq "$1" ] || seed=$((seed + 1))
    while [ "$seed" -le "$to" ]; do
        awk -v seed="$seed" -v large="$large" -f "$DIR/ngen.awk" > "$W/p.lp"
        args=$(sed -n 's/^% args: //p' "$W/p.lp")
        check
        seed=$((seed + 2))
    done
    echo "$pass $fail $skipped $contradicts"
}

worker 0 > "$OUT/w0.log" 2>&1 & p0=$!
worker 1 > "$OUT/w1.log" 2>&1 & p1=$!
trap 'kill $p0 $p1 2>/dev/null; exit 130' INT TERM
wait $p0 $p1
pass=0; fail=0; skipped=0; contradicts=0
for k in 0 1; do
    grep -v '^[0-9]* [0-9]* [0-9]* [0-9]*$' "$OUT/w$k.log" | head -n 60
    # shellcheck disable=SC2046
    set -- $(tail -n 1 "$OUT/w$k.log")
    pass=$((pass + ${1:-0})); fail=$((fail + ${2:-1})); skipped=$((skipped + ${3:-0})); contradicts=$((contradicts + ${4:-0}))
done
echo "non-ground programs$([ $large = 1 ] && echo " (large)"): seeds $from to $to; $skipped comparisons skipped" \
     "(clingo took over ${TMO} s), $contradicts comparisons where clingo's answer changes with --eq=0 and fix has --eq=0's"
asp_summary
[ $fail -eq 0 ]

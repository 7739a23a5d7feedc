#!/bin/sh
# cross.sh: the clingo cross-check on random programs of every statement family (gen.c -f):
# choice bounds, #count and #sum bodies, #minimize with priorities, #project, head-cycle-free
# and other disjunction, beside normal non-stratified rules.  For each program:
#   - the models (with #minimize: the optimum and the set of optimal models, --opt-mode=optN;
#     with #project: the projections, each once) of `fix asp --solver native` (with conflict
#     learning, the default, and with --no-learn; with #minimize also --opt-strategy=usc,
#     by unsatisfiable cores), of `fix asp
#     --solver clingo` and of `clingo --mode=clasp` on `fix asp --emit` equal `clingo 0`'s,
#     also where the ground program is not head-cycle-free (hcf.awk: the last line counts
#     those);
#   - `fix asp --enum-mode=cautious` and `brave` (of every stable model, #minimize ignored;
#     with #minimize also of the optimal ones, --opt-mode=optN) end with clingo's
#     consequences (conseq.awk: the result, the last set, the count); with #project,
#     clingo's under the projection where fix computes them (asp_run.c's
#     same_under_project), and fix refuses the others;
#   - with #minimize and no #project, `fix asp --opt-mode=enum,B` (every model within the
#     bound B, with its costs; natively and by --solver clingo) prints clingo's pairs of model
#     and costs (enumcanon.awk), for B the optimum's first level plus one and B the whole
#     optimum;
#   - the --wf and --bounds bounds lie between clingo's cautious and brave consequences, and
#     every model of clingo lies in one of the Final bounds (inbounds.awk).
# A family runs when fix accepts its probe program (so the script runs on a fix that refuses
# aggregates: the family is skipped and the script says why); ASP_FAMILIES="bounds count ..."
# limits the families, and then a family fix refuses is a failure.  Two workers share the seeds.
# usage: sh tests/asp/cross.sh [FIX] [COUNT]; last line "N passed, N failed".
set -u
FIX=${1:-build/fix}
COUNT=${2:-1000}
DIR=tests/asp
OUT=build/asp-cross
ALL="bounds count sum min proj hcf nonhcf"
mkdir -p "$OUT"
. tests/lib/asp.sh
need_clingo
need_gen asp-gen
help=$("$FIX" asp --help 2>&1)
has_option() { case "$help" in *"$1"*) return 0;; esac; return 1; }
NATIVE=""; OPT=""
if has_option --solver; then NATIVE="--solver native"
else echo "skip: fix asp --help shows no --solver: --solver clingo and auto not run, plain fix asp taken as native"; fi
has_option --opt-mode && OPT="--opt-mode=optN"
NOLEARN=""; has_option --no-learn && NOLEARN="--no-learn"   # the native search also without learning
CONSEQ=""; has_option --enum-mode && CONSEQ=yes   # brave and cautious consequences natively
ENUMOPT=""; has_option "enum prints every model" && ENUMOPT=yes   # --opt-mode=enum,B
USC=""; has_option "unsatisfiable cores: OLL" && USC="--opt-strategy=usc"   # by cores natively

# ---- which families run ----
probe_text() {
    case $1 in
        bounds) echo '1 { a; b; c } 2. :- 2 { a; b }.' ;;
        count) echo '{ a; b }. c :- #count { 1: a; 2: not b } >= 2.' ;;
        sum) echo '{ a; b }. c :- 0 <= #sum { 2: a; -1: b } <= 1.' ;;
        min) echo '{ a; b }. #minimize { 1@2: a; 1@1: not b }.' ;;
        proj) echo '{ a; b }. #project a.' ;;
        hcf) echo 'a | b. c :- a.' ;;
        nonhcf) echo 'a | b. a :- b. b :- a.' ;;
    esac
}
short_error() { head -n 1 "$OUT/probe.err" | sed 's/.*error: //; s/ (fix asp handles.*//'; }
refusal() {   # refusal FAMILY: empty when fix runs the family's probe, else why not
    probe_text "$1" > "$OUT/probe.lp"
    case $1 in
        min) has_option --opt-mode || { echo "fix asp --help shows no --opt-mode"; return; } ;;
        proj) # shellcheck disable=SC2086
              "$FIX" asp $NATIVE --project "$OUT/probe.lp" 0 > "$OUT/probe.out" 2> "$OUT/probe.err" || { short_error; return; }
              n=$(grep -c '^Answer' "$OUT/probe.out")
              [ "$n" = 2 ] || echo "fix asp does not project: $n models of { a; b }. #project a. (clingo --project: 2)"
              return ;;
    esac
    # shellcheck disable=SC2086
    "$FIX" asp $NATIVE $OPT "$OUT/probe.lp" > /dev/null 2> "$OUT/probe.err" || short_error
}
forced=${ASP_FAMILIES:-}
families=""; probe_fail=0
for f in ${forced:-$ALL}; do
    why=$(refusal "$f")
    if [ -z "$why" ]; then families="$families${families:+,}$f"
    elif [ -n "$forced" ]; then echo "FAIL: family $f asked for, but: $why"; probe_fail=$((probe_fail + 1))
    else echo "skip: family $f: $why"; fi
done
echo "cross-check families: ${families:-normal rules only}"
# the clingo back end may lack a statement the native solver has: its runs (--solver clingo)
# are then left out on programs of that family
clingo_lacks=""
if [ -n "$NATIVE" ]; then
    for f in min proj; do
        case ",$families," in *",$f,"*) ;; *) continue;; esac
        probe_text "$f" > "$OUT/probe.lp"
        clopt="--opt-mode=optN"; popt=""; [ $f = proj ] && clopt="$clopt --project" && popt=--project
        # shellcheck disable=SC2086
        want=$(clingo $clopt 0 "$OUT/probe.lp" 2> /dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
        # shellcheck disable=SC2086
        got=$("$FIX" asp --solver clingo $OPT $popt "$OUT/probe.lp" 0 2> /dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
        if [ "$want" != "$got" ]; then
            clingo_lacks="$clingo_lacks $f"
            if [ -n "$forced" ]; then echo "FAIL: family $f asked for, but fix asp --solver clingo gets its probe wrong"; probe_fail=$((probe_fail + 1))
            else echo "skip: fix asp --solver clingo on family $f (and auto where it hands $f programs to clingo): its probe's answer is not clingo's"; fi
        fi
    done
fi

# ---- one program ----
canon() { awk -v project="$proj" -f "$DIR/models.awk" -f "$DIR/canon.awk" "$@" | sort; }
fixrun() {   # fixrun OPTIONS...: fix asp on the program, output in $W/out, stderr in $W/err
    "$FIX" asp "$@" "$W/p.aspif" > "$W/out" 2> "$W/err"
}
same() {   # same LABEL: the models in $W/out are clingo's ($want)
    got=$(canon "$W/out")
    if [ "$want" = "$got" ]; then ok; else
        bad "seed $seed: $1"
        printf 'clingo:\n%s\n%s:\n%s\n' "$want" "$got" "$(head -n 3 "$W/err")" | head -n 24
    fi
}
enumcanon() { awk -f "$DIR/models.awk" -f "$DIR/enumcanon.awk" "$@" | sort; }
enum_within() {   # enum_within: --opt-mode=enum,B against clingo's, for two bounds B
    best=$(printf '%s\n' "$want" | sed -n 's/^O //p')
    [ -n "$best" ] || return 0
    for b in "$(echo "$best" | awk '{ print $1 + 1 }')" "$(echo "$best" | tr ' ' ',')"; do
        pairs=$(clingo --mode=clasp --opt-mode=enum,"$b" 0 "$W/p.aspif" 2> /dev/null | enumcanon)
        for how in native clingo; do
            solver=$NATIVE
            if [ $how = clingo ]; then [ -n "$NATIVE" ] && [ -n "$by_clingo" ] || continue; solver="--solver clingo"; fi
            # shellcheck disable=SC2086
            fixrun $solver --opt-mode=enum,"$b" 0
            if [ "$pairs" = "$(enumcanon "$W/out")" ]; then ok
            else bad "seed $seed: fix asp $solver --opt-mode=enum,$b"; printf 'clingo:\n%s\nfix:\n%s\n' "$pairs" "$(enumcanon "$W/out")" | head -n 16; fi
        done
    done
}
check() {   # check: the program build/asp-gen made in $W/p.lp
    proj=$(sed -n 's/^% project: //p' "$W/p.lp")
    by_clingo=yes
    for f in $clingo_lacks; do grep -q "^% families:.* $f\( \|$\)" "$W/p.lp" && by_clingo=""; done
    gringo "$W/p.lp" > "$W/p.aspif" 2> /dev/null || { bad "seed $seed: gringo failed"; return; }
    # both project (--project) when a #project statement is left in the aspif (gringo leaves
    # none when no project atom can be derived)
    grep -q '^3 ' "$W/p.aspif" || proj=""
    clopt="--opt-mode=optN"; popt=""; [ -n "$proj" ] && clopt="$clopt --project" && popt=--project
    hcf=$(awk -f "$DIR/hcf.awk" "$W/p.aspif")
    # shellcheck disable=SC2086
    want=$(clingo $clopt 0 "$W/p.lp" 2> /dev/null | canon)
    # shellcheck disable=SC2086
    fixrun $NATIVE $OPT $popt --models 0; rc=$?
    [ "$hcf" = no ] && nonhcf=$((nonhcf + 1))
    same "fix asp ${NATIVE:-(native)}"
    # shellcheck disable=SC2086
    if [ -n "$NOLEARN" ] && [ $rc -eq 0 ]; then fixrun $NATIVE $OPT $popt $NOLEARN --models 0; same "fix asp ${NATIVE:-(native)} $NOLEARN"; fi
    if [ -n "$USC" ] && grep -q '^2 ' "$W/p.aspif"; then
        # shellcheck disable=SC2086
        fixrun $NATIVE $OPT $popt $USC --models 0; same "fix asp ${NATIVE:-(native)} $USC"
    fi
    if [ -n "$NATIVE" ] && [ -n "$by_clingo" ]; then
        # shellcheck disable=SC2086
        fixrun --solver clingo $OPT $popt --models 0; same "fix asp --solver clingo"
    fi
    if fixrun --emit; then
        cp "$W/out" "$W/e.aspif"
        # shellcheck disable=SC2086
        clingo --mode=clasp $clopt 0 "$W/e.aspif" > "$W/out" 2> /dev/null
        same "clingo on fix asp --emit"
    else bad "seed $seed: fix asp --emit failed: $(head -n 1 "$W/err")"; fi
    # the consequences of the program without its #project statements (aspif's `3` lines),
    # which do not change them: clasp leaves a true external out of them when the aspif
    # projects (seed 1208 of 2000: e1 true in the only model, not cautious by clingo)
    grep -v '^3 ' "$W/p.aspif" > "$W/unprojected.aspif"
    clingo --mode=clasp --opt-mode=ignore --enum-mode=cautious 0 "$W/unprojected.aspif" > "$W/cautious" 2> /dev/null
    clingo --mode=clasp --opt-mode=ignore --enum-mode=brave 0 "$W/unprojected.aspif" > "$W/brave" 2> /dev/null
    if [ -n "$CONSEQ" ] && [ -z "$proj" ]; then   # the consequences natively (--enum-mode)
        for k in cautious brave; do
            fixrun --opt-mode=ignore --enum-mode=$k 0
            if [ "$(awk -f "$DIR/conseq.awk" "$W/out")" = "$(awk -f "$DIR/conseq.awk" "$W/$k")" ]; then ok
            else bad "seed $seed: fix asp --enum-mode=$k"; diff "$W/$k" "$W/out" | head -n 12; fi
            grep -q '^2 ' "$W/p.aspif" || continue          # of the optimal models (optN)
            clingo --mode=clasp --opt-mode=optN --enum-mode=$k 0 "$W/p.aspif" > "$W/opt$k" 2> /dev/null
            fixrun --opt-mode=optN --enum-mode=$k 0
            if [ "$(awk -f "$DIR/conseq.awk" "$W/out")" = "$(awk -f "$DIR/conseq.awk" "$W/opt$k")" ]; then ok
            else bad "seed $seed: fix asp --opt-mode=optN --enum-mode=$k"; diff "$W/opt$k" "$W/out" | head -n 12; fi
        done
    fi
    if [ -n "$CONSEQ" ] && [ -n "$proj" ]; then   # under #project: clingo's, unless fix refuses
        for k in cautious brave; do                # (a shown atom not projected)
            clingo --mode=clasp --opt-mode=ignore --enum-mode=$k 0 "$W/p.aspif" > "$W/proj$k" 2> /dev/null
            if fixrun --opt-mode=ignore --enum-mode=$k 0; then
                if [ "$(awk -f "$DIR/conseq.awk" "$W/out")" = "$(awk -f "$DIR/conseq.awk" "$W/proj$k")" ]; then ok
                else bad "seed $seed: fix asp --enum-mode=$k under #project"; diff "$W/proj$k" "$W/out" | head -n 12; fi
            elif grep -q 'shows an atom it does not project' "$W/err"; then ok
            else bad "seed $seed: fix asp --enum-mode=$k under #project: $(head -n 1 "$W/err")"; fi
        done
    fi
    if [ -n "$ENUMOPT" ] && [ -z "$proj" ] && grep -q '^2 ' "$W/p.aspif"; then enum_within; fi
    fixrun --wf || bad "seed $seed: fix asp --wf failed: $(head -n 1 "$W/err")"
    cp "$W/out" "$W/wf"
    fixrun --bounds --rounds 2 || bad "seed $seed: fix asp --bounds failed: $(head -n 1 "$W/err")"
    if [ -n "$proj" ]; then : > "$W/models"; else printf '%s\n' "$want" > "$W/models"; fi
    why=$(awk -f "$DIR/inbounds.awk" kind=cautious "$W/cautious" kind=brave "$W/brave" \
              kind=wf "$W/wf" kind=bounds "$W/out" kind=models "$W/models")
    [ -z "$why" ] && ok || { bad "seed $seed: bounds against clingo's consequences"; echo "$why" | head -n 5; }
}

# bad as tests/lib/asp.sh has it, keeping the failed program
bad() { fail=$((fail + 1)); echo "FAIL: $*"; cp "$W/p.lp" "$OUT/failed-$seed.lp"; }
worker() {   # worker K: the seeds i with i % 2 == K; prints "pass fail nonhcf" last
    W=$OUT/w$1; mkdir -p "$W"
    pass=0; fail=0; nonhcf=0
    seed=$((1 + $1))
    while [ $seed -le "$COUNT" ]; do
        build/asp-gen -f "${families:-none}" $seed > "$W/p.lp"
        check
        seed=$((seed + 2))
    done
    echo "$pass $fail $nonhcf"
}

start=$(date +%s)
worker 0 > "$OUT/w0.log" 2>&1 & p0=$!
worker 1 > "$OUT/w1.log" 2>&1 & p1=$!
wait $p0 $p1
pass=0; fail=$probe_fail; nonhcf=0
for k in 0 1; do
    grep -v '^[0-9]* [0-9]* [0-9]*$' "$OUT/w$k.log" | head -n 60
    # shellcheck disable=SC2046
    set -- $(tail -n 1 "$OUT/w$k.log")
    pass=$((pass + ${1:-0})); fail=$((fail + ${2:-1})); nonhcf=$((nonhcf + ${3:-0}))
done
echo "cross-check: $COUNT programs in $(( $(date +%s) - start )) s; $nonhcf of them not head-cycle-free"
asp_summary
[ $fail -eq 0 ]

#!/bin/sh
# run.sh: cross-checks `fix asp` against clingo: stable models of random non-stratified programs
# and the examples must equal `clingo 0`'s, and clingo on `fix asp --emit` (also with the hull
# of a 4-round branch and bound as constraints) must agree again; cross.sh does the same for
# programs with aggregates, optimisation, projection and disjunction, and checks the bounds;
# nonground.sh random non-ground programs (every gringo feature where they meet, the JSON);
# core.sh the hand-written program of each aspif statement kind; disj.sh programs that are
# not head-cycle-free (encodings and random ones) under --solver native; edge.sh random
# programs with #edge under --solver native; optproj.sh
# #minimize (opt, optN, --models 1) and #project for every solver; optenc.sh the optimum of
# the bench's optimisation encodings and of random programs with priorities under each
# --opt-strategy; compete.sh 27 competition-style encodings (planning, graphs, saturation,
# weak constraints, aggregates, edge shapes) for every solver; auto.sh --solver auto's
# hand-over to clingo
# and --solver race; determinism.sh that the default output is the same on every run; jobs.sh
# that it is the same for --jobs 1, 2, 3 and 7 (and race-free under build/tsan/fix); shard.sh
# that the models of --shard 0/N .. N-1/N together are one run's (N = 1, 2, 3, 7);
# hostile-scripts.sh the .lp files that got scripts past fix's check once, and no gringo left
# behind when fix is killed.
# usage: sh tests/asp/run.sh [build/fix] [COUNT]; last line "N passed, N failed".
# ASP_SEPARATE="cross nonground auto determinism" (any of them) leaves those sub-suites out:
# tests/run-all.sh runs them as suites of their own (asp-cross, asp-nonground, asp-auto,
# asp-determinism), beside this one.
set -u
FIX=${1:-build/fix}
COUNT=${2:-300}
DIR=tests/asp
OUT=build/asp-tests
mkdir -p "$OUT"
. tests/lib/asp.sh

need_clingo
need_gen asp-gen
"$FIX" asp --help >/dev/null 2>&1 || { echo "$FIX has no asp command"; echo "0 passed, 1 failed"; exit 1; }

models_clingo() { clingo 0 "$1" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort; }
models_fix() { "$FIX" asp --models 0 "$1" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort; }
models_emit() {   # models_emit FILE [fix options]
    f=$1; shift
    "$FIX" asp --emit "$@" "$f" 2>/dev/null > "$OUT/emit.aspif" || { echo "emit failed"; return; }
    clingo --mode=clasp 0 "$OUT/emit.aspif" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort
}

check() {   # check FILE LABEL
    want=$(models_clingo "$1")
    got=$(models_fix "$1")
    if [ "$want" = "$got" ]; then ok; else
        bad "$2: fix asp models differ from clingo 0 ($1)"
        printf 'clingo:\n%s\nfix:\n%s\n' "$want" "$got" | head -20
        cp "$1" "$OUT/failed-$(basename "$1")"
    fi
    emitted=$(models_emit "$1")
    if [ "$want" = "$emitted" ]; then ok; else
        bad "$2: clingo on --emit differs ($1)"
        printf 'clingo:\n%s\nemit:\n%s\n' "$want" "$emitted" | head -20
        cp "$1" "$OUT/failed-emit-$(basename "$1")"
    fi
    emitted=$(models_emit "$1" --rounds 4)
    if [ "$want" = "$emitted" ]; then ok; else
        bad "$2: clingo on --emit --rounds 4 differs ($1)"
        cp "$1" "$OUT/failed-emit4-$(basename "$1")"
    fi
}

for ex in examples/pqrs.lp examples/coloring.lp examples/hamilton.lp; do
    [ -f "$ex" ] && check "$ex" "$ex"
done

i=1
while [ $i -le "$COUNT" ]; do
    build/asp-gen $i > "$OUT/p.lp"
    check "$OUT/p.lp" "random program $i"
    i=$((i + 1))
done
# larger ones
i=1
while [ $i -le 20 ]; do
    build/asp-gen $((1000 + i)) 30 60 > "$OUT/q.lp"
    check "$OUT/q.lp" "random program 30/60 seed $((1000 + i))"
    i=$((i + 1))
done

# every statement family (choice bounds, aggregates, #minimize, #project, disjunction):
# tests/asp/cross.sh on ASP_CROSS_COUNT programs (default 1000); examples/*.lp against their
# golden answers: tests/asp/examples.sh
sub_suite() {   # sub_suite SCRIPT ARGS...: runs it, adds its "N passed, N failed" line
    out=$(sh "$@" 2>&1)
    printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
    line=$(printf '%s\n' "$out" | tail -n 1)
    case $line in
        *" passed, "*" failed") pass=$((pass + ${line%% passed*})); f=${line##*passed, }; fail=$((fail + ${f%% failed})) ;;
        *) bad "$1 ended without a count: $line" ;;
    esac
}
separate() { case " ${ASP_SEPARATE:-} " in *" $1 "*) return 0 ;; esac; return 1; }
separate cross || sub_suite "$DIR/cross.sh" "$FIX" "${ASP_CROSS_COUNT:-1000}"
separate nonground || sub_suite "$DIR/nonground.sh" "$FIX" "${ASP_NONGROUND_COUNT:-150}"
sub_suite "$DIR/examples.sh" "$FIX"
separate auto || sub_suite "$DIR/auto.sh" "$FIX"
separate determinism || sub_suite "$DIR/determinism.sh" "$FIX"
separate jobs || sub_suite "$DIR/jobs.sh" "$FIX"
sub_suite "$DIR/shard.sh" "$FIX"
sub_suite "$DIR/hostile-scripts.sh" "$FIX"
sub_suite "$DIR/optenc.sh" "$FIX"
sub_suite "$DIR/compete.sh" "$FIX"

# aspif read from stdin, and the same through the file name
gringo examples/pqrs.lp > "$OUT/pqrs.aspif" 2>/dev/null
a=$("$FIX" asp - 0 < "$OUT/pqrs.aspif" | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
b=$("$FIX" asp "$OUT/pqrs.aspif" 0 | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
w=$(models_clingo examples/pqrs.lp)
if [ "$a" = "$w" ] && [ "$b" = "$w" ]; then ok; else bad "aspif from stdin / file"; fi
# a program's text on stdin, grounded as clingo grounds it (it was refused as "not aspif"):
# the same models, the same #script refusal as a file's (there and in what it includes), and
# the empty input is the empty program
c=$("$FIX" asp 0 < examples/pqrs.lp | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
if [ "$c" = "$w" ]; then ok; else bad "a program's text on stdin: $c"; fi
c=$(cat examples/queens.lp | "$FIX" asp -c n=5 - 0 | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
w5=$(clingo 0 -c n=5 examples/queens.lp 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
if [ -n "$c" ] && [ "$c" = "$w5" ]; then ok; else bad "queens 5 on stdin"; fi
printf '#script (python)\ndef main(prg): pass\n#end.\n' > "$OUT/script.lp"
for text in 'a.\n%% #script (lua) x #end.\n' "#include \"$OUT/script.lp\".\n"; do
    msg=$(printf "$text" | "$FIX" asp 2>&1); rc=$?
    case "$msg" in *"error: #script refused"*) [ $rc -eq 1 ] && ok || bad "stdin #script: exit $rc" ;;
                   *) bad "stdin #script not refused: $msg" ;; esac
done
# an instance on stdin beside the encoding's file, as `gen | clingo enc.lp -` (refused before)
c=$(echo ':- red(1). :- green(2).' | "$FIX" asp examples/coloring.lp - 0 | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
w2=$(echo ':- red(1). :- green(2).' | clingo examples/coloring.lp - 0 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
if [ -n "$c" ] && [ "$c" = "$w2" ]; then ok; else bad "a .lp file and stdin: $c"; fi
c=$("$FIX" asp < /dev/null | grep -c '^Answer')
if [ "$c" = 1 ]; then ok; else bad "the empty stdin: $c models"; fi

# refusals: exit 1 and a message naming the statement and the line
refuse() {   # refuse LABEL EXPECTED-TEXT ASPIF-TEXT
    msg=$(printf '%b' "$3" | "$FIX" asp --solver native - 2>&1 >/dev/null); rc=$?
    case "$msg" in
        *"$2"*) if [ $rc -eq 1 ]; then ok; else bad "$1: exit status $rc, not 1"; fi ;;
        *) bad "$1: message was: $msg" ;;
    esac
}
refuse "theory" "stdin:2:1: error: theory statement" 'asp 1 0 0\n9 1 0 1 a\n0\n'
refuse "second step" "stdin:3:1: error: unsupported aspif input: a second solving step" 'asp 1 0 0\n0\n1 0 1 1 0 0\n0\n'
refuse "minimize in steps" "stdin:2:1: error: unsupported aspif input: #minimize in an incremental" 'asp 1 0 0 incremental\n2 0 1 1 1\n0\n0\n'
refuse "no header" "stdin:1:1: error: not an aspif program" 'p\0q.\n'
refuse "truncated" "stdin:3:1: error: the input ends" 'asp 1 0 0\n1 0 1 1 0 0\n'
refuse "atom 0" "stdin:2:7: error: an atom must be" 'asp 1 0 0\n1 0 1 0 0 0\n0\n'
refuse "head type" "stdin:2:3: error: rule head type must be 0 or 1" 'asp 1 0 0\n1 2 1 1 0 0\n0\n'
refuse "extra text" "stdin:2:13: error: extra text at the end of the statement" 'asp 1 0 0\n1 0 1 1 0 0 x\n0\n'
refuse "after a string" "stdin:4:13: error: extra text" 'asp 1 0 0\n4 3 a\nb 1 5\n1 0 1 1 0 0 x\n0\n'
refuse "bad header tag" "stdin:1:11: error: unknown aspif header tag" 'asp 1 0 0 foo\n0\n'
# not head-cycle-free: searched natively (candidates checked for minimality), clingo's models;
# the same programs that were once refused with the line of the rule; and #edge (acyclicity)
nonhcf() {   # nonhcf LABEL LP-TEXT [fix options]
    label=$1; printf '%b' "$2" > "$OUT/nonhcf.lp"; shift 2
    want=$(clingo 0 "$OUT/nonhcf.lp" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
    got=$("$FIX" asp --solver native --models 0 "$@" "$OUT/nonhcf.lp" 2>&1 | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
    [ -n "$want" ] && [ "$want" = "$got" ] && ok || bad "not head-cycle-free, $label: clingo $want, fix $got"
}
nonhcf "ground" 'a | b.\na :- b.\nb :- a.\n'
nonhcf "comments" '%% a | b\n{c}.\na ; b :- c. %% a|b\nb :- a.\na :- b.\n'
nonhcf "two rules" '{c}.\na | b :- c.\na | b :- not c.\nb :- a.\na :- b.\n'
nonhcf "variables" 'p(1).\na(X) | b(X) :- p(X).\na(X) :- b(X).\nb(X) :- a(X).\n'
nonhcf "conditional head" 'q(1..2).\n:~ q(X). [X@1]\n  a(X) : q(X). %% x :- y.\na(1) :- a(2).\na(2) :- a(1).\n'
nonhcf "choice and disjunction" 'q(1..2).\n{ a(X) } :- q(X).\na(X) : q(X).\na(1) :- a(2).\na(2) :- a(1).\n'
nonhcf "three heads" 'a | b | c.\na :- b.\nb :- a.\nd | e :- a.\nd :- e.\ne :- d.\n'
nonhcf "-c" 'a | b.\na :- b.\nb :- a.\n' -c k=1
nonhcf "#edge, orientations" 'node(1..3).\n{ e(X,Y) } :- node(X), node(Y), X != Y.\n#edge (X,Y) : e(X,Y).\n#show e/2.\n'
nonhcf "#edge, negative condition" '{ a; b; c }.\n#edge (1,2) : a.\n#edge (2,3) : not b.\n#edge (3,1) : c, not b.\n#edge (2,2) : a, b, c.\n'
nonhcf "#edge, a cycle without condition" 'a.\n#edge (1,2).\n#edge (2,1).\n'
nonhcf "#edge and a head cycle" 'p(1..3).\nin(X) | out(X) :- p(X).\nin(X) :- in(Y), p(X), X = Y + 1, Y < 3.\nout(X) :- in(X), out(X).\n#edge (X,Y) : in(X), in(Y), X < Y.\n#edge (3,1) : in(3), in(1).\n'
# .lp with an aggregate: solved
printf '1 { a; b } 1.\n' > "$OUT/agg.lp"
if [ "$(models_fix "$OUT/agg.lp")" = "$(models_clingo "$OUT/agg.lp")" ]; then ok; else bad "aggregate"; fi
# rules whose nogoods are all of two literals (a choice's atoms and their partners) leave
# the nogood store empty: they live in the watch lists only, which the propagation must
# still visit (with a visit gated on a stored nogood this printed 10 models of 8)
printf '{ a(1..3) }.\n' > "$OUT/pairs.lp"
got=$("$FIX" asp --solver native --models 0 "$OUT/pairs.lp" 2>/dev/null | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
if [ "$got" = "$(models_clingo "$OUT/pairs.lp")" ]; then ok; else bad "binary nogoods only: $got"; fi
# folded definitions (src/asp/fold.c): an atom whose rules are `a :- l` for each l of a set
# that is another such atom's set and one literal more is compiled as `a :- b. a :- l.`:
# positive and negative literals, one set inside another head's (mix), a head cycle (v(2),
# w), a fold whose kept literal is the atom folded onto (t(2): not folded), every model
printf '%s\n' '{ c(1..6) }. { d(1..4) }.' 'before(X) :- c(Y), Y < X, X = 1..7.' \
    'after(X) :- not d(Y), Y = 1..4, Y > X, X = 0..4.' 'mix(X) :- c(Y), Y < X, X = 1..5.' \
    'mix(X) :- not d(X), X = 1..5.' 't(X) :- c(1..2), X = 1..2. t(2) :- t(1).' \
    'v(X) :- c(1..2), X = 1..2. v(2) :- w. w :- v(2), not d(1).' \
    ':- before(5), not after(1), not mix(3).' ':- c(6), not before(6).' > "$OUT/fold.lp"
check "$OUT/fold.lp" "folded definitions"
# an aspif file of 4 MB or more is read as a stream, in chunks of 1 MB (src/asp/aspif.c): the
# same program, models and messages as standard input, which is read whole; its output
# strings, each with two newlines, shown and not, cross the chunks' ends (11 MB: ten of them)
awk 'BEGIN { print "asp 1 0 0"; s = ""; for (k = 0; k < 198; k++) s = s "x";
             s = substr(s, 1, 50) "\n" substr(s, 51, 100) "\n" substr(s, 151);
             for (i = 1; i <= 300000; i++)
                 if (i % 10 == 0) printf "4 200 %s%d 1 %d\n", substr(s, 1, 199), i % 7, i - 1;
                 else printf "1 0 1 %d 0 0\n", i }' > "$OUT/stream.aspif"
{ cat "$OUT/stream.aspif"; echo 0; } > "$OUT/stream-ok.aspif"
{ cat "$OUT/stream.aspif"; printf '1 0 1 0 0 0\n0\n'; } > "$OUT/stream-bad.aspif"
"$FIX" asp --models 1 "$OUT/stream-ok.aspif" 2>&1 | grep -v '^Reading from' > "$OUT/stream-file.out"
"$FIX" asp --models 1 < "$OUT/stream-ok.aspif" 2>&1 | grep -v '^Reading from' > "$OUT/stream-stdin.out"
if [ "$(wc -c < "$OUT/stream-ok.aspif")" -gt 4194304 ] && [ "$(grep -c '^xxx' "$OUT/stream-file.out")" -gt 50000 ] \
    && cmp -s "$OUT/stream-file.out" "$OUT/stream-stdin.out"; then ok; else bad "a streamed aspif file reads otherwise than standard input"; fi
msg_file=$("$FIX" asp "$OUT/stream-bad.aspif" 2>&1 >/dev/null | sed "s|$OUT/stream-bad.aspif|stdin|")
msg_stdin=$("$FIX" asp < "$OUT/stream-bad.aspif" 2>&1 >/dev/null)
case "$msg_file" in "stdin:360002:7: error: an atom must be"*) [ "$msg_file" = "$msg_stdin" ] && ok || bad "streamed error: $msg_file, stdin: $msg_stdin";;
    *) bad "streamed error: $msg_file";; esac
# gringo's own errors pass through, exit 1
printf 'p :- q(.\n' > "$OUT/syntax.lp"
msg=$("$FIX" asp "$OUT/syntax.lp" 2>&1 >/dev/null); rc=$?
case "$msg" in *"syntax error"*) [ $rc -eq 1 ] && ok || bad "gringo error: exit $rc";; *) bad "gringo error: $msg";; esac
# ... naming a relative file as it was written, as clingo's do (gringo was given ./syntax.lp)
fixabs=$(cd "$(dirname "$FIX")" && pwd)/$(basename "$FIX")
msg=$(cd "$OUT" && "$fixabs" asp syntax.lp 2>&1 >/dev/null)
case "$msg" in "syntax.lp:1:"*) ok;; *) bad "gringo error names the file otherwise: $msg";; esac
# usage error: exit 2
"$FIX" asp --no-such-option >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok || bad "usage error exit status $rc, not 2"
# --emit writes aspif: --json with it is refused (exit 2, nothing on stdout)
out=$("$FIX" asp --json --emit examples/pqrs.lp 2>"$OUT/emit-json.err"); rc=$?
[ $rc -eq 2 ] && [ -z "$out" ] && grep -q -- '--json does not apply to --emit' "$OUT/emit-json.err" \
    && ok || bad "--json --emit: exit $rc, $(head -n 1 "$OUT/emit-json.err")"
# --compare-consequences with #minimize: consequences over every stable model (clingo's
# Optimization lines in cautious mode used to be an error)
printf '{a; b; c}.\n:- not a, not b.\n#minimize { 1@2 : a ; 1@1 : b }.\n#minimize { 1@1,c : c }.\n' > "$OUT/minconseq.lp"
"$FIX" asp --wf --compare-consequences "$OUT/minconseq.lp" > "$OUT/minconseq.out" 2>&1 \
    && grep -q '^Certified    : yes' "$OUT/minconseq.out" && ok || bad "--compare-consequences with #minimize: $(grep -i error "$OUT/minconseq.out" | head -n 1)"
# --models N stops after N, with clingo's "N+"
n=$("$FIX" asp --models 1 examples/coloring.lp | grep -c '^Answer:')
"$FIX" asp --models 1 examples/coloring.lp | grep -q '^Models       : 1+$' && [ "$n" = 1 ] && ok || bad "--models 1"
# --wf on pqrs: nothing true, all four undefined
"$FIX" asp --wf examples/pqrs.lp | grep -q '^Undefined: .*' && ok || bad "--wf"
# empty constraint: no stable model
printf 'asp 1 0 0\n1 0 0 0 0\n0\n' | "$FIX" asp - | grep -q '^UNSATISFIABLE$' && ok || bad "empty constraint"
# --json: every line is an object
"$FIX" asp --json --wf --models 0 examples/pqrs.lp | awk '!/^\{.*\}$/ { bad = 1 } END { exit bad }' && ok || bad "--json lines"
# --outf=2: clingo's JSON layout, the same result, model count and set of models as clingo's
# own --outf=2 (Time left out); a bare number is the model count
if command -v python3 >/dev/null 2>&1; then
    for ex in examples/pqrs.lp examples/coloring.lp examples/hamilton.lp examples/tsp.lp; do
        "$FIX" asp --outf=2 "$ex" 0 > "$OUT/outf-fix.json" 2>/dev/null
        clingo --outf=2 "$ex" 0 > "$OUT/outf-clingo.json" 2>/dev/null
        python3 - "$OUT/outf-fix.json" "$OUT/outf-clingo.json" <<'PY' && ok || bad "--outf=2 differs from clingo's on $ex"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
def models(d):
    w = d["Call"][0]["Witnesses"]
    if d["Models"].get("Optimum") == "yes":     # the optimal ones: clingo's and fix's may differ before
        best = d["Models"]["Costs"]
        w = [x for x in w if x.get("Costs") == best]
    return sorted(sorted(x["Value"]) for x in w)
same = a["Result"] == b["Result"] and "Time" not in a and a["Models"]["More"] == b["Models"]["More"]
same = same and a["Models"].get("Costs") == b["Models"].get("Costs")
if a["Models"].get("Optimum") != "yes":
    same = same and a["Models"]["Number"] == b["Models"]["Number"] and models(a) == models(b)
sys.exit(0 if same else 1)
PY
    done
    # clingo's command lines with fix asp in clingo's place (tests/asp/cmdline.py)
    out=$(python3 tests/asp/cmdline.py "$FIX")
    printf '%s\n' "$out" | grep '^FAIL'
    printf '%s\n' "$out" | grep -q '^cmdline: [0-9]* passed, 0 failed$' && ok || bad "clingo's command lines"
else
    echo "asp: --outf=2 and command-line checks skipped: no python3"
fi

# ---- gringo runs #script blocks while grounding: refused unless --allow-scripts ----
S=$OUT/scripts
rm -rf "$S"; mkdir -p "$S/sub" "$S/dir.lp" "$S/dir.aspif"
M=$(cd "$S" && pwd)                      # marks go here: absolute, whatever gringo's cwd
FIXA=$(cd "$(dirname "$FIX")" && pwd)/$(basename "$FIX")
printf 'a.\n#script (python)\nopen("%s/ran-py", "w").close()\n#end.\n' "$M" > "$S/py.lp"
printf 'b.\n%% a comment\n#script (lua)\nio.open("%s/ran-lua", "w"):close()\n#end.\n' "$M" > "$S/lua.lp"
printf 'c.\n  #script (python)\nopen("%s/ran-inc", "w").close()\n#end.\n' "$M" > "$S/sub/inner.lp"
printf 'c.\n#include "sub/inner.lp".\n' > "$S/hidden.lp"
printf 'd("x #script (python)\nopen("%s/ran-str", "w").close()\n#end.\n' "$M" > "$S/badstr.lp"
refuse_lp() {   # refuse_lp LABEL EXPECTED-TEXT MARK COMMAND...
    label=$1; want=$2; mark=$3; shift 3
    msg=$("$@" 2>&1 >/dev/null); rc=$?
    case "$msg" in
        *"$want"*) [ $rc -eq 1 ] && ok || bad "$label: exit status $rc, not 1" ;;
        *) bad "$label: message was: $msg" ;;
    esac
    [ ! -e "$M/$mark" ] && ok || bad "$label: the script ran ($mark exists)"
}
refuse_lp "python script" "$S/py.lp:2:1: error: #script refused" ran-py "$FIX" asp "$S/py.lp"
refuse_lp "lua script" "$S/lua.lp:3:1: error: #script refused" ran-lua "$FIX" asp "$S/lua.lp"
refuse_lp "included script" "sub/inner.lp:2:3: error: #script refused" ran-inc "$FIX" asp "$S/hidden.lp"
refuse_lp "script after an unterminated string" "badstr.lp:1:6: error: #script refused" ran-str \
    "$FIX" asp "$S/badstr.lp"
printf 'program P from "hidden.lp";\nstable P;\n' > "$S/model.fix"
# gringo nests block comments but skips % comments inside them: this comment ends at the *%
printf '%%*\n%% %%*\n*%% #script (python)\nopen("%s/ran-cmt", "w").close()\n#end.\n' "$M" > "$S/comment.lp"
refuse_lp "script after a block comment" "comment.lp:3:4: error: #script refused" ran-cmt \
    "$FIX" asp "$S/comment.lp"
refuse_lp "script in program P from" "sub/inner.lp:2:3: error: #script refused" ran-inc \
    "$FIX" run "$S/model.fix"
printf '#include <incmode>.\n' > "$S/builtin.lp"
refuse_lp "built-in include" "builtin.lp:1:1: error: #include <...>" none "$FIX" asp "$S/builtin.lp"
printf '#include "nowhere.lp".\n' > "$S/missing.lp"
refuse_lp "missing include" 'missing.lp:1:1: error: cannot find included file "nowhere.lp"' none \
    "$FIX" asp "$S/missing.lp"
# #script is refused wherever its bytes are, comments and strings included (reading gringo's
# comments and strings the way gringo does is what let scripts through before); include
# cycles end
printf '%% #script (python)\n%%* #script (lua)\n*%%\np("#script (python)\\" #script").\n#show p/1.\n' > "$S/quiet.lp"
refuse_lp "#script in a comment" "quiet.lp:1:3: error: #script refused" none "$FIX" asp "$S/quiet.lp"
printf 'p("#script").\n#show p/1.\n' > "$S/instring.lp"
refuse_lp "#script in a string" "instring.lp:1:4: error: #script refused" none "$FIX" asp "$S/instring.lp"
printf 'e.\n#include "cycle2.lp".\n' > "$S/cycle1.lp"; printf 'f.\n#include "cycle1.lp".\n' > "$S/cycle2.lp"
"$FIX" asp "$S/cycle1.lp" 2>/dev/null | grep -q '^e f$\|^f e$' && ok || bad "include cycle"
# (random mixes of comments, strings, includes and scripts against gringo itself:
# tests/prop/prop_lpscan.c)
# opted in: the scripts run (when gringo has the language)
if gringo --version | grep -q 'with Python'; then
    "$FIX" asp --allow-scripts "$S/py.lp" >/dev/null 2>&1 && [ -e "$M/ran-py" ] && ok \
        || bad "--allow-scripts: the python script did not run"
    rm -f "$M/ran-inc"
    "$FIX" run --allow-scripts "$S/model.fix" >/dev/null 2>&1 && [ -e "$M/ran-inc" ] && ok \
        || bad "fix run --allow-scripts: the included script did not run"
else echo "skip: gringo has no Python support, --allow-scripts python case not run"; fi
if gringo --version | grep -q 'with Lua'; then
    "$FIX" asp --allow-scripts "$S/lua.lp" >/dev/null 2>&1 && [ -e "$M/ran-lua" ] && ok \
        || bad "--allow-scripts: the lua script did not run"
else echo "skip: gringo has no Lua support, --allow-scripts lua case not run"; fi

# ---- file names: never options or stdin for gringo; directories refused ----
printf 'g.\n' > "$S/-dash.lp"; printf 'h.\n' > "$S/-"
(cd "$S" && "$FIXA" asp -- -dash.lp 2>&1) | grep -q '^g$' && ok || bad "fix asp -- -dash.lp"
printf 'program P from "-";\nstable P;\nprogram Q from "-dash.lp";\nstable Q;\n' > "$S/dash.fix"
out=$(cd "$S" && echo 'from_stdin.' | "$FIXA" run dash.fix 2>&1)
case "$out" in *from_stdin*) bad "program from \"-\" read stdin";;
    *'{h}'*'{g}'*) ok;; *) bad "program from \"-\" / \"-dash.lp\": $out";; esac
rm "$S/-"
msg=$(cd "$S" && echo 'from_stdin.' | "$FIXA" run dash.fix 2>&1); rc=$?
case "$msg" in *'dash.fix:1:16: error: cannot open "-"'*) [ $rc -eq 1 ] && ok || bad "from \"-\": exit $rc";;
    *) bad "program from missing \"-\": $msg";; esac
refuse_lp "directory .lp" "dir.lp: error: is a directory" none "$FIX" asp "$S/dir.lp"
refuse_lp "directory aspif" "dir.aspif: error: is a directory" none "$FIX" asp "$S/dir.aspif"
printf 'program P from "dir.lp";\nstable P;\n' > "$S/dir.fix"
refuse_lp "directory in program from" 'dir.fix:1:16: error: "dir.lp" is a directory' none "$FIX" run "$S/dir.fix"

# ---- output statements as clingo prints them ----
same_models() {   # same_models LABEL FILE CLINGO-OPTIONS...: the same answer lines, in any order
    label=$1; f=$2; shift 2
    want=$(clingo "$@" 0 "$f" 2>/dev/null | grep -a -A1 '^Answer' | grep -av '^Answer\|^--$' | sort)
    fopt=""; case " $* " in *" --project "*) fopt=--project ;; esac
    # shellcheck disable=SC2086
    got=$("$FIX" asp $fopt "$f" 0 2>&1 | grep -a -A1 '^Answer' | grep -av '^Answer\|^--$' | sort)
    [ "$want" = "$got" ] && ok || { bad "$label"; printf 'clingo:\n%s\nfix:\n%s\n' "$want" "$got"; }
}
printf '{a}. #show a/0. #show a : a.\n' > "$S/twice.lp"
same_models "the same output statement twice" "$S/twice.lp"
printf '{a;b}. #show. #show x : a. #show x : b. #show "" : a.\n' > "$S/onename.lp"
same_models "one name for two atoms (.lp)" "$S/onename.lp"
# --enum-mode=brave|cautious under #project: when the shown atoms are the projected ones,
# clingo's consequences (over the projected atoms) are those of every model; refused when a
# shown atom that may be true or false is not projected (clingo prints it as its last model
# had it)
printf '{a;b;c}. :- c,a. :- not c,not a. x :- a,not b. y :- b.\n#project a/0. #project y/0.\n' > "$S/pjcons.lp"
printf 'd :- a. d :- c. #project c/0. #project d/0. #show a/0. #show y/0. #show c/0. #show d/0.\n' >> "$S/pjcons.lp"
for mode in brave cautious; do
    want=$(clingo --enum-mode=$mode 0 "$S/pjcons.lp" 2>/dev/null | grep -a -A1 '^Answer' | tail -n 1)
    got=$("$FIX" asp --enum-mode=$mode 0 "$S/pjcons.lp" 2>&1 | grep -a -A1 '^Answer' | tail -n 1)
    [ "$want" = "$got" ] && ok || bad "--enum-mode=$mode under #project: clingo '$want', fix '$got'"
done
printf '#show x/0.\n' >> "$S/pjcons.lp"
"$FIX" asp --enum-mode=brave 0 "$S/pjcons.lp" 2>&1 | grep -q 'shows an atom it does not project' && ok \
    || bad "--enum-mode=brave under #project with x shown, not projected: not refused"
# ... and with decided atoms on either side (kinds38b: graphiso.lp's -tadj/2 shown beside a
# projected image/1, refused on main): the facts e/1 shown, not projected, and r projected, not
# shown, are true in every set; clingo counts r and not e (the counts less their balance)
printf '{p(1..3)}. :- not p(1), not p(2). e(1;2). r. #project p/1. #project r/0. #show p/1. #show e/1.\n' > "$S/pjdecided.lp"
for mode in brave cautious; do
    want=$(clingo --enum-mode=$mode 0 "$S/pjdecided.lp" 2>/dev/null | grep -a -A2 '^Answer' | tail -n 2; \
        clingo --enum-mode=$mode 0 "$S/pjdecided.lp" 2>/dev/null | grep -a '^Consequences :')
    got=$("$FIX" asp --enum-mode=$mode 0 "$S/pjdecided.lp" 2>&1 | grep -a -A2 '^Answer' | tail -n 2; \
        "$FIX" asp --enum-mode=$mode 0 "$S/pjdecided.lp" 2>&1 | grep -a '^Consequences :')
    [ "$want" = "$got" ] && ok || bad "--enum-mode=$mode under #project, decided atoms: clingo '$want', fix '$got'"
done
for f in tests/fuzz/corpus/aspif/show-*.aspif; do     # (clingo cuts a name at a NUL: fix does not)
    same_models "$(basename "$f")" "$f" --mode=clasp
done
json=$(printf 'asp 1 0 0\n1 0 1 1 0 0\n4 3 a\377b 1 1\n4 3 c\000d 1 1\n0\n' | "$FIX" asp --json - 0)
[ "$json" = '{"kind":"model","index":1,"atoms":["a\ufffdb","c\u0000d"]}
{"kind":"result","result":"SATISFIABLE","models":1,"complete":true}' ] && ok \
    || bad "--json: invalid UTF-8 and NUL in names: $json"
printf '#show "a\377b".\n' > "$S/bytes.lp"
printf 'program P from "bytes.lp";\nstable P;\n' > "$S/bytes.fix"
json=$("$FIX" run --json "$S/bytes.fix")
[ "$json" = '{"query":"stable","target":"P","status":"ok","models":[["\"a\ufffdb\""]],"complete":true}' ] \
    && ok || bad "fix run --json: invalid UTF-8 in a model: $json"
# an atom whose name holds ", " stays one atom in --json (models are arrays of atoms end to
# end, never joined and split again)
printf 'p("a, b").\nq :- p("a, b").\n' > "$S/comma.lp"
printf 'program P from "comma.lp";\nstable P;\n' > "$S/comma.fix"
json=$("$FIX" run --json "$S/comma.fix")
[ "$json" = '{"query":"stable","target":"P","status":"ok","models":[["p(\"a, b\")","q"]],"complete":true}' ] \
    && ok || bad "fix run --json: an atom with a comma: $json"
json=$("$FIX" asp --json "$S/comma.lp" | head -1)
[ "$json" = '{"kind":"model","index":1,"atoms":["p(\"a, b\")","q"]}' ] \
    && ok || bad "fix asp --json: an atom with a comma: $json"
# scale: the first model of one choice rule over 64 000 atoms needs a search 64 000 deep; it
# must run in memory linear in the program (well under 400 MB; the native search itself).
# The timeout is a guard against a hang (the run takes a fraction of a second), not a check.
awk 'BEGIN { n = 64000; printf "asp 1 0 0\n1 1 %d", n; for (i = 1; i <= n; i++) printf " %d", i
             print " 0 0"; for (i = 1; i <= n; i++) printf "4 %d a(%d) 1 %d\n", length(i) + 3, i, i
             print 0 }' > "$OUT/choice64k.aspif"
# Any model is one (clasp's and fix's sign take every atom out first: the empty one); the
# output is clingo's layout with one Answer whose line names atoms of the rule only.
(ulimit -v 400000; timeout 120 "$FIX" asp --solver native --models 1 "$OUT/choice64k.aspif") > "$OUT/choice64k.out" 2>&1
awk -v f="$OUT/choice64k.aspif" '
    NR == 1 { ok = $0 == "fix asp" } NR == 2 { ok = ok && $0 == "Reading from " f }
    NR == 3 { ok = ok && $0 == "Solving..." } NR == 4 { ok = ok && $0 == "Answer: 1" }
    NR == 5 { ok = ok && $0 ~ /^(a\([0-9]+\)( a\([0-9]+\))*)?$/ }
    NR == 6 { ok = ok && $0 == "SATISFIABLE" } NR == 7 { ok = ok && $0 == "" }
    NR == 8 { ok = ok && $0 == "Models       : 1+" } NR == 9 { ok = ok && $0 == "Calls        : 1" }
    END { exit !(ok && NR == 9) }' "$OUT/choice64k.out" \
    && ok || bad "64 000-atom choice rule: first model within 400 MB"
# (That it is found in time linear in N is a shape in time: bench/asp/shape.sh, `make bench`.)
# The chain of docs/asp.md (3n rules, a search 2n levels deep) with learning on: its first
# model is found with about one choice a level.  A build that learnt a unit nogood per level
# and redid every choice after each (n conflicts, n^2/2 choices: 4.5 million at n = 3000)
# fails this; the count is the solver's own, not a time.
printf 'a(1). {b(I)} :- a(I), I <= n. a(I+1) :- b(I). a(I+1) :- a(I), not b(I), I <= n.\n:- not a(n+1).\n' > "$OUT/chain.lp"
gringo -c n=3000 "$OUT/chain.lp" > "$OUT/chain.aspif"
choices=$(timeout 60 "$FIX" asp --solver native --models 1 --stats "$OUT/chain.aspif" 2>&1 | awk '/^Choices/ { print $3 }')
[ -n "$choices" ] && [ "$choices" -le 12000 ] && ok \
    || bad "chain n = 3000: first model took ${choices:-no} choices (at most 4n = 12000 expected)"
# Projections by backtracking (src/asp/project.c): each of the 2^16 projections on p/1 once,
# clingo's count, with no conflict at all (after a model the search goes back to its last
# split on a project atom, and nothing is stored per projection).  A build that blocked each
# projection by a solution nogood fails this (77 029 conflicts here); with a constraint
# under the projection, the conflicts stay a few per projection at most.  The counts are the
# solver's own, not a time.
printf '{ p(1..16) }. { q(1..3) }. #project p/1.\n' > "$OUT/proj16.lp"
printf '{ p(1..12) }. 1 { q(1..4) } 1 :- p(1).\n:- q(X), p(X+1), p(X+2).\n#project p/1.\n' > "$OUT/proj12.lp"
for f in proj16 proj12; do
    want=$(clingo --project -q 0 "$OUT/$f.lp" 2>/dev/null | awk '/^Models/ { print $3 }')
    st=$(timeout 120 "$FIX" asp --solver native --project -q --stats 0 "$OUT/$f.lp" 2>&1)
    models=$(printf '%s\n' "$st" | awk '/^Models/ { print $3 }')
    conflicts=$(printf '%s\n' "$st" | awk '/^Conflicts/ { print $3 }')
    limit=0; [ $f = proj12 ] && limit=$((want / 16))
    [ -n "$want" ] && [ "$models" = "$want" ] && [ -n "$conflicts" ] && [ "$conflicts" -le "$limit" ] && ok \
        || bad "$f: ${models:-no} projections (clingo $want), ${conflicts:-no} conflicts (at most $limit)"
done

# Equivalent atoms (src/asp/equiv.c): an atom whose only rule is `a :- b` shares b's lattice
# atom; chains fall into one class, a cycle of such atoms into one atom without a rule
# (false).  The models, a projection on merged atoms and an optimum whose #minimize names
# merged atoms are clingo's; the lattice holds 13 atoms (without the merging 21: a/1 and
# b/1 of their own).
printf '{c(1..4)}.\nb(X) :- c(X).\na(X) :- b(X).\nn(X) :- not a(X), X = 1..4.\n:- a(1), a(2).\n#minimize { 1,X : n(X) ; 1,c,X : c(X) ; 2,a,X : a(X), X > 2 }.\n#show a/1. #show c/1. #show n/1.\n' > "$OUT/equiv.lp"
gringo "$OUT/equiv.lp" > "$OUT/equiv.aspif"
lattice=$(timeout 60 "$FIX" asp --solver native --stats "$OUT/equiv.aspif" 2>&1 | awk '/^Atoms/ { print $5 + 0 }')
[ -n "$lattice" ] && [ "$lattice" -le 13 ] && ok \
    || bad "equivalent atoms: ${lattice:-no} lattice atoms for 16 program atoms (at most 13 expected)"
want=$(clingo --mode=clasp "$OUT/equiv.aspif" 2>/dev/null | grep '^Optimization' | tail -n 1)
got=$(timeout 60 "$FIX" asp --solver native "$OUT/equiv.aspif" 2>&1 | grep '^Optimization' | tail -n 1)
[ -n "$want" ] && [ "$want" = "$got" ] && ok || bad "equivalent atoms: optimum '$got', clingo's '$want'"
want=$(clingo --mode=clasp --opt-mode=ignore 0 "$OUT/equiv.aspif" 2>/dev/null | grep -A1 '^Answer' | grep -v '^Answer\|^--$' | sort)
got=$(timeout 60 "$FIX" asp --solver native --opt-mode=ignore 0 "$OUT/equiv.aspif" 2>&1 | grep -A1 '^Answer' | grep -v '^Answer\|^--$' | sort)
[ "$want" = "$got" ] && ok || bad "equivalent atoms: every model (--opt-mode=ignore) is not clingo's"
# atoms 2 :- 3, 3 :- 2 (a cycle, false), 4 :- 2, 5 :- 1, 6 :- 5 under {1}; #project {5, 3}
printf 'asp 1 0 0\n1 1 1 1 0 0\n1 0 1 2 0 1 3\n1 0 1 3 0 1 2\n1 0 1 4 0 1 2\n1 0 1 5 0 1 1\n1 0 1 6 0 1 5\n4 1 a 1 1\n4 1 b 1 2\n4 1 c 1 3\n4 1 d 1 4\n4 1 e 1 5\n4 1 f 1 6\n0\n' > "$OUT/equiv-cycle.aspif"
same_models "equivalent atoms: chains and a cycle" "$OUT/equiv-cycle.aspif" --mode=clasp
printf 'asp 1 0 0\n1 1 1 1 0 0\n1 1 1 7 0 0\n1 0 1 2 0 1 3\n1 0 1 3 0 1 2\n1 0 1 5 0 1 1\n1 0 1 6 0 1 5\n3 2 6 3\n4 1 c 1 3\n4 1 f 1 6\n0\n' > "$OUT/equiv-proj.aspif"
same_models "equivalent atoms: #project on merged atoms" "$OUT/equiv-proj.aspif" --mode=clasp --project

# ---- clingo as the back end, and the bounds against clingo's consequences (issue 12, items
# 4 and 5): on the generated programs, `--solver clingo` (default and tiny budgets) gives
# clingo's models, and the well-founded bound and the hull of Final lie between clingo's
# cautious and brave consequences (--compare-consequences exits 1 on a refuted bound).
clingo_backend_checks() {   # clingo_backend_checks COUNT
    i=1
    while [ $i -le "$1" ]; do
        build/asp-gen $i > "$OUT/c.lp"
        want=$(models_clingo "$OUT/c.lp")
        for opts in "" "--budget 1 --rounds 1" "--budget 3 --rounds 20"; do
            # shellcheck disable=SC2086
            got=$("$FIX" asp --solver clingo $opts "$OUT/c.lp" 0 2>&1 | awk -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
            [ "$want" = "$got" ] && ok || { bad "random program $i: --solver clingo $opts differs"; cp "$OUT/c.lp" "$OUT/failed-clingo-$i.lp"; }
        done
        out=$("$FIX" asp --wf --bounds --compare-consequences "$OUT/c.lp" 2>&1); rc=$?
        n=$(printf '%s\n' "$out" | grep -c '^Certified    : yes$')
        [ $rc -eq 0 ] && [ "$n" = 2 ] && ok || { bad "random program $i: bounds not inside cautious/brave"; printf '%s\n' "$out" | grep -A2 '^Consequences'; }
        i=$((i + 1))
    done
}
clingo_backend_checks "$COUNT"
# a limit kills clingo and keeps the models so far
printf '{ in(P,H) : h(H) } :- p(P). p(1..12). h(1..11).\nhas(P) :- in(P,H).\n:- p(P), not has(P).\n:- in(P,H), in(Q,H), P < Q.\n' > "$OUT/php.lp"
out=$(timeout 20 "$FIX" asp --solver clingo --timeout 1 "$OUT/php.lp" 2>&1); rc=$?
case "$out" in *UNKNOWN*) [ $rc -eq 0 ] && ok || bad "--solver clingo --timeout 1: exit $rc";;
    *) bad "--solver clingo --timeout 1 did not stop: $out";; esac

. "$DIR/core.sh"
. "$DIR/disj.sh"
. "$DIR/edge.sh"
. "$DIR/optproj.sh"

asp_summary
[ $fail -eq 0 ]

# core.sh: sourced by run.sh (uses FIX, OUT, DIR, ok, bad): the hand-written programs of
# tests/asp/core, one per aspif statement kind.  For each: fix asp's models equal clingo's
# (the native search refuses theory programs, with a message naming the line of an aspif
# file; it searches nonhcf.lp, which is not head-cycle-free, and edge.aspif), clingo on `fix asp --emit` gives clingo's
# models and optimum on the original, and the bounds of --wf and --bounds lie inside
# clingo's cautious and brave consequences.
C=$DIR/core
# The program clingo reads for FILE: FILE.reference when there is one (clingo refuses
# negative weights in aspif; fix normalises them, the reference is the normalised program).
reference() { if [ -f "$1.reference" ]; then echo "$1.reference"; else echo "$1"; fi; }
ref_models() {   # ref_models FILE [clingo options]: clingo's models (the last step's)
    f=$(reference "$1"); shift
    case "$f" in
        *.lp) clingo 0 "$@" "$f" ;;
        *) clingo --mode=clasp 0 "$@" "$f" ;;
    esac 2>/dev/null | awk '/^Solving/ { n++ } { print n "\t" $0 }' > "$OUT/core.ref"
    last=$(tail -1 "$OUT/core.ref" | cut -f1)
    awk -F'\t' -v n="$last" '$1 == n { print $2 }' "$OUT/core.ref" | awk -v project="$proj" -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort
}
optimum() { grep '^Optimization : ' || true; }
consequences() {   # consequences FILE MODE: the atoms of the last answer, one a line
    mode=--mode=clingo
    case "$1" in *.lp) ;; *) mode=--mode=clasp ;; esac
    clingo "$mode" --enum-mode="$2" --opt-mode=ignore --project=no 0 "$(reference "$1")" 2>/dev/null \
        | awk '/^Answer/ { getline; last = $0 } END { print last }' | tr ' ' '\n' | sed '/^$/d' | sort
}
# Every bound fix prints (True / Undefined lines of --wf and --bounds) within cautious/brave.
check_bounds() {   # check_bounds FILE OPTIONS...
    f=$1; shift
    out=$("$FIX" asp "$@" "$f" 2>/dev/null) || { bad "core $f: fix asp $* failed"; return; }
    echo "$out" | grep -q 'inconsistent' && return
    consequences "$f" cautious > "$OUT/core.cautious"
    consequences "$f" brave > "$OUT/core.brave"
    # lower: the atoms true in every bound printed; upper: those true or undefined in one
    echo "$out" | awk -v t="$OUT/core.true" -v u="$OUT/core.upper" '
        /^True:/ { k++; for (i = 2; i <= NF; i++) n[$i]++ }
        /^(True|Undefined):/ { for (i = 2; i <= NF; i++) print $i > u }
        END { for (a in n) if (n[a] == k) print a > t }'
    touch "$OUT/core.true" "$OUT/core.upper"
    if [ -z "$(sort "$OUT/core.true" | comm -23 - "$OUT/core.cautious")" ] \
        && [ -z "$(sort -u "$OUT/core.upper" | comm -13 - "$OUT/core.brave")" ]; then ok
    else bad "core $f: fix asp $* is not inside cautious/brave"; fi
    rm -f "$OUT/core.true" "$OUT/core.upper"
}
for f in "$C"/*.lp "$C"/*.aspif; do
    # with #minimize the optimal models (optN), with #project the projections (project.lp's
    # project atoms are a and d)
    proj=""; copt=""
    case "$f" in *project*) proj="a d"; copt=--project ;; esac
    # shellcheck disable=SC2086
    want=$(ref_models "$f" --opt-mode=optN $copt)
    # shellcheck disable=SC2086
    got=$("$FIX" asp --opt-mode=optN $copt "$f" 0 2>"$OUT/core.err" | awk -v project="$proj" -f "$DIR/models.awk" -f "$DIR/canon.awk" | sort)
    case "$f" in
        *theory*)      # refused by the native search, solved by clingo under auto
            "$FIX" asp --solver native "$f" >/dev/null 2>"$OUT/core.err"
            # aspif: its line, column 1; theory.lp: the line of gringo's output, said to be
            # that, never as FILE:LINE
            case "$f" in *.lp) pat=': error: .* (line [0-9]* of gringo.s aspif output).*fix cannot search' ;;
                         *) pat=':[0-9]*:1: error: .*fix cannot search' ;; esac
            grep -q "$pat" "$OUT/core.err" && ok \
                || bad "core $f: no refusal naming a line: $(cat "$OUT/core.err")"
            [ "$want" = "$got" ] && ok || bad "core $f: --solver auto differs from clingo" ;;
        *) [ "$want" = "$got" ] && ok || { bad "core $f: models differ from clingo"; \
               printf 'clingo:\n%s\nfix:\n%s\n' "$want" "$got" | head -20; } ;;
    esac
    "$FIX" asp --emit "$f" > "$OUT/core.emit" 2>/dev/null || { bad "core $f: --emit failed"; continue; }
    emitted=$(ref_models "$OUT/core.emit")
    [ "$(ref_models "$f")" = "$emitted" ] && ok || bad "core $f: clingo on --emit differs"
    case "$f" in *.lp) o1=$(clingo 0 "$f" 2>/dev/null | optimum) ;;
                 *) o1=$(clingo --mode=clasp 0 "$(reference "$f")" 2>/dev/null | optimum) ;; esac
    o2=$(clingo --mode=clasp 0 "$OUT/core.emit" 2>/dev/null | optimum)
    [ "$o1" = "$o2" ] && ok || bad "core $f: optimum '$o1' on the program, '$o2' on --emit"
    case "$f" in *incremental*) continue ;; esac    # clingo's consequences are per step
    check_bounds "$f" --wf
    check_bounds "$f" --bounds --rounds 2
done

# select.sh: choosing tests by name, sourced by run-golden.sh and run-asp-golden.sh (GOLDEN=,
# ASP_GOLDEN=; `make test T=golden/NAME`).
#   select_init "NAMES" PREFIX  NAMES empty: every test; else names or shell patterns
#                               separated by blanks.  PREFIX (tests/golden/) and a final .fix
#                               or .cmd are taken off each, so a file's path names it too.
#   selected NAME               true when the test NAME is to run (always when NAMES is empty)
#   select_unmatched SUITE      prints "FAIL SUITE: no test named 'P'" for each name or
#                               pattern that selected nothing, and is then false
select_init() {
    sel_patterns=""; sel_matched=" "
    set -f
    for sel_p in $1; do
        sel_p=${sel_p#"$2"}; sel_p=${sel_p%.fix}; sel_p=${sel_p%.cmd}
        sel_patterns="$sel_patterns $sel_p"
    done
    set +f
}
selected() {
    [ -n "$sel_patterns" ] || return 0
    sel_hit=1
    set -f
    for sel_p in $sel_patterns; do
        # shellcheck disable=SC2254
        case $1 in $sel_p) sel_hit=0; sel_matched="$sel_matched$sel_p " ;; esac
    done
    set +f
    return $sel_hit
}
select_unmatched() {
    sel_bad=0
    set -f
    for sel_p in $sel_patterns; do
        case $sel_matched in *" $sel_p "*) ;; *) echo "FAIL $1: no test named '$sel_p'"; sel_bad=1 ;; esac
    done
    set +f
    return $sel_bad
}

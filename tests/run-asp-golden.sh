#!/bin/sh
# run-asp-golden.sh FIX [--update]: golden tests of `fix asp` (options and errors that need a
# command line rather than a .fix file).  Each tests/golden/asp/NAME.cmd holds directives:
#   args: asp --solver clingo examples/pqrs.lp     the arguments (from the repository root)
#   env: FIX_CLINGO=tests/golden/asp/fail.sh       environment settings (optional)
#   stdin: tests/golden/asp/explain/unsat.lp        standard input's file (default /dev/null)
#   exit: 1                                        the expected exit status (default 0)
#   needs: clingo                                  skipped (and said so) without clingo
# and NAME.out the expected standard output and error, together.  ASP_GOLDEN="NAME ..." runs
# only the tests named (shell patterns select several); a name that selects none is a failure.
# `make test T=asp-golden/NAME` sets it.
fix=${1:-build/fix}
update=${2:-}
pass=0; fail=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
. "$(dirname "$0")/select.sh"
select_init "${ASP_GOLDEN:-}" tests/golden/asp/
have_clingo=yes
command -v clingo >/dev/null 2>&1 || have_clingo=no
for t in tests/golden/asp/*.cmd; do
    name=${t#tests/golden/asp/}; name=${name%.cmd}
    selected "$name" || continue
    args=$(sed -n 's|^args: *||p' "$t" | head -n 1)
    envs=$(sed -n 's|^env: *||p' "$t" | head -n 1)
    input=$(sed -n 's|^stdin: *||p' "$t" | head -n 1)
    [ -n "$input" ] || input=/dev/null
    want_exit=$(sed -n 's|^exit: *||p' "$t" | head -n 1)
    [ -n "$want_exit" ] || want_exit=0
    if [ $have_clingo = no ] && grep -q '^needs: clingo' "$t"; then
        echo "skip $t: no clingo"; continue
    fi
    # shellcheck disable=SC2086
    env $envs "$fix" $args <"$input" >"$tmp" 2>&1
    got_exit=$?
    out="${t%.cmd}.out"
    [ "$update" = "--update" ] && cp "$tmp" "$out"
    why=""
    [ "$got_exit" = "$want_exit" ] || why="exit $got_exit, expected $want_exit"
    [ -n "$why" ] || diff -q "$out" "$tmp" >/dev/null 2>&1 || why="output differs"
    case $why in
        "") pass=$((pass + 1)) ;;
        *) fail=$((fail + 1)); echo "FAIL $t: $why"; diff -u "$out" "$tmp" | head -n 30 ;;
    esac
done
select_unmatched "asp golden" || fail=$((fail + 1))
echo "asp golden: $pass passed, $fail failed"
[ $fail -eq 0 ]

# scratch.sh: the opening the test scripts share, sourced (`. tests/scratch.sh`) after
# setting `suite` to the name their lines start with.  It makes the scratch directory $tmp,
# removed on exit; a failed mktemp (a full disk) stops the script here, so $tmp is never
# empty when `rm -rf` sees it.  It starts the counts pass and fail, and defines
# check NAME CONDITION...: runs CONDITION and counts it, printing "FAIL suite: NAME" when it
# fails, and needs_tool COMMAND WHAT: ends the script as skipped, saying why, when COMMAND is
# not installed.
tmp=$(mktemp -d) && [ -n "$tmp" ] && [ -d "$tmp" ] || { echo "$suite: no scratch directory"; echo "$suite: 0 passed, 1 failed"; exit 1; }
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0; fail=0
needs_tool() {
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "$suite: skipped: $2 is not installed"; echo "$suite: 0 passed, 0 failed"; exit 0
}
check() {
    name=$1; shift
    if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $suite: $name"; fi
}

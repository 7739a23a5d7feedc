# asp.sh: the preamble the ASP test scripts (tests/asp/*.sh) share, sourced from the repository
# root: the counters pass and fail with ok and bad, the checks that end a script before its
# first case (clingo on PATH, the program generators built), and the last line the suites'
# runner reads.  A script that cannot start prints why and "0 passed, 1 failed", exit 1.
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
asp_cannot_start() { [ -n "${1:-}" ] && echo "$1"; echo "0 passed, 1 failed"; exit 1; }
# need_clingo: clingo, the reference the script compares with, is on PATH.
need_clingo() { command -v clingo >/dev/null 2>&1 || asp_cannot_start "clingo not found"; }
# need_gen NAME...: the generators of tests/asp/build-gen.sh built (it says what failed).
need_gen() { sh tests/asp/build-gen.sh "$@" || asp_cannot_start; }
# asp_summary: the last line, "N passed, N failed".
asp_summary() { echo "$pass passed, $fail failed"; }

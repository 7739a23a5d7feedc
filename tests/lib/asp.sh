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
# asp_colouring SEED [P]: a random 3-colouring of 12 to 18 nodes (.lp), each edge present
# with probability P + up to 0.14 (P default 0.12), an even loop on some (split into cubes)
asp_colouring() {
    awk -v seed="$1" -v base="${2:-0.12}" 'BEGIN { srand(seed); n = 12 + int(rand() * 7); p = base + rand() * 0.14
        printf "node(1..%d).\ncol(r;g;b).\n1 { c(X,C) : col(C) } 1 :- node(X).\n", n
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (rand() < p) printf "e(%d,%d).\n", i, j
        printf ":- e(X,Y), c(X,C), c(Y,C).\n"
        if (rand() < 0.5) printf "odd(X) :- c(X,r), not even(X).\neven(X) :- node(X), not odd(X).\n:- odd(1), odd(2).\n"
        printf "#show c/2.\n" }'
}

#!/bin/sh
# gen-choices.sh N [QUERY]: prints a .fix file with N independent choices (a_i :- not b_i,
# b_i :- not a_i as an antitone S on a powerset of 2N atoms: 2^N fixed points), then QUERY
# (e.g. "bnb S;") when given.  The HTML and REPL tests use it for large bnb trees.
awk -v n="${1:?usage: gen-choices.sh N [QUERY]}" -v q="${2:-}" 'BEGIN {
    printf "lattice Atoms = powerset {"
    for (i = 0; i < n; i++) printf "%sa%d, b%d", i ? ", " : "", i, i
    printf "};\nfn S(m: Atoms): Atoms antitone =\n"
    for (i = 0; i < n; i++) printf "  %s(if b%d in m then {} else {a%d}) union (if a%d in m then {} else {b%d})\n", i ? "union " : "", i, i, i, i
    printf ";\n%s\n", q }'

# optgen.awk: a random #minimize program with a real search, for optproj.sh (the same program
# for the same seed): a choice over atoms a0..a(n-1), derived atoms bK (some recursive), about
# 1.5n-2.5n constraints of three literals, one #minimize with up to three priorities, positive
# and negative weights and negated literals, sometimes a weak constraint and a #maximize, and
# with -v proj=1 a #project of the first third of the atoms.
# usage: awk -v seed=N -v n=ATOMS [-v proj=1] -f tests/asp/optgen.awk
function atom() { return "a" int(rand() * n) }
function lit() { return (rand() < .5 ? "not " : "") atom() }
BEGIN {
    srand(seed)
    m = int(n * (1.5 + rand()))
    printf "{ "
    for (i = 0; i < n; i++) printf "%sa%d", (i ? "; " : ""), i
    print " }."
    nb = int(n / 4)
    for (i = 0; i < nb; i++) {
        print "b" i " :- " atom() ", not " atom() "."
        print "b" i " :- b" (i + 1) % (nb + 1) ", " atom() "."
    }
    for (k = 0; k < m; k++) print ":- " lit() ", " lit() ", " lit() "."
    lv = 1 + int(rand() * 3)
    if (levels) lv = levels
    printf "#minimize { "
    c = 0
    for (i = 0; i < n; i++) {
        if (rand() >= .7) continue
        w = int(rand() * 9) - (rand() < .3 ? 6 : 0)
        printf "%s%d@%d,%d : %sa%d", (c++ ? "; " : ""), w, 1 + int(rand() * lv), i, (rand() < .2 ? "not " : ""), i
    }
    for (i = 0; i < nb; i++) printf "%s%d@%d,b,%d : b%d", (c++ ? "; " : ""), int(rand() * 5) - 1, 1 + int(rand() * lv), i, i
    print " }."
    if (rand() < .5) print ":~ " atom() ", " atom() ". [" 1 + int(rand() * 4) "@" 1 + int(rand() * lv) "]"
    if (rand() < .3) print "#maximize { 2@" 1 + int(rand() * lv) ",x : " atom() " }."
    for (i = 0; i < n; i++) print "#show a" i "/0."
    if (proj) for (i = 0; i < n / 3; i++) print "#project a" i "."
}

# edgegen.awk: a random program with #edge statements (acyclicity), for tests/asp/edge.sh:
# awk -v seed=N -f tests/asp/edgegen.awk.  Nodes 1..n (n from 3 to 5); choice atoms a0..a(m-1)
# (m from 2 to 4)
# with rules among them; a chosen edge relation e(X,Y) over some pairs, each pair's edge an
# #edge whose condition is e(X,Y), sometimes with another literal; more #edge statements whose
# conditions are conjunctions of one to three literals over the a's (with `not`), a few
# unconditional; sometimes a disjunction of the two directions of a pair, a constraint, a
# #count bound on e/2, a #minimize.  The same program for the same seed (with one awk).
function r(k) { return int(rand() * k) }
function atom() { return "a" r(m) }
function lit() { return (r(3) == 0 ? "not " : "") atom() }
function cond(k,    s, i) {
    s = ""
    for (i = 0; i < k; i++) s = s (i ? ", " : "") lit()
    return s
}
function node() { return 1 + r(n) }
BEGIN {
    srand(seed); n = 3 + r(3); m = 2 + r(3)
    s = "{ a0"; for (i = 1; i < m; i++) s = s "; a" i; print s " }."
    for (k = r(3); k > 0; k--) print atom() " :- " cond(1 + r(2)) "."
    ne = 0
    for (x = 1; x <= n; x++) for (y = 1; y <= n; y++)
        if (x != y && r(10) < 3) { ex[++ne] = x; ey[ne] = y }
    for (i = 1; i <= ne; i++) {
        if (r(10) < 2 && ex[i] < ey[i]) print "e(" ex[i] "," ey[i] ") | e(" ey[i] "," ex[i] ")."
        else print "{ e(" ex[i] "," ey[i] ") }."
        print "#edge (" ex[i] "," ey[i] ") : e(" ex[i] "," ey[i] ")" (r(10) < 2 ? ", " lit() : "") "."
    }
    for (k = r(6); k > 0; k--) {
        x = node(); y = node()
        if (x == y && r(2)) y = x % n + 1
        print "#edge (" x "," y ")" (r(10) < 1 ? "" : " : " cond(1 + r(3))) "."
    }
    if (r(10) < 3) print ":- " cond(2) "."
    if (r(10) < 3) print ":- #count { X,Y : e(X,Y) } < " r(ne + 1) "."
    if (r(10) < 3) print "#minimize { 1,X,Y : e(X,Y); " (1 + r(3)) " : " atom() " }."
    print "#show e/2."
    for (i = 0; i < m; i++) print "#show a" i "/0."
}

# disjgen.awk: a random disjunctive program with positive cycles through its heads, for
# tests/asp/disj.sh: awk -v seed=N -f tests/asp/disjgen.awk.  Atoms a0..a(n-1), n from 4 to
# 9; one to three disjunctive rules of two or three head atoms, most of them with two head
# atoms deriving each other (a head cycle: not head-cycle-free); normal rules with positive
# and negative bodies, sometimes a choice, a constraint, a #count body; then either a
# #minimize of two priorities or a #project, or neither.  The same program for the same seed
# (with one awk).
function r(k) { return int(rand() * k) }
function atom() { return "a" r(n) }
function lit() { return (r(3) == 0 ? "not " : "") atom() }
function body(k,    s, i) {
    s = ""
    for (i = 0; i < k; i++) s = s (i ? ", " : "") lit()
    return s
}
function rule(head, k) { print head (k ? " :- " body(k) : "") "." }
BEGIN {
    srand(seed); n = 4 + r(6)
    for (d = 1 + r(3); d > 0; d--) {
        x = r(n); y = (x + 1 + r(n - 1)) % n; z = r(n)
        head = "a" x " | a" y (r(2) && z != x && z != y ? " | a" z : "")
        rule(head, r(2))
        if (r(10) < 7) { rule("a" x " :- a" y (r(2) ? ", " lit() : ""), 0); rule("a" y " :- a" x, 0) }
    }
    for (k = 1 + r(4); k > 0; k--) rule(atom(), 1 + r(2))
    if (r(10) < 3) print "{ " atom() " }" (r(2) ? " :- " body(1) : "") "."
    if (r(10) < 3) print ":- " body(2) "."
    if (r(10) < 3) print atom() " :- 2 #count { 1 : " atom() "; 2 : " atom() "; 3 : " lit() " }."
    what = r(4)
    if (what == 0) {
        printf "#minimize { %d@2,1 : %s; %d@1,2 : %s; %d@1,3 : %s }.\n", 1 + r(3), atom(), 1 + r(3), atom(), 1 + r(3), lit()
        print "% minimize"
    } else if (what == 1) { print "#project " atom() ". #project " atom() "."; print "% project" }
    for (i = 0; i < n; i++) print "#show a" i "/0."
}

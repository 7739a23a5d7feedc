# hcf.awk: reads a ground program in aspif and prints "yes" when it is head-cycle-free, "no"
# when two atoms of one disjunctive head depend positively on each other (through the positive
# literals of normal and weight bodies).  gringo writes disjunctions of its own for some
# aggregates (#sum with != or weights of both signs), so this is read from the aspif, not the
# .lp text.
$1 == 1 {
    nh = $3; i = 4
    for (k = 0; k < nh; k++) head[k] = $(i + k)
    i += nh
    if ($i == 0) { m = $(i + 1); step = 1; i += 2 }        # normal body: m literals
    else { m = $(i + 2); step = 2; i += 3 }                 # weight body: lower, m pairs
    for (k = 0; k < m; k++) {
        b = $(i + k * step)
        if (b > 0) for (h = 0; h < nh; h++) { dep[head[h], b] = 1; atoms[head[h]] = 1; atoms[b] = 1 }
    }
    if ($2 == 0 && nh > 1) {
        nd++; disj_n[nd] = nh
        for (h = 0; h < nh; h++) disj[nd, h] = head[h]
    }
}
END {
    if (!nd) { print "yes"; exit }
    for (k in atoms) for (x in atoms) if ((x, k) in dep) for (y in atoms) if ((k, y) in dep) dep[x, y] = 1
    for (r = 1; r <= nd; r++)
        for (i = 0; i < disj_n[r]; i++) for (j = 0; j < disj_n[r]; j++) {
            x = disj[r, i]; y = disj[r, j]
            if (x != y && ((x, y) in dep) && ((y, x) in dep)) { print "no"; exit }
        }
    print "yes"
}

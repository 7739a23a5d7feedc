# competegen.awk: instances for the encodings of tests/asp/compete (compete.sh), one kind
# at a time, of growing size n, random by seed:
#   awk -v kind=colour -v n=8 -v seed=1 -f tests/asp/competegen.awk > instance.lp
# A kind whose encoding takes no instance (knight, syntax, onlycons, empty) prints a comment.
# Sizes: compete.sh's small ones run in the test; bench/RESULTS.md names the large ones.
function rnd(k) { return int(rand() * k) }             # 0..k-1
function edges(n, p,    i, j) {                         # random undirected edges, i < j
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (rand() < p) printf "edge(%d,%d).\n", i, j
}
function connected(n, extra, weighted,    i, j, k, w) { # a random tree plus extra edges
    for (i = 2; i <= n; i++) { j = 1 + rnd(i - 1); has[j, i] = 1 }
    for (k = 0; k < extra; k++) { i = 1 + rnd(n); j = 1 + rnd(n); if (i < j) has[i, j] = 1; else if (j < i) has[j, i] = 1 }
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if ((i, j) in has) {
        if (weighted) printf "edge(%d,%d,%d).\n", i, j, 1 + rnd(5); else printf "edge(%d,%d).\n", i, j
    }
}
function perm(n, a,    i, j, t) {                        # a[1..n] a random permutation of 1..n
    for (i = 1; i <= n; i++) a[i] = i
    for (i = n; i > 1; i--) { j = 1 + rnd(i); t = a[i]; a[i] = a[j]; a[j] = t }
}
function find(x) { while (x in up) x = up[x]; return x }  # union-find of hashi's islands
function circuit(n,    k, g, a, b, kinds, v, i, flip, w) {  # n gates over 3 inputs, 2 faults
    split("and or xor", kinds, " ")
    for (i = 1; i <= 3; i++) { v[i] = rnd(2); printf "in(%d,%d).\n", i, v[i] }
    flip[3 + 1 + rnd(n)] = 1; flip[3 + 1 + rnd(n)] = 1
    for (g = 4; g <= n + 3; g++) {
        a = 1 + rnd(g - 1); b = 1 + rnd(g - 1); k = kinds[1 + rnd(3)]
        printf "gate(%d,%s,%d,%d).\n", g, k, a, b
        v[g] = k == "and" ? v[a] * v[b] : k == "or" ? (v[a] + v[b] > 0) : (v[a] + v[b]) % 2
        if (g in flip) v[g] = 1 - v[g]
    }
    for (w = n + 3; w > n + 3 - 4 && w > 3; w--) printf "obs(%d,%d).\n", w, v[w]
}
BEGIN {
    srand(seed); n += 0
    if (kind == "colour") { printf "node(1..%d).\ncol(1..3).\n", n; edges(n, 3.0 / n) }
    else if (kind == "hampath") {
        printf "vertex(1..%d).\n", n; perm(n, pa)
        for (i = 1; i < n; i++) printf "arc(%d,%d).\n", pa[i], pa[i + 1]
        for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) if (i != j && rand() < 2.5 / n) printf "arc(%d,%d).\n", i, j
    }
    else if (kind == "labyrinth") {
        printf "opening(straight,0;straight,2; corner,0;corner,1; tee,0;tee,1;tee,2; cross,0..3).\n"
        split("straight corner tee corner straight cross", kd, " ")
        for (x = 1; x <= n; x++) for (y = 1; y <= n; y++) printf "tile(%d,%d,%s).\n", x, y, kd[1 + rnd(6)]
        printf "start(1,1).\ngoal(%d,%d).\n", n, n
    }
    else if (kind == "sokoban") {
        for (x = 1; x <= n; x++) for (y = 1; y <= 3; y++) if (!(x > 1 && x < n && y != 2 && rand() < 0.2)) printf "floor(%d,%d).\n", x, y
        printf "robot(1,2).\nbox(2,2).\ngoal(%d,%d).\n", 2 + rnd(n - 2), 2
    }
    else if (kind == "puzzle") {
        printf "size(3).\n"; bx = 3; by = 3; k = 0
        for (y = 1; y <= 3; y++) for (x = 1; x <= 3; x++) if (x != 3 || y != 3) { k++; cell[x, y] = k; printf "home(%d,%d,%d).\n", k, x, y }
        px = 0; py = 0
        for (s = 0; s < n; s++) {
            do { d = rnd(4); nx = bx + (d == 0) - (d == 1); ny = by + (d == 2) - (d == 3) }
            while (nx < 1 || nx > 3 || ny < 1 || ny > 3 || (nx == px && ny == py))
            cell[bx, by] = cell[nx, ny]; delete cell[nx, ny]; px = bx; py = by; bx = nx; by = ny
        }
        for (y = 1; y <= 3; y++) for (x = 1; x <= 3; x++) if ((x, y) in cell) printf "init(%d,%d,%d).\n", cell[x, y], x, y
        printf "blank0(%d,%d).\n", bx, by
    }
    else if (kind == "partner") {
        printf "zone(1..%d).\nsensor(1..%d).\nunit(1..%d).\n", n, n, int(n / 2) + 1
        for (z = 1; z <= n; z++) { printf "wire(%d,%d).\n", z, z; if (rand() < 0.6) printf "wire(%d,%d).\n", z, 1 + rnd(n) }
    }
    else if (kind == "marriage") {
        printf "man(1..%d).\nwoman(1..%d).\n", n, n
        for (m = 1; m <= n; m++) { perm(n, pa); for (i = 1; i <= n; i++) printf "mrank(%d,%d,%d).\n", m, pa[i], i }
        for (w = 1; w <= n; w++) { perm(n, pa); for (i = 1; i <= n; i++) printf "wrank(%d,%d,%d).\n", w, pa[i], i }
    }
    else if (kind == "wseq") {
        printf "item(1..%d).\n", n
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) printf "w(%d,%d,%d).\n", i, j, rnd(13) - 3
    }
    else if (kind == "sched") {
        for (j = 1; j <= n; j++) printf "job(%d,%d,%d,%d).\n", j, 1 + rnd(2), 1 + rnd(3), 1 + rnd(n + 2)
        for (j = 2; j <= n; j++) if (rand() < 0.3) printf "prec(%d,%d).\n", 1 + rnd(j - 1), j
    }
    else if (kind == "crossing") {
        printf "up(1..%d).\nlow(1..%d).\n", n, n
        for (i = 1; i <= n; i++) { printf "e(%d,%d).\n", i, 1 + rnd(n); if (rand() < 0.6) printf "e(%d,%d).\n", i, 1 + rnd(n) }
    }
    else if (kind == "clique") { printf "node(1..%d).\n", n; edges(n, 0.5) }
    else if (kind == "steiner") {
        connected(n, n, 1)
        for (i = 1; i <= n; i++) if (i == 1 || rand() < 0.3) printf "term(%d).\n", i
    }
    else if (kind == "cds") { printf "node(1..%d).\n", n; connected(n, int(n / 2), 0) }
    else if (kind == "visitall") {
        for (x = 1; x <= n; x++) for (y = 1; y <= 2; y++) if (!(x > 1 && rand() < 0.15)) printf "free(%d,%d).\n", x, y
        printf "start(1,1).\n"
    }
    else if (kind == "transport") {
        for (i = 1; i < n; i++) printf "road(%d,%d,%d).\n", i, i + 1, 1 + rnd(3)
        printf "road(%d,1,%d).\n", n, 1 + rnd(3)
        printf "truck0(1).\nfuel(%d).\n", 3 * n
        for (p = 1; p <= int((n + 1) / 2); p++) printf "pkg(%d,%d,%d).\n", p, 1 + rnd(n), 1 + rnd(n)
    }
    else if (kind == "peg") {                            # reverse jumps from one peg: solvable
        w = n; for (x = 1; x <= w; x++) for (y = 1; y <= 3; y++) printf "hole(%d,%d).\n", x, y
        printf "line(1,0).\nline(0,1).\n"
        pg[1 + rnd(w), 2] = 1; made = 0
        for (s = 0; s < 200 && made < n - 1; s++) {
            split("", cand); nc = 0
            for (key in pg) { split(key, xy, SUBSEP); for (d = 0; d < 4; d++) {
                dx = (d == 0) - (d == 1); dy = (d == 2) - (d == 3)
                x1 = xy[1] + dx; y1 = xy[2] + dy; x2 = xy[1] + 2 * dx; y2 = xy[2] + 2 * dy
                if (x2 >= 1 && x2 <= w && y2 >= 1 && y2 <= 3 && !((x1, y1) in pg) && !((x2, y2) in pg)) cand[++nc] = key SUBSEP x1 SUBSEP y1 SUBSEP x2 SUBSEP y2 } }
            if (nc == 0) break
            split(cand[1 + rnd(nc)], jp, SUBSEP); delete pg[jp[1], jp[2]]; pg[jp[3], jp[4]] = 1; pg[jp[5], jp[6]] = 1; made++
        }
        for (key in pg) { split(key, xy, SUBSEP); line[++nl] = sprintf("peg0(%d,%d).", xy[1], xy[2]) }
        for (i = 1; i <= nl; i++) for (j = i + 1; j <= nl; j++) if (line[j] < line[i]) { t = line[i]; line[i] = line[j]; line[j] = t }
        for (i = 1; i <= nl; i++) print line[i]
        printf "jumps(%d).\n", made
    }
    else if (kind == "mindiag" || kind == "abduce") circuit(n)
    else if (kind == "qbf3") {
        printf "evar(1..%d).\navar(%d..%d).\n", n, n + 1, 2 * n
        for (c = 1; c <= 2 * n; c++) { sh = c % 4
            for (l = 0; l < 3; l++) { v = l < 3 - sh ? 1 + rnd(n) : n + 1 + rnd(n); printf "cl(%d,%d,%s).\n", c, v, rand() < 0.5 ? "pos" : "neg" } }
    }
    else if (kind == "control") {
        for (p = 1; p <= n; p++) printf "prod(%d,%d,%d).\n", p, 1 + rnd(n), 1 + rnd(n)
        for (c = 1; c <= n; c++) { left = 100; k = 1 + rnd(3)
            for (i = 1; i <= k; i++) { o = 1 + rnd(n); if (o == c) continue; s = i == k ? left : 10 + rnd(left - 10); if (s <= 0) break; printf "own(%d,%d,%d).\n", c, o, s; left -= s } }
    }
    else if (kind == "holding") {      # up to K stakes a company (4), each up to W % (40), 1's 51 %;
                                       # the goal G (1 + n / 5), the budget B (n / 2 + 1)
        if (K == "") K = 4
        if (W == "") W = 40
        for (y = 2; y <= n; y++) {
            if (rnd(3) == 0) printf "stake(1,%d,51).\n", y
            k = 1 + rnd(K)
            for (i = 1; i <= k; i++) { x = 2 + rnd(n - 1); if (x != y) printf "stake(%d,%d,%d).\n", x, y, 1 + rnd(W) }
        }
        printf "goal(%d).\nbudget(%d).\n", G == "" ? 1 + int(n / 5) : G, B == "" ? int(n / 2) + 1 : B
    }
    else if (kind == "conformant") printf "pkg(1..%d).\n", n
    else if (kind == "weak") {
        for (t = 1; t <= n; t++) printf "task(%d,%d).\n", t, 1 + rnd(2)
        printf "worker(w1,%d).\nworker(w2,%d).\nworker(w3,%d).\n", 1 + rnd(n / 2), 1 + rnd(n / 2), 1 + rnd(n / 2)
        for (t = 1; t <= n; t++) for (w = 1; w <= 3; w++) printf "cost(%d,w%d,%d).\n", t, w, 1 + rnd(4)
    }
    else if (kind == "aggr") {
        for (i = 1; i <= n; i++) printf "item(%d,%d).\n", i, rnd(12) - 5
        printf "cap(%d).\n", rnd(6)
    }
    else if (kind == "facts") {                          # a huge fact base, a few choices
        for (i = 1; i <= n; i++) printf "e(%d,%d).\n", i, (i * 7919) % n

    }
    else if (kind == "graceful") connected(n, int(n / 4), 0)
    else if (kind == "hanoi") {                        # disks 1..n on pegs a and b; the goal c
        printf "disk(1..%d).\n", n
        for (d = 1; d <= n; d++) printf "on0(%d,%s).\n", d, rnd(2) ? "b" : "a"
    }
    else if (kind == "stilllife") {
        printf "size(%d).\n", n
        for (x = 1; x <= n; x++) for (y = 1; y <= n; y++) if (rand() < 0.1) printf "blocked(%d,%d).\n", x, y
    }
    else if (kind == "argue") {
        printf "arg(1..%d).\n", n
        for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) if (i != j && rand() < 1.8 / n) printf "att(%d,%d).\n", i, j
    }
    else if (kind == "vcover") {
        edges(n, 3.0 / n)
        for (i = 1; i <= n; i++) printf "weight(%d,%d).\n", i, 1 + rnd(5)
    }
    else if (kind == "sudoku") {                       # a shuffled full grid of box size n, some givens
        k = n; m = k * k; perm(m, pa); printf "boxsize(%d).\n", k
        if (P == "") P = k == 2 ? 0.3 : 0.35
        for (r = 1; r <= m; r++) for (c = 1; c <= m; c++)
            if (rand() < P) printf "given(%d,%d,%d).\n", r, c, pa[1 + ((r - 1) % k * k + int((r - 1) / k) + c - 1) % m]
    }
    else if (kind == "shop") {
        for (i = 1; i <= n; i++) printf "item(%d,\"shop %d\",%d).\n", i, 1 + rnd(int(n / 2) + 1), rnd(12) - 4
        printf "need(%d).\nlow(%d).\n", 1 + rnd(n), rnd(3)
    }
    else if (kind == "blocks") {                       # random towers at the start and as the goal
        for (g = 0; g < 2; g++) {
            perm(n, pa)
            for (i = 1; i <= n; i++) {
                below = i > 1 && rand() < 0.5 ? "b" pa[i - 1] : "table"
                if (g == 0) printf "block(b%d).\non0(b%d,%s).\n", pa[i], pa[i], below
                else if (rand() < 0.7) printf "goal(b%d,%s).\n", pa[i], below
            }
        }
    }
    else if (kind == "cut") {                          # a chain 1..n with skips and random edges
        for (i = 1; i <= n; i++) {
            if (i < n) printf "edge(%d,%d).\n", i, i + 1
            if (i + 2 <= n && rand() < 0.4) printf "edge(%d,%d).\n", i, i + 2
            if (rand() < 0.3) { j = 1 + rnd(n); if (j != i) printf "edge(%d,%d).\n", i, j }
        }
        printf "source(1).\ntarget(%d).\ncuts(%d).\n", n, K == "" ? 4 : K
    }
    else if (kind == "ricochet") {                    # three robots, walls, a target for robot 1
        printf "size(%d).\n", n
        for (r = 1; r <= 3; r++) {
            do { x = 1 + rnd(n); y = 1 + rnd(n) } while ((x, y) in taken)
            taken[x, y] = 1; printf "robot(%d,%d,%d).\n", r, x, y
        }
        for (i = 0; i < int(n * n / 5); i++) {
            x = 1 + rnd(n); y = 1 + rnd(n)
            if (rnd(2)) printf "wall(%d,%d,1,0).\n", x, y; else printf "wall(%d,%d,0,1).\n", x, y
        }
        printf "target(1,%d,%d).\n", 1 + rnd(n), 1 + rnd(n)
    }
    else if (kind == "schur") {                       # 1..n, one number in five fixed to a box
        printf "num(1..%d).\n", n
        for (x = 2; x <= n; x++) if (rnd(5) == 0) printf "fix(%d,%d).\n", x, 1 + rnd(3)
    }
    else if (kind == "ramsey") {                      # n nodes, a few edges fixed each colour
        printf "node(1..%d).\n", n
        for (i = 0; i < 2; i++) { x = 1 + rnd(n); y = 1 + rnd(n); if (x < y) printf "%s0(%d,%d).\n", i ? "blue" : "red", x, y }
    }
    else if (kind == "kakuro") {                      # an n x n grid of digits distinct in rows and
        perm(9, pa)                                   # columns, black cells, each run's sum
        for (r = 1; r <= n; r++) for (c = 1; c <= n; c++) {
            if (rand() < 0.2) { black[r, c] = 1; continue }
            dg[r, c] = pa[1 + (2 * r + c) % 9]; printf "white(%d,%d).\n", r, c
        }
        for (r = 1; r <= n; r++) for (c = 1; c <= n + 1; c++) {
            if (c <= n && !((r, c) in black)) { if (!run) { run = 1; a = c; sum = 0 } sum += dg[r, c] }
            else if (run) { printf "hrun(%d,%d,%d,%d).\n", r, a, c - 1, sum; run = 0 }
        }
        for (c = 1; c <= n; c++) for (r = 1; r <= n + 1; r++) {
            if (r <= n && !((r, c) in black)) { if (!run) { run = 1; a = r; sum = 0 } sum += dg[r, c] }
            else if (run) { printf "vrun(%d,%d,%d,%d).\n", c, a, r - 1, sum; run = 0 }
        }
    }
    else if (kind == "nonogram") {                    # a random n x n picture's clues
        printf "size(%d).\n", n
        for (r = 1; r <= n; r++) for (c = 1; c <= n; c++) if (rand() < 0.55) on[r, c] = 1
        for (r = 1; r <= n; r++) { k = 0; len = 0
            for (c = 1; c <= n + 1; c++) if (c <= n && (r, c) in on) len++; else if (len) { printf "rclue(%d,%d,%d).\n", r, ++k, len; len = 0 } }
        for (c = 1; c <= n; c++) { k = 0; len = 0
            for (r = 1; r <= n + 1; r++) if (r <= n && (r, c) in on) len++; else if (len) { printf "cclue(%d,%d,%d).\n", c, ++k, len; len = 0 } }
    }
    else if (kind == "hashi") {                       # islands on an n x n grid, bridges of a random
        for (x = 1; x <= n; x++) for (y = 1; y <= n; y++) if (rand() < 0.3) isl[x, y] = 1
        ne = 0                                        # forest without crossings; their degrees
        for (x = 1; x <= n; x++) for (y = 1; y <= n; y++) if ((x, y) in isl) {
            for (x2 = x + 1; x2 <= n && !((x2, y) in isl); x2++) ;
            if (x2 <= n) { ne++; ex1[ne] = x; ey1[ne] = y; ex2[ne] = x2; ey2[ne] = y }
            for (y2 = y + 1; y2 <= n && !((x, y2) in isl); y2++) ;
            if (y2 <= n) { ne++; ex1[ne] = x; ey1[ne] = y; ex2[ne] = x; ey2[ne] = y2 }
        }
        for (e = ne; e > 1; e--) { j = 1 + rnd(e); split(ex1[e] " " ey1[e] " " ex2[e] " " ey2[e], ta, " ")
            ex1[e] = ex1[j]; ey1[e] = ey1[j]; ex2[e] = ex2[j]; ey2[e] = ey2[j]; ex1[j] = ta[1]; ey1[j] = ta[2]; ex2[j] = ta[3]; ey2[j] = ta[4] }
        nb = 0
        for (e = 1; e <= ne; e++) {
            crosses = 0
            for (b = 1; b <= nb; b++) {
                if (ey1[e] == ey2[e] && bx1[b] == bx2[b]) crosses += ex1[e] < bx1[b] && bx1[b] < ex2[e] && by1[b] < ey1[e] && ey1[e] < by2[b]
                if (ex1[e] == ex2[e] && by1[b] == by2[b]) crosses += bx1[b] < ex1[e] && ex1[e] < bx2[b] && ey1[e] < by1[b] && by1[b] < ey2[e]
            }
            a = find(ex1[e] SUBSEP ey1[e]); b = find(ex2[e] SUBSEP ey2[e])
            if (crosses || (a == b && rand() < 0.8)) continue
            if (a != b) up[a] = b
            nb++; bx1[nb] = ex1[e]; by1[nb] = ey1[e]; bx2[nb] = ex2[e]; by2[nb] = ey2[e]
            k = 1 + rnd(2); deg[ex1[e], ey1[e]] += k; deg[ex2[e], ey2[e]] += k
        }
        for (x = 1; x <= n; x++) for (y = 1; y <= n; y++) if ((x, y) in isl) printf "island(%d,%d,%d).\n", x, y, deg[x, y]
    }
    else if (kind == "nurse") {                       # n nurses, n + 2 days, demands that keep
        nd = n + 2; printf "day(1..%d).\n", nd       # most nurses busy, wishes for days off
        for (i = 1; i <= n; i++) { lo = int(nd / 2) - 1 + rnd(2); printf "nurse(n%d,%d,%d).\n", i, lo, lo + rnd(2) }
        for (d = 1; d <= nd; d++) { split("0 0 0", st, " ")
            for (i = 0; i < n - rnd(2); i++) st[1 + rnd(3)]++
            printf "need(%d,early,%d).\nneed(%d,late,%d).\nneed(%d,night,%d).\n", d, st[1], d, st[2], d, st[3] }
        for (i = 1; i <= n; i++) for (d = 1; d <= nd; d++) if (rand() < 0.25) printf "off(n%d,%d,%d).\n", i, d, 1 + rnd(4)
    }
    else if (kind == "maxsat") {                      # n variables, 6n clauses of three literals
        printf "var(1..%d).\n", n
        for (c = 1; c <= 6 * n; c++) {
            if (c <= n / 2) printf "hard(%d).\n", c; else printf "soft(%d,%d).\n", c, 1 + rnd(9)
            for (l = 0; l < 3; l++) printf "lit(%d,%d,%s).\n", c, 1 + rnd(n), rand() < 0.5 ? "pos" : "neg"
        }
    }
    else if (kind == "bayes" || kind == "bayesedge") {                       # n variables, four candidate parent sets each
        printf "var(1..%d).\n", n
        for (v = 1; v <= n; v++) for (i = 0; i < 4; i++) {
            printf "pset(%d,%d,%d).\n", v, i, 10 + rnd(20) - 4 * i
            for (k = 0; k < i && k < 3; k++) { p = 1 + rnd(n); if (p != v) printf "parent(%d,%d,%d).\n", v, i, p }
        }
    }
    else if (kind == "mus") {                         # n variables, 2n + 4 clauses of two or three
        printf "var(1..%d).\n", n                     # literals (the first four unsatisfiable)
        printf "clause(1..%d).\n", 2 * n + 4
        printf "lit(1,1,pos).\nlit(1,2,pos).\nlit(2,1,neg).\nlit(2,2,pos).\nlit(3,1,pos).\nlit(3,2,neg).\nlit(4,1,neg).\nlit(4,2,neg).\n"
        for (c = 5; c <= 2 * n + 4; c++) { k = 2 + rnd(2)
            for (l = 0; l < k; l++) printf "lit(%d,%d,%s).\n", c, 1 + rnd(n), rand() < 0.5 ? "pos" : "neg" }
    }
    else if (kind == "stratcomp") {                   # n companies, n products of 2-4 makers (P
        for (p = 1; p <= n; p++) {                     # one), about n / 2 controlled by 1-4
            k = 2 + rnd(3); mk[1] = p; for (i = 2; i <= 4; i++) mk[i] = i <= k ? 1 + rnd(n) : p
            printf "prod(%d,%d,%d,%d,%d).\n", p, mk[1], mk[2], mk[3], mk[4]
        }
        for (w = 1; w <= n; w++) if (rand() < 0.5) {
            k = 1 + rnd(4); for (i = 1; i <= 4; i++) { do cw[i] = 1 + rnd(n); while (cw[i] == w); if (i > k) cw[i] = cw[1] }
            printf "ctrl(%d,%d,%d,%d,%d).\n", w, cw[1], cw[2], cw[3], cw[4]
        }
    }
    else if (kind == "noncol") {                      # n nodes, edges p P (2 / n), the rest candidates
        printf "node(1..%d).\n", n
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) printf rand() < (P == "" ? 2 / n : P) ? "edge(%d,%d).\n" : "cand(%d,%d).\n", i, j
    }
    else if (kind == "minmodel") {                    # n atoms weighted 1-5, 2n clauses of 1-3
        for (x = 1; x <= n; x++) printf "atom(%d,%d).\n", x, 1 + rnd(5)   # head atoms, 0-2 body atoms
        for (c = 1; c <= 2 * n; c++) {
            k = 1 + rnd(3); for (i = 0; i < k; i++) printf "head(%d,%d).\n", c, 1 + rnd(n)
            k = c <= 2 ? 0 : rnd(3); for (i = 0; i < k; i++) printf "body(%d,%d).\n", c, 1 + rnd(n)
        }
    }
    else if (kind == "reachcfg" || kind == "reachopt") {                 # n nodes, 3n / 2 wires, a gate in four nodes
        printf "node(1..%d).\nsrc(1).\nsink(%d).\n", n, 2 + rnd(n - 1)
        for (i = 2; i <= n; i++) printf "wire(%d,%d).\n", 1 + rnd(i - 1), i
        for (k = 0; k < int(n / 2); k++) { i = 1 + rnd(n); j = 1 + rnd(n); if (i != j) printf "wire(%d,%d).\n", i, j }
        for (g = 4; g <= n; g += 4) { printf "gate(%d).\n", g; for (i = 0; i < 3; i++) printf "in(%d,%d).\n", 1 + rnd(n), g }
    }
    else if (kind == "video") {                       # n users of n / 3 + 1 videos, five rates
        printf "rate(2;3;5;8;12).\nmaxrep(2).\nvideo(1..%d).\n", int(n / 3) + 1
        for (u = 1; u <= n; u++) printf "user(%d,%d,%d).\n", u, 1 + rnd(int(n / 3) + 1), 2 + rnd(13)
    }
    else if (kind == "bottle") {                      # an n x n grid cut into bottles 1-2 wide and
        b = 0; x = 1                                  # 1-3 high, each filled to a random level
        while (x <= n) { w = 1 + rnd(2); if (x + w - 1 > n) w = n - x + 1; y = 1
            while (y <= n) { h = 1 + rnd(3); if (y + h - 1 > n) h = n - y + 1; b++; lv = rnd(h + 1)
                for (i = x; i < x + w; i++) for (j = y; j < y + h; j++) {
                    printf "cell(%d,%d,%d).\n", i, j, b; if (j >= y + h - lv) { rs[j]++; cs[i]++ } }
                y += h }
            x += w }
        for (i = 1; i <= n; i++) printf "rowsum(%d,%d).\ncolsum(%d,%d).\n", i, rs[i] + 0, i, cs[i] + 0
    }
    else if (kind == "percol") { printf "node(1..%d).\n", n; connected(n, int(n / 2), 0) }
    else if (kind == "queensx") {                     # an n x n board, a few holes and walls
        printf "n(%d).\n", n
        for (k = 0; k < int(n / 2); k++) printf "hole(%d,%d).\n", 1 + rnd(n), 1 + rnd(n)
        for (k = 0; k < n; k++) printf "wall(%d,%d).\n", 1 + rnd(n), 1 + rnd(n)
    }
    else if (kind == "hubs") { printf "node(1..%d).\n", n; connected(n, int(n / 3), 0) }
    else if (kind == "assign") for (w = 1; w <= n; w++) for (j = 1; j <= n; j++) printf "cost(%d,%d,%d).\n", w, j, 1 + rnd(2)
    else if (kind == "features") {                    # n items in a few shops, weights of both signs
        for (i = 1; i <= n; i++) printf "item(%d,\"shop %c\",%d).\ncol(%d,%s).\n", i, 97 + rnd(3), rnd(9) - 4, i, rnd(2) ? "red" : "blue"
        printf "need(%d).\n", rnd(3)
    }
    else other = 1
    # the kinds of kinds38b, a second chain (mawk's parser takes only so many else-ifs in one)
    if (other) {
    if (kind == "hitset") {                      # n sets of 2-4 of n elements, costs -2..6
        for (s = 1; s <= n; s++) { printf "set(%d).\n", s; k = 2 + rnd(3); for (i = 0; i < k; i++) printf "in(%d,%d).\n", s, 1 + rnd(n) }
        for (e = 1; e <= n; e++) printf "cost(%d,%d).\n", e, rnd(9) - 2
    }
    else if (kind == "fastfood") for (r = 1; r <= n; r++) printf "rest(%d,%d).\n", r, rnd(10 * n)   # n restaurants on a line
    else if (kind == "valves") {                      # a tree of n pipes over n + 1 junctions plus n / 4 more
        for (p = 1; p <= n; p++) printf "pipe(%d,%d,%d).\n", p, 1 + rnd(p), p + 1
        for (k = 0; k < int(n / 4); k++) { a = 1 + rnd(n + 1); b = 1 + rnd(n + 1); if (a != b) printf "pipe(%d,%d,%d).\n", n + 1 + k, a, b }
    }
    else if (kind == "permpat") {                     # a text of n values, a pattern of 3 + n / 8
        perm(n, pa); for (i = 1; i <= n; i++) printf "t(%d,%d).\n", i, pa[i]
        k = 3 + int(n / 8); perm(k, pa); for (i = 1; i <= k; i++) printf "p(%d,%d).\n", i, pa[i]
    }
    else if (kind == "incsched") {                    # n jobs on three devices, durations 1-3
        for (j = 1; j <= n; j++) printf "job(%d,%d,%d,%d,%d).\n", j, 1 + rnd(3), 1 + rnd(3), 2 + rnd(8), rnd(4)
        for (j = 2; j <= n; j++) if (rand() < 0.3) printf "prec(%d,%d).\n", 1 + rnd(j - 1), j
    }
    else if (kind == "rotwork") {                     # n employees; the demands of a random roster
        split("d e n f", shf, " ")
        for (u = 1; u <= n; u++) {
            printf("emp(%d).\n", u)
            free1 = 1 + rnd(7)
            free2 = 1 + (free1 + 2 + rnd(2)) % 7
            for (day = 1; day <= 7; day++) {
                what = (day == free1 || day == free2) ? "f" : shf[1 + rnd(3)]
                dem[what, day]++
            }
        }
        for (day = 1; day <= 7; day++) for (i = 1; i <= 3; i++) printf "demand(%s,%d,%d).\n", shf[i], day, dem[shf[i], day] + 0
    }
    else if (kind == "mazegen") {                     # an n x n maze, a few cells given
        printf "size(%d).\nentrance(1,2).\nexit(%d,%d).\n", n, n, n - 1
        for (k = 0; k < int(n / 2); k++) printf "%s(%d,%d).\n", rand() < 0.5 ? "wall0" : "empty0", 2 + rnd(n - 2), 2 + rnd(n - 2)
    }
    else if (kind == "graphiso") {                    # a target of n nodes, a pattern of 4 (a path and a chord)
        printf "tnode(1..%d).\npnode(1..4).\npedge(1,2).\npedge(2,3).\npedge(3,4).\n", n
        if (seed % 2) printf "pedge(1,3).\n"
        edges(n, 3.0 / n)
    }
    else if (kind == "cqa") {                         # n tuples over n / 2 keys, references in a ring
        for (t = 1; t <= n; t++) printf "r(%d,%d,%d).\n", t, 1 + rnd(int(n / 2)), rnd(3)
        for (t = 1; t <= n; t++) if (rand() < 0.3) printf "ref(%d,%d).\n", t, 1 + t % n
    }
    else if (kind == "qsr") {                         # n points, 2n pairs allowing the relation of
        printf "point(1..%d).\n", n; split("lt eq gt", rl, " ")   # random values and others
        for (p = 1; p <= n; p++) val[p] = rnd(n)
        for (k = 0; k < 2 * n; k++) { p = 1 + rnd(n); q = 1 + rnd(n); if (p > q) { t = p; p = q; q = t }
            if (p < q && !((p, q) in done)) { done[p, q] = 1; m = 1 + rnd(7)
                r = val[p] < val[q] ? 1 : val[p] == val[q] ? 2 : 3
                for (i = 1; i <= 3; i++) if (i == r || int(m / 2 ^ (i - 1)) % 2) printf "given(%d,%d,%s).\n", p, q, rl[i] } }
    }
    else if (kind == "stage" || kind == "semistab") { printf "arg(1..%d).\n", n; for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) if (rand() < (kind == "stage" ? 1.6 : 2.4) / n) printf "att(%d,%d).\n", i, j }
    else other2 = 1
    }
    # the kinds of kinds39c, a third chain
    if (other2) {
    if (kind == "adf") {                              # n statements, 1-3 links each of weight -2..2
        printf "stmt(1..%d).\n", n
        for (s = 1; s <= n; s++) { printf "thr(%d,%d).\n", s, rnd(4) - 1; k = 1 + rnd(3)
            for (i = 0; i < k; i++) { w = rnd(4) - 2; if (w >= 0) w++; printf "link(%d,%d,%d).\n", 1 + rnd(n), s, w } }
    }
    else if (kind == "rectpack") {                    # n rectangles of 1-3 by 1-3, a strip 4 + n / 3 wide
        w = 4 + int(n / 3); area = 0
        for (r = 1; r <= n; r++) { a = 1 + rnd(3); b = 1 + rnd(3); area += a * b; printf "rect(%d,%d,%d).\n", r, a, b }
        printf "width(%d).\nheight(%d).\n", w, int(area / w) + 3
    }
    else if (kind == "sysynth") {                     # n tasks of load 1-5 on n / 2 + 1 processors
        m = int(n / 2) + 1; printf "proc(1..%d).\n", m
        for (t = 1; t <= n; t++) { printf "task(%d,%d).\n", t, 1 + rnd(5); k = 2 + rnd(2)
            for (i = 0; i < k; i++) printf "can(%d,%d,%d).\n", t, 1 + rnd(m), 1 + rnd(4)
            if (rand() < 0.5) printf "pref(%d,%d).\n", t, 1 + rnd(m) }
        for (t = 2; t <= n; t++) if (rand() < 0.6) printf "msg(%d,%d,%d).\n", 1 + rnd(t - 1), t, 1 + rnd(3)
    }
    else if (kind == "bstree") { printf "node(1..%d).\n", n; connected(n, int(n / 2), 1) }
    else if (kind == "dagorient" || kind == "gpart") { printf "node(1..%d).\n", n; connected(n, int(n / 2), 0) }
    else if (kind == "crossword") {                   # a random n x n grid of a-c: its rows and
        printf "size(%d).\n", n                      # columns and n more words
        for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) gr[i, j] = substr("abc", 1 + rnd(3), 1)
        for (i = 1; i <= n; i++) { r = ""; c = ""; for (j = 1; j <= n; j++) { r = r gr[i, j]; c = c gr[j, i] } wd[r] = 1; wd[c] = 1 }
        for (k = 0; k < n; k++) { r = ""; for (j = 1; j <= n; j++) r = r substr("abc", 1 + rnd(3), 1); wd[r] = 1 }
        for (r in wd) { printf "word(\"%s\").\n", r; for (j = 1; j <= n; j++) printf "letter(\"%s\",%d,%s).\n", r, j, substr(r, j, 1) }
    }
    else if (kind == "tiling") {                      # an n x 3 board, n / 4 holes, limits
        for (x = 1; x <= n; x++) for (y = 1; y <= 3; y++) cl[x, y] = 1
        for (k = 0; k < int(n / 4); k++) delete cl[1 + rnd(n), 1 + rnd(3)]
        for (x = 1; x <= n; x++) for (y = 1; y <= 3; y++) if ((x, y) in cl) printf "cell(%d,%d).\n", x, y
        printf "limit(sq,%d).\nlimit(dh,%d).\nlimit(l2,%d).\n", 1 + rnd(2), int(n / 2), rnd(3)
    }
    else if (kind == "bigreach") {                    # an n x n grid, walls 30 %, doors, keys
        printf "size(%d).\n", n
        for (x = 1; x <= n; x++) for (y = 1; y <= n; y++) if ((x > 1 || y > 1) && (x < n || y < n)) {
            v = rand(); if (v < 0.3) printf "wall(%d,%d).\n", x, y; else if (v < 0.35) printf "door(%d,%d).\n", x, y
            else if (v < 0.37) printf "key(%d,%d).\n", x, y }
    }
    else other3 = 1
    }
    # the kinds of kinds40d, a fourth chain
    if (other3) {
    if (kind == "tsp") {                              # n cities on a random cycle plus 3n arcs, lengths 1-9
        printf "city(1..%d).\n", n; perm(n, pa); pa[n + 1] = pa[1]
        for (i = 1; i <= n; i++) has[pa[i], pa[i + 1]] = 1
        for (k = 0; k < 3 * n; k++) { i = 1 + rnd(n); j = 1 + rnd(n); if (i != j) has[i, j] = 1 }
        for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) if ((i, j) in has) {
            printf "road(%d,%d,%d).\n", i, j, 1 + rnd(9); v = rand()
            if (v < 0.2) printf "toll(%d,%d).\n", i, j; else if (v < 0.4) printf "scenic(%d,%d).\n", i, j }
    }
    else if (kind == "knighthole") {                  # an n x n board, n / 3 holes (pairs of colours)
        printf "size(%d).\n", n
        for (k = 0; k < int(n / 3); k++) { x = 1 + rnd(n); y = 1 + rnd(n); printf "hole(%d,%d).\n", x, y
            if (rand() < 0.8) printf "hole(%d,%d).\n", x, (y < n ? y + 1 : y - 1) }
    }
    else if (kind == "golomb") {                      # n marks, the optimal length plus 0-2
        split("0 1 3 6 11 17 25 34 44 55", best, " ")
        printf "marks(%d).\nlen(%d).\nlo(%d).\n", n, best[n] + seed % 3, n - 1
    }
    else if (kind == "disjsched") {                   # n jobs of 1-4 on shared machines
        tot = 0; for (j = 1; j <= n; j++) { dur[j] = 1 + rnd(4); tot += dur[j]; printf "job(%d,%d).\n", j, dur[j]
            if (rand() < 0.5) printf "due(%d,%d).\n", j, dur[j] + rnd(n); if (rand() < 0.3) printf "urgent(%d).\n", j }
        printf "horizon(%d).\n", int(tot * 0.7) + 3
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (rand() < 0.5) {
            printf "share(%d,%d).\n", i, j; if (rand() < 0.2) printf "fixed(%d,%d).\n", i, j }
        if (n > 3) printf "fixed(1,%d).\n", n
    }
    else if (kind == "colpref") {                     # n nodes, 1.2n edges of a hidden colouring, n / 2
        printf "node(1..%d).\ncost(1,1).\ncost(2,2).\ncost(3,1).\n", n     # near pairs; from 1 000 nodes, pins
        for (i = 1; i <= n; i++) { hc[i] = 1 + rnd(3); if (n >= 1000 && i > 2) printf "pin(%d,%d).\n", i, hc[i] }
        for (k = 0; k < int(1.2 * n); k++) { i = 1 + rnd(n); j = 1 + rnd(n); if (i < j && hc[i] != hc[j]) printf "edge(%d,%d).\n", i, j }
        for (k = 0; k < int(n / 2); k++) { i = 1 + rnd(n); j = 1 + rnd(n); if (i < j) printf "near(%d,%d).\n", i, j }
        for (i = 1; i <= n; i++) if (rand() < 0.4) printf "pref(%d,%d,%d).\n", i, 1 + rnd(3), 1 + rnd(3)
    }
    else if (kind == "qbfblocks") {                   # n existential, two blocks of two universal, 3n terms of four
        printf "evar(1..%d).\nblock(1..2).\n", n
        for (b = 1; b <= 2; b++) for (k = 0; k < 4; k++) { printf "case(%d,%d).\n", b, k
            printf "caseval(%d,%d,%d,%d).\ncaseval(%d,%d,%d,%d).\n", b, k, n + 2 * b - 1, k % 2, b, k, n + 2 * b, int(k / 2) }
        for (t = 1; t <= 3 * n; t++) { printf "term(%d).\n", t
            for (i = 0; i < 4; i++) printf "lit(%d,%d,%d).\n", t, (i < 2 ? n + 1 + rnd(4) : 1 + rnd(n)), rnd(2) }
    }
    else if (kind == "airport") {                     # a ring of n places and chords, two vehicles
        printf "loc(1..%d).\nairport(1).\n", n
        for (i = 1; i <= n; i++) { j = i % n + 1; c = 1 + rnd(3); printf "road(%d,%d,%d).\nroad(%d,%d,%d).\n", i, j, c, j, i, c }
        for (k = 0; k < int(n / 3); k++) { i = 1 + rnd(n); j = 1 + rnd(n); if (i != j) printf "road(%d,%d,%d).\n", i, j, 2 + rnd(3) }
        printf "vehicle(a,%d,2,%d).\nvehicle(b,%d,1,%d).\n", 1 + rnd(n), 2 * n, 1 + rnd(n), n
        for (p = 1; p <= int((n + 1) / 2); p++) printf "wait(%d,%d).\n", p, 2 + rnd(n - 1)
        for (k = 0; k < 2; k++) { i = 1 + rnd(n); printf "-open(%d,%d,%d).\n", i, i % n + 1, 1 + rnd(4) }
    }
    else if (kind == "portfolio") {                   # n projects in three sectors, two quarters
        for (p = 1; p <= n; p++) { printf "proj(%d,%d,%d).\n", p, 1 + p % 3, 1 + rnd(3)
            for (q = 1; q <= 2; q++) printf "ret(%d,%d,%d).\n", p, q, rnd(9) - 3; if (rand() < 0.3) printf "big(%d).\n", p }
        printf "band(1,0,%d).\nband(2,-2,%d).\nband(3,1,%d).\nsafe(1).\nbold(2).\n", 2 + rnd(n), n, 3 + n
    }
    else if (kind == "edgematch") {                   # a solved n x n puzzle of three colours, turned and shuffled
        printf "size(%d).\n", n; split("r g b", cs, " ")
        for (x = 1; x <= n; x++) for (y = 1; y <= n; y++) { hz[x, y] = cs[1 + rnd(3)]; vv[x, y] = cs[1 + rnd(3)] }
        perm(n * n, pa)
        for (x = 1; x <= n; x++) for (y = 1; y <= n; y++) {
            sd[0] = y == 1 ? "x" : vv[x, y - 1]; sd[2] = y == n ? "x" : vv[x, y]
            sd[3] = x == 1 ? "x" : hz[x - 1, y]; sd[1] = x == n ? "x" : hz[x, y]
            t = pa[(x - 1) * n + y]; r = rnd(4)
            for (k = 0; k < 4; k++) printf "tile(%d,%d,\"%s\").\n", t, (k + 4 - r) % 4, sd[k] }
    }
    else if (kind == "visitcost") {                   # an n x 2 grid, weights -2..3, a trap
        for (x = 1; x <= n; x++) for (y = 1; y <= 2; y++) if (!(x > 1 && rand() < 0.15)) {
            printf "free(%d,%d).\nweight(%d,%d,%d).\n", x, y, x, y, rnd(6) - 2; if (x > 1 && rand() < 0.05) printf "trap(%d,%d).\n", x, y }
        printf "start(1,1).\n"
    }
    else printf "%% %s: no instance\n", kind
    }
}

# canon.awk: clingo-layout output (clingo's or fix asp's) -> lines to compare after sort:
#   "M atoms"   one per model, its atoms sorted
#   "R result"  SATISFIABLE, UNSATISFIABLE, OPTIMUM FOUND or UNKNOWN
# When models carry "Optimization:" lines (run with --opt-mode=optN), only the optimal models
# are kept (the least cost vector, compared from the first, highest, priority on), each once,
# and "O cost" says the optimum.  With -v project="a0 a3" each model is cut down to those
# atoms, each projection is kept once and "N k" counts the models printed (with costs: the
# optimal ones printed, as the improving models before the optimum depend on the search), so
# a projection printed twice shows.  Needs models.awk first: awk -f models.awk -f canon.awk.
# A string term may hold spaces ("s t"): protect(s) turns each space inside a string into
# "\037", so that splitting on spaces splits atoms, never one atom (in models and project).
function protect(s,    out, i, c, quoted) {
    if (index(s, "\"") == 0) return s
    out = ""; quoted = 0
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (quoted && c == "\\") { out = out c substr(s, i + 1, 1); i++; continue }
        if (c == "\"") quoted = !quoted
        out = out (quoted && c == " " ? "\037" : c)
    }
    return out
}
function restrict(s,    a, n, i, out) {
    n = split(s, a, " "); out = ""
    for (i = 1; i <= n; i++) if (a[i] in keep) out = out (out == "" ? "" : " ") a[i]
    return out
}
BEGIN { nk = split(protect(project), kp, " "); for (i = 1; i <= nk; i++) keep[kp[i]] = 1 }
/^Answer: / { getline; models[++n] = sortline(protect($0)); next }
/^Optimization: / { sub(/^Optimization: /, ""); cost[n] = $0; costed = 1; next }
/^(SATISFIABLE|UNSATISFIABLE|UNKNOWN|OPTIMUM FOUND)$/ { res = $0 }
END {
    best = ""
    if (costed) for (i = 1; i <= n; i++) if (best == "" || better(cost[i], best)) best = cost[i]
    if (costed) print "O " best
    printed = 0
    for (i = 1; i <= n; i++) {
        if (costed && cost[i] != best) continue
        printed++
        m = nk ? restrict(models[i]) : models[i]
        if ((costed || nk) && (m in seen)) continue
        seen[m] = 1
        print "M " m
    }
    if (nk) print "N " printed
    print "R " res
}

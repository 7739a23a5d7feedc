# norm.awk: clingo-layout output -> one line per model, atoms sorted, then the result word.
function sortline(s,    a, n, i, j, t, out) {
    n = split(s, a, " ")
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    out = ""
    for (i = 1; i <= n; i++) out = out (i > 1 ? " " : "") a[i]
    return out
}
/^Answer: / { getline; print "M " sortline($0); next }
/^(SATISFIABLE|UNSATISFIABLE|UNKNOWN)$/ { res = $0 }
END { print "R " res }

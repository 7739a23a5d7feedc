# models.awk: what canon.awk and optcheck.awk share, passed before either with a second -f
# (awk -f models.awk -f canon.awk):
#   sortline(s)  the words of s sorted (a model's atoms in one order)
#   better(x, y) is cost vector x below y, compared from the first (highest priority) on?
function sortline(s,    a, n, i, j, t, out) {
    n = split(s, a, " ")
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    out = ""
    for (i = 1; i <= n; i++) out = out (i > 1 ? " " : "") a[i]
    return out
}
function better(x, y,    a, b, n, i) {
    n = split(x, a, " "); split(y, b, " ")
    for (i = 1; i <= n; i++) if (a[i] + 0 != b[i] + 0) return a[i] + 0 < b[i] + 0
    return 0
}

# conseq.awk: what clingo's (or fix asp's) --enum-mode brave|cautious answered, in a form to
# compare: the result line, the last consequences printed (their atoms sorted) and the count
# of the summary's "Consequences :" line (N, or N+ when a limit stopped the search).
/^Answer:/ { take = 1; next }
take { last = $0; take = 0; next }
/^(SATISFIABLE|UNSATISFIABLE|UNKNOWN)$/ { result = $0 }
/^Consequences :/ { count = $3 }
END {
    n = split(last, a, " ")
    for (i = 2; i <= n; i++) {          # insertion sort: the sets are small
        v = a[i]
        for (j = i - 1; j >= 1 && a[j] > v; j--) a[j + 1] = a[j]
        a[j + 1] = v
    }
    s = ""
    for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") a[i]
    print result
    print s
    print count
}

# inbounds.awk: checks fix's bounds against clingo's consequences.  Reads, each file after its
# kind:  kind=cautious FILE  kind=brave FILE   (clingo --enum-mode=cautious|brave 0: the last
# answer is the consequences),  kind=wf FILE  (fix asp --wf),  kind=bounds FILE  (fix asp
# --bounds),  and optionally  kind=models FILE  (canon.awk's "M ..." lines of clingo's models).
# When clingo finds a model: the well-founded bound is consistent, its true atoms are cautious
# consequences and its true and undefined atoms hold every brave one; the Final bounds are not
# empty, the atoms true in all of them are cautious, those possible in one of them hold the
# brave ones, and each model lies in some bound.  Prints one line per violation, else nothing.
function has_all(big, small,    a, n, i, s) {   # every word of small is a word of big?
    n = split(big, a, " "); for (i = 1; i <= n; i++) s[a[i]] = 1
    n = split(small, a, " "); for (i = 1; i <= n; i++) if (!(a[i] in s)) return 0
    return 1
}
function words(line) { sub(/^[A-Za-z]+:[ ]*/, "", line); return line }
function common(x, y,    a, n, i, s, out) {      # the words of x also in y
    n = split(y, a, " "); for (i = 1; i <= n; i++) s[a[i]] = 1
    n = split(x, a, " "); out = ""
    for (i = 1; i <= n; i++) if (a[i] in s) out = out " " a[i]
    return out
}
(kind == "cautious" || kind == "brave") && /^Answer: / { getline; cons[kind] = $0; found = 1; next }
kind == "wf" && /inconsistent/ { wf_bad = 1 }
kind == "wf" && /^True:/ { wf_low = words($0) }
kind == "wf" && /^Undefined:/ { wf_up = wf_low " " words($0) }
kind == "bounds" && /^Bound [0-9]+$/ { nb++ }
kind == "bounds" && /^True:/ { low[nb] = words($0) }
kind == "bounds" && /^Undefined:/ { up[nb] = low[nb] " " words($0) }
kind == "models" && /^M / { models[++nm] = substr($0, 3) }
END {
    if (!found) exit
    if (wf_bad) print "wf: inconsistent, but clingo has a model"
    else {
        if (!has_all(cons["cautious"], wf_low)) print "wf: true atoms [" wf_low "] not all cautious [" cons["cautious"] "]"
        if (!has_all(wf_up, cons["brave"])) print "wf: possible atoms [" wf_up "] miss a brave one [" cons["brave"] "]"
    }
    if (nb == 0) { print "bounds: none, but clingo has a model"; exit }
    all = low[1]; any = ""
    for (i = 1; i <= nb; i++) { all = common(all, low[i]); any = any " " up[i] }
    if (!has_all(cons["cautious"], all)) print "bounds: atoms true in all [" all "] not all cautious [" cons["cautious"] "]"
    if (!has_all(any, cons["brave"])) print "bounds: possible atoms [" any "] miss a brave one [" cons["brave"] "]"
    for (j = 1; j <= nm; j++) {
        inside = 0
        for (i = 1; i <= nb && !inside; i++) inside = has_all(models[j], low[i]) && has_all(up[i], models[j])
        if (!inside) print "bounds: model [" models[j] "] in no bound"
    }
}

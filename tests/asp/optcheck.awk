# optcheck.awk: checks fix asp's --opt-mode=opt output against clingo --opt-mode=enum (every
# model with its cost).  Files: kind=enum CLINGO-ENUM-OUTPUT kind=fix FIX-OUTPUT; optimum="c"
# is clingo's optimum (empty when the ground program minimizes nothing or has no model) and
# cres clingo's result.  Prints what is wrong, nothing when all holds:
#   - each model fix prints has the cost it prints (some model of clingo with those shown
#     atoms has that cost: hidden atoms may tell models with the same shown atoms apart);
#   - the costs strictly improve (lexicographically, highest priority first);
#   - the last cost is clingo's optimum and the result is OPTIMUM FOUND (with no optimum,
#     no cost is printed and the result is clingo's).
# Needs models.awk first: awk -f models.awk -f optcheck.awk.
/^Answer: / { getline; model = sortline($0); next }
/^Optimization: / {
    sub(/^Optimization: /, "")
    if (kind == "enum") { has[model SUBSEP $0] = 1; next }
    n++
    if (!((model SUBSEP $0) in has)) print "model " n " (" model ") is printed with cost " $0 ", which no model of clingo with those atoms has"
    if (n > 1 && !better($0, last)) print "model " n ": cost " $0 " does not improve on " last
    last = $0
    next
}
kind == "fix" && /^(SATISFIABLE|UNSATISFIABLE|UNKNOWN|OPTIMUM FOUND)$/ { res = $0 }
END {
    if (optimum == "" && (res != cres || n)) print "clingo: " cres " with no cost; fix: " res " with " n " costs"
    if (optimum != "" && res != "OPTIMUM FOUND") print "result " res ", not OPTIMUM FOUND"
    if (optimum != "" && last != optimum) print "last cost " last ", clingo's optimum " optimum
}

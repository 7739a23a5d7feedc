# enumcanon.awk: the output of --opt-mode=enum (clingo's or fix asp's, text layout) -> lines to
# compare after sort: "P atoms | costs" for each model printed (its atoms sorted) and
# "R result".  Needs models.awk first: awk -f models.awk -f enumcanon.awk.
/^Answer: / { getline; m = sortline($0); next }
/^Optimization: / { sub(/^Optimization: /, ""); print "P " m " | " $0; next }
/^(SATISFIABLE|UNSATISFIABLE|UNKNOWN|OPTIMUM FOUND)$/ { print "R " $0 }

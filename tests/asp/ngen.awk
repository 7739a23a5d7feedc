# ngen.awk: a small random NON-GROUND program for tests/asp/nonground.sh, mixing gringo's
# features where they meet: awk -v seed=N -f tests/asp/ngen.awk.  A domain d(1..n) (n a
# #const, sometimes changed by -c, sometimes with a string or a symbol in it), four to six
# predicates of arity 0 to 2 (some also classically negated, -p), facts (pools, intervals,
# strings), normal rules with negation and double negation, choice rules with bounds and
# conditional elements, disjunctive heads (with conditions, often with a positive cycle back
# through the head), #count, #sum, #sum+, #min and #max in bodies (bounds on one or both
# sides, an assignment S = #agg, negative weights, tuples that collide) and in heads,
# recursion through aggregates and disjunction, integrity constraints, weak constraints and
# #minimize / #maximize at several priorities, #project, #external, #heuristic, #show of
# predicates, of terms and of strings.  The first lines are comments the runner reads:
#   % args: -c n=2       options passed to clingo and fix alike
#   % project            both are run with --project (on the #project atoms when the
#                        program has some, else on the shown atoms and terms)
# -v large=1: every program large (a domain of 6 to 8, 13 to 27 rules, no integrity
# constraint or head aggregate, so that fewer are unsatisfiable), for long runs that reach
# the native search's cubes and learning.
# The same program for the same seed (with one awk).
function r(k) { return int(rand() * k) }
function chance(pct) { return r(100) < pct }
function constant(    k) {
    k = r(12)
    if (k < 9) return 1 + r(3)
    if (k == 9) return "a"
    if (k == 10) return "\"s t\""
    return "f(1)"
}
function arg(vars,    a, nv) {          # a variable of vars, or a constant
    nv = split(vars, a, " ")
    if (nv && chance(70)) return a[1 + r(nv)]
    return constant()
}
function atom_of(i, vars,    s, k) {    # predicate i with arguments over vars
    s = (neg[i] && chance(25) ? "-" : "") name[i]
    if (ar[i] == 0) return s
    s = s "(" arg(vars)
    for (k = 2; k <= ar[i]; k++) s = s "," arg(vars)
    return s ")"
}
function any_atom(vars) { return atom_of(r(np), vars) }
function with_var(v,    i, tries, s, k, slot) {   # a positive atom binding v, else d(v)
    for (tries = 0; tries < 4; tries++) {
        i = r(np)
        if (ar[i] == 0) continue
        slot = 1 + r(ar[i])
        s = name[i] "("
        for (k = 1; k <= ar[i]; k++) s = s (k > 1 ? "," : "") (k == slot ? v : constant())
        return s ")"
    }
    return "d(" v ")"
}
function atom_with(v, vars,    i, s, k) {   # an atom of some predicate with v in it
    i = r(np)
    if (ar[i] == 0) return name[i]
    s = name[i] "(" v
    for (k = 2; k <= ar[i]; k++) s = s "," arg(vars)
    return s ")"
}
function literal(vars,    k, a, nv, s) {
    k = r(20)
    if (k < 9) return any_atom(vars)
    if (k < 14) return "not " any_atom(vars)
    if (k < 16) return "not not " any_atom(vars)
    if (k == 18 && nested == 0) {      # a conditional literal in a body, on a local W
        nested++; s = atom_with("W", vars) " : " with_var("W") (chance(50) ? ", " literal(vars " W") : ""); nested--
        opened = 1                     # its condition runs to the next ";"
        return s
    }
    if (k < 18 && vars != "") {
        nv = split(vars, a, " ")
        return a[1 + r(nv)] " " ops[1 + r(5)] " " arg(vars)
    }
    return any_atom(vars)
}
function and(a, b) { return a == "" ? b : a (opened ? "; " : ", ") b }   # b after body a
function body_of(vars, extra,    a, nv, k, s) {   # safe: each variable bound first
    nv = split(vars, a, " "); s = ""; opened = 0
    for (k = 1; k <= nv; k++) s = and(s, chance(45) ? with_var(a[k]) : "d(" a[k] ")")
    for (k = 0; k < extra; k++) s = and(s, literal(vars))
    return s
}
function rule_vars(    k) { k = r(10); return k < 3 ? "" : (k < 8 ? "X" : "X Y") }
function weight(vars) {
    if (vars != "" && chance(50)) return (chance(30) ? "-" : "") substr(vars, 1, 1)
    return (chance(25) ? "-" : "") (1 + r(3))
}
function element(fn, vars, headed,    t, z, cond) {   # one aggregate element
    nested++
    z = vars "" (vars == "" ? "" : " ") "Z"
    if (fn == "#sum" || fn == "#sum+") t = weight(z)
    else if (fn == "#count") t = chance(40) ? "Z" : (chance(50) ? "1" : "a")
    else t = chance(70) ? "Z" : arg(vars)
    if (fn == "#sum+") sub(/^-/, "", t)
    if (chance(50)) t = t "," (chance(50) ? "Z" : "a")   # tuples, some colliding
    cond = with_var("Z")
    if (chance(50)) cond = cond ", " literal(z)
    nested--
    if (headed) return t " : " any_atom(z) " : " cond
    return t " : " cond
}
function elements(fn, vars, headed,    s, m) {
    s = fn " { " element(fn, vars, headed)
    for (m = 1 + r(3); m > 1; m--) s = s "; " element(fn, vars, headed)
    return s " }"
}
function aggregate(fn, vars, headed,    s, k, lo, hi) {
    s = elements(fn, vars, headed)
    lo = r(4) - (fn == "#sum" ? 1 : 0); hi = lo + 1 + r(2)
    k = r(6)
    if (k == 0) return lo " <= " s " <= " hi
    if (k == 1) return lo " < " s
    if (k == 2) return s " != " lo
    if (k == 3) return s " = " hi
    if (k == 4) return s " >= " lo
    return hi " >= " s " > " lo
}
function aggfn(    k) { k = r(5); return k == 0 ? "#count" : (k == 1 ? "#sum" : (k == 2 ? "#sum+" : (k == 3 ? "#min" : "#max"))) }
function cond_elem(vars,    i, s, k) {   # a head element with a condition on a local Z
    i = r(np)
    if (ar[i] == 0) return name[i]
    s = name[i] "(" (chance(60) ? "Z" : arg(vars))
    for (k = 2; k <= ar[i]; k++) s = s "," arg(vars (vars == "" ? "" : " ") "Z")
    s = s ") : " with_var("Z")
    nested++; if (chance(40)) s = s ", " literal(vars (vars == "" ? "" : " ") "Z"); nested--
    return s
}
function head_atom(vars,    i, s, k) { i = r(np); return atom_of(i, vars) }
function rule(    vars, k, h, b, i) {
    vars = rule_vars(); k = r(large ? 17 : 20)   # (large: no integrity constraint)
    b = body_of(vars, r(3))
    if (k < 5) h = head_atom(vars)
    else if (k < 8) {                  # choice with bounds and conditional elements
        h = "{ " head_atom(vars)
        for (i = r(3); i > 0; i--) h = h "; " (chance(50) ? cond_elem(vars) : head_atom(vars))
        h = h " }"
        if (chance(40)) h = r(2) " " h
        if (chance(40)) h = h " " (1 + r(2))
    } else if (k < 11) {               # disjunction, maybe with a condition, maybe a cycle
        h1 = head_atom(vars); h2 = head_atom(vars)
        h = h1 " | " (chance(35) ? cond_elem(vars) : h2)
        if (chance(25)) h = h " | " head_atom(vars)
        if (chance(50)) {              # a positive cycle through the head: not head-cycle-free
            print h (b == "" ? "" : " :- " b) "."
            b = body_of(vars, 0); print h1 " :- " and(b, h2) "."
            h = h2; b = and(b, h1)
        }
    } else if (k < 13 && !large) {     # a head aggregate (large: fewer constraints)
        h = aggregate(chance(50) ? "#count" : aggfn(), vars, 1)
    } else if (k < 16) {               # a body aggregate (recursive when it reads the head)
        b = and(b, aggregate(aggfn(), vars, 0))
        h = head_atom(vars)
    } else if (k < 17) {               # S = #agg: the aggregate's value in the head
        b = and(b, "S = " elements(aggfn(), vars, 0))
        h = "val(S)"; val = 1
    } else { h = ""; b = body_of(vars, 2 + r(2)) }   # an integrity constraint
    print h (b == "" ? "" : (h == "" ? ":- " : " :- ") b) "."
}
function optimise(    k, vars, p, s, m) {
    k = r(3); vars = rule_vars()
    if (k == 0) {                      # a weak constraint, tuples that may collide
        s = ":~ " body_of(vars, 1 + r(2)) ". [" weight(vars) "@" r(3)
        if (chance(60)) s = s "," (chance(50) ? arg(vars) : "a")
        print s "]"
        return
    }
    s = (k == 1 ? "#minimize" : "#maximize") " { "
    nested++
    for (m = 1 + r(3); m > 0; m--) {
        p = r(3)
        s = s weight("Z") "@" p (chance(50) ? ",Z" : "") (chance(30) ? ",b" : "") " : " with_var("Z") \
            (chance(50) ? ", " literal("Z") : "") (m > 1 ? "; " : "")
    }
    nested--
    print s " }."
}
BEGIN {
    srand(seed)
    split("< != <= = >", ops, " "); split("true false level sign init factor", mods, " ")
    split("true false free release", exts, " ")
    big = seed % 5 == 0                # every fifth program larger: a domain of 4 or 5, more rules
    n = large ? 6 + r(3) : (big ? 4 + r(2) : 2 + r(2)); np = 4 + r(3)
    args = chance(25) ? "-c n=" (1 + r(3)) : ""
    for (i = 0; i < np; i++) { name[i] = substr("pqrstuvw", i + 1, 1); ar[i] = r(3); neg[i] = chance(20) }
    print "% args: " args
    project = chance(15)               # #project; or, without it, projected on the shown atoms
    if (project || chance(6)) print "% project"
    print "#const n=" n "."
    print "d(1..n)."
    if (chance(10)) print "d(a)."
    if (chance(10)) print "d(\"s t\")."
    for (k = r(4); k > 0; k--) {       # facts: plain, pools, intervals
        i = r(np); f = atom_of(i, "")
        if (ar[i] == 1 && chance(40)) f = name[i] "(" (chance(50) ? "1;\"s t\"" : "2..3") ")"
        print f "."
    }
    if (chance(25)) {                  # externals, used in bodies like any atom
        i = r(np); print "#external " atom_of(i, "X") ( ar[i] ? " : d(X)" : "") "." (chance(50) ? " [" exts[1 + r(4)] "]" : "")
    }
    for (k = 1 + r(2); k > 0; k--) {   # choices that make room for several models
        i = r(np)
        if (ar[i] == 0) print "{ " name[i] " }."
        else { nested++; print (chance(30) ? "1 " : "") "{ " atom_of(i, "X") " : d(X)" (chance(30) ? ", " literal("X") : "") " }" (chance(30) ? " 2" : "") "."; nested-- }
    }
    for (k = 3 + r(6) + (large ? 10 + r(10) : (big ? 4 + r(6) : 0)); k > 0; k--) rule()
    if (chance(40)) for (k = 1 + r(3); k > 0; k--) optimise()
    if (chance(25)) {                  # a hint: the model set must stay the same
        i = r(np)
        print "#heuristic " atom_of(i, "X") " : " (ar[i] ? "d(X)" : "d(1)") ". [" (1 + r(3)) (chance(50) ? "@" r(3) : "") "," \
            mods[1 + r(6)] "]"
    }
    if (project) {                     # (the projected predicates are shown below)
        i = r(np); projected[i] = 1
        if (chance(50) || ar[i] == 0) print "#project " name[i] "/" ar[i] "."
        else print "#project " atom_of(i, "X") " : d(X)."
        if (chance(40)) { j = r(np); projected[j] = 1; print "#project " name[j] "/" ar[j] "." }
    }
    if (chance(55)) {                  # #show: some predicates, terms, strings
        shown = 0
        for (i = 0; i < np; i++) if (chance(60) || (i in projected)) { print "#show " name[i] "/" ar[i] "."; shown++; if (neg[i]) print "#show -" name[i] "/" ar[i] "." }
        if (val) print "#show val/1."
        if (chance(30)) { i = r(np); print "#show (" name[i] "," (ar[i] ? "X" : "1") ") : " atom_of(i, "X") (ar[i] ? ", d(X)" : "") "." }
        if (chance(20)) print "#show \"s t\"."
        if (chance(10)) print "#show f(n)."
        if (chance(15) && !project) print "#show."
    }
}

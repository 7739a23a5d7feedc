#!/bin/sh
# check-targets.sh [MAKEFILE]: every target the Makefile declares .PHONY has a rule that does
# something: a recipe or prerequisites.  A phony target with neither (as `make doctest` once
# was) does nothing and exits 0, so a reader who runs it believes it passed.  Reads make's own
# database (make -p, nothing is built), so every way of writing a rule counts.
# Prints "targets: N passed, N failed" (one count per phony target).
mf=${1:-Makefile}
[ -f "$mf" ] || { echo "targets: no $mf"; echo "targets: 0 passed, 1 failed"; exit 1; }
make -pRrq -f "$mf" 2>/dev/null | awk '
    /^# Files$/ { files = 1; next }
    !files { next }
    # an entry: "NAME: PREREQUISITES" then comment lines and the recipe, up to a blank line
    /^$/ { name = ""; next }
    name == "" && /^[^#\t][^=]*:/ && !/^[^:]*:=/ {
        name = $0; sub(/:.*/, "", name)
        rest = $0; sub(/^[^:]*::?/, "", rest); gsub(/[ \t|]/, "", rest)
        if (name == ".PHONY") { n = split($0, w, /[ \t]+/); for (i = 2; i <= n; i++) phony[w[i]] = 1 }
        else if (rest != "") does[name] = 1
        next
    }
    name != "" && /^#  recipe to execute/ { does[name] = 1 }
    END {
        for (t in phony) if (t != "") {
            if (t in does) pass++
            else { fail++; printf "FAIL targets: %s is declared .PHONY but has no rule (no recipe, no prerequisites)\n", t }
        }
        if (pass + fail == 0) { print "targets: found no .PHONY target (cannot read the Makefile?)"; fail = 1 }
        printf "targets: %d passed, %d failed\n", pass, fail
        exit fail > 0
    }'

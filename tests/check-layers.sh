#!/bin/sh
# check-layers.sh [DOC]: the include graph of src/ against the layers of docs/architecture.md.
# A module is a .c file with its .h.  Fails on an include cycle between modules, and on an
# include that goes up: from a module to one of a higher layer.  The layers are the lines of
# the block between "<!-- layers -->" and "<!-- /layers -->" in DOC, highest first, each
# "NAME: path-prefix path-prefix ..." (a module belongs to the layer with the longest prefix
# matching its path).  A private header NAME_internal.h belongs to module NAME.  Prints "layers: N passed, N failed".
doc=${1:-docs/architecture.md}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
module() { echo "${1%.*}" | sed 's|/\./|/|g; s|_internal$||'; }
for f in $(find src -name '*.c' -o -name '*.h' | sort); do
    dir=$(dirname "$f")
    sed -n 's|^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*|\1|p' "$f" | while read -r inc; do
        if [ -f "$dir/$inc" ]; then target="$dir/$inc"; elif [ -f "src/$inc" ]; then target="src/$inc"; else continue; fi
        printf '%s %s\n' "$(module "$f")" "$(module "$target")"
    done
done >"$tmp"
sed -n '/<!-- layers -->/,/<!-- \/layers -->/p' "$doc" | grep ':' | awk -v edges="$tmp" '
    { name = $1; sub(":", "", name); rank++; for (i = 2; i <= NF; i++) { prefix[$i] = rank; pname[$i] = name } }
    function layer(m,    p, best, r) { best = ""; r = 0
        for (p in prefix) if (index(m, p) == 1 && length(p) > length(best)) { best = p; r = prefix[p] }
        return r }
    function lname(m,    p, best) { best = ""
        for (p in prefix) if (index(m, p) == 1 && length(p) > length(best)) best = p
        return best == "" ? "?" : pname[best] }
    function visit(m,    i) {   # depth-first search for cycles
        state[m] = 1; stack[++depth] = m
        for (i = 1; i <= nout[m]; i++) {
            t = out[m, i]
            if (state[t] == 1) { cyc = ""; for (k = depth; k >= 1 && stack[k] != t; k--) cyc = stack[k] " -> " cyc
                                 report("include cycle: " t " -> " cyc t) }
            else if (!state[t]) visit(t)
        }
        depth--; state[m] = 2 }
    function report(msg) { if (!(msg in seen)) { seen[msg] = 1; print "FAIL " msg; fails++ } }
    END {
        while ((getline line < edges) > 0) {
            split(line, e, " "); from = e[1]; to = e[2]
            if (from == to || (from SUBSEP to) in has) continue
            has[from, to] = 1; out[from, ++nout[from]] = to; mods[from] = 1; mods[to] = 1; n++
            lf = layer(from); lt = layer(to)
            if (!lf) report("no layer for " from " (add it to the layers block)")
            else if (!lt) report("no layer for " to " (add it to the layers block)")
            else if (lt < lf) report("upward include: " from " (" lname(from) ") -> " to " (" lname(to) ")")
        }
        for (m in mods) if (!state[m]) visit(m)
        printf "layers: %d passed, %d failed\n", n - fails, fails
        exit fails > 0
    }' /dev/stdin

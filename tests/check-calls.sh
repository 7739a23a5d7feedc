#!/bin/sh
# check-calls.sh [OBJDIR]: the call graph between the files of src/, read from their compiled
# objects (default build/obj, made by `make build/fix` when missing), and the names they export.
# check-layers.sh sees includes only; a shared header lets two files call each other without an
# include circle.  This check sees the calls the linker sees:
# - A module is one .c file (with its .h and any private header: a header defines no global
#   symbol, so its static inline functions count as part of the file that uses them).  There is
#   an edge A.c -> B.c when A's object uses (`nm -u`) a symbol that B's object defines (T, D, B,
#   R, ...).  The generated lexer and parser (build/gen/*.c) are nodes of the graph too.
#   Every circle between two or more files fails (one line per strongly connected set, with one
#   circle through it), unless it goes through an edge of the allow-list below, which would name
#   known circles still to be removed (it is empty).  An allow-list edge that no longer exists
#   fails too.  (Recursion that crosses files, as the checker's into check_expr, goes through an
#   entry point the state holds, not a call back into the dispatching file.)
# - Every function or variable an object of src/ exports must start with its module's prefix:
#   its first word (up to the first "_") is the folder's name (asp_, proc_, ...), or a word of
#   the file's name (run_engine.c: run_; sema_expr.c: sema_), or a start of it (absops.c:
#   absop_), or the lower-cased name of a struct the file owns (OWNS below).  main is exempt.
# Prints "calls: N passed, N failed": one check per file (not in a circle) and per exported name.
objdir=${1:-build/obj}
if [ ! -d "$objdir/src" ]; then make -s build/fix >/dev/null || exit 1; fi

# Edges that close a known circle, as "FROM TO  reason; what would remove it" (a line that does
# not start with two src/ paths goes on with the reason).  They are left out of the graph; a new
# circle fails even between these files unless it goes through one of these edges.  None now.
ALLOW='
'

# Files whose exported names use the name of the one struct they own: FILE PREFIX  reason.
OWNS='
src/app/run.c session  the Session of run.h: run.c is its constructor and runner
src/app/run_output.c session  the Session output methods, split from run.c by size
src/util/mem.c arena  the Arena of mem.h beside the mem_ allocators
src/code/absstate.c abslat  the AbsLat of absstate.h, the abstract lattice beside the state
src/aft/boundlist.c boundstack  the BoundStack of aft.h beside the bound list
'

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for o in $(find "$objdir/src" "$objdir/gen" -name '*.o' 2>/dev/null | sort); do
    rel=${o#"$objdir"/}
    case $rel in gen/*) f="build/$rel" ;; *) f=$rel ;; esac
    f="${f%.o}.c"
    case $f in src/*) [ -f "$f" ] || continue ;; esac   # a stale object of a removed file
    nm -P --defined-only "$o" | awk -v f="$f" '$2 ~ /^[TDBRVWCG]$/ { print "D", f, $1 }'
    nm -P -u "$o" | awk -v f="$f" '{ print "U", f, $1 }'
done >"$tmp"

awk -v allow="$ALLOW" -v owns="$OWNS" '
    function fail(msg) { print "FAIL " msg; fails++ }
    function strong(v,    i, w) {   # Tarjan: strongly connected sets of the call graph
        idx[v] = low[v] = ++counter; stk[++sp] = v; onstk[v] = 1
        for (i = 1; i <= nout[v]; i++) {
            w = out[v, i]
            if (!idx[w]) { strong(w); if (low[w] < low[v]) low[v] = low[w] }
            else if (onstk[w] && idx[w] < low[v]) low[v] = idx[w]
        }
        if (low[v] == idx[v]) {
            nscc++; size = 0
            do { w = stk[sp--]; onstk[w] = 0; scc[w] = nscc; size++ } while (w != v)
            sccsize[nscc] = size; sccroot[nscc] = v
        }
    }
    function circle(s,    q, head, tail, u, i, w, path) {   # shortest circle through s
        delete par; head = 1; tail = 0; q[++tail] = s; par[s] = ""
        while (head <= tail) {
            u = q[head++]
            for (i = 1; i <= nout[u]; i++) {
                w = out[u, i]
                if (scc[w] != scc[s]) continue
                if (w == s) { path = s; for (; u != s; u = par[u]) path = u " -> " path
                              return s " -> " path }
                if (!(w in par)) { par[w] = u; q[++tail] = w }
            }
        }
        return s
    }
    function prefixed(f, name,    word, base, dir, n, parts, i) {
        word = name; sub(/_.*/, "", word)
        dir = f; sub(/^src\//, "", dir); sub(/\/.*/, "", dir)
        base = f; sub(/.*\//, "", base); sub(/\.c$/, "", base)
        if (word == dir || index(base, word) == 1 || (f SUBSEP word) in owned) return 1
        n = split(base, parts, "_")
        for (i = 1; i <= n; i++) if (parts[i] == word) return 1
        return 0
    }
    BEGIN {
        n = split(allow, lines, "\n")
        for (i = 1; i <= n; i++)
            if (split(lines[i], w, " ") >= 2 && w[1] ~ /^src\// && w[2] ~ /^src\//) allowed[w[1], w[2]] = 1
        n = split(owns, lines, "\n")
        for (i = 1; i <= n; i++) if (split(lines[i], w, " ") >= 2) owned[w[1], w[2]] = 1
    }
    $1 == "D" { def[$3] = $2; files[$2] = 1; if ($2 ~ /^src\//) exported[$2, $3] = 1; next }
    $1 == "U" { files[$2] = 1; use[++nuse] = $2 SUBSEP $3 }
    END {
        for (i = 1; i <= nuse; i++) {
            split(use[i], u, SUBSEP)
            if (!(u[2] in def) || def[u[2]] == u[1]) continue
            e = u[1] SUBSEP def[u[2]]
            if (e in edge) continue
            edge[e] = 1
            if (e in allowed) { seenallow[e] = 1; continue }
            out[u[1], ++nout[u[1]]] = def[u[2]]
        }
        for (e in allowed) if (!(e in seenallow)) {
            split(e, u, SUBSEP); fail("allow-list edge " u[1] " -> " u[2] " no longer exists (remove it)")
        }
        for (f in files) if (!idx[f]) strong(f)
        for (k = 1; k <= nscc; k++) if (sccsize[k] > 1) {
            fail("call circle between " sccsize[k] " files: " circle(sccroot[k]))
            nbad += sccsize[k]
        }
        for (f in files) nfiles++
        passes = nfiles - nbad
        for (p in exported) {
            split(p, u, SUBSEP)
            if (u[2] == "main" || prefixed(u[1], u[2])) passes++
            else fail("exported name without its module prefix: " u[2] " (" u[1] ")")
        }
        printf "calls: %d passed, %d failed\n", passes, fails + 0
        exit fails > 0
    }' "$tmp"

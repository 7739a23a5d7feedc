#!/bin/sh
# run-doc.sh FIX [FILE.md...]: doc tests.  Runs every snippet of docs/tutorial.md,
# docs/analysis.md, docs/aft.md, docs/explain.md and README.md (or of the files given) with the fix binary FIX and compares what it prints with
# the expected output written in the document, so the documentation cannot go stale.
#
# The convention, for fenced blocks (``` on a line of its own opens and closes a block; the
# first word after the opening ``` is the block's kind):
#
#   ```fix [NAME.fix]   a .fix source.  It is saved as NAME.fix (default snippet.fix) in a
#                       scratch directory and run as `fix NAME.fix` there.
#   ```sh               one or more command lines, run by sh in the scratch directory, where
#                       `fix` is FIX, examples/ and stdlib/ are the repository's, and every
#                       file saved by an earlier block of the same document is present.
#   ```output [exit=N]  must follow each fix and sh block right away (only blank lines in
#                       between): the exact expected standard output and standard error,
#                       interleaved as on a terminal, and the expected exit status (default 0).
#   ```KIND NAME        any other kind with a file name (```lp pqrs.lp): saved as NAME in the
#                       scratch directory for later blocks, not run.
#   ``` or ```KIND      anything else (no kind, or a kind without a file name) is only shown.
#
# So each ```fix block is independent; blocks build on each other only through named files,
# in document order.  One scratch directory serves a whole document.  The last line printed is
# "doc: N passed, N failed"; the exit status is nonzero when a snippet failed.
set -u
fix=${1:?usage: run-doc.sh FIX [FILE.md...]}
shift
[ $# -gt 0 ] || set -- docs/tutorial.md docs/analysis.md docs/aft.md docs/explain.md README.md
root=$(pwd)
case $fix in /*) ;; *) fix="$root/$fix" ;; esac
[ -x "$fix" ] || { echo "run-doc.sh: no executable $fix"; echo "doc: 0 passed, 1 failed"; exit 1; }

# A failed mktemp (a full disk) must stop here: with tmp empty, "$tmp/work" below would be
# /work, and the rm -rf of each document's scratch directory would remove it.
tmp=$(mktemp -d) && [ -n "$tmp" ] && [ -d "$tmp" ] || { echo "run-doc.sh: no scratch directory (mktemp -d failed)"; echo "doc: 0 passed, 1 failed"; exit 1; }
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/bin"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$fix" >"$tmp/bin/fix"
chmod +x "$tmp/bin/fix"

pass=0; fail=0
for doc in "$@"; do
    [ -f "$doc" ] || { echo "FAIL $doc: no such file"; fail=$((fail + 1)); continue; }
    snips="$tmp/snips"; work="$tmp/work"
    rm -rf "$snips" "$work"; mkdir "$snips" "$work"
    ln -s "$root/examples" "$work/examples"
    ln -s "$root/stdlib" "$work/stdlib"
    # Split the document: N.code (and N.want) per block, and a manifest line per block:
    #   N run KIND LINE EXIT NAME      a fix or sh block with its output block
    #   N file KIND LINE - NAME        a block saved as NAME
    #   N orphan KIND LINE - -         a fix or sh block without an output block
    #   N stray output LINE - -        an output block that follows no fix or sh block
    awk -v dir="$snips" '
        function flush_pending() {
            if (pend != "") { print pend " orphan " pkind " " pline " - -" > (dir "/manifest"); pend = "" }
        }
        BEGIN { n = 0; inblock = 0; pend = "" }
        inblock && /^```[ \t]*$/ { inblock = 0; close(out); next }
        inblock { print > out; next }
        /^```/ {
            info = substr($0, 4); sub(/^[ \t]+/, "", info)
            kind = info; sub(/[ \t].*$/, "", kind)
            arg = info; if (arg ~ /[ \t]/) { sub(/^[^ \t]*[ \t]+/, "", arg) } else { arg = "" }
            inblock = 1
            if (kind == "output") {
                if (pend == "") {
                    n++; out = dir "/" n ".want"
                    print n " stray output " NR " - -" > (dir "/manifest")
                } else {
                    ex = 0; if (arg ~ /^exit=[0-9]+$/) { ex = substr(arg, 6) }
                    out = dir "/" pend ".want"
                    print pend " run " pkind " " pline " " ex " " pname > (dir "/manifest")
                    pend = ""
                }
                printf "" > out
                next
            }
            flush_pending()
            n++; out = dir "/" n ".code"; printf "" > out
            if (kind == "fix" || kind == "sh") {
                pend = n; pkind = kind; pline = NR
                pname = (kind == "fix") ? (arg != "" ? arg : "snippet.fix") : "-"
            } else if (arg ~ /^[A-Za-z0-9_.-]+$/ && arg ~ /\./) {
                print n " file " kind " " NR " - " arg > (dir "/manifest")
            }
            next
        }
        /^[ \t]*$/ { next }
        { flush_pending() }
        END {
            flush_pending()
            if (inblock) print n " unclosed - " NR " - -" > (dir "/manifest")
            close(dir "/manifest")
        }
    ' "$doc"
    [ -f "$snips/manifest" ] || continue
    while read -r n what kind line ex name; do
        where="$doc:$line"
        case $what in
        file)
            cp "$snips/$n.code" "$work/$name" ;;
        orphan)
            fail=$((fail + 1)); echo "FAIL $where: a $kind block without an output block after it" ;;
        stray)
            fail=$((fail + 1)); echo "FAIL $where: an output block after no fix or sh block" ;;
        unclosed)
            fail=$((fail + 1)); echo "FAIL $where: a block is not closed" ;;
        run)
            if [ "$kind" = fix ]; then
                cp "$snips/$n.code" "$work/$name"
                (cd "$work" && PATH="$tmp/bin:$PATH" FIX_STDLIB="$root/stdlib" \
                    "$fix" "$name" </dev/null >"$tmp/got" 2>&1)
            else
                (cd "$work" && PATH="$tmp/bin:$PATH" FIX_STDLIB="$root/stdlib" \
                    sh "$snips/$n.code" </dev/null >"$tmp/got" 2>&1)
            fi
            got_exit=$?
            if [ "$got_exit" != "$ex" ]; then
                fail=$((fail + 1)); echo "FAIL $where ($kind): exit $got_exit, expected $ex"
                head -n 20 "$tmp/got"
            elif ! diff -u "$snips/$n.want" "$tmp/got" >"$tmp/diff" 2>&1; then
                fail=$((fail + 1)); echo "FAIL $where ($kind): output differs"
                head -n 40 "$tmp/diff"
            else
                pass=$((pass + 1))
            fi ;;
        esac
    done <"$snips/manifest"
done
echo "doc: $pass passed, $fail failed"
[ $fail -eq 0 ]

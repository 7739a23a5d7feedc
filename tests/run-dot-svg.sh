#!/bin/sh
# run-dot-svg.sh FIX: the tutorial's `fix --dot ... | dot -Tsvg` pictures are valid SVG: the
# game.fix of docs/tutorial.md chapter 9 (its first graph, and `--dot 4`) and the bnb tree of
# examples/bnb-tree.fix, each piped through Graphviz's dot and parsed as XML whose root is an
# <svg> element.  Skipped, with the reason, when dot or python3 is not installed.
set -u
fix=${1:?usage: run-dot-svg.sh FIX}
suite=dot-svg
. "$(dirname "$0")/scratch.sh"
needs_tool dot "Graphviz's dot (apt-get install graphviz)"
needs_tool python3 "python3 (to parse the SVG)"
# the tutorial's game.fix, as the document has it
awk '/^```fix game.fix$/ { on = 1; next } on && /^```$/ { exit } on { print }' docs/tutorial.md > "$tmp/game.fix"
# svg NAME FIX-ARGS...: fix FIX-ARGS | dot -Tsvg must give one well-formed SVG document
svg() {
    name=$1; shift
    FIX_STDLIB=stdlib "$fix" "$@" 2>/dev/null | dot -Tsvg > "$tmp/$name.svg" 2> "$tmp/$name.err"
    if [ -s "$tmp/$name.err" ] || ! python3 -c '
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
sys.exit(0 if root.tag == "{http://www.w3.org/2000/svg}svg" else 1)' "$tmp/$name.svg" 2>> "$tmp/$name.err"; then
        fail=$((fail + 1)); echo "FAIL $name: not one valid SVG document"; head -n 5 "$tmp/$name.err"
    else
        pass=$((pass + 1))
    fi
}
[ -s "$tmp/game.fix" ] || { fail=$((fail + 1)); echo "FAIL: no game.fix block in docs/tutorial.md"; }
svg game-first --dot "$tmp/game.fix"
svg game-line4 --dot 4 "$tmp/game.fix"
svg bnb-tree --dot examples/bnb-tree.fix
echo "dot-svg: $pass passed, $fail failed"
[ $fail -eq 0 ]

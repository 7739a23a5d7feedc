#!/bin/sh
# run-repl-html.sh FIX: `:html FILE` in the REPL writes the page of the queries run so far:
# the REPL's output is exactly the expected one (below), the file is a self-contained page
# (no <script src>, <link>, <img src> or url(...)) holding one query record per query run, in order, and a
# bare `:html` is an error naming what it lacks.  Prints "repl-html: N passed, N failed".
set -u
fix=${1:?usage: run-repl-html.sh FIX}
suite=repl-html
. "$(dirname "$0")/scratch.sh"
cat > "$tmp/in" <<IN
lattice Lvl = chain {low, mid, high};
fn flip(x: Lvl): Lvl = if x == low then high else if x == high then low else mid;
fixpoints flip;
refine flip;
bnb flip;
:html $tmp/page.html
:html
IN
cat > "$tmp/want" <<'OUT'
fixpoints flip: 1 fixed point (of 3 elements)
  mid
refine flip = [low .. high]  (1 step, size 3)
bnb flip: 1 fixed point, complete
  fixed point mid
  rounds 1, IR calls 1, F steps 1, pruned 0, merged 0, hulls 0
  S(Final) = 1, |IR(B_I)| = 3
  enumerated 1 bound (f on each element)
fix: error: :html needs a file name
OUT
FIX_STDLIB=stdlib "$fix" repl < "$tmp/in" > "$tmp/got" 2>&1
check "REPL output" diff -u "$tmp/want" "$tmp/got"
check "the page is written" [ -s "$tmp/page.html" ]
check "it is an HTML page" [ "$(head -n 1 "$tmp/page.html" 2>/dev/null)" = "<!DOCTYPE html>" ]
queries=$(grep -o '"query":"[a-z]*"' "$tmp/page.html" 2>/dev/null | sed 's/.*:"//; s/"//' | tr '\n' ' ')
check "one record per query, in order (got: $queries)" [ "$queries" = "fixpoints refine bnb " ]
check "self-contained (no external script, style, image or font)" \
    sh -c "! grep -Eiq '<script[^>]* src=|<link[^>]* href=|<img[^>]* src=|url\\(' '$tmp/page.html'"
echo "repl-html: $pass passed, $fail failed"
[ $fail -eq 0 ]

#!/bin/sh
# run-web.sh FIX: the page of `make web` (build/web/fix.html: fix built to WebAssembly, run in
# a worker) in headless Chromium, driven through chromedriver by tests/web/driver.mjs.
#   - it is built, and is at most 1.5 MB (1 500 000 bytes) gzip-compressed;
#   - every examples/*.fix and every ```fix snippet of docs/tutorial.md, opened from the link
#     (#src=<base64url>&name=NAME&run), prints in #output byte for byte what FIX prints
#     (standard output and error, `fix run NAME >out 2>&1` in a scratch directory), with the
#     same exit status;
#   - an error's file:line:col marks the editor there;
#   - a model the page has never seen (in the link only) prints its answer, also read back
#     with `chromium --headless --virtual-time-budget=... --dump-dom` (no driver);
#   - a generated 4 MB model runs without a crash, with the native output;
#   - `program P from "pqrs.lp"` says that gringo cannot run in the browser;
#   - Stop during a long bnb gives the sound partial answer: exit 130, the bounds the bnb had,
#     "stopped by interrupt"; the time from the click to that answer in #output is printed
#     (bench/web-stop.sh records it; no verdict depends on it).
# Needs emscripten and binaryen (make web), chromium, chromium-driver and node; scripts/deps.sh
# installs them as root.  Without them it says why and is skipped.  Prints "web: N passed,
# N failed".
set -u
fix=${1:-build/fix}
root=$(pwd)
case $fix in /*) ;; *) fix="$root/$fix" ;; esac
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
skip() { echo "web: skipped: $*"; echo "web: 0 passed, 0 failed"; exit 0; }

command -v emcc >/dev/null 2>&1 || skip "emcc is not installed (Debian package emscripten; scripts/deps.sh installs it as root)"
command -v wasm-opt >/dev/null 2>&1 || skip "wasm-opt is not installed (Debian package binaryen)"
command -v chromium >/dev/null 2>&1 || skip "chromium is not installed"
command -v chromedriver >/dev/null 2>&1 || skip "chromedriver is not installed (Debian package chromium-driver)"
command -v node >/dev/null 2>&1 || skip "node is not installed (Debian package nodejs)"

tmp=$(mktemp -d) || { echo "web: mktemp failed"; echo "web: 0 passed, 1 failed"; exit 1; }
[ -d "$tmp" ] || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

if ! make -s web >"$tmp/build.log" 2>&1; then
    tail -n 20 "$tmp/build.log"
    echo "FAIL make web"; echo "web: 0 passed, 1 failed"; exit 1
fi
page="$root/build/web/fix.html"

# ---- size ----
size=$(gzip -9c "$page" | wc -c)
echo "web: build/web/fix.html is $(wc -c <"$page") bytes, $size gzip-compressed"
if [ "$size" -le 1500000 ]; then ok; else bad "page is $size bytes gzip-compressed (at most 1500000)"; fi

# ---- the models: NAME FILE a line ----
mkdir "$tmp/models" "$tmp/got" "$tmp/snips"
: >"$tmp/list"
for f in examples/*.fix; do echo "$(basename "$f") $root/$f" >>"$tmp/list"; done
sh web/page.sh --snippets "$tmp/snips"
for f in "$tmp"/snips/*; do b=$(basename "$f"); echo "${b#*-*-} $f" >>"$tmp/list"; done
# a model that is in no menu: the answer must come from the link alone
cat >"$tmp/models/hidden.fix" <<'FIX'
lattice Lvl = chain {low, mid, high, top};
fn step(x: Lvl): Lvl = if x == low then mid else if x == mid then high else x;
fixpoints step;
approx step;
FIX
echo "hidden.fix $tmp/models/hidden.fix" >>"$tmp/list"
# an error: its file:line:col marks the editor
printf 'lattice L = chain {a, b};\nfn f(x: L): L = x;\nfixpoints g;\n' >"$tmp/models/wrong.fix"
echo "wrong.fix $tmp/models/wrong.fix" >>"$tmp/list"
# 4 MB: many functions, each a line, and a query on two of them
awk 'BEGIN { print "lattice L = chain {lo, mid, hi};";
             for (i = 1; i <= 80000; i++) printf "fn f%d(x: L): L = if x == lo then mid else hi;  // %d\n", i, i;
             print "fixpoints f80000;"; print "show f12345(lo);" }' >"$tmp/models/big.fix"
echo "web: the generated model is $(wc -c <"$tmp/models/big.fix") bytes"
echo "big.fix $tmp/models/big.fix" >>"$tmp/list"

# the native runs: each model as NAME in a scratch directory of its own
n=0
while read -r name file; do
    n=$((n + 1))
    mkdir "$tmp/native$n"
    cp "$file" "$tmp/native$n/$name"
    (cd "$tmp/native$n" && FIX_STDLIB="$root/stdlib" "$fix" run "$name" </dev/null >"$tmp/native$n.out" 2>&1)
    echo $? >"$tmp/native$n.exit"
done <"$tmp/list"

if ! node tests/web/driver.mjs runs "$page" "$tmp/list" "$tmp/got" >"$tmp/driver.log" 2>&1; then
    cat "$tmp/driver.log"
fi
n=0
while read -r name file; do
    n=$((n + 1))
    what="$name ($file)"
    case $file in "$tmp"/snips/*) what="$name (docs/tutorial.md line $(basename "$file" | cut -d- -f2))" ;; esac
    if [ ! -f "$tmp/got/$n.out" ]; then bad "$what: no output from the page"; continue; fi
    if ! cmp -s "$tmp/native$n.out" "$tmp/got/$n.out"; then
        bad "$what: the page's output differs from fix's"
        diff "$tmp/native$n.out" "$tmp/got/$n.out" | head -n 10
    elif ! cmp -s "$tmp/native$n.exit" "$tmp/got/$n.exit"; then
        bad "$what: exit $(cat "$tmp/got/$n.exit") in the page, $(cat "$tmp/native$n.exit") natively"
    else ok; fi
done <"$tmp/list"
wrong_n=$(grep -n '^wrong.fix ' "$tmp/list" | cut -d: -f1)
if [ "$(cat "$tmp/got/$wrong_n.marks" 2>/dev/null)" = "unknown function 'g'" ]; then ok
else bad "wrong.fix: the editor's marks are '$(cat "$tmp/got/$wrong_n.marks" 2>/dev/null)', not the error at 3:11"; fi
# the hidden model's answer, and that the big one gave one
hidden_n=$(grep -n '^hidden.fix ' "$tmp/list" | cut -d: -f1)
grep -q '^fixpoints step: 2 fixed points' "$tmp/got/$hidden_n.out" 2>/dev/null && ok || bad "hidden.fix: no answer in #output"
grep -q '^f12345(lo) = mid' "$tmp/got/$n.out" 2>/dev/null && ok || bad "big.fix: no answer in #output"

# ---- the hidden model from the link alone, read back with --dump-dom (no driver) ----
src=$(base64 -w0 "$tmp/models/hidden.fix" | tr '+/' '-_' | tr -d '=')
mkdir "$tmp/profile"
timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
    --virtual-time-budget=1000000 --dump-dom "file://$page#src=$src&name=hidden.fix&run" \
    >"$tmp/dom.html" 2>/dev/null
# #output's text: between its tags, the entities of < > & " undone
awk 'BEGIN { RS = "\001" } {
        i = index($0, "<pre id=\"output\">"); if (!i) exit
        t = substr($0, i + 17); t = substr(t, 1, index(t, "</pre>") - 1)
        gsub(/<[^>]*>/, "", t); gsub(/&lt;/, "<", t); gsub(/&gt;/, ">", t); gsub(/&quot;/, "\"", t); gsub(/&amp;/, "\\&", t)
        printf "%s", t }' "$tmp/dom.html" >"$tmp/dom.out"
if cmp -s "$tmp/native$hidden_n.out" "$tmp/dom.out"; then ok
else bad "hidden.fix by --dump-dom: #output differs from fix's"; diff "$tmp/native$hidden_n.out" "$tmp/dom.out" | head -n 10; fi

# ---- a program from a .lp file needs gringo, which the page does not have: it says so ----
printf 'program P from "pqrs.lp";\nstable P;\n' >"$tmp/models/lp.fix"
echo "lp.fix $tmp/models/lp.fix" >"$tmp/lplist"
mkdir "$tmp/lpgot"
node tests/web/driver.mjs runs "$page" "$tmp/lplist" "$tmp/lpgot" >"$tmp/driver-lp.log" 2>&1 || cat "$tmp/driver-lp.log"
if grep -q '^lp.fix:2:1: error: .*gringo cannot run in the browser' "$tmp/lpgot/1.out" 2>/dev/null &&
   [ "$(cat "$tmp/lpgot/1.exit" 2>/dev/null)" = 1 ]; then ok
else bad "program from pqrs.lp: no message that gringo is needed"; cat "$tmp/lpgot/1.out" 2>/dev/null; fi

# ---- Stop during a long bnb: 2^20 fixed points ----
awk 'BEGIN { n = 20; printf "lattice P = powerset {";
             for (i = 0; i < n; i++) printf "%sa%d, b%d", (i ? ", " : ""), i, i;
             printf "};\nfn f(x: P): P antitone = {}";
             for (i = 0; i < n; i++) printf " union (if b%d in x then {} else {a%d}) union (if a%d in x then {} else {b%d})", i, i, i, i;
             print ";\nbnb f;" }' >"$tmp/models/long.fix"
node tests/web/driver.mjs stop "$page" "$tmp/models/long.fix" 1500 >"$tmp/stop.out" 2>&1
head -n 1 "$tmp/stop.out" | sed 's/^/web: Stop: /'
if head -n 1 "$tmp/stop.out" | grep -q ' exit=130 ' && grep -q '^bnb f: 0 fixed points, [0-9]* other bounds' "$tmp/stop.out" &&
   grep -q '^  bound \[' "$tmp/stop.out" &&
   grep -q 'stopped by interrupt: the bounds left are kept as they are (sound)' "$tmp/stop.out"; then ok
else bad "Stop: no sound partial answer"; head -n 5 "$tmp/stop.out"; fi

echo "web: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

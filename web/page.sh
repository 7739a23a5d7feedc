#!/bin/sh
# page.sh FIX.js FIX.wasm OUT.html: puts the page of `make web` together, one self-contained
# file: web/page.html with web/page.css and web/page.js in it, the worker (emscripten's
# FIX.js, then web/worker.js) and FIX.wasm as base64 text, examples/*.lp (the files a model
# may read: `program P from "pqrs.lp"`), and the models of the menu: every
# examples/*.fix and every ```fix snippet of docs/tutorial.md (under the name it is run as,
# snippet.fix unless the block names one; tests/run-doc.sh's convention).
# `page.sh --snippets DIR` only writes those snippets, DIR/NNN-LINE-NAME each (the web test's
# list of what the menu holds).
set -eu

# snippets DIR: the ```fix blocks of docs/tutorial.md, DIR/NNN-LINE-NAME each.
snippets() {
    awk -v dir="$1" '
        /^```fix/ { n++; name = substr($0, 7); sub(/^[ \t]+/, "", name); sub(/[ \t].*$/, "", name)
                    if (name == "") name = "snippet.fix"
                    out = sprintf("%s/%03d-%d-%s", dir, n, NR, name); printf "" > out; inb = 1; next }
        inb && /^```[ \t]*$/ { inb = 0; close(out); next }
        inb { print > out }
    ' docs/tutorial.md
}
if [ "${1:-}" = --snippets ]; then
    snippets "${2:?usage: page.sh --snippets DIR}"
    exit 0
fi

js=${1:?usage: page.sh FIX.js FIX.wasm OUT.html}
wasm=${2:?}
out=${3:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

b64() { base64 -w0 "$1"; }

# The menu: one JS array entry [group, name, base64 of the text] a line.
{
    for f in examples/*.fix; do
        printf '["examples","%s","%s"],\n' "$(basename "$f")" "$(b64 "$f")"
    done
    mkdir "$tmp/snips"
    snippets "$tmp/snips"
    for f in "$tmp"/snips/*; do
        b=$(basename "$f")
        line=${b#*-}; line=${line%%-*}
        printf '["tutorial (line %s)","%s","%s"],\n' "$line" "${b#*-*-}" "$(b64 "$f")"
    done
} >"$tmp/models"
# the files a model may name (`program P from "pqrs.lp"`): examples/*.lp, in the run's
# directory and in examples/ under it
for f in examples/*.lp; do
    printf '["%s","%s"],\n' "$(basename "$f")" "$(b64 "$f")"
done >"$tmp/files"

cat "$js" web/worker.js >"$tmp/worker.js"

# page.html's placeholder lines, each alone on its line, are replaced by the parts.
awk -v css=web/page.css -v pjs=web/page.js -v models="$tmp/models" -v files="$tmp/files" \
    -v worker="$tmp/worker.js" -v wasm="$wasm" -v tmp="$tmp" '
    function cat(f,    l) { while ((getline l < f) > 0) print l; close(f) }
    function b64(f,    cmd, l) { cmd = "base64 -w0 \"" f "\""; while ((cmd | getline l) > 0) printf "%s", l; close(cmd); print "" }
    /^@STYLE@$/  { cat(css); next }
    /^@SCRIPT@$/ { cat(pjs); next }
    /^@MODELS@$/ { cat(models); next }
    /^@FILES@$/  { cat(files); next }
    /^@WORKER@$/ { b64(worker); next }
    /^@WASM@$/   { b64(wasm); next }
    { print }
' web/page.html >"$tmp/page.html"
mv "$tmp/page.html" "$out"
echo "web: $out: $(wc -c <"$out") bytes, $(gzip -9c "$out" | wc -c) gzip-compressed"

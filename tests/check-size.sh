#!/bin/sh
# check-size.sh: the size rules of src/: no file over 800 lines, no function over 80 lines
# (the VM's dispatch loop, run() in src/code/vm.c, excepted: one switch over the opcode list).
# A function runs from its opening "{" (in column 0, or at the end of its signature, which
# starts in column 0 and may go on over several lines) to the "}" in column 0 that closes it.
# No struct over 40 fields: a struct body (from "struct NAME {" to its closing "}"), comments
# left out, counts each declarator at its top level ("int a, b;" two, a nested struct or
# union one).  Prints "size: N passed, N failed".
pass=0; fail=0
for f in $(find src -name '*.c' -o -name '*.h' | sort); do
    n=$(wc -l <"$f")
    if [ "$n" -gt 800 ]; then echo "FAIL $f: $n lines (at most 800)"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
done
long=$(awk '
    /^[A-Za-z_]/ && /\(/ && !/[;=]/ { sig = $0; insig = 1 }
    /^$/ || /[;}]$/      { insig = 0 }
    insig && /\{$/       { start = FNR; insig = 0; next }
    /^\{$/               { start = FNR; insig = 0; next }
    /^\}/ { if (start && FNR - start > 80 && !(FILENAME == "src/code/vm.c" && sig ~ /^static void run\(/))
                printf "%s:%d: %s: %d lines (at most 80)\n", FILENAME, start, sig, FNR - start
            start = 0 }' $(find src -name '*.c' | sort))
if [ -n "$long" ]; then printf '%s\n' "$long" | sed 's/^/FAIL /'; fail=$((fail + $(printf '%s\n' "$long" | wc -l))); else pass=$((pass + 1)); fi
wide=$(for f in $(find src -name '*.c' -o -name '*.h' | sort); do
    # comments out (block comments may span lines), then the file as one line for awk
    sed -e ':a' -e '/\/\*/{' -e '/\*\//!{N;ba' -e '}' -e 's:/\*[^*]*\*\+\([^/*][^*]*\*\+\)*/: :g' -e '}' \
        -e 's://.*$::' "$f" | tr '\n' ' ' | awk -v f="$f" '{
        s = $0
        while (match(s, /struct[ \t]+[A-Za-z_0-9]*[ \t]*\{/)) {
            name = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
            depth = 1; n = 0; paren = 0; any = 0
            for (i = 1; i <= length(s) && depth > 0; i++) {
                c = substr(s, i, 1)
                if (c == "{") depth++
                else if (c == "}") depth--
                else if (c == "(") paren++
                else if (c == ")") paren--
                else if (depth == 1 && paren == 0 && c == ",") n++
                else if (depth == 1 && c == ";") n++
            }
            if (n > 40) printf "%s: %s ...}: %d fields (at most 40)\n", f, name, n
        }
    }'
done)
if [ -n "$wide" ]; then printf '%s\n' "$wide" | sed 's/^/FAIL /'; fail=$((fail + $(printf '%s\n' "$wide" | wc -l))); else pass=$((pass + 1)); fi
echo "size: $pass passed, $fail failed"
[ $fail -eq 0 ]

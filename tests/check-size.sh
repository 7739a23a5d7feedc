#!/bin/sh
# check-size.sh: the size rules of src/: no file over 800 lines, no function over 80 lines
# (the VM's dispatch loop, run() in src/code/vm.c, excepted: one switch over the opcode list).
# A function runs from its opening "{" (in column 0, or at the end of its signature, which
# starts in column 0 and may go on over several lines) to the "}" in column 0 that closes it.
# Prints "size: N passed, N failed".
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
if [ -n "$long" ]; then printf 'FAIL %s\n' "$long"; fail=$((fail + $(printf '%s\n' "$long" | wc -l))); else pass=$((pass + 1)); fi
echo "size: $pass passed, $fail failed"
[ $fail -eq 0 ]

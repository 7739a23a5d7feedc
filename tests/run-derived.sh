#!/bin/sh
# run-derived.sh FIX: derived envelopes at a size brute force refuses.  An S_P-style function
# (a logic program as a function on sets of atoms, like examples/pqrs.fix) on a powerset of
# 10 000 atoms, without any annotation: bnb answers with derived envelopes (both stable
# models), `envelope brute` is refused with the brute-force message, and --json names the
# envelope used.
fix=${1:-build/fix}
dir=build/derived
mkdir -p "$dir"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -f "$2" ] && head -c 600 "$2" && echo; }

# p :- not q.  q :- not p.  r :- p.  a_i :- not b_i (b_i have no rules): 10 000 atoms.
n=4998
{
    printf 'lattice A = powerset {p, q, r'
    i=0; while [ $i -le $n ]; do printf ', a%d' $i; i=$((i + 1)); done
    i=0; while [ $i -lt $n ]; do printf ', b%d' $i; i=$((i + 1)); done
    printf '};\nfn S(m: A): A =\n  let pq = (if q in m then {} else {p}) union (if p in m then {} else {q}) in\n'
    printf '  pq union (if p in pq then {r} else {})'
    i=0; while [ $i -lt $n ]; do printf ' union (if b%d in m then {} else {a%d})' $i $i; i=$((i + 1)); done
    printf ';\n'
} >"$dir/sp10k.lib"
count=$(sed -n '1p' "$dir/sp10k.lib" | tr ',' '\n' | wc -l)
if [ "$count" -eq 10000 ]; then ok; else bad "the powerset has $count atoms, not 10000"; fi

{ cat "$dir/sp10k.lib"; echo 'bnb S;'; } >"$dir/bnb.fix"
"$fix" run --timeout 60 "$dir/bnb.fix" >"$dir/bnb.log" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q '^bnb S (derived envelope): 2 fixed points, complete' "$dir/bnb.log" \
   && grep -q '^  fixed point {p, r, a0, a1' "$dir/bnb.log" && grep -q '^  fixed point {q, a0, a1' "$dir/bnb.log"; then ok
else bad "bnb on 10 000 atoms (exit $rc)" "$dir/bnb.log"; fi

{ cat "$dir/sp10k.lib"; echo 'bnb S envelope brute;'; } >"$dir/brute.fix"
"$fix" run --timeout 60 "$dir/brute.fix" >"$dir/brute.log" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q 'brute-force envelope would enumerate' "$dir/brute.log"; then ok
else bad "envelope brute on 10 000 atoms is refused (exit $rc)" "$dir/brute.log"; fi

"$fix" run --json --timeout 60 "$dir/bnb.fix" >"$dir/json.log" 2>&1
if grep -q '"envelope":"derived"' "$dir/json.log"; then ok; else bad "--json names the envelope" "$dir/json.log"; fi

echo "derived: $pass passed, $fail failed"
[ $fail -eq 0 ]

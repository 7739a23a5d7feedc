#!/bin/sh
# run-hostile.sh FIX: hostile inputs generated on the fly (empty file, binary garbage, 1 MB of
# nested parentheses, a 10 000-atom powerset, unknown and duplicate names).  Each must give a
# clear error (exit 1 with "error:") or a correct answer, never a crash or a sanitizer report.
fix=${1:-build/asan/fix}
dir=build/hostile
mkdir -p "$dir"
pass=0; fail=0

# expect NAME EXIT PATTERN: runs $dir/NAME.fix; checks the exit status and that the output
# matches the grep pattern; a sanitizer report or a signal is always a failure.
expect() {
    name=$1; want=$2; pattern=$3
    timeout 120 "$fix" run "$dir/$name.fix" >"$dir/$name.log" 2>&1
    got=$?
    if [ $got -ne "$want" ] || { [ -n "$pattern" ] && ! grep -q -e "$pattern" "$dir/$name.log"; } ||
       grep -q -e "Sanitizer" -e "runtime error" "$dir/$name.log"; then
        fail=$((fail + 1)); echo "FAIL $name: exit $got (want $want), pattern '$pattern'"; head -n 15 "$dir/$name.log"
    else
        pass=$((pass + 1))
    fi
}

: >"$dir/empty.fix"
expect empty 0 ''

head -c 65536 /dev/urandom >"$dir/garbage.fix"
expect garbage 1 'error:'

awk 'BEGIN { printf "show "; for (i = 0; i < 500000; i++) printf "("; printf "1"; for (i = 0; i < 500000; i++) printf ")"; print ";" }' >"$dir/nested.fix"
expect nested 1 'nested too deeply'

awk 'BEGIN { printf "lattice Big = powerset {"; for (i = 0; i < 10000; i++) printf "%sa%d", (i ? ", " : ""), i; print "};";
             print "fn f(x: Big): Big antitone = if a2 in x then {a1} else {a1, a3};";
             print "fn g(x: Big): Big = x union {a9999};";
             print "show count f({a1});";
             print "approx f;";
             print "bnb f;";
             print "fixpoints g;" }' >"$dir/big.fix"
expect big 1 'count f({a1}) = 2'
expect big 1 'fixpoints would enumerate 2^10000 elements'
expect big 1 'approx f = \[{a1, a3} .. {a1, a3}\]'
expect big 1 'bnb f: 1 fixed point'

printf 'lattice A = powerset {p};\nfn f(x: A): A = y union x;\nshow g(1);\n' >"$dir/unknown.fix"
expect unknown 1 "unknown name 'y'"
expect unknown 1 "unknown.fix:3:6"

printf 'lattice A = powerset {p};\nlattice A = chain {a};\nfn f(x: A): A = x;\nfn f(x: A): A = x;\n' >"$dir/dup.fix"
expect dup 1 "duplicate declaration of 'A'"
expect dup 1 "duplicate declaration of 'f'"

echo "hostile: $pass passed, $fail failed"
[ $fail -eq 0 ]

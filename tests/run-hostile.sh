#!/bin/sh
# run-hostile.sh FIX: hostile inputs generated on the fly (empty file, binary garbage, 1 MB of
# nested parentheses, a 10 000-atom powerset, unknown and duplicate names, 40 000-term chains
# of operators, deep nesting of every kind, long chains of lattices and imports, 40 000
# errors), several with only 256 KiB of stack.  Each must give a clear error (exit 1 with
# "error:") or a correct answer, never a crash or a sanitizer report.
fix=${1:-build/asan/fix}
dir=build/hostile
mkdir -p "$dir"
pass=0; fail=0

# judge NAME EXIT PATTERN GOT: checks the exit status GOT of a run logged in $dir/NAME.log and
# that the log matches the grep pattern; a sanitizer report or a signal is always a failure.
judge() {
    name=$1; want=$2; pattern=$3; got=$4
    last_want=$want; last_got=$got
    if [ $got -ne "$want" ] || { [ -n "$pattern" ] && ! grep -q -e "$pattern" "$dir/$name.log"; } ||
       grep -q -e "Sanitizer" -e "runtime error" "$dir/$name.log"; then
        fail=$((fail + 1)); echo "FAIL $name: exit $got (want $want), pattern '$pattern'"
        head -n 15 "$dir/$name.log" | cut -c 1-200
    else
        pass=$((pass + 1))
    fi
}

# expect NAME EXIT PATTERN: runs $dir/NAME.fix and judges it.
expect() {
    timeout 120 "$fix" run "$dir/$1.fix" >"$dir/$1.log" 2>&1
    judge "$1" "$2" "$3" $?
}

# also NAME PATTERN: judges the run of NAME just judged once more, with another pattern.
also() { judge "$1" "$last_want" "$2" "$last_got"; }

# expect_small_stack NAME EXIT PATTERN [OPTION...]: the same with 256 KiB of stack; with the
# option repl, $dir/NAME.fix is fed to `fix repl` instead.
expect_small_stack() {
    name=$1; want=$2; pattern=$3; shift 3
    if [ "${1:-}" = repl ]; then
        ( ulimit -s 256; timeout 120 "$fix" repl <"$dir/$name.fix" ) >"$dir/$name.log" 2>&1
    else
        ( ulimit -s 256; timeout 120 "$fix" run "$@" "$dir/$name.fix" ) >"$dir/$name.log" 2>&1
    fi
    judge "$name" "$want" "$pattern" $?
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

# ---- chains and nesting: no input overflows the C stack (256 KiB here) ----
# chain FIRST TERM: FIRST followed by 39 999 copies of TERM
chain() { awk -v first="$1" -v term="$2" 'BEGIN { printf "%s", first; for (i = 1; i < 40000; i++) printf "%s", term }'; }

{ printf 'show '; chain 1 ' + 2 - 1'; printf ';\nshow '; chain 2 ' * 1 / 1'; echo ';'; } >"$dir/chain_arith.fix"
expect_small_stack chain_arith 0 '- 1 = 40000$'
also chain_arith '/ 1 = 2$'
{ printf 'show '; chain true ' and true or false'; printf ';\nshow '; chain false ' or false and true'; echo ';'; } >"$dir/chain_logic.fix"
expect_small_stack chain_logic 0 'or false = true$'
also chain_logic 'and true = false$'
{ echo 'lattice A = powerset {a, b, c};'; printf 'show '; chain '{a}' ' union {b, c} inter {a, b} minus {a}'; echo ';'
  printf 'fn f(x: A): A = '; chain x ' union x inter {a, b}'; echo ';'; echo 'show f({c});'; } >"$dir/chain_sets.fix"
expect_small_stack chain_sets 0 'minus {a} = {b}$'
also chain_sets 'f({c}) = {c}$'
{ printf 'show '; chain '1 < 2' ' and 2 <= 2 and 3 > 2 and 3 >= 3 and 1 == 1 and 1 != 2'; echo ';'; } >"$dir/chain_compare.fix"
expect_small_stack chain_compare 0 '1 != 2 = true$'
{ echo 'lattice C = chain {lo, mid, hi};'; printf 'fn f(x: C): C = '; chain x ' join lo meet hi meet x'; echo ';'
  echo 'show f(mid);'; echo 'show f(hi);'; } >"$dir/chain_lattice.fix"
expect_small_stack chain_lattice 0 'f(mid) = mid$'
expect_small_stack chain_lattice 0 '^fn f(x: C): C$' --dump-ir
{ chain 1 ' + 1'; echo; chain '{a}' ' union {a}'; echo; echo '1 + 2'; } >"$dir/chain_repl.fix"
sed -i '1i lattice A = powerset {a, b};' "$dir/chain_repl.fix"
expect_small_stack chain_repl 0 '+ 1 = 40000$' repl
also chain_repl 'union {a} = {a}$'
also chain_repl '^1 + 2 = 3$'

# nest NAME OPEN INNER CLOSE N: OPEN repeated N times, INNER, CLOSE repeated N times
nest() { awk -v o="$1" -v x="$2" -v c="$3" -v n="$4" 'BEGIN { for (i = 0; i < n; i++) printf "%s", o; printf "%s", x; for (i = 0; i < n; i++) printf "%s", c }'; }
too_deep='nested too deeply (more than 200 levels)'
{ printf 'show '; nest 'not ' true '' 199; printf ';\nshow '; nest '- ' 1 '' 199; printf ';\nshow '; nest 'abs(' 1 ')' 199
  printf ';\nshow '; nest '1 + (' 1 ')' 199; printf ';\nshow '; nest 'if true then 1 else ' 2 '' 199; echo ';'; } >"$dir/deep_ok.fix"
expect_small_stack deep_ok 0 'not true = false$'
also deep_ok ')) = 200$'
{ printf 'show '; nest 'not ' true '' 200; printf ';\nshow '; nest 'abs(' 1 ')' 200; printf ';\nshow '; nest '1 + (' 1 ')' 200
  printf ';\nshow '; nest 'let x = 1 in ' x '' 200; printf ';\nshow '; nest '(true, ' true ')' 200; echo ';'
  printf 'lattice D = '; nest 'dual ' 'powerset {a}' '' 200; echo ';'; } >"$dir/deep.fix"
expect_small_stack deep 1 "deep.fix:1:806: error: expression $too_deep"
also deep "deep.fix:4:2606: error: expression $too_deep"
also deep "deep.fix:5:1406: error: expression $too_deep"
also deep "deep.fix:6:1013: error: lattice expression $too_deep"
# map updates and defaults are rewritten into lets and literals: still no overflow at 199 levels
{ echo 'lattice E = map {x, y} -> range 0..9;'; printf 'fn f(s: E): E = '; nest '(' s '' 199
  nest '' '' ')[x -> 1]' 199; printf ';\nshow f(bot)[y -> 2];\ncheck f monotone;\nshow '; nest '{x -> ' 1 ', _ -> 2}[x]' 99
  echo ';'; } >"$dir/deep_maps.fix"
expect_small_stack deep_maps 0 'f(bot)\[y -> 2\] = {x -> 1, y -> 2}$'
also deep_maps 'check f monotone: monotone'
{ printf 'show '; nest 'not ' true '' 40000; echo ';'; } >"$dir/deeper.fix"
expect_small_stack deeper 1 'deeper.fix:1:15990: error: input nested too deeply'
{ printf 'show '; nest 'not ' true '' 200; echo ';'; echo '1 + 2'; } >"$dir/deep_repl.fix"
expect_small_stack deep_repl 0 "<repl:1>:1:806: error: expression $too_deep" repl
also deep_repl '^1 + 2 = 3$'

# lattices built from the previous one 10 000 times (in order, or each from the next one)
for kind in dual product map; do
    awk -v k=$kind 'function of(p) { return k == "dual" ? "dual " p : k == "product" ? p " * Bool" : "map {k} -> " p }
        BEGIN { print "lattice L0 = powerset {a, b};"
                for (i = 1; i < 10000; i++) printf "lattice L%d = %s;\n", i, of("L" (i - 1))
                for (i = 1; i < 10000; i++) printf "lattice R%d = %s;\n", i, of(i < 9999 ? "R" (i + 1) : "L0")
              }' >"$dir/lattices_$kind.fix"
    expect_small_stack lattices_$kind 1 "lattice nested too deeply (more than 200 levels of products"
    also lattices_$kind "lattice nested too deeply (more than 200 levels, counting the declarations"
    awk -v k=$kind 'function of(p) { return k == "dual" ? "dual " p : k == "product" ? p " * Bool" : "map {k} -> " p }
        BEGIN { print "lattice L0 = powerset {a, b};"
                for (i = 1; i < 200; i++) printf "lattice L%d = %s;\n", i, of("L" (i - 1))
                print "fn f(x: L199): L199 = x join x;"; print "show f(top) == top;"; print "show f(bot);"; print "check f monotone;" }' >"$dir/lattices_${kind}_ok.fix"
    expect_small_stack lattices_${kind}_ok 0 'f(top) == top = true$'
    also lattices_${kind}_ok '^check f monotone: \(monotone (checked\|no counterexample in 20000 samples (not a proof)\)'
    also lattices_${kind}_ok '^f(bot) = '
done

# imports: a chain of 3 000 files, the last one importing the first (a cycle)
mkdir -p "$dir/imports"
awk -v d="$dir/imports" 'BEGIN { for (i = 0; i < 3000; i++) { f = d "/m" i ".fix"; printf "import \"m%d\";\nlattice T%d = powerset {t%d};\n", (i + 1) % 3000, i, i >f; close(f) } }'
printf 'import "imports/m0";\nshow {t2999} union {t1};\n' >"$dir/imports.fix"
expect_small_stack imports 1 "'t1' is not an atom of T2999"
printf 'import "imports/m0";\nshow {t2999} union {t2999};\n' >"$dir/imports_ok.fix"
expect_small_stack imports_ok 0 '^{t2999} union {t2999} = {t2999}$'

# recursion in the VM runs on its own stack, bounded by the call depth limit
printf 'lattice R = range 0..9;\nfn f(x: R): R = 0 + f(x);\nfn g(x: R): R = 0 + h(x);\nfn h(x: R): R = 0 + g(x);\nshow f(1);\nshow g(1);\nshow lfp(x: R => lfp(y: R => lfp(z: R => min(x + 1, 9))));\n' >"$dir/recursion.fix"
expect_small_stack recursion 1 "call depth limit of 10000 reached in 'f'"
also recursion "call depth limit of 10000 reached in 'g'"
also recursion 'min(x + 1, 9)))) = 9$'

# recursion through the engine (a function running bnb, approx or refine on itself, directly,
# through its envelope's equations or a galois insertion, with --jobs 3) nests runs of the VM
# on the C stack: bounded by VM_MAX_NESTED_RUNS, an error, not a stack overflow
printf 'lattice P = powerset {a, b};\nlattice D = dual P;\ngalois G : D -> D { alpha_up(x) = x; gamma_up(z) = z; alpha_lo(x) = x; gamma_lo(z) = z; }\nfn f(s: P): P = if count(bnb(f).fixpoints) > 0 then s else {};\nfn g(s: D): D = if bnb(g via G, policy paper, envelope brute).complete then s else {a};\nfn h(s: D): D = s;\nenvelope h { upper(lo, hi, x) = if approx(k).lo == x then x else x; lower(lo, hi, x) = x; }\nfn k(s: D): D = if bnb(h envelope declared).complete then s else bot;\nshow f({a});\nbnb g jobs 3;\nbnb k via G jobs 2;\n' >"$dir/engine_recursion.fix"
expect_small_stack engine_recursion 1 "engine_recursion.fix:4:26: error: runs of the engine nested more than 8 deep"
also engine_recursion "engine_recursion.fix:5:20: error: runs of the engine nested more than 8 deep"
also engine_recursion "engine_recursion.fix:7:36: error: runs of the engine nested more than 8 deep"

# 40 000 errors: reported, all of them (the timeout is a guard against a hang, e.g. a quadratic
# report, not a check of the time: the run takes a second or two)
awk 'BEGIN { for (i = 0; i < 40000; i++) printf "show nosuch%d;\n", i }' >"$dir/errors.fix"
timeout 120 "$fix" run "$dir/errors.fix" >"$dir/errors.log" 2>&1
judge errors 1 '' $?
printf '%s\n' "$dir/errors.fix:1:6: error: unknown name 'nosuch0'" '  show nosuch0;' '       ^~~~~~~' \
    "$dir/errors.fix:2:6: error: unknown name 'nosuch1'" >"$dir/errors.want"
if ! head -n 4 "$dir/errors.log" | cmp -s - "$dir/errors.want" || [ "$(grep -c ': error: ' "$dir/errors.log")" != 40000 ] ||
   [ "$(tail -n 3 "$dir/errors.log" | head -n 1)" != "$dir/errors.fix:40000:6: error: unknown name 'nosuch39999'" ]; then
    fail=$((fail + 1)); pass=$((pass - 1)); echo "FAIL errors: not the 40 000 errors expected"; head -n 4 "$dir/errors.log"
fi

# a grounding error in `fix run` (program P from "x.lp"): one head per message, no
# "m.fix:2:1: error: fix: error: ..." and no "m.fix:2:1: error: x.lp:2:1: error: ..."
printf 'a :- not b.\nb :- not a.\n' >"$dir/ground_ok.lp"
printf 'program P from "ground_ok.lp";\nstable P;\n' >"$dir/ground_nogringo.fix"
timeout 120 env -u FIX_GRINGO PATH=/nonexistent "$fix" run "$dir/ground_nogringo.fix" >"$dir/ground_nogringo.log" 2>&1
judge ground_nogringo 1 "^$dir/ground_nogringo.fix:2:1: error: cannot run gringo (install gringo 5 or set FIX_GRINGO)$" $?
also ground_nogringo '^  stable P;$'
printf 'a.\n#script (python)\n#end.\n' >"$dir/ground_script.lp"
printf 'program P from "ground_script.lp";\nstable P;\n' >"$dir/ground_script.fix"
expect ground_script 1 "^$dir/ground_script.lp:2:1: error: #script refused"
also ground_script "^$dir/ground_script.fix:2:1: note: the error above stops this statement$"
if grep -q 'error: .*: error: ' "$dir/ground_nogringo.log" "$dir/ground_script.log"; then
    fail=$((fail + 1)); pass=$((pass - 1)); echo "FAIL ground_*: a message with two heads"
fi

# one stop signal ends a run blocked on its input (the open of a FIFO with no writer, a read
# of a pipe that stays silent): it was restarted, so fix waited (SIGTERM alone never ended
# it; nothing ended the REPL).  Polled for at most 20 s: a bound, not a verdict on speed.
# signalled NAME SIG EXIT PATTERN CMD...: runs CMD in the background, sends SIG once the
# kernel says it waits for a FIFO's other end or in a pipe's read (not after a fixed sleep:
# on a loaded machine fix might not have reached the open yet).
signalled() {
    name=$1; sig=$2; want=$3; pattern=$4; shift 4
    "$@" >"$dir/$name.log" 2>&1 &
    pid=$!
    i=0
    while [ $i -lt 200 ]; do
        case $(cat /proc/$pid/wchan 2>/dev/null) in *partner*|*fifo*|*pipe*) break ;; esac
        sleep 0.1; i=$((i + 1))
    done
    kill -"$sig" $pid 2>/dev/null
    i=0
    while kill -0 $pid 2>/dev/null && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
    if kill -0 $pid 2>/dev/null; then
        kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
        fail=$((fail + 1)); echo "FAIL $name: still running 20 s after SIG$sig"; return
    fi
    wait $pid
    judge "$name" "$want" "$pattern" $?
}
rm -f "$dir/fifo.fix" "$dir/fifo.lp" "$dir/silent"
mkfifo "$dir/fifo.fix" "$dir/fifo.lp" "$dir/silent"
signalled fifo_run TERM 143 "stopped by SIGTERM while reading" "$fix" run "$dir/fifo.fix"
signalled fifo_asp_lp TERM 143 "fifo.lp: error: stopped by a signal" "$fix" asp "$dir/fifo.lp"
signalled fifo_asp_aspif HUP 129 "error: stopped by a signal" "$fix" asp "$dir/fifo.fix"
printf ':load %s\nshow 40 + 2;\n' "$dir/fifo.fix" >"$dir/fifo_repl.in"
signalled fifo_repl INT 0 '^40 + 2 = 42$' sh -c 'exec "$1" repl <"$2"' sh "$fix" "$dir/fifo_repl.in"
also fifo_repl "stopped by Ctrl-C while reading"
sleep 30 >"$dir/silent" & writer=$!
signalled silent_run INT 130 "stopped by Ctrl-C while reading '<stdin>'" sh -c 'exec "$1" run - <"$2"' sh "$fix" "$dir/silent"
kill $writer 2>/dev/null; wait $writer 2>/dev/null
sleep 30 >"$dir/silent" & writer=$!
signalled silent_asp INT 130 "stdin: error: stopped by" sh -c 'exec "$1" asp <"$2"' sh "$fix" "$dir/silent"
kill $writer 2>/dev/null; wait $writer 2>/dev/null

echo "hostile: $pass passed, $fail failed"
[ $fail -eq 0 ]

#!/bin/sh
# run-repl-tty.sh FIX: the REPL on a terminal, driven through tmux (a pty): completion of
# :commands, keywords, declared names and element names; Ctrl-C during a long bnb prints a
# summary of Final (the first bounds, how many more, how to see all), not every bound;
# :reload after the loaded file changed (and the line of an error it then finds).  tmux is a test tool (scripts/deps.sh installs it);
# without it the test says why and is skipped.  Prints "repl-tty: N passed, N failed".
set -u
fix=${1:-build/fix}
case $fix in /*) ;; *) fix="$(pwd)/$fix" ;; esac
gen="$(pwd)/tests/gen-choices.sh"
pass=0; fail=0
if ! command -v tmux >/dev/null 2>&1; then
    echo "repl-tty: skipped: tmux is not installed (scripts/deps.sh installs it as root on Debian)"
    echo "repl-tty: 0 passed, 0 failed"
    exit 0
fi
tmp=$(mktemp -d) || { echo "repl-tty: mktemp failed"; echo "repl-tty: 0 passed, 1 failed"; exit 1; }
[ -d "$tmp" ] || exit 1
sock="fixtest$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; grep -v '^$' "$tmp/pane" | tail -n 12; }
t() { tmux -L "$sock" "$@"; }
# typed TEXT: the text as typed (-l: literal; a final ';' sent escaped, as tmux ends a
# command there); key K...: keys by name
typed() {
    case $1 in
        *\;) t send-keys -t fix -l "${1%;}"; t send-keys -t fix '\;' ;;
        *) t send-keys -t fix -l "$1" ;;
    esac
}
key() { t send-keys -t fix "$@"; }
pane() { t capture-pane -p -S -300 -t fix >"$tmp/pane"; }
# wait_for TEXT: up to 10 s until the pane shows TEXT.
wait_for() {
    i=0
    while [ $i -lt 100 ]; do
        pane
        grep -qF -- "$1" "$tmp/pane" && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}

# wait_prompt: up to 10 s until the pane's last line is a prompt after the last command
wait_prompt() {
    i=0
    while [ $i -lt 100 ]; do
        pane
        [ "$(grep -v '^$' "$tmp/pane" | tail -n 1)" = "fix>" ] && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
# cpu_ticks PID: the user and system CPU time PID has used, in clock ticks
ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }

# 22 independent choices: 2^22 fixed points, a bnb that runs for many seconds.
sh "$gen" 22 >"$tmp/big.fix"
printf 'lattice Lvl = chain {low, middle, high};\nfn f(x: Lvl): Lvl = x;\n' >"$tmp/lvl.fix"

cd "$tmp" || exit 1
t new-session -d -s fix -x 160 -y 50 "$fix repl"
if ! wait_for "fix>"; then bad "no prompt"; echo "repl-tty: $pass passed, $fail failed"; exit 1; fi

typed ':rel'; key Tab
wait_for "fix> :reload" && ok || bad "completing :rel"
key C-u; typed 'latt'; key Tab
wait_for "fix> lattice" && ok || bad "completing the keyword latt"
typed 'Colour = chain {crimson, navy};'; key Enter
typed 'show cri'; key Tab
wait_for "fix> show crimson" && ok || bad "completing the element name cri"
key C-u; typed 'Col'; key Tab
wait_for "fix> Colour" && ok || bad "completing the declared name Col"
key C-u; typed 'fn t(x: Bool): Bool = tab'; key Tab
wait_for "fix> fn t(x: Bool): Bool = table" && ok || bad "completing the keyword tab"
key C-u; typed 'show ke'; key Tab
wait_for "fix> show keys" && ok || bad "completing the function keys"
key C-u

typed ':load lvl.fix'; key Enter; typed 'fixpoints f;'; key Enter
wait_for "3 fixed points" && ok || bad "loading lvl.fix"
printf 'lattice Lvl = chain {low, middle, high};\nfn f(x: Lvl): Lvl = middle;\n' >"$tmp/lvl.fix"
typed ':reload'; key Enter
wait_for "(reloaded 1 file)" && ok || bad ":reload"
typed 'fixpoints f;'; key Enter
wait_for "fixpoints f: 1 fixed point" && ok || bad "f after :reload"
# an error :reload finds names the file's line, as `fix check` does: a type error on line 6
# (after comments and a blank line), then a syntax error there (reported, not dropped)
printf '// lvl.fix\n// changed\n\nlattice Lvl = chain {low, middle, high};\n\nfn f(x: Lvl): Lvl = x + 1;\n' >"$tmp/lvl.fix"
typed ':reload'; key Enter
wait_for "lvl.fix:6:21: error: '+' needs numbers" && ok || bad ":reload names line 6 of the changed file"
printf '// lvl.fix\n// changed\n\nlattice Lvl = chain {low, middle, high};\n\nfn f(x: Lvl): Lvl = x +;\n' >"$tmp/lvl.fix"
typed ':reload'; key Enter
wait_for "lvl.fix:6:24: error: unexpected ';'" && ok || bad ":reload reports a syntax error on line 6"
typed 'f(low)'; key Enter
wait_for "f(low) = middle" && ok || bad "the session as it was after a failed :reload"
key C-l
i=0   # until Ctrl-L has cleared the screen and the history is gone with it
while [ $i -lt 100 ]; do
    t clear-history -t fix; pane
    grep -qF -- "f(low) = middle" "$tmp/pane" || break
    sleep 0.1; i=$((i + 1))
done
[ $i -lt 100 ] || bad "Ctrl-L did not clear the screen"

# Ctrl-C once the REPL has used 0.3 s of CPU on the bnb (its load takes milliseconds): a
# point reached however loaded the machine is, where a fixed sleep might come too soon
repl_pid=$(t display-message -p -t fix '#{pane_pid}')
typed ':load big.fix'; key Enter
{ wait_for "fix> :load big.fix" && wait_prompt; } || bad "loading big.fix"
start=$(cpu_ticks "$repl_pid")
typed 'bnb S;'; key Enter
i=0
while [ $i -lt 600 ] && [ $(($(cpu_ticks "$repl_pid") - start)) -lt $((ticks * 3 / 10)) ]; do
    sleep 0.1; i=$((i + 1))
done
key C-c
if wait_for "stopped by interrupt" && wait_for "(fix run --json lists them all)"; then
    n=$(grep -c '^  fixed point \|^  bound ' "$tmp/pane")
    [ "$n" -le 20 ] && ok || bad "the interrupted bnb listed $n bounds, not at most 20"
else
    bad "no summary after Ctrl-C"
fi
typed 'f(low)'; key Enter
wait_for "f(low) = middle" && ok || bad "the session goes on after Ctrl-C"
typed ':quit'; key Enter

echo "repl-tty: $pass passed, $fail failed"
[ $fail -eq 0 ]

#!/bin/sh
# run-output.sh FIX: everything fix writes is either complete or an error, and a signal stops
# every stage in order.  Standard output on /dev/full (fix run, --json, fix asp, --json,
# --emit, the REPL, --help and --version): exit 1 and one "cannot write standard output: No space left on device".
# Files on a full disk (a file size limit with SIGXFSZ ignored, so a write fails with EFBIG):
# --html, --dot DIR/ and fix asp --emit say "File too large", exit 1, and the file that was
# there is kept whole, no temporary file left.  An output that names an input (by device and
# inode: another spelling, a hard link, an import, a `program P from` file) is refused before
# anything runs.  The page escapes what it embeds (a query with `</script>` in a comment, a
# directory named with it).  Ctrl-C, SIGTERM and SIGHUP while `fix asp` is blocked on a full
# pipe: what it printed all arrives, its Models count is the number of answers printed, each
# JSON line parses.  `--solver clingo` prints each model as clingo prints it (an enumeration
# without end reaches head; 2^20 models in bounded memory).  The three signals while a file is read (through a FIFO, so the signal
# always comes before the file has been read whole): exit 128 + the signal, one message, no
# query run.  No verdict depends on the machine's speed: where a step waits for fix (to be
# blocked on a pipe) it waits up to a bound and the check holds either way.
# Prints "output: N passed, N failed".
set -u
fix=${1:-build/asan/fix}
fast=${2:-build/fix}              # the peak of a long enumeration is measured without the sanitizers
suite=output
. tests/scratch.sh

# has FILE TEXT: FILE holds the fixed string TEXT
has() { grep -qF -e "$2" "$1"; }
# one_line FILE TEXT: FILE holds TEXT on exactly one line
one_line() { [ "$(grep -cF -e "$2" "$1")" -eq 1 ]; }

full='cannot write standard output: No space left on device'

# ---- standard output on /dev/full ----
printf 'asp 1 0 0\n1 1 3 1 2 3 0 0\n4 1 a 1 1\n4 1 b 1 2\n4 1 c 1 3\n0\n' >"$tmp/abc.aspif"
for args in "--help" "--version" "help" "run --help" "asp --help"; do
    # shellcheck disable=SC2086
    "$fix" $args >/dev/full 2>"$tmp/full-help.err"
    check "$args > /dev/full: exit 1" [ $? -eq 1 ]
    check "$args > /dev/full: the message" has "$tmp/full-help.err" "cannot write standard output: No space left on device"
done
"$fix" run examples/tour.fix >/dev/full 2>"$tmp/full1.err"
check "run > /dev/full: exit 1" [ $? -eq 1 ]
check "run > /dev/full: one message" one_line "$tmp/full1.err" "fix: error: $full"
"$fix" run --json examples/tour.fix >/dev/full 2>"$tmp/full2.err"
check "run --json > /dev/full: exit 1" [ $? -eq 1 ]
check "run --json > /dev/full: one message" one_line "$tmp/full2.err" "fix: error: $full"
"$fix" asp "$tmp/abc.aspif" >/dev/full 2>"$tmp/full3.err"
check "asp > /dev/full: exit 1" [ $? -eq 1 ]
check "asp > /dev/full: one message" one_line "$tmp/full3.err" "fix asp: error: $full"
"$fix" asp --json "$tmp/abc.aspif" >/dev/full 2>"$tmp/full4.err"
check "asp --json > /dev/full: exit 1" [ $? -eq 1 ]
check "asp --json > /dev/full: one message" one_line "$tmp/full4.err" "fix asp: error: $full"
"$fix" asp --emit "$tmp/abc.aspif" >/dev/full 2>"$tmp/full5.err"
check "asp --emit > /dev/full: exit 1" [ $? -eq 1 ]
check "asp --emit > /dev/full: message" one_line "$tmp/full5.err" "$full"
# a program with 2^40 models: the header's write fails, so no search is started (it ran on,
# holding its models, until it was killed)
awk 'BEGIN { printf "asp 1 0 0\n1 1 40"; for (i = 1; i <= 40; i++) printf " %d", i; print " 0 0";
             for (i = 1; i <= 40; i++) printf "4 %d a%d 1 %d\n", length("a" i), i, i; print 0 }' >"$tmp/huge.aspif"
for args in "" "--outf=2" "--wf"; do
    # shellcheck disable=SC2086
    timeout 60 "$fix" asp $args "$tmp/huge.aspif" 0 >/dev/full 2>"$tmp/full8.err"
    check "asp $args 2^40 models > /dev/full: exit 1" [ $? -eq 1 ]
    check "asp $args 2^40 models > /dev/full: one message" one_line "$tmp/full8.err" "fix asp: error: $full"
done
printf 'show 1 + 1;\nshow 2;\n' | "$fix" repl >/dev/full 2>"$tmp/full6.err"
check "repl > /dev/full: exit 1" [ $? -eq 1 ]
check "repl > /dev/full: one message" one_line "$tmp/full6.err" "$full"

# ---- files on a full disk: a file size limit of 4 KiB, SIGXFSZ ignored (EFBIG) ----
# limited COMMAND...: runs COMMAND with writes past 4 KiB failing
limited() { ( trap '' XFSZ; ulimit -f 8; "$@" ); }
printf 'lattice A = powerset {p, q};\nfn f(x: A): A antitone = if q in x then {} else {p};\nbnb f;\napprox f;\n' >"$tmp/m.fix"
echo 'the old page' >"$tmp/old.html"
limited "$fix" run "$tmp/m.fix" --html "$tmp/old.html" >/dev/null 2>"$tmp/fsize1.err"
check "--html on a full disk: exit 1" [ $? -eq 1 ]
check "--html on a full disk: message" one_line "$tmp/fsize1.err" "cannot write '$tmp/old.html': File too large"
check "--html on a full disk: the old file kept" [ "$(cat "$tmp/old.html")" = 'the old page' ]
check "--html on a full disk: no temporary file left" [ -z "$(ls -A "$tmp" | grep '\.tmp$')" ]
limited "$fix" run "$tmp/m.fix" --html "$tmp/new.html" >/dev/null 2>/dev/null
check "--html on a full disk: no new file" [ ! -e "$tmp/new.html" ]
"$fix" run "$tmp/m.fix" --html "$tmp/old.html" >/dev/null 2>&1
check "--html: the page is written whole" grep -q '</html>' "$tmp/old.html"
printf 'lattice B = powerset {a, b, c, d, e, f};\nfn g(x: B): B = x;\nfixpoints g;\n' >"$tmp/hasse.fix"
mkdir "$tmp/dots"                 # its Hasse diagram takes 8 KB
limited "$fix" run "$tmp/hasse.fix" --dot "$tmp/dots/" >/dev/null 2>"$tmp/fsize2.err"
check "--dot DIR/ on a full disk: exit 1" [ $? -eq 1 ]
check "--dot DIR/ on a full disk: message" has "$tmp/fsize2.err" "File too large"
check "--dot DIR/ on a full disk: no file, whole or cut" [ -z "$(ls -A "$tmp/dots")" ]
awk 'BEGIN { printf "asp 1 0 0\n1 1 2000"; for (i = 1; i <= 2000; i++) printf " %d", i; print " 0 0";
             for (i = 1; i <= 2000; i++) printf "4 %d a%d 1 %d\n", length("a" i), i, i; print 0 }' >"$tmp/wide.aspif"
limited "$fix" asp --emit "$tmp/wide.aspif" >"$tmp/emit.aspif" 2>"$tmp/fsize3.err"
check "asp --emit on a full disk: exit 1" [ $? -eq 1 ]
check "asp --emit on a full disk: message" has "$tmp/fsize3.err" "cannot write standard output: File too large"

# ---- an output that names an input is refused before anything runs ----
cp "$tmp/m.fix" "$tmp/keep.fix"
"$fix" run "$tmp/keep.fix" --html "$tmp/./keep.fix" >"$tmp/same1.out" 2>"$tmp/same1.err"
check "--html the model: exit 1" [ $? -eq 1 ]
check "--html the model: message" one_line "$tmp/same1.err" "fix: error: --html $tmp/./keep.fix would overwrite the input $tmp/keep.fix"
check "--html the model: the model kept" cmp -s "$tmp/m.fix" "$tmp/keep.fix"
check "--html the model: nothing run" [ ! -s "$tmp/same1.out" ]
ln "$tmp/keep.fix" "$tmp/hard.fix"
"$fix" run "$tmp/keep.fix" --html "$tmp/hard.fix" >/dev/null 2>"$tmp/same2.err"
check "--html a hard link of the model: refused" [ $? -eq 1 ]
check "--html a hard link of the model: the model kept" cmp -s "$tmp/m.fix" "$tmp/keep.fix"
mkdir "$tmp/lib"
printf 'lattice L = powerset {p};\n' >"$tmp/lib/part.fix"
printf 'a :- not b.\nb :- not a.\n' >"$tmp/p.lp"
printf 'import "lib/part";\nprogram Q from "p.lp";\nshow count({p} : L);\n' >"$tmp/top.fix"
cp "$tmp/lib/part.fix" "$tmp/part.copy"
"$fix" run "$tmp/top.fix" --html "$tmp/lib/../lib/part.fix" >"$tmp/same3.out" 2>"$tmp/same3.err"
check "--html an imported file: exit 1" [ $? -eq 1 ]
check "--html an imported file: message" has "$tmp/same3.err" "would overwrite the input"
check "--html an imported file: kept, nothing run" cmp -s "$tmp/part.copy" "$tmp/lib/part.fix"
check "--html an imported file: nothing run" [ ! -s "$tmp/same3.out" ]
cp "$tmp/p.lp" "$tmp/p.copy"
"$fix" run "$tmp/top.fix" --html "$tmp/p.lp" >/dev/null 2>"$tmp/same4.err"
check "--html a program file: exit 1" [ $? -eq 1 ]
check "--html a program file: kept" cmp -s "$tmp/p.copy" "$tmp/p.lp"
cp "$tmp/m.fix" "$tmp/app.fix"
"$fix" run "$tmp/app.fix" >>"$tmp/app.fix" 2>"$tmp/same5.err"
check "fix run m.fix >> m.fix: exit 1" [ $? -eq 1 ]
check "fix run m.fix >> m.fix: message" has "$tmp/same5.err" "standard output is the input"
check "fix run m.fix >> m.fix: kept" cmp -s "$tmp/m.fix" "$tmp/app.fix"
cp "$tmp/abc.aspif" "$tmp/abc2.aspif"
"$fix" asp --emit "$tmp/abc2.aspif" >>"$tmp/abc2.aspif" 2>/dev/null
check "fix asp --emit x.aspif >> x.aspif: refused" [ $? -eq 1 ]
check "fix asp --emit x.aspif >> x.aspif: kept" cmp -s "$tmp/abc.aspif" "$tmp/abc2.aspif"
# the other commands that read a file and print: explain (a .fix, a .lp) and the REPL
fixa=$(cd "$(dirname "$fix")" && pwd)/$(basename "$fix")
for case in "explain keep2.fix" "explain --json keep2.fix" "repl keep2.fix" "explain p2.lp"; do
    cp "$tmp/m.fix" "$tmp/keep2.fix"; cp "$tmp/p.lp" "$tmp/p2.lp"
    # shellcheck disable=SC2086
    (cd "$tmp" && "$fixa" $case >>"${case##* }" 2>"$tmp/same6.err" </dev/null)
    check "fix $case >> ${case##* }: exit 1" [ $? -eq 1 ]
    check "fix $case >> ${case##* }: message" has "$tmp/same6.err" "standard output is the input ${case##* }"
    check "fix $case >> ${case##* }: kept" eval 'cmp -s "$tmp/m.fix" "$tmp/keep2.fix" && cmp -s "$tmp/p.lp" "$tmp/p2.lp"'
done
"$fix" explain "$tmp/p.lp" >/dev/full 2>"$tmp/full7.err"
check "explain x.lp > /dev/full: exit 1" [ $? -eq 1 ]
check "explain x.lp > /dev/full: one message" one_line "$tmp/full7.err" "fix explain: error: $full"

# ---- fix started with a standard descriptor closed: no file it opens takes its place ----
# (a message for the closed stderr went into the page --html wrote, at the place of fd 2)
printf 'fn f(x: Int): Int = x / 0;\nshow 1 + 1;\nshow f(1);\n' >"$tmp/err.fix"
"$fix" run "$tmp/err.fix" --html "$tmp/closed1.html" >/dev/null 2>/dev/null
"$fix" run "$tmp/err.fix" --html "$tmp/closed2.html" >/dev/null 2>&-
check "stderr closed: exit 1 (the query's error)" [ $? -eq 1 ]
check "stderr closed: the page is the one written with stderr open" cmp -s "$tmp/closed1.html" "$tmp/closed2.html"
"$fix" run "$tmp/m.fix" --html "$tmp/closed3.html" >&- 2>"$tmp/closed3.err"
check "stdout closed: exit 1" [ $? -eq 1 ]
check "stdout closed: one message" one_line "$tmp/closed3.err" "fix: error: cannot write standard output: Bad file descriptor"
"$fix" asp "$tmp/abc.aspif" <&- >&- 2>"$tmp/closed4.err"
check "fix asp, stdin and stdout closed: exit 1" [ $? -eq 1 ]
check "fix asp, stdin and stdout closed: one message" one_line "$tmp/closed4.err" "fix asp: error: cannot write standard output: Bad file descriptor"
"$fix" asp <&- 2>"$tmp/closed5.err"
check "fix asp, stdin closed: exit 1" [ $? -eq 1 ]
check "fix asp, stdin closed: cannot read" has "$tmp/closed5.err" "stdin: error: cannot read: Bad file descriptor"

# ---- the page escapes what it embeds ----
evil="$tmp/d</script><script>document.title='PWNED'</script><!--"
mkdir -p "$evil"
cat >"$evil/x.fix" <<'FIX'
// </script><script>document.title='PWNED'</script>
lattice A = powerset {p, q};
fn f(x: A): A antitone = if q in x then {} else {p};
show f({}) // </script><script>document.title='PWNED'</script> <!-- &amp; ' "
  == {p};
approx f;
FIX
"$fix" run "$evil/x.fix" --html "$tmp/evil.html" >/dev/null 2>&1
check "page with </script> in its text: written" [ -s "$tmp/evil.html" ]
# the page's two script elements close once each; no other "</script" and no "<!--"
check "page: no raw </script but the real ones" [ "$(grep -o '</script' "$tmp/evil.html" | wc -l)" -eq 2 ]
check "page: no raw <!--" [ "$(grep -c '<!--' "$tmp/evil.html")" -eq 0 ]
check "page: the title escaped" has "$tmp/evil.html" "<title>fix: $tmp/d&lt;/script&gt;&lt;script&gt;document.title=&#39;PWNED&#39;&lt;/script&gt;&lt;!--/x.fix</title>"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ]; then
    mkdir "$tmp/profile"
    timeout 60 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
        --dump-dom "file://$tmp/evil.html" >"$tmp/evil.dom" 2>/dev/null
    check "page in chromium: its script ran" grep -q 'data-ready="yes"' "$tmp/evil.dom"
    check "page in chromium: no injected script ran" grep -q '<title>fix: ' "$tmp/evil.dom"
    check "page in chromium: the query text shown as text" has "$tmp/evil.dom" "// &lt;/script&gt;&lt;script&gt;document.title='PWNED'"
else
    echo "$suite: chromium is not installed: the page is not opened in a browser"
fi

# ---- a signal while fix asp is blocked on a full pipe: nothing printed is lost ----
awk 'BEGIN { printf "asp 1 0 0\n1 1 18"; for (i = 1; i <= 18; i++) printf " %d", i; print " 0 0";
             for (i = 1; i <= 18; i++) printf "4 %d a%d 1 %d\n", length("a" i), i, i; print 0 }' >"$tmp/many.aspif"
mkfifo "$tmp/pipe"
# blocked_then SIG ARGS...: fix asp ARGS > pipe, nobody reading until fix is blocked writing
# (its wchan says so; at most 10 s), then SIG, then everything is read; sets $rc
blocked_then() {
    sig=$1; shift
    "$fix" asp "$@" >"$tmp/pipe" 2>"$tmp/blocked.err" &
    pid=$!
    exec 3<"$tmp/pipe"
    i=0
    while [ $i -lt 200 ]; do
        case $(cat /proc/$pid/wchan 2>/dev/null) in *pipe_write*) break ;; esac
        sleep 0.05; i=$((i + 1))
    done
    kill -"$sig" $pid
    cat <&3 >"$tmp/blocked.out"
    exec 3<&-
    wait $pid; rc=$?
}
blocked_then INT "$tmp/many.aspif" --models 0
answers=$(grep -c '^Answer: ' "$tmp/blocked.out")
models=$(sed -n 's/^Models *: \([0-9]*\)+$/\1/p' "$tmp/blocked.out")
check "Ctrl-C, blocked pipe: exit 130" [ $rc -eq 130 ]
check "Ctrl-C, blocked pipe: Models ($models) = answers printed ($answers)" [ "$models" = "$answers" ]
check "Ctrl-C, blocked pipe: answers numbered 1..N" [ "$(grep '^Answer: ' "$tmp/blocked.out" | tail -n 1)" = "Answer: $answers" ]
blocked_then TERM "$tmp/many.aspif" --models 0 --json
lines=$(wc -l <"$tmp/blocked.out")
models=$(grep -c '^{"kind":"model"' "$tmp/blocked.out")
said=$(sed -n 's/^{"kind":"result",.*"models":\([0-9]*\),.*/\1/p' "$tmp/blocked.out")
check "SIGTERM, blocked pipe, --json: exit 143" [ $rc -eq 143 ]
check "SIGTERM, blocked pipe, --json: models ($models) = result's count ($said)" [ "$models" = "$said" ]
check "SIGTERM, blocked pipe, --json: every line whole" [ "$(grep -c '}$' "$tmp/blocked.out")" -eq "$lines" ]
if command -v jq >/dev/null 2>&1; then
    check "SIGTERM, blocked pipe, --json: every line parses" jq -e . "$tmp/blocked.out" >/dev/null 2>&1
fi
blocked_then HUP "$tmp/many.aspif" --models 0
answers=$(grep -c '^Answer: ' "$tmp/blocked.out")
models=$(sed -n 's/^Models *: \([0-9]*\)+$/\1/p' "$tmp/blocked.out")
check "SIGHUP, blocked pipe: exit 129, Models = answers printed" [ $rc -eq 129 ] && [ "$models" = "$answers" ]

# ---- --solver clingo: each model is printed as clingo prints it ----
# An enumeration without end prints at once (head stops it; one clingo run's output used to be
# read whole before a model was printed, so nothing came until a limit), and 2^20 models take
# the memory of one line (35 MB before, 9 MB after, without the sanitizers).
if command -v gringo >/dev/null 2>&1 && command -v clingo >/dev/null 2>&1; then
    printf '{ a(1..60) }.\n' >"$tmp/c60.lp"
    lines=$(timeout 120 "$fix" asp --solver clingo "$tmp/c60.lp" 0 2>/dev/null | head -n 2000 | wc -l)
    check "asp --solver clingo, an enumeration without end: head gets its 2000 lines" [ "$lines" -eq 2000 ]
    blocked_then INT "$tmp/c60.lp" --solver clingo 0
    answers=$(grep -c '^Answer: ' "$tmp/blocked.out")
    models=$(sed -n 's/^Models *: \([0-9]*\)+$/\1/p' "$tmp/blocked.out")
    check "asp --solver clingo, Ctrl-C, blocked pipe: exit 130" [ $rc -eq 130 ]
    check "asp --solver clingo, Ctrl-C, blocked pipe: Models ($models) = answers printed ($answers)" [ "$models" = "$answers" ]
    if command -v /usr/bin/time >/dev/null 2>&1; then
        printf '{ a(1..20) }.\n' >"$tmp/c20.lp"
        /usr/bin/time -f '%M' -o "$tmp/c20.kb" "$fast" asp --solver clingo "$tmp/c20.lp" 0 2>/dev/null \
            | tail -n 3 >"$tmp/c20.out"
        peak=$(tail -n 1 "$tmp/c20.kb")
        check "asp --solver clingo, 2^20 models: all printed" has "$tmp/c20.out" "Models       : 1048576"
        check "asp --solver clingo, 2^20 models: peak $peak KB, at most 20 MB" [ "$peak" -le 20480 ]
    else
        echo "output: skipped the peak of --solver clingo: /usr/bin/time is missing (Debian package time)"
    fi
else
    echo "output: skipped --solver clingo's streaming: gringo or clingo is missing (Debian package gringo)"
fi

# ---- a signal while a file is read: it comes before the file has been read whole ----
awk 'BEGIN { print "lattice A = powerset {p, q};";
             for (i = 0; i < 100000; i++) printf "fn f%d(x: A): A = x union {p};\n", i; print "show 1;" }' >"$tmp/big.fix"
mkfifo "$tmp/in.fix"
# signal_while_read SIG CMD: fix CMD of the FIFO, fed half the file, then SIG, then the rest
signal_while_read() {
    "$fix" "$2" "$tmp/in.fix" >"$tmp/read.out" 2>"$tmp/read.err" &
    pid=$!
    exec 4>"$tmp/in.fix"          # returns once fix has opened it: its handlers are in place
    head -n 50000 "$tmp/big.fix" >&4
    kill -"$1" $pid
    tail -n +50001 "$tmp/big.fix" >&4
    exec 4>&-
    wait $pid; rc=$?
}
for case in "INT check 130 Ctrl-C" "INT run 130 Ctrl-C" "TERM run 143 SIGTERM" "HUP check 129 SIGHUP"; do
    set -- $case
    signal_while_read "$1" "$2"
    check "$1 while fix $2 reads: exit $3" [ $rc -eq "$3" ]
    check "$1 while fix $2 reads: message" one_line "$tmp/read.err" "fix: error: stopped by $4 while reading '$tmp/in.fix'"
    check "$1 while fix $2 reads: no query run" [ ! -s "$tmp/read.out" ]
done

echo "$suite: $pass passed, $fail failed"
[ $fail -eq 0 ]

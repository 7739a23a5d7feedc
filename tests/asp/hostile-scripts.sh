#!/bin/sh
# hostile-scripts.sh: .lp files that tried to get a script past fix's check (issue 29), each
# through `fix asp FILE`, `fix run` on `program P from "FILE"` and the REPL's `:load`: fix must
# refuse with FILE:LINE:COL and the script's mark must not appear.  Each file is first given
# to gringo itself, unsandboxed, to see that it does run its script (else the case would prove
# nothing).  Then: SIGTERM, SIGHUP, SIGKILL and SIGINT to `fix asp` while gringo grounds for
# long leave no gringo behind.  Called by run.sh; usage: sh tests/asp/hostile-scripts.sh FIX;
# last line "N passed, N failed".
set -u
FIX=${1:-build/fix}
OUT=build/asp-tests/hostile
rm -rf "$OUT"; mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)                  # marks are written here: absolute, whatever the cwd
FIXA=$(cd "$(dirname "$FIX")" && pwd)/$(basename "$FIX")
. tests/lib/asp.sh
if ! gringo --version | grep -q 'with Python'; then
    echo "skip: gringo has no Python support"; echo "0 passed, 0 failed"; exit 0
fi

# case NAME: a directory $OUT/NAME for the files of one case; its mark is $OUT/NAME/ran
py() { printf '#script (python)#\nopen("%s", "w").close()\n#end.\n' "$1"; }

# runs_in_gringo NAME FILE: gringo alone (no fix, no sandbox) runs the script of FILE
runs_in_gringo() {
    (cd "$OUT/$1" && env -u CLINGOPATH gringo "$2" >/dev/null 2>&1)
    if [ -e "$OUT/$1/ran" ]; then ok; rm -f "$OUT/$1/ran"
    else bad "$1: gringo itself does not run the script of $2 (the case proves nothing)"; fi
}

# refused NAME FILE WANT: each front refuses FILE saying WANT, and the script never runs
refused() {
    d=$OUT/$1; f=$2; want=$3
    printf 'program P from "%s";\nstable P;\n' "$f" > "$d/model.fix"
    for front in asp run repl; do
        case $front in
            asp) msg=$(cd "$d" && "$FIXA" asp "$f" 2>&1); rc=$? ;;
            run) msg=$(cd "$d" && "$FIXA" run model.fix 2>&1); rc=$? ;;
            repl) msg=$(cd "$d" && printf ':load model.fix\n:quit\n' | "$FIXA" repl 2>&1); rc=1 ;;
        esac
        case "$msg" in
            *"$want"*) [ $rc -eq 1 ] && ok || bad "$1 ($front): exit status $rc, not 1" ;;
            *) bad "$1 ($front): no \"$want\" in: $msg" ;;
        esac
        [ ! -e "$d/ran" ] && ok || { bad "$1 ($front): the script ran"; rm -f "$d/ran"; }
    done
}

new_case() { mkdir -p "$OUT/$1"; }

# 1. gringo nests block comments: %* %* *% *% is one comment (a scan that ended it at the
# first *% read the "..." after it as a string, and the script after the second *% as text)
new_case nested
{ printf 'a.\n%%* %%* *%% "*%% ' ; py "$OUT/nested/ran"; } > "$OUT/nested/x.lp"
runs_in_gringo nested x.lp
refused nested x.lp 'x.lp:2:14: error: #script refused'
# 2. a % line comment inside %* ... *%: gringo skips the *% in it
new_case pctline
{ printf 'a.\n%%* %% *%%\n*%% '; py "$OUT/pctline/ran"; } > "$OUT/pctline/x.lp"
runs_in_gringo pctline x.lp
refused pctline x.lp 'x.lp:3:4: error: #script refused'
# 3. a #! line (a comment for gringo) before %*
new_case shebang
{ printf '#! %%*\n'; py "$OUT/shebang/ran"; printf '%% *%%\n'; } > "$OUT/shebang/x.lp"
runs_in_gringo shebang x.lp
refused shebang x.lp 'x.lp:2:1: error: #script refused'
# 4. #include #!<newline>"payload.lp".: a comment between the keyword and the name
new_case incshebang
py "$OUT/incshebang/ran" > "$OUT/incshebang/payload.lp"
printf 'a.\n#include #!\n"payload.lp".\n' > "$OUT/incshebang/x.lp"
runs_in_gringo incshebang x.lp
refused incshebang x.lp 'x.lp:2:1: error: cannot be sure what gringo includes here'
# 5. an include written after a nested comment
new_case incnested
py "$OUT/incnested/ran" > "$OUT/incnested/payload.lp"
printf 'a.\n#include %%* %%* *%% *%% "payload.lp".\n' > "$OUT/incnested/x.lp"
runs_in_gringo incnested x.lp
refused incnested x.lp 'x.lp:2:1: error: cannot be sure what gringo includes here'
# 6. /proc/self/...: fix would read its own, gringo its own (also through a link)
new_case proc
printf 'a.\n#include "/proc/self/cmdline".\n' > "$OUT/proc/x.lp"
refused proc x.lp 'x.lp:2:1: error: included file "/proc/self/cmdline": is made by the kernel'
ln -s /proc/self/environ "$OUT/proc/env.lp"
printf 'a.\n#include "env.lp".\n' > "$OUT/proc/y.lp"
refused proc y.lp 'y.lp:2:1: error: included file "env.lp": is made by the kernel'
# ... and a link of /proc that leads each process to its own file: with standard input a
# regular file, its real path is that file for fix, while gringo's standard input is /dev/null
# (the scan read one file, gringo would read another); also the file named on the command line
py "$OUT/proc/ran" > "$OUT/proc/stdin.txt"
ln -s /proc/self/fd/0 "$OUT/proc/in.lp"
printf 'a.\n#include "in.lp".\n' > "$OUT/proc/z.lp"
ln -s /dev/stdin "$OUT/proc/dev-stdin.lp"
for f in z.lp in.lp dev-stdin.lp; do
    msg=$(cd "$OUT/proc" && "$FIXA" asp "$f" <"$OUT/proc/stdin.txt" 2>&1); rc=$?
    case "$msg" in
        *"goes through a link of /proc"*) [ $rc -eq 1 ] && ok || bad "proc link $f: exit status $rc, not 1" ;;
        *) bad "proc link $f: not refused: $msg" ;;
    esac
done
# 7. an include that only CLINGOPATH finds: fix does not look there, and gringo no longer can
new_case clingopath
mkdir -p "$OUT/clingopath/lib"
py "$OUT/clingopath/ran" > "$OUT/clingopath/lib/payload.lp"
printf 'a.\n#include "payload.lp".\n' > "$OUT/clingopath/x.lp"
(cd "$OUT/clingopath" && CLINGOPATH=$OUT/clingopath/lib gringo x.lp >/dev/null 2>&1)
[ -e "$OUT/clingopath/ran" ] && { ok; rm -f "$OUT/clingopath/ran"; } || bad "clingopath: gringo itself does not run it"
export CLINGOPATH="$OUT/clingopath/lib"
refused clingopath x.lp 'x.lp:2:1: error: cannot find included file "payload.lp"'
unset CLINGOPATH
# 8. #script in a comment or a string, in any case, and the older spellings
new_case words
{ printf 'a.\n%% '; py "$OUT/words/ran"; } > "$OUT/words/c.lp"
refused words c.lp 'c.lp:2:3: error: #script refused'
printf 'p("#SCRIPT (python)").\n' > "$OUT/words/s.lp"
refused words s.lp 's.lp:1:4: error: #SCRIPT refused'
printf 'a.\n%%* #begin_lua *%%\n' > "$OUT/words/l.lp"
refused words l.lp 'l.lp:2:4: error: #begin_lua refused'
# 9. an include the scan reads differently from gringo: name from the including file's
# directory when it is not in the current one, and each directory it is reached from
new_case dirs
mkdir -p "$OUT/dirs/sub"
py "$OUT/dirs/ran" > "$OUT/dirs/sub/payload.lp"
printf '#include "payload.lp".\n' > "$OUT/dirs/sub/inner.lp"
printf 'a.\n#include "sub/inner.lp".\n' > "$OUT/dirs/x.lp"
runs_in_gringo dirs x.lp
refused dirs x.lp 'sub/payload.lp:1:1: error: #script refused'
# 10. a file reached through a link in another directory: gringo resolves its includes from
# the directory of the name it has (d1), not of the file the link leads to (d2)
new_case link
mkdir -p "$OUT/link/d1" "$OUT/link/d2"
py "$OUT/link/ran" > "$OUT/link/d1/pay.lp"
printf 'clean.\n' > "$OUT/link/d2/pay.lp"
printf '#include "pay.lp".\n' > "$OUT/link/d2/inner.lp"
ln -s ../d2/inner.lp "$OUT/link/d1/lk.lp"
printf 'a.\n#include "d1/lk.lp".\n' > "$OUT/link/x.lp"
runs_in_gringo link x.lp
refused link x.lp 'd1/pay.lp:1:1: error: #script refused'

# ---- a name that starts with "-" is a file, never an option of gringo ----
new_case dash
printf 'dash_ok.\n' > "$OUT/dash/-c.lp"
out=$(cd "$OUT/dash" && "$FIXA" asp -- -c.lp 2>&1)
case "$out" in *dash_ok*) ok ;; *) bad "fix asp -- -c.lp: $out" ;; esac

# ---- killing fix while gringo grounds leaves no gringo ----
# procs_with PATTERN-FILE PID: the processes but PID whose command line holds the text of
# PATTERN-FILE (in a file, so that grep's own command line does not hold it)
procs_with() {
    grep -l -a -F -f "$1" /proc/[0-9]*/cmdline 2>/dev/null | sed 's|^/proc/\([0-9]*\)/cmdline$|\1|' \
        | grep -v -x -e "$2"
}
for sig in TERM HUP KILL INT; do
    mark="slow-grounding-$sig-$$"
    printf 'a :- X = 1..2000000000, X < 0.\n' > "$OUT/$mark.lp"   # long, and silent: no SIGPIPE
    printf '%s\n' "$mark" > "$OUT/pattern"
    "$FIXA" asp "$OUT/$mark.lp" >/dev/null 2>&1 &
    fpid=$!
    i=0; g=""   # until gringo runs (at most 60 s: a bound, not a check)
    while [ -z "$g" ] && [ $i -lt 600 ]; do g=$(procs_with "$OUT/pattern" "$fpid"); [ -n "$g" ] || sleep 0.1; i=$((i + 1)); done
    [ -n "$g" ] || bad "SIG$sig: gringo never started"
    kill -"$sig" "$fpid"
    wait "$fpid" 2>/dev/null
    i=0   # until every gringo is gone (at most 60 s)
    while [ -n "$(procs_with "$OUT/pattern" "$fpid")" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
    left=$(procs_with "$OUT/pattern" "$fpid")
    if [ -z "$left" ]; then ok; else bad "SIG$sig to fix asp left gringo running ($left)"; kill -9 $left; fi
done

asp_summary
[ $fail -eq 0 ]

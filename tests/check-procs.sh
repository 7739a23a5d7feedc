#!/bin/sh
# check-procs.sh: only src/proc/ starts processes and threads (docs/architecture.md), with one
# exception: the worker threads of --jobs N, which util/workpool.c alone starts.  No other file
# of src/ calls fork, vfork, an exec function, posix_spawn, wait, waitpid, waitid, kill,
# pthread_create, system or popen.  A call is the name followed by "(", comments
# included.  Prints "procs: N passed, N failed" (one check per file of src/).
pass=0; fail=0
calls='(^|[^A-Za-z0-9_])(fork|vfork|execl|execlp|execle|execv|execvp|execvpe|execve|execveat|fexecve|posix_spawnp?|wait|waitpid|waitid|kill|killpg|pthread_create|system|popen)[[:space:]]*\('
for f in $(find src -name '*.c' -o -name '*.h' | sort); do
    case $f in src/proc/*) pass=$((pass + 1)); continue ;; esac
    hits=$(grep -nE "$calls" "$f")
    [ "$f" = src/util/workpool.c ] && hits=$(printf '%s\n' "$hits" | grep -vE 'pthread_create[[:space:]]*\(')
    if [ -n "$hits" ]; then
        printf '%s\n' "$hits" | sed "s|^|FAIL $f:|; s|\$| (processes and threads belong to src/proc/)|"
        fail=$((fail + 1))
    else pass=$((pass + 1)); fi
done
echo "procs: $pass passed, $fail failed"
[ $fail -eq 0 ]

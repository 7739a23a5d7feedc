#!/bin/sh
# run-install.sh: `make install` with DESTDIR and PREFIX puts the binary and the standard
# library where the README says, the installed binary finds the library by itself (an
# `import "analysis";` from a directory outside the repository, FIX_STDLIB unset), and
# `make uninstall` removes them again.  Uses the build/fix already built.
set -u
suite=install
. "$(dirname "$0")/scratch.sh"
make -s install DESTDIR="$tmp/stage" PREFIX=/opt/fixtest > "$tmp/make.log" 2>&1
check "make install succeeds" [ $? -eq 0 ]
check "binary in PREFIX/bin" [ -x "$tmp/stage/opt/fixtest/bin/fix" ]
check "stdlib in PREFIX/share/fix/stdlib" [ -f "$tmp/stage/opt/fixtest/share/fix/stdlib/analysis.fix" ]
mkdir "$tmp/elsewhere"
printf 'import "analysis";\nshow is_safe(proved);\n' > "$tmp/elsewhere/use.fix"
out=$(cd "$tmp/elsewhere" && env -u FIX_STDLIB -u FIX_PATH "$tmp/stage/opt/fixtest/bin/fix" run use.fix 2>&1)
check "installed binary finds the stdlib (got: $out)" [ "$out" = "is_safe(proved) = true" ]
make -s uninstall DESTDIR="$tmp/stage" PREFIX=/opt/fixtest > "$tmp/make.log" 2>&1
check "make uninstall removes them" [ ! -e "$tmp/stage/opt/fixtest/bin/fix" -a ! -e "$tmp/stage/opt/fixtest/share/fix" ]
echo "install: $pass passed, $fail failed"
[ $fail -eq 0 ]

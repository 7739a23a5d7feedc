#!/bin/sh
# run-install.sh: `make install` with DESTDIR and PREFIX puts the binary and the standard
# library where the README says, the installed binary finds the library by itself (an
# `import "analysis";` from a directory outside the repository, FIX_STDLIB unset), and
# `make uninstall` removes them again; the C API's header, shared library and pkg-config file
# are installed, and a program built with `pkg-config --cflags --libs fix` against them runs a
# query.  Uses the build/fix and build/libfix.so already built.
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
check "fix.h in PREFIX/include" [ -f "$tmp/stage/opt/fixtest/include/fix.h" ]
check "libfix.so in PREFIX/lib" [ -f "$tmp/stage/opt/fixtest/lib/libfix.so" ]
check "fix.pc in PREFIX/lib/pkgconfig" [ -f "$tmp/stage/opt/fixtest/lib/pkgconfig/fix.pc" ]
cat > "$tmp/use.c" <<'EOF'
#include <fix.h>
#include <stdio.h>
int main(void)
{
    fix_session *s = fix_session_new();
    fix_load_string(s, "t.fix", "lattice P = powerset {a, b};\nfn f(x: P): P = if b in x then {} else {a};\n");
    fix_result *r = fix_query(s, "bnb f;");
    printf("%s %zu\n", r ? fix_result_kind(r) : "none", r ? fix_value_count(fix_result_points(r)) : 0);
    fix_result_free(r);
    fix_session_free(s);
    return 0;
}
EOF
if command -v pkg-config >/dev/null 2>&1; then
    pc="$tmp/stage/opt/fixtest/lib/pkgconfig"
    # the staged prefix stands in for /opt/fixtest (the .pc file names the final prefix)
    flags=$(PKG_CONFIG_PATH=$pc pkg-config --define-variable=prefix="$tmp/stage/opt/fixtest" --cflags --libs fix)
    ${CC:-cc} -o "$tmp/use" "$tmp/use.c" $flags > "$tmp/cc.log" 2>&1
    check "a program builds with pkg-config's flags for fix ($flags)" [ $? -eq 0 ]
    out=$(LD_LIBRARY_PATH="$tmp/stage/opt/fixtest/lib" "$tmp/use" 2>&1)
    check "and runs a query through the installed library (got: $out)" [ "$out" = "bnb 1" ]
else
    echo "install: skipped building against fix.pc: pkg-config is not installed (Debian package pkg-config)"
fi
make -s uninstall DESTDIR="$tmp/stage" PREFIX=/opt/fixtest > "$tmp/make.log" 2>&1
check "make uninstall removes them" [ ! -e "$tmp/stage/opt/fixtest/bin/fix" -a ! -e "$tmp/stage/opt/fixtest/share/fix" ]
check "and the C API's files" [ ! -e "$tmp/stage/opt/fixtest/include/fix.h" -a ! -e "$tmp/stage/opt/fixtest/lib/libfix.so" \
    -a ! -e "$tmp/stage/opt/fixtest/lib/pkgconfig" ]
echo "install: $pass passed, $fail failed"
[ $fail -eq 0 ]

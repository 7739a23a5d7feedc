#!/bin/sh
# deps.sh: checks the tools and libraries the build needs; installs the missing ones
# with apt-get when run as root on Debian, else prints the exact command and fails.
# `sh scripts/deps.sh bench` (make bench) also wants what only the benchmarks use: Lua 5.4.
set -u
missing=""
test_missing=""
need_cmd() { command -v "$1" >/dev/null 2>&1 || missing="$missing $2"; }
# Tools only some tests use (tests/run-html.sh: chromium; the REPL tests: tmux; doc snippets
# that draw: graphviz; the exact-arithmetic check of reals, the SVG parse and the Python
# package's tests: python3; `pip install ./python` in the api suite: python3-pip; the Jupyter
# kernel's notebooks: python3-ipykernel, python3-jupyter-client, python3-nbformat,
# python3-nbclient; building
# against the installed fix.pc: pkg-config; the fuzzers: clang):
# installed when missing as root; elsewhere those tests say why they skip.
need_test_cmd() { command -v "$1" >/dev/null 2>&1 || test_missing="$test_missing $2"; }
need_hdr() { [ -e "/usr/include/$1" ] || missing="$missing $2"; }

need_cmd re2c re2c
need_cmd bison bison
need_hdr cmocka.h libcmocka-dev
need_hdr histedit.h libedit-dev
need_cmd gringo gringo
need_cmd clingo gringo
need_cmd /usr/bin/time time
need_test_cmd chromium chromium
need_test_cmd tmux tmux
need_test_cmd dot graphviz
need_test_cmd python3 python3
python3 -m pip --version >/dev/null 2>&1 || test_missing="$test_missing python3-pip"
need_test_cmd pkg-config pkg-config
# The page of `make web` and its test (tests/run-web.sh): emscripten (emcc, with Debian's
# node-acorn for its optimiser), binaryen (wasm-opt: Asyncify), chromedriver, node.
need_test_cmd emcc emscripten
need_test_cmd wasm-opt binaryen
[ -d /usr/share/nodejs/acorn ] || test_missing="$test_missing node-acorn"
need_test_cmd chromedriver chromium-driver
need_test_cmd node nodejs
# The Jupyter kernel's tests (tests/run-notebook.sh): Debian's Jupyter modules, for /usr/bin/python3.
for m in ipykernel:python3-ipykernel jupyter_client:python3-jupyter-client nbformat:python3-nbformat \
         nbclient:python3-nbclient; do
    /usr/bin/python3 -c "import ${m%%:*}" >/dev/null 2>&1 || test_missing="$test_missing ${m#*:}"
done
# The libFuzzer harnesses (tests/run-fuzz.sh in `make test`, `make fuzz`) are built with clang
# (the Makefile's FUZZ_CC) and need its libFuzzer and sanitizer runtimes, libclang-rt-NN-dev
# for clang NN (Debian 12: clang 14, libclang-rt-14-dev).
if ! command -v clang >/dev/null 2>&1; then
    test_missing="$test_missing clang libclang-rt-dev"        # Debian's default clang and its runtimes
else
    rt=$(clang -print-runtime-dir 2>/dev/null)
    [ -n "$rt" ] && { [ -e "$rt/libclang_rt.fuzzer-$(uname -m).a" ] || [ -e "$rt/libclang_rt.fuzzer.a" ]; } \
        || test_missing="$test_missing libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev"
fi

if [ -n "$test_missing" ]; then
    tpkgs=$(printf '%s\n' $test_missing | sort -u | tr '\n' ' ')
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "deps.sh: installing test tools: $tpkgs"
        mkdir -p build
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $tpkgs; } \
            >build/deps-test.log 2>&1 || echo "deps.sh: could not install $tpkgs (see build/deps-test.log); the tests that need them are skipped"
    else
        echo "deps.sh: test tools missing: $tpkgs (install them as root; the tests that need them are skipped)"
    fi
fi
if [ "${1:-}" = bench ]; then
    need_cmd lua5.4 lua5.4
fi

[ -z "$missing" ] && exit 0
pkgs=$(printf '%s\n' $missing | sort -u | tr '\n' ' ')
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "deps.sh: installing missing packages: $pkgs"
    mkdir -p build
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs; } >build/deps.log 2>&1; then
        echo "deps.sh: apt-get failed, see build/deps.log" >&2
        exit 1
    fi
    exit 0
fi
echo "deps.sh: missing packages: $pkgs" >&2
echo "deps.sh: install them with:  sudo apt-get update && sudo apt-get install -y $pkgs" >&2
exit 1

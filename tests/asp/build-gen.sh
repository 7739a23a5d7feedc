#!/bin/sh
# build-gen.sh [NAME...]: builds the program generators the ASP tests use, from the repository
# root: build/asp-gen (tests/asp/gen.c), build/bench-enc (bench/asp/encodings.c), build/bench-gen
# (bench/asp/gen.c), build/bench-opt (bench/asp/optenc.c); the ones named, or all four.  Each is compiled to a name of its own and
# then renamed into place, so a test running beside this one (tests/run-all.sh runs suites two
# at a time) never runs a half-written binary.  Exit status 1 when one does not build.
set -u
[ $# -gt 0 ] || set -- asp-gen bench-enc bench-gen bench-opt
mkdir -p build
for name in "$@"; do
    case $name in
        asp-gen) src=tests/asp/gen.c ;;
        bench-enc) src=bench/asp/encodings.c ;;
        bench-gen) src=bench/asp/gen.c ;;
        bench-opt) src=bench/asp/optenc.c ;;
        *) echo "build-gen.sh: no generator named $name"; exit 1 ;;
    esac
    if ! cc -O2 -o "build/$name.$$" "$src" || ! mv -f "build/$name.$$" "build/$name"; then
        rm -f "build/$name.$$"; echo "build-gen.sh: cannot build build/$name"; exit 1
    fi
done

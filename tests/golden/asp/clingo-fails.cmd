env: FIX_CLINGO=tests/golden/asp/clingo-fails.sh
args: asp --solver clingo examples/coloring.lp
exit: 1

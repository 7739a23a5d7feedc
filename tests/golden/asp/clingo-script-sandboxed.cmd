# a script as clingo: the sandbox refuses it (its interpreter could run anything)
env: FIX_CLINGO=tests/golden/asp/clingo-fails.sh
args: asp --solver clingo examples/coloring.lp 0
exit: 1

# a stand-in script for clingo: --allow-scripts, since the sandbox runs no script
env: FIX_CLINGO=tests/golden/asp/clingo-fails.sh
args: asp --allow-scripts --solver clingo examples/coloring.lp 0
exit: 1

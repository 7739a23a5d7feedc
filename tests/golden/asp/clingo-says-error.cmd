# a stand-in for clingo whose error names a place: --allow-scripts, since the sandbox runs no script
env: FIX_CLINGO=tests/golden/asp/clingo-says-error.sh
args: asp --allow-scripts --solver clingo examples/coloring.lp 0
exit: 1

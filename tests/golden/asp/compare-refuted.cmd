# a stand-in script for clingo: --allow-scripts, since the sandbox runs no script
env: FIX_CLINGO=tests/golden/asp/clingo-wrong.sh
args: asp --allow-scripts --wf --compare-consequences tests/golden/asp/fact.lp
exit: 1

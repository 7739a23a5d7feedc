env: FIX_CLINGO=tests/golden/asp/clingo-wrong.sh
args: asp --wf --compare-consequences tests/golden/asp/fact.lp
exit: 1

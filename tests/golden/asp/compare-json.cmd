needs: clingo
args: asp --wf --json --compare-consequences tests/golden/asp/fact.lp

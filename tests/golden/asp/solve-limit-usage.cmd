# clingo's --solve-limit=N,M: fix limits conflicts only
args: asp --solve-limit=5,2 tests/golden/asp/pigeons.lp
exit: 2

# false atoms: a positive loop as an unfounded set, an atom false through it, a choice left out
args: explain --models 0 tests/golden/asp/explain/cycle.lp a d

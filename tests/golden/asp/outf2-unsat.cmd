args: asp --solver native --outf=2 tests/golden/asp/opt-unsat.lp

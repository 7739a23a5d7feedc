args: asp --solver native tests/golden/asp/opt-unsat.lp

args: asp --solver native --quiet=0,1 tests/golden/asp/opt-steps.lp

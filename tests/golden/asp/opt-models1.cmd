args: asp --solver native --models 1 tests/golden/asp/opt.lp

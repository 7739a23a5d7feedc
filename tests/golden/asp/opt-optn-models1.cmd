args: asp --solver native --opt-mode=optN --models 1 tests/golden/asp/opt.lp

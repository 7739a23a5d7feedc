args: asp --solver native --json --opt-mode=optN tests/golden/asp/opt.lp

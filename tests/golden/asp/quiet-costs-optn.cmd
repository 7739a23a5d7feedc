args: asp --solver native --quiet=1,0 --opt-mode=optN tests/golden/asp/opt.lp

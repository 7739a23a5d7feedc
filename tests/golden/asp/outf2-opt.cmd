args: asp --solver native --outf=2 --opt-mode=optN tests/golden/asp/opt.lp

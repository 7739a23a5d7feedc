args: asp --solver native --outf=2 --quiet=0,1 --opt-mode=optN tests/golden/asp/opt.lp

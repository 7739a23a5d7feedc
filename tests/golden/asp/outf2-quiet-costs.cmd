args: asp --solver native --outf=2 --quiet=1,0 tests/golden/asp/opt-steps.lp

args: asp --solver native --outf=2 -q tests/golden/asp/opt-steps.lp

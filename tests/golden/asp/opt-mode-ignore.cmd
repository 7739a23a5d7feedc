args: asp --opt-mode=ignore --solver native 0 tests/golden/asp/opt.lp

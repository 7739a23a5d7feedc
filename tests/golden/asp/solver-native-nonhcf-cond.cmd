args: asp --solver native tests/golden/asp/nonhcf-cond.lp 0

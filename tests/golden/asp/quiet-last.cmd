args: asp --solver native --quiet=1,1,2 examples/pqrs.lp 0

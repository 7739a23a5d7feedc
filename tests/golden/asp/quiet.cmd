args: asp --solver native -q examples/pqrs.lp 0

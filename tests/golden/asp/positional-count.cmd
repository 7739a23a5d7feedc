args: asp --solver native examples/pqrs.lp 1

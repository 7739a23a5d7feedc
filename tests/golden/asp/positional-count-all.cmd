args: asp --solver native 0 examples/pqrs.lp

args: asp --solver native --time-limit=60 examples/pqrs.lp 0

args: asp --solver native --outf=2 examples/pqrs.lp 0

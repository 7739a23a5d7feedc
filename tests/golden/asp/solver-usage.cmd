args: asp --solver fast examples/pqrs.lp
exit: 2

args: asp --quiet=1,3 examples/pqrs.lp
exit: 2

args: asp --quiet=1,0 examples/pqrs.lp
exit: 2

args: asp --outf=3 examples/pqrs.lp
exit: 0

args: asp --outf=1 examples/pqrs.lp
exit: 2

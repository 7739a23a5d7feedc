args: asp --outf=7 examples/pqrs.lp
exit: 2

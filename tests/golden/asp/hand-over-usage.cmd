args: asp --hand-over many examples/pqrs.lp
exit: 2

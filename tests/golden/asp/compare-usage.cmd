args: asp --compare-consequences examples/pqrs.lp
exit: 2

args: asp -c n examples/pqrs.lp
exit: 2

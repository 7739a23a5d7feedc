args: asp --time-limit=soon examples/pqrs.lp
exit: 2

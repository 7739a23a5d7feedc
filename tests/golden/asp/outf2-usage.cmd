args: asp --outf=2 --wf examples/pqrs.lp
exit: 2

# clasp's supported models are not stable models: refused
args: asp --supp-models examples/pqrs.lp
exit: 2

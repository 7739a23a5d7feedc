# --opt-mode twice in two spellings: refused, as clingo does
args: asp --opt-mode=opt --opt-mode optN examples/tsp.lp 0
exit: 2

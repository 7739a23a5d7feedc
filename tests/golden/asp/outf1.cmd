# --outf=1: the competition format, the last model as ANSWER
args: asp --outf=1 examples/pqrs.lp 0

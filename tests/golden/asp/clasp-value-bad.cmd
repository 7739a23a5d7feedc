# a clasp option's value outside what clasp reads (--seed takes a whole number): refused, as
# clingo refuses it
args: asp --seed=abc tests/golden/asp/pigeons.lp 0
exit: 2

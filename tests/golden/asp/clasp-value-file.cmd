# `--seed prog.lp`: the file taken for the value of a clasp option is refused
args: asp --seed tests/golden/asp/pigeons.lp 0
exit: 2

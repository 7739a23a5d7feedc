# no count with #minimize: the improving models up to the proved optimum, as clingo
args: asp --solver native examples/vertex-cover.lp

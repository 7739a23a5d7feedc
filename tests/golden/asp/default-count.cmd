# no count: one model, as clingo prints by default ("Models : 1+")
args: asp --solver native examples/coloring.lp

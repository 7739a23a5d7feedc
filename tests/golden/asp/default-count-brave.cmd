# no count with --enum-mode=brave: every model's consequences, as clingo
args: asp --solver native --enum-mode=brave examples/pqrs.lp

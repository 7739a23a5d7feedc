# a true atom: its derivation of least height, each rule with the statement it is an instance of
args: explain tests/golden/asp/explain/reach.lp reach(c)

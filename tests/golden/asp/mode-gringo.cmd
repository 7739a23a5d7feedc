# --mode=gringo as clingo's: the ground program as aspif, not solved
args: asp --mode=gringo tests/golden/asp/opt-steps.lp

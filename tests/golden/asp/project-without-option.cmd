# #project without --project: models are not projected, as clingo's (8 models, not 3)
args: asp --solver native tests/golden/asp/project.lp 0

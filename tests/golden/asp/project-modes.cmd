# --project=MODE, clingo's: show, project (no #project statement: one model), no
args: asp --project=project tests/golden/asp/project-shown.lp 0

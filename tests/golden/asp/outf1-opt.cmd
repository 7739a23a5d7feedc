# --outf=1 with #minimize: COST and OPTIMUM
args: asp --outf=1 examples/vertex-cover.lp 0

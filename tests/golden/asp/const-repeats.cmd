# -c and --const may repeat (each one more constant), as clingo's
args: asp -c n=4 --const=m=2 -c k=1 examples/queens.lp 0 -q

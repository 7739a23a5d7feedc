# standard input's text beside a .lp file: its rules placed at stdin:LINE:COL
args: explain tests/golden/asp/explain/reach.lp - reach(f)
stdin: tests/golden/asp/explain/unsat.lp

# standard input alone, the text of a program: marked as a .lp file is, the minimal set placed
args: explain - big(3)
stdin: tests/golden/asp/explain/unsat.lp

# a program file that does not exist
args: explain tests/golden/asp/explain/nosuch.lp p
exit: 1

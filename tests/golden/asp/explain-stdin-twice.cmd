# "-" twice is a usage error
args: explain tests/golden/asp/explain/reach.lp - -
exit: 2

# no stable model: a minimal set of the encoding's rules with none, at their places
args: explain tests/golden/asp/explain/sched.lp deadline(4)

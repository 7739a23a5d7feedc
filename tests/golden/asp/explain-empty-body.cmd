# `b :- .` (an empty body) is marked without a separator, and explained as a rule
args: explain tests/golden/asp/explain/empty-body.lp

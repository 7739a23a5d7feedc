# the JSON form (docs/json.md): one object, each atom a tree of nodes
args: explain --json --models 0 tests/golden/asp/explain/cycle.lp d
